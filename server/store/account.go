package store

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/account"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/mail"
)

// Mailer queues mail in a transaction (jobs.Mailer): the message goes out if and only if
// the transaction commits.
type Mailer interface {
	QueueMail(ctx context.Context, tx pgx.Tx, m mail.Message) error
}

// SetMailer sets how the store queues mail.
func (s *Store) SetMailer(m Mailer) { s.mailer = m }

// queueMail queues messages in the store's transaction.
func (s *Store) queueMail(ctx context.Context, ms ...mail.Message) error {
	tx, ok := s.db.(pgx.Tx)
	if !ok {
		return errors.New("store: mail is queued inside a transaction")
	}
	if s.mailer == nil {
		return errs.E(errs.Unavailable, "Mail is not configured on this server")
	}
	for _, m := range ms {
		if err := s.mailer.QueueMail(ctx, tx, m); err != nil {
			return translate(err)
		}
	}
	return nil
}

// How long the links mail carries stay valid.
const (
	ResetValid       = time.Hour
	EmailChangeValid = 24 * time.Hour
)

// Profile is the associate's own record as the account pages show it.
type Profile struct {
	ID                                    int64
	Code, FirstName, LastName             string
	DateOfBirth                           *time.Time
	Gender, MaritalStatus, ShirtSize      string
	Email, PendingEmail, Phone, AltPhone  string
	Line1, Line2, City, State, PostalCode string
	SpouseName, SpouseEmail, SpousePhone  string
	SpouseDateOfBirth                     *time.Time
	PhotoFileID                           string
	Level                                 Level
	Status, Kind, Country                 string
	JoinedOn                              time.Time
	UplineCode, UplineName                string
}

// Name is the display name.
func (p Profile) Name() string { return strings.TrimSpace(p.FirstName + " " + p.LastName) }

// AccountProfile loads the caller's associate (the one staff act for, in admin mode).
func (s *Store) AccountProfile(ctx context.Context, p *auth.Principal) (Profile, error) {
	var (
		pr Profile
		up struct{ code, first, last *string }
	)
	err := s.db.QueryRow(ctx, `
		SELECT a.id, a.code, a.first_name, a.last_name, a.date_of_birth, coalesce(a.gender, ''), coalesce(a.marital_status, ''),
		       coalesce(a.shirt_size, ''), a.email,
		       coalesce((SELECT t.new_email FROM account_tokens t JOIN users u ON u.id = t.user_id
		                 WHERE u.associate_id = a.id AND t.purpose = 'email_change' AND t.used_at IS NULL AND t.expires_at > now()
		                 ORDER BY t.id DESC LIMIT 1), ''),
		       coalesce(a.phone, ''), coalesce(a.alt_phone, ''),
		       coalesce(a.address_line1, ''), coalesce(a.address_line2, ''), coalesce(a.city, ''), coalesce(a.state, ''),
		       coalesce(a.postal_code, ''), coalesce(a.spouse_name, ''), coalesce(a.spouse_email, ''), coalesce(a.spouse_phone, ''),
		       a.spouse_date_of_birth, coalesce(a.photo_file_id, ''),
		       l.id, l.rank, l.code, l.name, l.contract_rate_bp, l.is_senior,
		       a.status, a.kind, a.country, a.joined_on, u.code, u.first_name, u.last_name
		FROM associates a JOIN levels l ON l.id = a.level_id LEFT JOIN associates u ON u.id = a.upline_id
		WHERE a.id = $1`, p.AssociateID,
	).Scan(&pr.ID, &pr.Code, &pr.FirstName, &pr.LastName, &pr.DateOfBirth, &pr.Gender, &pr.MaritalStatus,
		&pr.ShirtSize, &pr.Email, &pr.PendingEmail, &pr.Phone, &pr.AltPhone,
		&pr.Line1, &pr.Line2, &pr.City, &pr.State, &pr.PostalCode, &pr.SpouseName, &pr.SpouseEmail, &pr.SpousePhone,
		&pr.SpouseDateOfBirth, &pr.PhotoFileID,
		&pr.Level.ID, &pr.Level.Rank, &pr.Level.Code, &pr.Level.Name, &pr.Level.RateBP, &pr.Level.IsSenior,
		&pr.Status, &pr.Kind, &pr.Country, &pr.JoinedOn, &up.code, &up.first, &up.last)
	if up.code != nil {
		pr.UplineCode, pr.UplineName = *up.code, strings.TrimSpace(*up.first+" "+*up.last)
	}
	return pr, translate(err)
}

