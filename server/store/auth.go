package store

import (
	"context"
	"math"
	"net/netip"
	"regexp"
	"strconv"
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

// liveSession is the condition of a session that still works (sessions s), with the
// placeholders of SessionIdle and SessionMax in seconds.
func liveSession(idle, max string) string {
	return `s.revoked_at IS NULL AND s.last_seen_at > now() - make_interval(secs => ` + idle +
		`) AND s.created_at > now() - make_interval(secs => ` + max + `)`
}

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

// LoginKey is the throttling key of a login that names no account: the text typed.
func LoginKey(login string) string {
	return "login:" + strings.ToLower(strings.TrimSpace(login))
}

// AccountKey is the throttling key of an account, whichever of its email or code was
// typed: one count of failures per account.
func AccountKey(userID int64) string {
	return "user:" + strconv.FormatInt(userID, 10)
}

func addressKey(ip netip.Addr) string {
	if ip.IsValid() {
		return "ip:" + ip.String()
	}
	return ""
}

// LoginAttempt is a login counted as a failure before its password is checked.
type LoginAttempt struct {
	key string
	ids []int64 // its rows: under the account key and under the address
}

// BeginLogin counts a login attempt against key (AccountKey, or LoginKey when the login
// names nobody) and the address, in one step with the check of the limits: under a lock
// per key, shared by every instance, it counts the failures within the window and,
// when both are under their limits, records this attempt as one more. Attempts in
// flight therefore count, and parallel guesses cannot all pass the check before any is
// recorded. Over a limit it fails with TooMany (code login_throttled, with its Retry-After). The attempt stays
// a failure unless LoginSucceeded or CancelLogin take it back.
func (s *Store) BeginLogin(ctx context.Context, key string, ip netip.Addr) (LoginAttempt, error) {
	return s.begin(ctx, key, addressKey(ip), MaxFailuresAccount, MaxFailuresIP, func(minutes string) error {
		return errs.E(errs.TooMany, "Too many failed login attempts. Try again in %s.", minutes)
	}, errs.CodeLoginThrottled)
}

// Limits of the other ways in (password resets, registrations, SSO exchanges, email
// confirmations): every request counts, within the same window as failed logins.
const (
	MaxRequestsAccount = 5
	MaxRequestsIP      = 30
)

// Throttle counts one request of an action (forgot, register, sso, confirm) for an account
// (an address typed, a token) and for the caller's address, and refuses it with TooMany
// (code throttled, with Retry-After) when either is over its limit. A request is counted
// whether or not it names an account, so the answer tells nothing about one. An empty
// account counts against the address alone.
func (s *Store) Throttle(ctx context.Context, action, account string, ip netip.Addr) error {
	addr := addressKey(ip)
	if addr != "" {
		addr = action + "-" + addr
	}
	key := ""
	if account = strings.ToLower(strings.TrimSpace(account)); account != "" {
		key = action + ":" + account
	}
	_, err := s.begin(ctx, key, addr, MaxRequestsAccount, MaxRequestsIP,
		func(minutes string) error {
			return errs.E(errs.TooMany, "Too many requests. Try again in %s.", minutes)
		}, errs.CodeThrottled)
	return err
}

// begin records an attempt under key and addr unless either has reached its limit within
// the window (then refused, as the message of refused says).
func (s *Store) begin(ctx context.Context, key, addr string, maxAcct, maxAddr int, refused func(minutes string) error, code string) (LoginAttempt, error) {
	a := LoginAttempt{key: key}
	var nAcct, nAddr int
	var retryAcct, retryAddr float64
	err := s.InTx(ctx, func(tx *Store) error {
		b := &pgx.Batch{}
		// The account's lock, then the address's: always in that order, so that two attempts
		// cannot wait for each other.
		b.Queue(xactLock, lockAccount, key)
		if addr != "" {
			b.Queue(xactLock, lockAddress, addr)
		}
		// A statement of its own after the locks: it sees what the attempts that held
		// them before committed.
		b.Queue(`
			WITH counted AS (
				SELECT count(*) FILTER (WHERE key = $1) AS n_acct, count(*) FILTER (WHERE key = $2) AS n_addr,
				       extract(epoch FROM min(failed_at) FILTER (WHERE key = $1) + make_interval(secs => $3) - now()) AS retry_acct,
				       extract(epoch FROM min(failed_at) FILTER (WHERE key = $2) + make_interval(secs => $3) - now()) AS retry_addr
				FROM login_failures WHERE key IN ($1, $2) AND failed_at > now() - make_interval(secs => $3)
			), recorded AS (
				INSERT INTO login_failures (key)
				SELECT k FROM counted, unnest(ARRAY[$1, $2]) k
				WHERE k <> '' AND n_acct < $4 AND n_addr < $5
				RETURNING id
			)
			SELECT n_acct, n_addr, coalesce(retry_acct, 0)::float8, coalesce(retry_addr, 0)::float8,
			       ARRAY(SELECT id FROM recorded) FROM counted`,
			key, addr, ThrottleWindow.Seconds(), maxAcct, maxAddr)
		br := tx.db.SendBatch(ctx, b)
		for range b.Len() - 1 {
			if _, err := br.Exec(); err != nil {
				_ = br.Close()
				return translate(err)
			}
		}
		if err := br.QueryRow().Scan(&nAcct, &nAddr, &retryAcct, &retryAddr, &a.ids); err != nil {
			_ = br.Close()
			return translate(err)
		}
		return translate(br.Close())
	})
	if err != nil {
		return LoginAttempt{}, err
	}
	if len(a.ids) == 0 {
		var wait float64
		if nAcct >= maxAcct {
			wait = retryAcct
		}
		if nAddr >= maxAddr {
			wait = max(wait, retryAddr)
		}
		// Within [1 s, the window]: a failure recorded by an attempt that began after this
		// one (and took the lock first) is a little younger than this one's now().
		retry := min(max(time.Duration(wait*float64(time.Second)), time.Second), ThrottleWindow)
		minutes := "1 minute"
		if m := int(math.Ceil(retry.Minutes())); m > 1 {
			minutes = strconv.Itoa(m) + " minutes"
		}
		return LoginAttempt{}, errs.Later(refused(minutes), code, retry)
	}
	_, err = s.db.Exec(ctx, `DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'`)
	return a, translate(err)
}

// LoginSucceeded forgets the failures of the attempt's account (its own included) and
// takes back its count against the address.
func (s *Store) LoginSucceeded(ctx context.Context, a LoginAttempt) error {
	_, err := s.db.Exec(ctx, `DELETE FROM login_failures WHERE key = $1 OR id = ANY($2)`, a.key, a.ids)
	return translate(err)
}

// CancelLogin takes back an attempt whose password was never checked (the server was
// too busy, or the client went away while it waited).
func (s *Store) CancelLogin(ctx context.Context, a LoginAttempt) error {
	_, err := s.db.Exec(ctx, `DELETE FROM login_failures WHERE id = ANY($1)`, a.ids)
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
		userID, hash, userAgent, addr)
	if err != nil {
		return "", translate(err)
	}
	return token, nil
}

