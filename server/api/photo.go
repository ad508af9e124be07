package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"strconv"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/photo"
	"github.com/associateportal/portal/server/store"
)

// photoSlots bounds the photos processed at once: each takes about 130 MB and a core for
// a third of a second (docs/benchmarks.md part f); more at once only queue for the cores.
var photoSlots = make(chan struct{}, 2)

// photoID names a photo's rendition of a size: the largest is the photo's own id, the
// others are named after it ({id}-128), so that every size is a file of the file host.
func photoID(id string, size int) string {
	if size == photo.Sizes[0] {
		return id
	}
	return id + "-" + strconv.Itoa(size)
}

// The sizes of photo.Sizes each place shows.
const (
	photoPage   = 512 // the account and an associate's page
	photoList   = 128 // team lists, the tree, the hierarchy, the registration's upline
	photoHeader = 48  // the header's avatar
)

// photoURL is the signed URL of a photo at its largest size, or nothing.
func (h *Handler) photoURL(fileID string) oas.OptString { return h.photoURLSize(fileID, photoPage) }

// photoURLSize is the signed URL of one size of a photo ({id}.webp, {id}-128.webp), or
// nothing. It expires at the end of the next UTC day, so that the URL — and the browser's
// cached copy — stays the same all day.
func (h *Handler) photoURLSize(fileID string, size int) oas.OptString {
	if fileID == "" {
		return oas.OptString{}
	}
	return oas.NewOptString(h.Signer.URLUntil("GET", photoID(fileID, size)+".webp", files.CacheableUntil(h.now())))
}

// GetAccountPhotoSignedURL reserves the upload of a new photo.
func (h *Handler) GetAccountPhotoSignedURL(ctx context.Context) (*oas.SignedURLHeaders, error) {
	return h.uploadURL(ctx, "photo")
}

// photoWait is the longest a photo waits for a free slot before the answer says to try again.
const photoWait = 10 * time.Second

// UpdateAccountPhoto makes an uploaded photo the account's: checked by content, decoded
// within limits, metadata dropped, re-encoded to WebP in photo.Sizes.
func (h *Handler) UpdateAccountPhoto(ctx context.Context, req *oas.PhotoInput) (*oas.AccountProfileHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	notUploaded := errs.Validation(errs.Field("file", "Upload the photo first"))
	f, err := h.Store.GetFile(ctx, req.File)
	switch {
	case errs.Is(err, errs.NotFound):
		return nil, notUploaded
	case err != nil:
		return nil, err
	case f.Purpose != "photo" || f.OwnerUserID == nil || *f.OwnerUserID != p.UserID:
		return nil, notUploaded
	case f.UploadedAt == nil:
		return nil, errs.Validation(errs.Field("file", "The photo has not been uploaded yet"))
	}
	data, err := h.readFile(ctx, f.ID)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, notUploaded // made a photo meanwhile
	}
	if err != nil {
		return nil, err
	}
	renditions, err := processPhoto(ctx, data)
	if err != nil {
		return nil, err
	}
	id := files.NewID()
	stored := make([]store.PhotoRendition, 0, len(renditions))
	gone, err := func() ([]string, error) {
		for _, r := range renditions {
			rid := photoID(id, r.Size)
			if _, err := h.Files.Put(ctx, rid, bytes.NewReader(r.WebP)); err != nil {
				return nil, errs.Wrap(errs.Internal, err, "The photo cannot be stored")
			}
			sum := sha256.Sum256(r.WebP)
			stored = append(stored, store.PhotoRendition{ID: rid, Size: int64(len(r.WebP)), SHA: sum[:]})
		}
		return h.Store.SetAccountPhoto(ctx, p, f.ID, stored)
	}()
	if err != nil {
		h.deleteFiles(ctx, "photo: a rendition not kept", ids(stored)...) // no row names them
		return nil, err
	}
	// The upload as sent (its metadata: place, camera) is not kept, nor the photo replaced.
	h.deleteFiles(ctx, "photo: a file no longer used", append(gone, f.ID)...)
	return h.profileNow(ctx, p)
}

// processPhoto runs photo.Process in one of the photo slots, waiting at most photoWait for
// one; a refusal is the form's error on field file.
func processPhoto(ctx context.Context, data []byte) ([]photo.Rendition, error) {
	wait := time.NewTimer(photoWait)
	defer wait.Stop()
	select {
	case photoSlots <- struct{}{}:
	case <-wait.C:
		return nil, errs.Later(errs.E(errs.TooMany, "Too many photos are being processed at this moment. Try again in a few seconds."),
			errs.CodePhotoBusy, time.Second)
	case <-ctx.Done():
		return nil, errs.Wrap(errs.Unavailable, ctx.Err(), "The request was cancelled")
	}
	renditions, err := photo.Process(data)
	<-photoSlots
	var refused *photo.Error
	switch {
	case errors.As(err, &refused):
		return nil, errs.Validation(errs.Field("file", "%s", refused.Msg))
	case err != nil:
		return nil, errs.Wrap(errs.Internal, err, "The photo cannot be processed")
	}
	return renditions, nil
}

func ids(rs []store.PhotoRendition) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return out
}

// DeleteAccountPhoto removes the account's photo.
func (h *Handler) DeleteAccountPhoto(ctx context.Context) (*oas.AccountProfileHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	gone, err := h.Store.SetAccountPhoto(ctx, p, "", nil)
	if err != nil {
		return nil, err
	}
	h.deleteFiles(ctx, "photo: a file no longer used", gone...)
	return h.profileNow(ctx, p)
}