// accountColumns are the associate's columns the account forms edit, by field name; the
// date ones are cast.
var accountColumns = map[string]string{
	"first_name": "text", "last_name": "text", "date_of_birth": "date", "gender": "text",
	"marital_status": "text", "shirt_size": "text",
	"address_line1": "text", "address_line2": "text", "city": "text", "state": "text", "postal_code": "text",
	"phone": "text", "alt_phone": "text",
	"spouse_name": "text", "spouse_email": "text", "spouse_phone": "text", "spouse_date_of_birth": "date",
}

// UpdateAccount replaces the fields of one account section (already checked) and writes a
// change-log row per changed field, in one transaction. Unchanged fields write nothing.
func (s *Store) UpdateAccount(ctx context.Context, p *auth.Principal, sec account.Section) (Profile, error) {
	fields := sec.Fields()
	cols := make([]string, len(fields))
	for i, f := range fields {
		typ, ok := accountColumns[f[0]]
		if !ok {
			panic("store: no account column for " + f[0])
		}
		cols[i] = f[0] + "::" + typ
	}
	err := s.InTx(ctx, func(tx *Store) error {
		old := make([][2]string, len(fields))
		dest := make([]any, len(fields))
		vals := make([]*string, len(fields))
		for i := range fields {
			dest[i] = &vals[i]
		}
		sel := make([]string, len(fields))
		for i, f := range fields {
			sel[i] = f[0] + "::text"
		}
		if err := tx.db.QueryRow(ctx, `SELECT `+strings.Join(sel, ", ")+` FROM associates WHERE id = $1 FOR UPDATE`, p.AssociateID).
			Scan(dest...); err != nil {
			return translate(err)
		}
		for i, f := range fields {
			old[i] = [2]string{f[0], deref(vals[i])}
		}
		changes := changelog.Diff(old, fields)
		if len(changes) == 0 {
			return nil
		}
		set := make([]string, 0, len(changes))
		args := []any{p.AssociateID}
		for _, c := range changes {
			args = append(args, c.New)
			set = append(set, fmt.Sprintf("%s = NULLIF($%d, '')::%s", c.Field, len(args), accountColumns[c.Field]))
		}
		if _, err := tx.db.Exec(ctx, `UPDATE associates SET `+strings.Join(set, ", ")+`, updated_at = now() WHERE id = $1`, args...); err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE users u SET first_name = a.first_name, last_name = a.last_name
			FROM associates a WHERE a.id = $1 AND u.associate_id = a.id
			AND (u.first_name, u.last_name) IS DISTINCT FROM (a.first_name, a.last_name)`, p.AssociateID); err != nil {
			return translate(err)
		}
		return tx.logChanges(ctx, p, changelog.Account, p.AssociateID, p.AssociateID, changelog.Update, changes)
	})
	if err != nil {
		return Profile{}, err
	}
	return s.AccountProfile(ctx, p)
}

// accountUser is the user of an associate: whose email and password the account pages change.
type accountUser struct {
	ID                       int64
	Email, Code, First, Last string
	AssociateID              int64
}

func (u accountUser) name() string { return strings.TrimSpace(u.First + " " + u.Last) }

func (s *Store) userOfAssociate(ctx context.Context, associateID int64) (accountUser, error) {
	var u accountUser
	err := s.db.QueryRow(ctx, `SELECT u.id, u.email, a.code, a.first_name, a.last_name, a.id
		FROM users u JOIN associates a ON a.id = u.associate_id WHERE a.id = $1`, associateID).
		Scan(&u.ID, &u.Email, &u.Code, &u.First, &u.Last, &u.AssociateID)
	return u, translate(err)
}

// EmailChangeMail makes the messages of an email change: the link for the new address
// (with its token) and the notice for the old one.
type EmailChangeMail func(token, name, oldEmail, newEmail string) []mail.Message

// RequestEmailChange stores a single-use token for moving the associate's login to a new
// address and queues the mail, in one transaction; an earlier request still open is
// replaced. An address another account uses is refused.
func (s *Store) RequestEmailChange(ctx context.Context, p *auth.Principal, newEmail string, build EmailChangeMail) error {
	return s.InTx(ctx, func(tx *Store) error {
		u, err := tx.userOfAssociate(ctx, p.AssociateID)
		if err != nil {
			return err
		}
		if strings.EqualFold(u.Email, newEmail) {
			return errs.Validation(errs.Field("email", "This is already your email"))
		}
		if _, err := tx.db.Exec(ctx, xactLock, lockEmail, strings.ToLower(newEmail)); err != nil {
			return translate(err)
		}
		var taken bool
		if err := tx.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1))`, newEmail).Scan(&taken); err != nil {
			return translate(err)
		}
		if taken {
			return errs.Validation(errs.Field("email", "Another account uses this email"))
		}
		token, err := tx.newAccountToken(ctx, "email_change", u.ID, newEmail, EmailChangeValid)
		if err != nil {
			return err
		}
		return tx.queueMail(ctx, build(token, u.name(), u.Email, newEmail)...)
	})
}