// authenticateSelect reads a session with its user, associate and whether
// acknowledgements are pending; written once, not on every request. $1 is the token's
// hash, $2 and $3 the idle and absolute limits of a live session.
var authenticateSelect = `
		SELECT s.id, s.token_hash = $1, s.rotated_at, s.last_seen_at,
		       u.id, u.email, u.first_name, u.last_name, u.is_staff, u.permissions,
		       a.id, a.code, a.path::text, l.is_senior,
		       a.id IS NOT NULL AND ` + acknowledgementsPending("a.id") + `
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		LEFT JOIN associates a ON a.id = u.associate_id
		LEFT JOIN levels l ON l.id = a.level_id
		WHERE ` + liveSession("$2", "$3")

// A token is looked up as the session's current one first (one index scan: every request
// but those in the grace after a rotation), and only when no session has it as the one a
// rotation replaced, within the grace ($4). One statement with both (an OR) costs every
// request a bitmap of two indexes.
var (
	authenticateCurrentSQL  = authenticateSelect + ` AND s.token_hash = $1`
	authenticatePreviousSQL = authenticateSelect + ` AND s.prev_token_hash = $1 AND s.rotated_at > now() - make_interval(secs => $4)`
)

// Authenticate resolves a bearer token to its principal in one round trip (two for a
// token a rotation has just replaced): the session, the user, the associate and whether
// acknowledgements are pending. It touches the session at most once a minute and rotates
// the token when it is old.
func (s *Store) Authenticate(ctx context.Context, token string) (*auth.Principal, error) {
	hash := auth.HashToken(token)
	p := &auth.Principal{}
	var (
		isCurrent           bool
		rotatedAt, lastSeen time.Time
		assocID             *int64
		code, path          *string
		senior              *bool
	)
	dest := []any{&p.SessionID, &isCurrent, &rotatedAt, &lastSeen,
		&p.UserID, &p.Email, &p.FirstName, &p.LastName, &p.IsStaff, &p.Permissions,
		&assocID, &code, &path, &senior, &p.PendingAcknowledgements}
	idle, oldest := SessionIdle.Seconds(), SessionMax.Seconds()
	err := s.db.QueryRow(ctx, authenticateCurrentSQL, hash, idle, oldest).Scan(dest...)
	if errs.Is(translate(err), errs.NotFound) {
		err = s.db.QueryRow(ctx, authenticatePreviousSQL, hash, idle, oldest, TokenGrace.Seconds()).Scan(dest...)
	}
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return nil, errs.Unauthenticatedf("The session has expired; log in again")
		}
		return nil, translate(err)
	}
	if assocID != nil {
		p.AssociateID, p.Code, p.Path, p.IsSenior = *assocID, *code, *path, *senior
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
		return nil, errs.Coded(errs.Forbidden, errs.CodeActingNotAllowed, "Only staff allowed to act for associates can act for one")
	}
	if !associateCode.MatchString(code) {
		// Not a code at all (nor text the database would take): nobody has it.
		return nil, errs.Coded(errs.Forbidden, errs.CodeActingCodeUnknown, "No associate has the code %q", strings.ToValidUTF8(code, "?"))
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
			// 403, not 401: the session is fine, and a client must not take this for its end.
			return nil, errs.Coded(errs.Forbidden, errs.CodeActingCodeUnknown, "No associate has the code %q", code)
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
		// With what it still has to acknowledge, as a session has it: a link made before a
		// memo was published is gated like the list it came from.
		if err := s.db.QueryRow(ctx, `SELECT a.id, a.code, a.path::text, l.is_senior, `+acknowledgementsPending("a.id")+`
			FROM associates a JOIN levels l ON l.id = a.level_id WHERE a.id = $1`,
			associateID).Scan(&p.AssociateID, &p.Code, &p.Path, &p.IsSenior, &p.PendingAcknowledgements); err != nil {
			return nil, translate(err)
		}
	}
	return p, nil
}

// associateCode is the shape of every associate code (the associates table checks it).
var associateCode = regexp.MustCompile(`^[A-Za-z0-9]{3,16}$`)
