package store

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/listing"
)

// Level is one rung of the ladder.
type Level struct {
	ID       int16
	Rank     int16
	Code     string
	Name     string
	RateBP   int32
	IsSenior bool
}

// UserInfo is who the caller is, as /access and the dashboard show it.
type UserInfo struct {
	ID          int64
	Code        string
	FirstName   string
	LastName    string
	Email       string
	IsStaff     bool
	Level       *Level
	PhotoFileID string
}

// Name is the display name.
func (u UserInfo) Name() string { return strings.TrimSpace(u.FirstName + " " + u.LastName) }

// UserInfo loads the caller: the associate it acts as, or the staff user.
func (s *Store) UserInfo(ctx context.Context, p *auth.Principal) (UserInfo, error) {
	if !p.IsAssociate() {
		return UserInfo{ID: p.UserID, FirstName: p.FirstName, LastName: p.LastName, Email: p.Email, IsStaff: p.IsStaff}, nil
	}
	u := UserInfo{ID: p.UserID, IsStaff: p.IsStaff, Level: &Level{}}
	var photo *string
	err := s.db.QueryRow(ctx, `
		SELECT a.code, a.first_name, a.last_name, a.email, a.photo_file_id,
		       l.id, l.rank, l.code, l.name, l.contract_rate_bp, l.is_senior
		FROM associates a JOIN levels l ON l.id = a.level_id WHERE a.id = $1`, p.AssociateID,
	).Scan(&u.Code, &u.FirstName, &u.LastName, &u.Email, &photo,
		&u.Level.ID, &u.Level.Rank, &u.Level.Code, &u.Level.Name, &u.Level.RateBP, &u.Level.IsSenior)
	if photo != nil {
		u.PhotoFileID = *photo
	}
	return u, translate(err)
}

// Levels lists the ladder, lowest first.
func (s *Store) Levels(ctx context.Context) ([]Level, error) {
	rows, err := s.db.Query(ctx, `SELECT id, rank, code, name, contract_rate_bp, is_senior FROM levels ORDER BY rank`)
	return collect(rows, err, func(rows pgx.Rows, l *Level) error {
		return rows.Scan(&l.ID, &l.Rank, &l.Code, &l.Name, &l.RateBP, &l.IsSenior)
	})
}

// DownlineSize counts the associates below the caller (itself excluded).
func (s *Store) DownlineSize(ctx context.Context, p *auth.Principal) (int64, error) {
	if !p.IsAssociate() {
		return 0, nil
	}
	var n int64
	err := s.db.QueryRow(ctx, `SELECT downline_size FROM associates WHERE id = $1`, p.AssociateID).Scan(&n)
	return n, translate(err)
}

// Lookup is a code or id with a display name, for the lookups of the web app.
type Lookup struct {
	ID    int64
	Code  string
	Name  string
	Email string // clients only
}

// SearchAssociates finds up to limit associates the caller may see (itself, its downline
// and its upline chain) whose code or name matches the keyword, plus the codes in include.
func (s *Store) SearchAssociates(ctx context.Context, p *auth.Principal, keyword string, include []string, limit int) ([]Lookup, error) {
	if !p.IsAssociate() && !p.IsStaff {
		return nil, nil
	}
	scope := `TRUE`
	args := []any{listing.EscapeLike(strings.TrimSpace(keyword)), include, limit}
	if p.IsAssociate() {
		scope = `((` + subtreeOf("a", p.Path) + `) OR a.id = ANY($4::bigint[]))`
		args = append(args, pathIDs(p.Path))
	}
	rows, err := s.db.Query(ctx, `
		(SELECT a.code, a.first_name || ' ' || a.last_name FROM associates a
		 WHERE `+scope+` AND a.code = ANY($2::text[]))
		UNION
		(SELECT a.code, a.first_name || ' ' || a.last_name FROM associates a
		 WHERE `+scope+` AND $1 <> '' AND (a.code ILIKE $1 || '%' OR (a.first_name || ' ' || a.last_name) ILIKE '%' || $1 || '%')
		 ORDER BY a.code = upper($1) DESC, a.last_name, a.first_name, a.code
		 LIMIT $3)`, args...)
	return collect(rows, err, func(rows pgx.Rows, l *Lookup) error {
		return rows.Scan(&l.Code, &l.Name)
	})
}
