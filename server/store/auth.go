package store

import (
	"context"
	"net/netip"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
)

// Session timing. Idle sessions die after SessionIdle; a token is rotated (and handed
// back in x-token) once it is older than TokenRotate; the previous token keeps working
// for TokenGrace so that requests already in flight do not fail.
const (
	SessionIdle = 12 * time.Hour
	SessionMax  = 30 * 24 * time.Hour
	TokenRotate = 15 * time.Minute
	TokenGrace  = 2 * time.Minute
	touchEvery  = time.Minute
)

// Throttling of failed logins, shared by every instance through the database.
const (
	ThrottleWindow     = 15 * time.Minute
	MaxFailuresAccount = 5
	MaxFailuresIP      = 50
)

// Credentials is what a login needs of a user.
type Credentials struct {
	UserID       int64
	PasswordHash string
}

// FindCredentials looks a user up by email or associate code.
func (s *Store) FindCredentials(ctx context.Context, login string) (Credentials, error) {
	var c Credentials
	err := s.db.QueryRow(ctx, `
		SELECT u.id, u.password_hash FROM users u
		WHERE lower(u.email) = lower($1)
		UNION ALL
		SELECT u.id, u.password_hash FROM users u JOIN associates a ON a.id = u.associate_id
		WHERE a.code = upper($1)
		LIMIT 1`, strings.TrimSpace(login)).Scan(&c.UserID, &c.PasswordHash)
	return c, translate(err)
}

func failureKeys(login string, ip netip.Addr) (acct, addr string) {
	acct = "login:" + strings.ToLower(strings.TrimSpace(login))
	if ip.IsValid() {
		addr = "ip:" + ip.String()
	}
	return acct, addr
}

// CheckThrottle fails with TooMany when the account or the address had too many failed
// logins within the window.
func (s *Store) CheckThrottle(ctx context.Context, login string, ip netip.Addr) error {
	acct, addr := failureKeys(login, ip)
	var nAcct, nAddr int
	var oldest *time.Time
	err := s.db.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE key = $1), count(*) FILTER (WHERE key = $2),
		       min(failed_at) FILTER (WHERE key = $1)
		FROM login_failures WHERE key IN ($1, $2) AND failed_at > now() - make_interval(secs => $3)`,
		acct, addr, ThrottleWindow.Seconds()).Scan(&nAcct, &nAddr, &oldest)
	if err != nil {
		return translate(err)
	}
	if nAcct >= MaxFailuresAccount || nAddr >= MaxFailuresIP {
		return errs.E(errs.TooMany, "Too many failed login attempts. Try again in %d minutes.", int(ThrottleWindow.Minutes()))
	}
	return nil
}

// RecordFailure counts a failed login against the account and the address, and drops
// rows older than a day.
func (s *Store) RecordFailure(ctx context.Context, login string, ip netip.Addr) error {
	acct, addr := failureKeys(login, ip)
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO login_failures (key) VALUES ($1)`, acct)
	if addr != "" {
		b.Queue(`INSERT INTO login_failures (key) VALUES ($1)`, addr)
	}
	b.Queue(`DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'`)
	return translate(s.db.SendBatch(ctx, b).Close())
}

// ClearFailures forgets the failed logins of an account after a successful one.
func (s *Store) ClearFailures(ctx context.Context, login string) error {
	acct, _ := failureKeys(login, netip.Addr{})
	_, err := s.db.Exec(ctx, `DELETE FROM login_failures WHERE key = $1`, acct)
	return translate(err)
}

