// Package auth holds the credentials rules: argon2id password hashes, opaque session
// tokens from a CSPRNG (stored only as hashes), and the principal every request carries.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's recommended m=19 MiB, t=2, p=1 (Password Storage Cheat
// Sheet). About 25 ms of one core per check, so that two cores check 50 logins a second
// within 250 ms (docs/benchmarks.md, part e); RFC 9106's 64 MiB, t=3, p=2 took 125 ms of CPU
// and capped a 2-core server at 15 logins a second. A hash made with other parameters is
// made again at its next successful login (NeedsRehash).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

// HashPassword returns an encoded argon2id hash of a password.
func HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	return hashWith(password, salt, argonTime, argonMemory, argonThreads), nil
}

func hashWith(password string, salt []byte, t, m uint32, p uint8) string {
	key := argon2.IDKey([]byte(password), salt, t, m, p, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, m, t, p, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// ErrBadHash says a stored hash cannot be read.
var ErrBadHash = errors.New("auth: malformed password hash")

// CheckPassword reports whether password matches an encoded hash, in constant time.
// It takes the memory the hash names (64 MiB for HashPassword's): the API checks through
// a Budget.
func CheckPassword(encoded, password string) (bool, error) {
	h, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	return h.check(password), nil
}

// NeedsRehash reports whether an encoded hash was made with other parameters than
// HashPassword's (or cannot be read): after a successful check, its password is hashed
// again.
func NeedsRehash(encoded string) bool {
	h, err := parseHash(encoded)
	return err != nil || h.t != argonTime || h.m != argonMemory || h.p != argonThreads || len(h.key) != argonKeyLen
}

// hash is a decoded argon2id hash.
type hash struct {
	m, t      uint32
	p         uint8
	salt, key []byte
}

func parseHash(encoded string) (hash, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return hash{}, ErrBadHash
	}
	var h hash
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &h.m, &h.t, &h.p); err != nil {
		return hash{}, ErrBadHash
	}
	b64 := base64.RawStdEncoding
	var err error
	if h.salt, err = b64.DecodeString(parts[4]); err != nil {
		return hash{}, ErrBadHash
	}
	h.key, err = b64.DecodeString(parts[5])
	// argon2 panics on zero passes or lanes and on an empty key; a short key is no check.
	if err != nil || h.t < 1 || h.p < 1 || len(h.key) < 16 {
		return hash{}, ErrBadHash
	}
	return h, nil
}

func (h hash) check(password string) bool {
	got := argon2.IDKey([]byte(password), h.salt, h.t, h.m, h.p, uint32(len(h.key)))
	return subtle.ConstantTimeCompare(got, h.key) == 1
}

// NewToken is a fresh opaque session token (256 random bits) and its hash for storage.
func NewToken() (token string, hash []byte) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is what the database keeps of a token.
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID      int64
	SessionID   int64
	Email       string
	FirstName   string
	LastName    string
	IsStaff     bool
	Permissions []string

	// The associate the request acts as (zero for a staff user acting for nobody).
	AssociateID int64
	Code        string
	Path        string // materialised path of the associate (ltree text)
	IsSenior    bool

	// Admin app mode: the staff user acting for the associate above.
	ActingStaffID int64
	ActingStaff   string

	// Whether memos or W-9 documents wait for the associate's acknowledgement.
	PendingAcknowledgements bool
	// A renewed token to hand back in x-token, when the session rotated.
	RenewedToken string
}

// Can reports whether the principal holds a permission.
func (p *Principal) Can(perm string) bool { return slices.Contains(p.Permissions, perm) }

// IsAssociate reports whether the request acts as an associate.
func (p *Principal) IsAssociate() bool { return p.AssociateID != 0 }

// Permissions of staff users.
const (
	PermActAs       = "associates.act_as"
	PermClientsRead = "clients.read"
	// PermPoliciesReview moves policies along the workflow, records lapses and keeps
	// requirements; it also reads every policy.
	PermPoliciesReview = "policies.review"
	// PermProvidersManage edits providers' contacts, videos, links and attachments.
	PermProvidersManage = "providers.manage"
	// PermPaymentsRead reads everyone's cashflow, dashboards, provider payments, pay runs
	// and statements.
	PermPaymentsRead = "payments.read"
	// PermPaymentsManage imports provider statements, moves and processes provider
	// payments and runs pay runs.
	PermPaymentsManage = "payments.manage"
	// PermPayoutsReview reviews payout accounts (approve, reject, ask for information); never
	// one the same staff member entered or changed.
	PermPayoutsReview = "payouts.review"
	// PermSSOIssue issues single-use SSO tokens that log in as an associate (staff tools).
	PermSSOIssue = "sso.issue"
	// PermLegalManage revokes an associate's agreements.
	PermLegalManage = "legal.manage"
	// PermAppointmentsReview decides requests to be appointed in the other country.
	PermAppointmentsReview = "appointments.review"
	// PermW9Manage enters an associate's W-9 (its TIN sealed), for it to acknowledge.
	PermW9Manage = "w9.manage"
	// PermContentManage writes and publishes help articles and reads them in every state.
	PermContentManage = "content.manage"
	// PermEventsManage sees events in every state, lists their attendees and checks them in.
	PermEventsManage = "events.manage"
	// PermStoreManage sees every store order and moves its fulfilment.
	PermStoreManage = "store.manage"
)

// StaffPermissions are every permission staff may hold.
var StaffPermissions = []string{PermActAs, PermClientsRead, PermPoliciesReview, PermProvidersManage,
	PermPaymentsRead, PermPaymentsManage, PermPayoutsReview, PermSSOIssue, PermLegalManage, PermAppointmentsReview, PermW9Manage,
	PermContentManage, PermEventsManage, PermStoreManage}

type ctxKey struct{}

// With stores the principal in a context.
func With(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// From is the principal of a context, or nil.
func From(ctx context.Context) *Principal {
	p, _ := ctx.Value(ctxKey{}).(*Principal)
	return p
}
