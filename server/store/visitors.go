package store

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/mail"
)

// RegUpline is who a registration link names.
type RegUpline struct {
	ID                        int64
	Code, FirstName, LastName string
	Country, Level            string
	PhotoFileID               string
}

// Name is the display name.
func (u RegUpline) Name() string { return strings.TrimSpace(u.FirstName + " " + u.LastName) }

// RegistrationUpline finds the active associate of a code, or NotFound.
func (s *Store) RegistrationUpline(ctx context.Context, code string) (RegUpline, error) {
	var u RegUpline
	err := s.db.QueryRow(ctx, `SELECT a.id, a.code, a.first_name, a.last_name, a.country, l.name, coalesce(a.photo_file_id, '')
		FROM associates a JOIN levels l ON l.id = a.level_id WHERE a.code = upper($1) AND a.status = 'Active'`, code).
		Scan(&u.ID, &u.Code, &u.FirstName, &u.LastName, &u.Country, &u.Level, &u.PhotoFileID)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, errs.NotFoundf("No active associate has the code %s", strings.ToUpper(code))
	}
	return u, translate(err)
}

// Agreement is a membership agreement.
type Agreement struct {
	ID                         int64
	Country, Plan, Title, Body string
	Version                    string
	PublishedOn                time.Time
}

// MembershipAgreement is the agreement in force for a country and plan: the newest one
// published by today.
func (s *Store) MembershipAgreement(ctx context.Context, country, plan string) (Agreement, error) {
	var a Agreement
	err := s.db.QueryRow(ctx, `SELECT id, country, plan, title, body, version, published_on FROM membership_agreements
		WHERE country = $1 AND plan = $2 AND published_on <= current_date ORDER BY published_on DESC LIMIT 1`, country, plan).
		Scan(&a.ID, &a.Country, &a.Plan, &a.Title, &a.Body, &a.Version, &a.PublishedOn)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, errs.NotFoundf("No membership agreement is published for %s and the %s plan", country, plan)
	}
	return a, translate(err)
}

// Registration is a visitor's registration, checked.
type Registration struct {
	UplineCode, Kind                  string
	FirstName, LastName, Email, Phone string
	Country, State                    string
	PasswordHash                      string
	AgreementVersion                  string
	IP                                netip.Addr
	UserAgent                         string
	JoinedOn                          time.Time
}

// RegistrationMail makes the mail of a registration: the welcome for a new associate, or,
// when the address is already registered, the note to that address (registered false).
type RegistrationMail func(registered bool, name, code, email string) mail.Message