// CreateSession stores a new login session and answers its token.
func (s *Store) CreateSession(ctx context.Context, userID int64, userAgent string, ip netip.Addr) (string, error) {
	token, hash := auth.NewToken()
	var addr *netip.Addr
	if ip.IsValid() {
		addr = &ip
	}
	_, err := s.db.Exec(ctx, `INSERT INTO sessions (user_id, token_hash, user_agent, ip) VALUES ($1, $2, $3, $4)`,
		userID, hash, truncate(userAgent, 512), addr)
	if err != nil {
		return "", translate(err)
	}
	return token, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Authenticate resolves a bearer token to its principal in one round trip: the session,
// the user, the associate and whether acknowledgements are pending. It touches the
// session at most once a minute and rotates the token when it is old.
func (s *Store) Authenticate(ctx context.Context, token string) (*auth.Principal, error) {
	hash := auth.HashToken(token)
	p := &auth.Principal{}
	var (
		isCurrent            bool
		rotatedAt, lastSeen  time.Time
		assocID              *int64
		code, path           *string
		senior, memos, w9Doc *bool
	)
	err := s.db.QueryRow(ctx, `
		SELECT s.id, s.token_hash = $1, s.rotated_at, s.last_seen_at,
		       u.id, u.email, u.first_name, u.last_name, u.is_staff, u.permissions,
		       a.id, a.code, a.path::text, l.is_senior,
		       EXISTS (SELECT 1 FROM memos m WHERE a.id IS NOT NULL AND m.status = 'Published' AND m.published_at <= now()
		               AND NOT EXISTS (SELECT 1 FROM memo_acknowledgements ma WHERE ma.associate_id = a.id AND ma.memo_id = m.id)),
		       EXISTS (SELECT 1 FROM w9_documents w WHERE w.associate_id = a.id AND w.acknowledged_at IS NULL)
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		LEFT JOIN associates a ON a.id = u.associate_id
		LEFT JOIN levels l ON l.id = a.level_id
		WHERE (s.token_hash = $1 OR (s.prev_token_hash = $1 AND s.rotated_at > now() - make_interval(secs => $2)))
		  AND s.revoked_at IS NULL
		  AND s.last_seen_at > now() - make_interval(secs => $3)
		  AND s.created_at > now() - make_interval(secs => $4)`,
		hash, TokenGrace.Seconds(), SessionIdle.Seconds(), SessionMax.Seconds(),
	).Scan(&p.SessionID, &isCurrent, &rotatedAt, &lastSeen,
		&p.UserID, &p.Email, &p.FirstName, &p.LastName, &p.IsStaff, &p.Permissions,
		&assocID, &code, &path, &senior, &memos, &w9Doc)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return nil, errs.Unauthenticatedf("The session has expired; log in again")
		}
		return nil, translate(err)
	}
	if assocID != nil {
		p.AssociateID, p.Code, p.Path, p.IsSenior = *assocID, *code, *path, *senior
		p.PendingAcknowledgements = *memos || *w9Doc
	}
	now := time.Now()
	switch {
	case isCurrent && now.Sub(rotatedAt) > TokenRotate:
		newToken, newHash := auth.NewToken()
		tag, err := s.db.Exec(ctx, `
			UPDATE sessions SET prev_token_hash = token_hash, token_hash = $2, rotated_at = now(), last_seen_at = now()
			WHERE id = $1 AND token_hash = $3`, p.SessionID, newHash, hash)
		if err != nil {
			return nil, translate(err)
		}
		if tag.RowsAffected() == 1 {
			p.RenewedToken = newToken
		}
	case now.Sub(lastSeen) > touchEvery:
		if _, err := s.db.Exec(ctx, `UPDATE sessions SET last_seen_at = now() WHERE id = $1`, p.SessionID); err != nil {
			return nil, translate(err)
		}
	}
	return p, nil
}

// ActAs turns a staff principal into the associate with a code (admin app mode) and
// writes the audit row. The staff user needs the act-as permission.
func (s *Store) ActAs(ctx context.Context, staff *auth.Principal, code, operation string, ip netip.Addr) (*auth.Principal, error) {
	if !staff.IsStaff || !staff.Can(auth.PermActAs) {
		return nil, errs.Forbiddenf("The access-token header is only for staff allowed to act for associates")
	}
	p := &auth.Principal{
		UserID: staff.UserID, SessionID: staff.SessionID, Email: staff.Email,
		FirstName: staff.FirstName, LastName: staff.LastName, Permissions: staff.Permissions,
		ActingStaffID: staff.UserID, ActingStaff: strings.TrimSpace(staff.FirstName + " " + staff.LastName),
		RenewedToken: staff.RenewedToken,
	}
	var addr *netip.Addr
	if ip.IsValid() {
		addr = &ip
	}
	err := s.db.QueryRow(ctx, `
		WITH a AS (
			SELECT a.id, a.code, a.path::text AS path, l.is_senior FROM associates a JOIN levels l ON l.id = a.level_id
			WHERE a.code = upper($1)
		), audit AS (
			INSERT INTO staff_audit (staff_user_id, associate_id, operation, ip)
			SELECT $2, a.id, $3, $4 FROM a
		)
		SELECT id, code, path, is_senior FROM a`, code, staff.UserID, operation, addr,
	).Scan(&p.AssociateID, &p.Code, &p.Path, &p.IsSenior)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return nil, errs.E(errs.Unauthenticated, "No associate has the code %q given in access-token", code)
		}
		return nil, translate(err)
	}
	return p, nil
}

// RevokeSession ends a login session.
func (s *Store) RevokeSession(ctx context.Context, sessionID int64) error {
	_, err := s.db.Exec(ctx, `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, sessionID)
	return translate(err)
}

// PrincipalFor rebuilds the principal a download was requested by: the user and, when
// set, the associate it acted as (its current place in the hierarchy).
func (s *Store) PrincipalFor(ctx context.Context, userID, associateID, actingStaffID int64) (*auth.Principal, error) {
	p := &auth.Principal{UserID: userID, ActingStaffID: actingStaffID}
	if err := s.db.QueryRow(ctx, `SELECT email, first_name, last_name, is_staff, permissions FROM users WHERE id = $1`, userID).
		Scan(&p.Email, &p.FirstName, &p.LastName, &p.IsStaff, &p.Permissions); err != nil {
		return nil, translate(err)
	}
	if associateID != 0 {
		if err := s.db.QueryRow(ctx, `SELECT a.id, a.code, a.path::text, l.is_senior FROM associates a JOIN levels l ON l.id = a.level_id WHERE a.id = $1`,
			associateID).Scan(&p.AssociateID, &p.Code, &p.Path, &p.IsSenior); err != nil {
			return nil, translate(err)
		}
	}
	return p, nil
}