// newAccountToken replaces the user's open tokens of a purpose with a new one.
func (s *Store) newAccountToken(ctx context.Context, purpose string, userID int64, newEmail string, valid time.Duration) (string, error) {
	if _, err := s.db.Exec(ctx, `DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, userID, purpose); err != nil {
		return "", translate(err)
	}
	token, hash := auth.NewToken()
	var ne *string
	if newEmail != "" {
		ne = &newEmail
	}
	_, err := s.db.Exec(ctx, `INSERT INTO account_tokens (purpose, user_id, token_hash, new_email, expires_at)
		VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`, purpose, userID, hash, ne, valid.Seconds())
	return token, translate(err)
}

var errLinkInvalid = errs.LinkInvalid("This link is no longer valid; ask for a new one")

// useAccountToken takes a token of a purpose: valid, unused and unexpired, or link_invalid.
// It is marked used in the caller's transaction.
func (s *Store) useAccountToken(ctx context.Context, purpose, token string) (userID int64, newEmail string, err error) {
	var ne *string
	err = s.db.QueryRow(ctx, `UPDATE account_tokens SET used_at = now()
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
		RETURNING user_id, new_email`, auth.HashToken(token), purpose).Scan(&userID, &ne)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, "", errLinkInvalid
	}
	return userID, deref(ne), translate(err)
}

// EmailConfirmedMail makes the notice to the old address once a change took effect.
type EmailConfirmedMail func(name, oldEmail, newEmail string) mail.Message

// ConfirmEmailChange moves the login to the address of an email-change token, logs it
// and tells the old address, in one transaction.
func (s *Store) ConfirmEmailChange(ctx context.Context, token string, build EmailConfirmedMail) error {
	return s.InTx(ctx, func(tx *Store) error {
		userID, newEmail, err := tx.useAccountToken(ctx, "email_change", token)
		if err != nil {
			return err
		}
		if _, err := tx.db.Exec(ctx, xactLock, lockEmail, strings.ToLower(newEmail)); err != nil {
			return translate(err)
		}
		var u accountUser
		if err := tx.db.QueryRow(ctx, `SELECT u.id, u.email, coalesce(a.code, ''), u.first_name, u.last_name, coalesce(a.id, 0)
			FROM users u LEFT JOIN associates a ON a.id = u.associate_id WHERE u.id = $1 FOR UPDATE OF u`, userID).
			Scan(&u.ID, &u.Email, &u.Code, &u.First, &u.Last, &u.AssociateID); err != nil {
			return translate(err)
		}
		_, err = tx.db.Exec(ctx, `UPDATE users SET email = $2 WHERE id = $1`, userID, newEmail)
		if errs.Is(translate(err), errs.Conflict) {
			return errs.Validation(errs.Field("token", "Another account has taken this email since the link was sent"))
		}
		if err != nil {
			return translate(err)
		}
		if u.AssociateID != 0 {
			if _, err := tx.db.Exec(ctx, `UPDATE associates SET email = $2, updated_at = now() WHERE id = $1`, u.AssociateID, newEmail); err != nil {
				return translate(err)
			}
		}
		self := &auth.Principal{UserID: userID, AssociateID: u.AssociateID}
		if err := tx.logChanges(ctx, self, changelog.Account, u.AssociateID, u.AssociateID, changelog.Update,
			[]changelog.Change{{Field: "email", Old: u.Email, New: newEmail}}); err != nil {
			return err
		}
		return tx.queueMail(ctx, build(u.name(), u.Email, newEmail))
	})
}

// PasswordResetMail makes the message with a reset link.
type PasswordResetMail func(token, name, email string) mail.Message

// RequestPasswordReset stores a reset token for the account of an email and queues the
// mail with its link; an address without an account does nothing. Either way the caller
// answers the same.
func (s *Store) RequestPasswordReset(ctx context.Context, email string, build PasswordResetMail) error {
	return s.InTx(ctx, func(tx *Store) error {
		var (
			userID      int64
			addr, first string
			last        string
		)
		err := tx.db.QueryRow(ctx, `SELECT id, email, first_name, last_name FROM users WHERE lower(email) = lower($1)`, email).
			Scan(&userID, &addr, &first, &last)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return translate(err)
		}
		token, err := tx.newAccountToken(ctx, "password_reset", userID, "", ResetValid)
		if err != nil {
			return err
		}
		return tx.queueMail(ctx, build(token, strings.TrimSpace(first+" "+last), addr))
	})
}

// PasswordOwner is what the password policy needs of an account: its own words.
type PasswordOwner struct {
	UserID int64
	Words  []string // email, code, names
	Hash   string   // the current password's hash
}

func (s *Store) passwordOwner(ctx context.Context, where string, arg any) (PasswordOwner, error) {
	var (
		o                        PasswordOwner
		email, code, first, last string
	)
	err := s.db.QueryRow(ctx, `SELECT u.id, u.password_hash, u.email, coalesce(a.code, ''), u.first_name, u.last_name
		FROM users u LEFT JOIN associates a ON a.id = u.associate_id WHERE `+where+` FOR UPDATE OF u`, arg).
		Scan(&o.UserID, &o.Hash, &email, &code, &first, &last)
	o.Words = account.OwnWords(email, code, first, last)
	return o, translate(err)
}

// NewPassword checks a new password against the policy for its owner and hashes it.
type NewPassword func(o PasswordOwner) (hash string, err error)

// ResetPassword sets the password of a reset token's account, ends every session of it and
// forgets its failed logins, in one transaction.
func (s *Store) ResetPassword(ctx context.Context, token string, newHash NewPassword) error {
	return s.InTx(ctx, func(tx *Store) error {
		userID, _, err := tx.useAccountToken(ctx, "password_reset", token)
		if err != nil {
			return err
		}
		o, err := tx.passwordOwner(ctx, "u.id = $1", userID)
		if err != nil {
			return err
		}
		hash, err := newHash(o)
		if err != nil {
			return err
		}
		return tx.setPassword(ctx, &auth.Principal{UserID: userID}, userID, hash, 0)
	})
}

// ReplacePasswordHash stores a new hash of the same password (made with today's
// parameters) in place of old; a hash changed meanwhile (the password changed) stays.
func (s *Store) ReplacePasswordHash(ctx context.Context, userID int64, old, fresh string) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2`, userID, old, fresh)
	return translate(err)
}

