package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
)

// PhotoRendition is one stored WebP size of an account photo.
type PhotoRendition struct {
	ID   string
	Size int64
	SHA  []byte
}

// SetAccountPhoto makes stored renditions the associate's photo (the first one's id is the
// photo's: the others are named after it), or with none removes the photo, with its
// change-log row, in one transaction. The upload they were made from (source, when set) is
// used up: its row goes, so that it cannot be made a photo twice. The renditions of the
// photo replaced go too; their ids are answered, for the caller to delete their content once
// committed.
func (s *Store) SetAccountPhoto(ctx context.Context, p *auth.Principal, source string, renditions []PhotoRendition) (gone []string, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		gone = nil
		if source != "" {
			tag, err := tx.db.Exec(ctx, `DELETE FROM files WHERE id = $1 AND purpose = 'photo' AND owner_user_id = $2`, source, p.UserID)
			if err != nil {
				return translate(err)
			}
			if tag.RowsAffected() == 0 {
				// A racing request made a photo of this upload first.
				return errs.Validation(errs.Field("file", "Upload the photo first"))
			}
		}
		var old *string
		if err := tx.db.QueryRow(ctx, `SELECT photo_file_id FROM associates WHERE id = $1 FOR UPDATE`, p.AssociateID).
			Scan(&old); err != nil {
			return translate(err)
		}
		var photo *string
		if len(renditions) > 0 {
			photo = &renditions[0].ID
		}
		for _, r := range renditions {
			if _, err := tx.db.Exec(ctx, `INSERT INTO files (id, owner_user_id, purpose, content_type, size, sha256, uploaded_at)
				VALUES ($1, $2, 'photo_rendition', 'image/webp', $3, $4, now())`, r.ID, p.UserID, r.Size, r.SHA); err != nil {
				return translate(err)
			}
		}
		if deref(old) == deref(photo) {
			return nil
		}
		if old != nil {
			rows, err := tx.db.Query(ctx, `DELETE FROM files WHERE purpose = 'photo_rendition' AND (id = $1 OR left(id, length($1) + 1) = $1 || '-')
				RETURNING id`, *old)
			if gone, err = collect(rows, err, func(r pgx.Rows, id *string) error { return r.Scan(id) }); err != nil {
				return err
			}
		}
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET photo_file_id = $2, updated_at = now() WHERE id = $1`,
			p.AssociateID, photo); err != nil {
			return translate(err)
		}
		return tx.logChanges(ctx, p, changelog.Account, p.AssociateID, p.AssociateID, changelog.Update,
			[]changelog.Change{{Field: "photo", Old: deref(old), New: deref(photo)}})
	})
	return gone, err
}
