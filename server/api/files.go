package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/store"
)

var _ oas.FilesHandler = (*Handler)(nil)

// DownloadTTL is how long a download URL works.
const DownloadTTL = 15 * time.Minute

// verify checks a signed URL; a bad or expired signature is 403.
func (h *Handler) verify(method, name string, expires int64, signature string) error {
	if err := h.Signer.Verify(method, name, expires, signature); err != nil {
		return errs.Forbiddenf("%s", err.Error())
	}
	return nil
}

// UploadFile stores the content PUT to a signed upload URL, once. Signatures must be
// SVG (sanitised); other uploads are jpg, png, webp, pdf, csv or xlsx by content. A PUT of
// the same bytes to a used URL (a retry whose answer was lost, or two racing tries) answers
// the stored file again; other bytes are a conflict.
func (h *Handler) UploadFile(ctx context.Context, req oas.UploadFileReq, params oas.UploadFileParams) (*oas.StoredFile, error) {
	if err := h.verify("PUT", params.Name, params.Expires, params.Signature); err != nil {
		return nil, err
	}
	f, err := h.Store.GetFile(ctx, params.Name)
	if err != nil {
		return nil, err
	}
	if f.Export != nil {
		return nil, store.ErrUploadLinkUsed()
	}
	data, err := io.ReadAll(req.Data)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, errs.E(errs.TooLarge, "The file is larger than %d bytes", tooBig.Limit)
		}
		return nil, errs.Wrap(errs.BadRequest, err, "The upload was interrupted")
	}
	// The hash of the bytes as PUT (before sanitising) is what recognises a repeated PUT.
	sum := sha256.Sum256(data)
	if f.UploadedAt != nil {
		if !f.Holds(sum[:]) {
			return nil, store.ErrUploadLinkUsed()
		}
		return storedFile(f), nil
	}
	ct, data, err := checkUpload(f.Purpose, data)
	if err != nil {
		return nil, err
	}
	var stored store.File
	err = h.Store.InTx(ctx, func(tx *store.Store) error {
		row, fresh, err := tx.MarkUploaded(ctx, f.ID, ct, int64(len(data)), sum[:])
		if err != nil {
			return err
		}
		stored = row
		if !fresh {
			return nil // a racing PUT of the same bytes stored it first
		}
		_, err = h.Files.Put(ctx, f.ID, bytes.NewReader(data))
		return err
	})
	if err != nil {
		return nil, err
	}
	return storedFile(stored), nil
}

func storedFile(f store.File) *oas.StoredFile {
	return &oas.StoredFile{ID: f.ID, ContentType: f.ContentType, Size: f.Size}
}

// checkUpload sniffs the type of an upload and checks it against the file's purpose; it
// answers the type and the bytes to store (a signature's SVG sanitised).
func checkUpload(purpose string, data []byte) (string, []byte, error) {
	if len(data) == 0 {
		return "", nil, errs.Validation(errs.Field("file", "The file is empty"))
	}
	ct := files.Sniff(data[:min(len(data), 512)])
	switch {
	case purpose == "signature":
		if ct != files.TypeSVG {
			return "", nil, errs.Validation(errs.Field("file", "A signature must be an SVG image"))
		}
		clean, err := files.SanitizeSVG(data)
		if err != nil {
			return "", nil, errs.Validation(errs.Field("file", "%s", err.Error()))
		}
		return ct, clean, nil
	case purpose == "photo" && ct != files.TypeJPEG && ct != files.TypePNG && ct != files.TypeWebP:
		return "", nil, errs.Validation(errs.Field("file", "A photo must be a JPG, PNG or WebP image"))
	case ct == "" || ct == files.TypeSVG:
		return "", nil, errs.Validation(errs.Field("file", "Only jpg, png, webp, pdf, csv and xlsx files are accepted"))
	case ct == files.TypeXLSX && !files.IsWorkbook(data):
		return "", nil, errs.Validation(errs.Field("file", "Only jpg, png, webp, pdf, csv and xlsx files are accepted"))
	}
	return ct, data, nil
}

var extensions = map[string]string{
	files.TypeJPEG: "jpg", files.TypePNG: "png", files.TypeWebP: "webp", files.TypePDF: "pdf",
	files.TypeCSV: "csv", files.TypeXLSX: "xlsx", files.TypeSVG: "svg",
}

// DownloadFile streams a stored file, or builds an export while streaming it.
func (h *Handler) DownloadFile(ctx context.Context, params oas.DownloadFileParams) (*oas.DownloadFileOKHeaders, error) {
	if err := h.verify("GET", params.Name, params.Expires, params.Signature); err != nil {
		return nil, err
	}
	id, ext, _ := strings.Cut(params.Name, ".")
	f, err := h.Store.GetFile(ctx, id)
	if err != nil {
		return nil, err
	}
	hints := httpx.HintsFrom(ctx)
	if f.Export != nil {
		return h.streamExport(ctx, f, hints)
	}
	if f.UploadedAt == nil {
		return nil, errs.NotFoundf("File not found")
	}
	if want := extensions[f.ContentType]; ext != "" && ext != want && !(ext == "webp" && f.Purpose == "photo") {
		return nil, errs.NotFoundf("File not found")
	}
	rc, err := h.Files.Open(ctx, f.ID)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "The file cannot be read")
	}
	go func() { <-ctx.Done(); _ = rc.Close() }()
	hints.ContentType = f.ContentType
	if f.Purpose == "photo_rendition" || f.Purpose == "event_image" || f.Purpose == "product_image" {
		// A rendition never changes (a new photo has a new id): cached until the URL expires.
		if left := params.Expires - h.now().Unix(); left > 0 {
			hints.CacheControl = fmt.Sprintf("private, max-age=%d, immutable", left)
		}
	}
	if f.ContentType == files.TypeSVG {
		// A sanitised SVG is still served as a download, never rendered in our origin.
		hints.ContentDisposition = fmt.Sprintf(`attachment; filename="%s.svg"`, f.ID)
	}
	return &oas.DownloadFileOKHeaders{Response: oas.DownloadFileOK{Data: rc}}, nil
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

// readFile reads a stored file whole (a signature: small).
func (h *Handler) readFile(ctx context.Context, id string) ([]byte, error) {
	rc, err := h.Files.Open(ctx, id)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "The file cannot be read")
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		return nil, errs.Wrap(errs.Internal, err, "The file cannot be read")
	}
	return data, nil
}

// deleteFiles removes the content of files no row names any more (or never did: written
// for a transaction that failed); a failure is logged, the answer stands.
func (h *Handler) deleteFiles(ctx context.Context, why string, ids ...string) {
	for _, id := range ids {
		if err := h.Files.Delete(context.WithoutCancel(ctx), id); err != nil {
			h.Log.WarnContext(ctx, why+": its content could not be removed", "file", id, "err", err.Error())
		}
	}
}
