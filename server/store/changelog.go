package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
)

// logChanges writes change-log rows in the caller's transaction: one per changed field,
// or one without a field when there are none (a creation). The actor is the principal's
// user; in admin mode the staff member acting is recorded too. Secrets are masked. An owner
// of 0 is reference data that no associate owns.
func (s *Store) logChanges(ctx context.Context, p *auth.Principal, entity string, id, owner int64, action string, changes []changelog.Change) error {
	var actor *int64 // nobody with a login (the owner of a bank account answering its link)
	if p.UserID != 0 {
		actor = &p.UserID
	}
	var ownerArg any = owner
	if owner == 0 {
		ownerArg = nil
	}
	var staff *int64
	if p.ActingStaffID != 0 {
		staff = &p.ActingStaffID
	}
	if len(changes) == 0 {
		changes = []changelog.Change{{}}
	}
	rows := make([][]any, len(changes))
	now := time.Now()
	for i, c := range changes {
		c = c.Written()
		rows[i] = []any{entity, id, action, nullable(c.Field), nullable(c.Old), nullable(c.New), ownerArg, actor, staff, now}
	}
	_, err := s.db.CopyFrom(ctx, pgx.Identifier{"change_logs"},
		[]string{"entity", "entity_id", "action", "field", "old_value", "new_value", "associate_id", "actor_user_id", "acting_staff_id", "created_at"},
		pgx.CopyFromRows(rows))
	return translate(err)
}

// ChangeLog is one change-log row.
type ChangeLog struct {
	ID        int64
	Action    string
	Field     string
	Old, New  string
	CreatedAt time.Time
	// Actor is the name of the user who made the change; Staff is the staff member's name
	// when that was staff acting for an associate (admin mode), "" otherwise.
	Actor, Staff string
}

// ChangeLogs lists the change-log rows of a record, oldest first.
func (s *Store) ChangeLogs(ctx context.Context, entity string, id int64) ([]ChangeLog, error) {
	rows, err := s.db.Query(ctx, `SELECT l.id, l.action, coalesce(l.field, ''), coalesce(l.old_value, ''), coalesce(l.new_value, ''),
			l.created_at, coalesce(u.first_name || ' ' || u.last_name, ''), coalesce(st.first_name || ' ' || st.last_name, '')
		FROM change_logs l LEFT JOIN users u ON u.id = l.actor_user_id LEFT JOIN users st ON st.id = l.acting_staff_id
		WHERE l.entity = $1 AND l.entity_id = $2 ORDER BY l.id`, entity, id)
	return collect(rows, err, func(r pgx.Rows, c *ChangeLog) error {
		return r.Scan(&c.ID, &c.Action, &c.Field, &c.Old, &c.New, &c.CreatedAt, &c.Actor, &c.Staff)
	})
}