// setPassword stores a hash, ends the user's sessions but keep (0: all of them), forgets
// its failed logins and logs the change (without values).
func (s *Store) setPassword(ctx context.Context, p *auth.Principal, userID int64, hash string, keep int64) error {
	var associateID *int64
	if err := s.db.QueryRow(ctx, `UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING associate_id`, userID, hash).
		Scan(&associateID); err != nil {
		return translate(err)
	}
	if _, err := s.db.Exec(ctx, `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`, userID, keep); err != nil {
		return translate(err)
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM login_failures WHERE key = $1`, AccountKey(userID)); err != nil {
		return translate(err)
	}
	if associateID == nil {
		return nil
	}
	return s.logChanges(ctx, p, changelog.Account, *associateID, *associateID, changelog.Update,
		[]changelog.Change{{Field: "password", New: "changed"}})
}

// ChangePassword replaces the caller's password after check verified the current one
// (check runs inside the transaction, with the account's row locked), and ends every
// other session of the caller.
func (s *Store) ChangePassword(ctx context.Context, p *auth.Principal, check NewPassword) error {
	return s.InTx(ctx, func(tx *Store) error {
		o, err := tx.passwordOwner(ctx, "u.id = $1", p.UserID)
		if err != nil {
			return err
		}
		hash, err := check(o)
		if err != nil {
			return err
		}
		return tx.setPassword(ctx, p, p.UserID, hash, p.SessionID)
	})
}

// LoginSession is one live session of a user.
type LoginSession struct {
	ID                  int64
	UserAgent           string
	IP                  netip.Addr
	CreatedAt, LastSeen time.Time
}

// LoginSessions lists a user's live sessions, most recently used first.
func (s *Store) LoginSessions(ctx context.Context, userID int64) ([]LoginSession, error) {
	rows, err := s.db.Query(ctx, `SELECT s.id, s.user_agent, s.ip, s.created_at, s.last_seen_at FROM sessions s
		WHERE s.user_id = $1 AND `+liveSession("$2", "$3")+` ORDER BY s.last_seen_at DESC, s.id DESC`,
		userID, SessionIdle.Seconds(), SessionMax.Seconds())
	return collect(rows, err, func(r pgx.Rows, l *LoginSession) error {
		var ip *netip.Addr
		if err := r.Scan(&l.ID, &l.UserAgent, &ip, &l.CreatedAt, &l.LastSeen); err != nil {
			return err
		}
		if ip != nil {
			l.IP = *ip
		}
		return nil
	})
}

// RevokeLoginSession ends one live session of a user; another user's, or one already
// ended, is not found.
func (s *Store) RevokeLoginSession(ctx context.Context, userID, id int64) error {
	tag, err := s.db.Exec(ctx, `UPDATE sessions s SET revoked_at = now() WHERE s.id = $4 AND s.user_id = $1 AND `+liveSession("$2", "$3"),
		userID, SessionIdle.Seconds(), SessionMax.Seconds(), id)
	if err != nil {
		return translate(err)
	}
	if tag.RowsAffected() == 0 {
		return errs.NotFoundf("No session %d of yours is open", id)
	}
	return nil
}

// RevokeOtherSessions ends every session of a user but keep; it answers how many ended.
func (s *Store) RevokeOtherSessions(ctx context.Context, userID, keep int64) (int, error) {
	tag, err := s.db.Exec(ctx, `UPDATE sessions s SET revoked_at = now() WHERE s.user_id = $1 AND s.id <> $4 AND `+liveSession("$2", "$3"),
		userID, SessionIdle.Seconds(), SessionMax.Seconds(), keep)
	if err != nil {
		return 0, translate(err)
	}
	return int(tag.RowsAffected()), nil
}

// AccountChangeLog is a change-log row of an associate's own records.
type AccountChangeLog struct {
	ChangeLog
	Entity   string
	EntityID int64
}

// AccountChangeLogListing is the whitelist of the account's change-log list.
var AccountChangeLogListing = listing.FromContract(lists.ListAccountChangeLogs, map[string]listing.Column{
	"id":         {SQL: "l.id"},
	"entity":     {SQL: "l.entity"},
	"field":      {SQL: "l.field", Nullable: true},
	"created_at": {SQL: "l.created_at"},
})

// AccountChangeLogSortValue is a row's value of a sortable field, for cursors.
func AccountChangeLogSortValue(c *AccountChangeLog, field string) any {
	if field == "id" {
		return c.ID
	}
	panic("store: no sort value for change-log field " + field)
}

// ListAccountChangeLogs hands one page of the change log of an associate's own records
// (changelog.AccountEntities) to each.
func (s *Store) ListAccountChangeLogs(ctx context.Context, associateID int64, q listing.Query, each func(*AccountChangeLog)) error {
	var args listing.Args
	scope := "l.associate_id = " + args.Add(associateID) + " AND l.entity = ANY(" + args.Add(changelog.AccountEntities) + ")"
	rows, err := s.db.Query(ctx, `SELECT l.id, l.entity, l.entity_id, l.action, coalesce(l.field, ''), coalesce(l.old_value, ''),
			coalesce(l.new_value, ''), l.created_at,
			coalesce(u.first_name || ' ' || u.last_name, CASE WHEN l.entity = 'payout_account' THEN 'The bank account''s owner' ELSE '' END),
			coalesce(st.first_name || ' ' || st.last_name, '')
		FROM change_logs l LEFT JOIN users u ON u.id = l.actor_user_id LEFT JOIN users st ON st.id = l.acting_staff_id
		WHERE `+scope+` AND `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), args.Query()...)
	var c AccountChangeLog
	return stream(rows, err, &c, []any{&c.ID, &c.Entity, &c.EntityID, &c.Action, &c.Field, &c.Old, &c.New, &c.CreatedAt,
		&c.Actor, &c.Staff}, each)
}
