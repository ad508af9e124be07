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
	return oas.NewOptString(h.Signer.URLUntil("GET", photoID(fileID, size)+".webp", photoExpiry(h.now())))
}

// photoExpiry is when photo URLs made at now expire: midnight UTC after the next, between
// 24 and 48 hours away.
func photoExpiry(now time.Time) time.Time {
	return now.UTC().Truncate(24 * time.Hour).Add(48 * time.Hour)
}

// GetAccountPhotoSignedURL reserves the upload of a new photo.
func (h *Handler) GetAccountPhotoSignedURL(ctx context.Context) (*oas.SignedURLHeaders, error) {
	return h.uploadURL(ctx, "photo")
}

// uploadURL reserves an upload of the caller's for a purpose and answers its signed URL.
func (h *Handler) uploadURL(ctx context.Context, purpose string) (*oas.SignedURLHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	id := files.NewID()
	if err := h.Store.CreateFile(ctx, store.File{ID: id, OwnerUserID: &p.UserID, Purpose: purpose}); err != nil {
		return nil, err
	}
	return &oas.SignedURLHeaders{Response: oas.SignedURL{ID: id, URL: h.Signer.URL("PUT", id, UploadTTL)}}, nil
}

// UpdateAccountPhoto makes an uploaded photo the account's: checked by content, decoded
// within limits, metadata dropped, re-encoded to WebP in photo.Sizes.
func (h *Handler) UpdateAccountPhoto(ctx context.Context, req *oas.PhotoInput) (*oas.AccountProfileHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	f, err := h.Store.GetFile(ctx, req.File)
	if err != nil || f.Purpose != "photo" || f.OwnerUserID == nil || *f.OwnerUserID != p.UserID {
		return nil, errs.Validation(errs.Field("file", "Upload the photo first"))
	}
	if f.UploadedAt == nil {
		return nil, errs.Validation(errs.Field("file", "The photo has not been uploaded yet"))
	}
	data, err := h.readFile(ctx, f.ID)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errs.Validation(errs.Field("file", "Upload the photo first")) // made a photo meanwhile
	}
	if err != nil {
		return nil, err
	}
	select {
	case photoSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	renditions, err := photo.Process(data)
	<-photoSlots
	if err != nil {
		var refused *photo.Error
		if errors.As(err, &refused) {
			return nil, errs.Validation(errs.Field("file", "%s", refused.Msg))
		}
		return nil, errs.Wrap(errs.Internal, err, "The photo cannot be processed")
	}
	id := files.NewID()
	stored := make([]store.PhotoRendition, len(renditions))
	for i, r := range renditions {
		rid := photoID(id, r.Size)
		if _, err := h.Files.Put(ctx, rid, bytes.NewReader(r.WebP)); err != nil {
			return nil, errs.Wrap(errs.Internal, err, "The photo cannot be stored")
		}
		sum := sha256.Sum256(r.WebP)
		stored[i] = store.PhotoRendition{ID: rid, Size: int64(len(r.WebP)), SHA: sum[:]}
	}
	if err := h.Store.SetAccountPhoto(ctx, p, f.ID, stored); err != nil {
		return nil, err
	}
	// The upload as sent (its metadata: place, camera) is not kept: only the renditions.
	if err := h.Files.Delete(ctx, f.ID); err != nil {
		h.Log.WarnContext(ctx, "photo: the upload could not be removed", "file", f.ID, "err", err)
	}
	return h.profileNow(ctx, p)
}

// DeleteAccountPhoto removes the account's photo.
func (h *Handler) DeleteAccountPhoto(ctx context.Context) (*oas.AccountProfileHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.SetAccountPhoto(ctx, p, "", nil); err != nil {
		return nil, err
	}
	return h.profileNow(ctx, p)
}
