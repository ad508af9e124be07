package store

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"github.com/associateportal/portal/server/errs"
)

// File is a row of the file host.
type File struct {
	ID          string
	OwnerUserID *int64
	Purpose     string
	ContentType string
	Size        int64
	// SHA256 is the hash of the bytes as they were PUT (before an SVG is sanitised): a
	// repeated PUT of the same upload is recognised by it.
	SHA256     []byte
	Export     json.RawMessage
	CreatedAt  time.Time
	UploadedAt *time.Time
}

// CreateFile reserves a file id for an upload or an export.
func (s *Store) CreateFile(ctx context.Context, f File) error {
	var export any
	if f.Export != nil {
		export = f.Export
	}
	_, err := s.db.Exec(ctx, `INSERT INTO files (id, owner_user_id, purpose, export) VALUES ($1, $2, $3, $4)`,
		f.ID, f.OwnerUserID, f.Purpose, export)
	return translate(err)
}

// GetFile loads a file row.
func (s *Store) GetFile(ctx context.Context, id string) (File, error) {
	var f File
	var ct *string
	var size *int64
	err := s.db.QueryRow(ctx, `SELECT id, owner_user_id, purpose, content_type, size, sha256, export, created_at, uploaded_at
		FROM files WHERE id = $1`, id).Scan(&f.ID, &f.OwnerUserID, &f.Purpose, &ct, &size, &f.SHA256, &f.Export, &f.CreatedAt, &f.UploadedAt)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return f, errs.NotFoundf("File not found")
		}
		return f, translate(err)
	}
	if ct != nil {
		f.ContentType = *ct
	}
	if size != nil {
		f.Size = *size
	}
	return f, nil
}

// MarkUploaded records the content of a reserved file. A file is uploaded once: the first
// call claims the row and answers it with fresh set (the caller then stores the content in
// the same transaction). A later call — a retried PUT whose answer was lost, or one racing
// the first — answers the stored row with fresh unset when sha (the hash of the bytes as
// PUT) is the stored one, and a conflict when it is not. A call racing the first waits on the
// row lock until the first commits or rolls back, so it never answers a file that is not
// stored yet.
func (s *Store) MarkUploaded(ctx context.Context, id, contentType string, size int64, sha []byte) (f File, fresh bool, err error) {
	tag, err := s.db.Exec(ctx, `UPDATE files SET content_type = $2, size = $3, sha256 = $4, uploaded_at = now()
		WHERE id = $1 AND uploaded_at IS NULL AND export IS NULL`, id, contentType, size, sha)
	if err != nil {
		return File{}, false, translate(err)
	}
	// Read after the update: in READ COMMITTED this sees what a racing upload committed.
	if f, err = s.GetFile(ctx, id); err != nil {
		return File{}, false, err
	}
	if tag.RowsAffected() == 1 {
		return f, true, nil
	}
	if !f.Holds(sha) {
		return File{}, false, ErrUploadLinkUsed()
	}
	return f, false, nil
}

// Holds tells whether f is an uploaded file whose bytes, as PUT, had the hash sha.
func (f File) Holds(sha []byte) bool {
	return f.Export == nil && f.UploadedAt != nil && len(f.SHA256) > 0 && bytes.Equal(f.SHA256, sha)
}

// ErrUploadLinkUsed is the conflict of a PUT to a link that already holds other content
// (or that is an export's).
func ErrUploadLinkUsed() error { return errs.Conflictf("This upload link was already used") }