// Register adds a Training Associate, Active, under the upline, with a generated code, its
// login, the agreement it accepted and the welcome mail, in one transaction. When the
// address already has an account nothing is added and that address is mailed instead, so
// the visitor's answer is the same either way.
func (s *Store) Register(ctx context.Context, r Registration, build RegistrationMail) error {
	return s.InTx(ctx, func(tx *Store) error {
		up, err := tx.RegistrationUpline(ctx, r.UplineCode)
		if err != nil {
			return err
		}
		ag, err := tx.MembershipAgreement(ctx, r.Country, r.Kind)
		if err != nil {
			return err
		}
		if ag.Version != r.AgreementVersion {
			return errs.Validation(errs.Field("agreement_version", "The membership agreement has changed since you read it; read it again and accept it"))
		}
		if _, err := tx.db.Exec(ctx, xactLock, lockEmail, strings.ToLower(r.Email)); err != nil {
			return translate(err)
		}
		var (
			existing        string
			exFirst, exLast string
			exists          bool
		)
		err = tx.db.QueryRow(ctx, `SELECT email, first_name, last_name FROM users WHERE lower(email) = lower($1)`, r.Email).
			Scan(&existing, &exFirst, &exLast)
		switch {
		case err == nil:
			exists = true
		case !errors.Is(err, pgx.ErrNoRows):
			return translate(err)
		}
		if exists {
			return tx.queueMail(ctx, build(false, strings.TrimSpace(exFirst+" "+exLast), "", existing))
		}
		id, err := tx.AddAssociate(ctx, NewAssociate{
			FirstName: r.FirstName, LastName: r.LastName, Email: r.Email, UplineID: up.ID, LevelID: 1,
			Country: r.Country, Kind: r.Kind, Status: "Active", JoinedOn: r.JoinedOn, By: "registration",
			Code: generatedCode(r.FirstName, r.LastName),
		})
		if err != nil {
			return err
		}
		var code string
		if err := tx.db.QueryRow(ctx, `UPDATE associates SET phone = $2, state = $3 WHERE id = $1 RETURNING code`, id, r.Phone, r.State).
			Scan(&code); err != nil {
			return translate(err)
		}
		var userID int64
		if err := tx.db.QueryRow(ctx, `INSERT INTO users (email, password_hash, associate_id, first_name, last_name)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, r.Email, r.PasswordHash, id, r.FirstName, r.LastName).Scan(&userID); err != nil {
			return translate(err)
		}
		var ip *netip.Addr
		if r.IP.IsValid() {
			ip = &r.IP
		}
		if _, err := tx.db.Exec(ctx, `INSERT INTO registrations (associate_id, agreement_id, agreement_version, ip, user_agent)
			VALUES ($1, $2, $3, $4, $5)`, id, ag.ID, ag.Version, ip, r.UserAgent); err != nil {
			return translate(err)
		}
		self := &auth.Principal{UserID: userID, AssociateID: id}
		if err := tx.logChanges(ctx, self, changelog.Account, id, id, changelog.Create, nil); err != nil {
			return err
		}
		return tx.queueMail(ctx, build(true, strings.TrimSpace(r.FirstName+" "+r.LastName), code, r.Email))
	})
}

// generatedCode is the code of a registered associate before its id is known: the
// initials and a placeholder that AddAssociate replaces with the id (codeFromID).
func generatedCode(first, last string) string {
	return string(initial(first)) + string(initial(last)) + codeIDMark
}

// codeIDMark in a new associate's code stands for its id, zero-padded to five digits.
const codeIDMark = "#ID"

func initial(name string) rune {
	for _, r := range strings.ToUpper(name) {
		if r < unicode.MaxASCII && unicode.IsLetter(r) {
			return r
		}
	}
	return 'X'
}

// codeFromID fills the id into a generated code (seeded codes are the same shape).
func codeFromID(code string, id int64) string {
	if !strings.HasSuffix(code, codeIDMark) {
		return code
	}
	return strings.TrimSuffix(code, codeIDMark) + fmt.Sprintf("%05d", id)
}

// SSOTarget is whom an SSO token logs in as: an associate's user.
func (s *Store) SSOTarget(ctx context.Context, staff *auth.Principal, code string, ip netip.Addr) (int64, error) {
	var userID int64
	var addr *netip.Addr
	if ip.IsValid() {
		addr = &ip
	}
	err := s.db.QueryRow(ctx, `
		WITH a AS (
			SELECT a.id, u.id AS user_id FROM associates a JOIN users u ON u.associate_id = a.id WHERE a.code = upper($1)
		), audit AS (
			INSERT INTO staff_audit (staff_user_id, associate_id, operation, ip)
			SELECT $2, a.id, 'issueSSOToken', $3 FROM a
		)
		SELECT user_id FROM a`, code, staff.UserID, addr).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, errs.NotFoundf("No associate with a login has the code %s", strings.ToUpper(code))
	}
	return userID, translate(err)
}

// UseSSONonce marks an SSO token's nonce used; a nonce used before is link_invalid.
// Nonces older than keep are forgotten (their tokens have expired).
func (s *Store) UseSSONonce(ctx context.Context, nonce []byte, keep time.Duration) error {
	tag, err := s.db.Exec(ctx, `INSERT INTO sso_uses (nonce) VALUES ($1) ON CONFLICT DO NOTHING`, nonce)
	if err != nil {
		return translate(err)
	}
	if tag.RowsAffected() == 0 {
		return errLinkInvalid
	}
	_, err = s.db.Exec(ctx, `DELETE FROM sso_uses WHERE used_at < now() - make_interval(secs => $1)`, keep.Seconds())
	return translate(err)
}
