package store

import (
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
	Export      json.RawMessage
	CreatedAt   time.Time
	UploadedAt  *time.Time
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
	err := s.db.QueryRow(ctx, `SELECT id, owner_user_id, purpose, content_type, size, export, created_at, uploaded_at
		FROM files WHERE id = $1`, id).Scan(&f.ID, &f.OwnerUserID, &f.Purpose, &ct, &size, &f.Export, &f.CreatedAt, &f.UploadedAt)
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

// MarkUploaded records the content of a reserved file; a file is uploaded once.
func (s *Store) MarkUploaded(ctx context.Context, id, contentType string, size int64, sha []byte) error {
	tag, err := s.db.Exec(ctx, `UPDATE files SET content_type = $2, size = $3, sha256 = $4, uploaded_at = now()
		WHERE id = $1 AND uploaded_at IS NULL AND export IS NULL`, id, contentType, size, sha)
	if err != nil {
		return translate(err)
	}
	if tag.RowsAffected() == 0 {
		return errs.Conflictf("This upload link was already used")
	}
	return nil
}
