package api

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/account"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/store"
)

var _ oas.VisitorsHandler = (*Handler)(nil)

// link is an absolute URL of a page of the web app, for mail.
func (h *Handler) link(path string) string {
	return strings.TrimRight(h.PublicURL, "/") + "/" + path
}

// throttle counts a request of a public action for an account (an address or a token)
// and the caller's address (store.Throttle).
func (h *Handler) throttle(ctx context.Context, action, account string) error {
	return h.Store.Throttle(ctx, action, account, httpx.InfoFrom(ctx).IP)
}

// forgotNotice is the one answer to a reset request, whatever the address.
const forgotNotice = "If an account uses that email, we have sent it a link to reset the password. The link works for one hour."

// RequestPasswordReset mails a reset link when the address has an account, and answers
// the same either way.
func (h *Handler) RequestPasswordReset(ctx context.Context, req *oas.ForgotPasswordRequest) (*oas.Notice, error) {
	var f errs.Fields
	email := account.NormalizeEmail(&f, "email", req.Email)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if err := h.throttle(ctx, "forgot", email); err != nil {
		return nil, err
	}
	err := h.Store.RequestPasswordReset(ctx, email, func(token, name, addr string) mail.Message {
		return mail.Message{ID: tokenID("password-reset", token), To: mail.Address{Name: name, Address: addr},
			Content: mail.PasswordReset{Name: name, Link: h.link("reset-password/" + token), ValidFor: store.ResetValid}}
	})
	if err != nil {
		return nil, err
	}
	return &oas.Notice{Message: forgotNotice}, nil
}

// ResetPassword sets a new password with the token of a reset link.
func (h *Handler) ResetPassword(ctx context.Context, req *oas.ResetPasswordRequest) error {
	if err := h.throttle(ctx, "reset", req.Token); err != nil {
		return err
	}
	return h.Store.ResetPassword(ctx, req.Token, func(o store.PasswordOwner) (string, error) {
		var f errs.Fields
		if account.CheckPassword(&f, "password", req.Password, o.Words); f.Err() != nil {
			return "", f.Err()
		}
		return h.hashPassword(ctx, req.Password)
	})
}

// GetRegistrationUpline answers who a registration link's upline is.
func (h *Handler) GetRegistrationUpline(ctx context.Context, params oas.GetRegistrationUplineParams) (*oas.RegistrationUpline, error) {
	u, err := h.Store.RegistrationUpline(ctx, params.Code)
	if err != nil {
		return nil, err
	}
	return &oas.RegistrationUpline{Code: u.Code, Name: u.Name(), PhotoURL: h.photoURLSize(u.PhotoFileID, photoList),
		Country: oas.Country(u.Country), Level: opt(u.Level)}, nil
}

// GetMembershipAgreement answers the agreement in force for a country and plan.
func (h *Handler) GetMembershipAgreement(ctx context.Context, params oas.GetMembershipAgreementParams) (*oas.MembershipAgreement, error) {
	a, err := h.Store.MembershipAgreement(ctx, string(params.Country), string(params.Plan))
	if err != nil {
		return nil, err
	}
	return &oas.MembershipAgreement{Country: oas.Country(a.Country), Plan: oas.AssociateKind(a.Plan), Title: a.Title,
		Body: a.Body, Version: a.Version, PublishedOn: a.PublishedOn}, nil
}

// registeredNotice is the one answer to a registration, whether or not the address was
// registered already.
const registeredNotice = "Thank you. We have sent a message to your email: follow it to log in."

// Register adds an associate under an upline, or mails the address when it is already
// registered; the visitor's answer is the same.
func (h *Handler) Register(ctx context.Context, req *oas.RegistrationInput) (*oas.Notice, error) {
	info := httpx.InfoFrom(ctx)
	r := store.Registration{
		UplineCode: req.UplineCode, Kind: string(req.Kind),
		FirstName: strings.TrimSpace(req.FirstName), LastName: strings.TrimSpace(req.LastName),
		Phone: client.NormalizePhone(strings.TrimSpace(req.Phone)), Country: string(req.Country), State: string(req.State),
		AgreementVersion: req.AgreementVersion, IP: info.IP, UserAgent: info.UserAgent, JoinedOn: h.now(),
	}
	var f errs.Fields
	if r.FirstName == "" {
		f.Add("first_name", "First name is required")
	}
	if r.LastName == "" {
		f.Add("last_name", "Last name is required")
	}
	r.Email = account.NormalizeEmail(&f, "email", req.Email)
	if r.Phone == "" {
		f.Add("phone", "Phone is required")
	}
	client.CheckPhone(&f, "phone", "Phone", r.Phone)
	client.CheckPlace(&f, r.Country, r.State, "")
	if r.AgreementVersion == "" {
		f.Add("agreement_version", "Accept the membership agreement to register")
	}
	account.CheckPassword(&f, "password", req.Password, account.OwnWords(r.Email, "", r.FirstName, r.LastName))
	if err := f.Err(); err != nil {
		return nil, err
	}
	if err := h.throttle(ctx, "register", r.Email); err != nil {
		return nil, err
	}
	hash, err := h.hashPassword(ctx, req.Password)
	if err != nil {
		return nil, err
	}
	r.PasswordHash = hash
	err = h.Store.Register(ctx, r, func(registered bool, name, code, addr string) mail.Message {
		to := mail.Address{Name: name, Address: addr}
		if registered {
			return mail.Message{ID: "welcome." + code, To: to, Content: mail.Welcome{Name: name, Code: code, LoginLink: h.link("login")}}
		}
		return mail.Message{ID: "register-attempt." + randomID(), To: to,
			Content: mail.RegisterAttempt{Name: name, LoginLink: h.link("login"), ResetLink: h.link("forgot-password")}}
	})
	if err != nil {
		return nil, err
	}
	return &oas.Notice{Message: registeredNotice}, nil
}

func randomID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// SSO tokens: the user id, the expiry and a nonce, signed with a key of their own. A
// token is single use (its nonce is recorded when exchanged) and valid SSOValid.
const SSOValid = 60 * time.Second

const ssoPayload = 8 + 8 + 16 // user id, expiry (unix seconds), nonce

func (h *Handler) ssoSign(payload []byte) []byte {
	m := hmac.New(sha256.New, h.SSOKey)
	m.Write(payload)
	return m.Sum(nil)
}

func (h *Handler) newSSOToken(userID int64, expires time.Time) string {
	b := make([]byte, ssoPayload)
	binary.BigEndian.PutUint64(b, uint64(userID))
	binary.BigEndian.PutUint64(b[8:], uint64(expires.Unix()))
	_, _ = rand.Read(b[16:])
	return base64.RawURLEncoding.EncodeToString(append(b, h.ssoSign(b)...))
}

// readSSOToken checks a token's signature and expiry; it answers the user and nonce.
func (h *Handler) readSSOToken(token string) (userID int64, nonce []byte, err error) {
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) != ssoPayload+sha256.Size || !hmac.Equal(b[ssoPayload:], h.ssoSign(b[:ssoPayload])) {
		return 0, nil, errs.LinkInvalid("This sign-in link is not valid")
	}
	userID = int64(binary.BigEndian.Uint64(b))
	if time.Unix(int64(binary.BigEndian.Uint64(b[8:])), 0).Before(h.now()) {
		return userID, nil, errs.LinkInvalid("This sign-in link has expired; ask for a new one")
	}
	return userID, b[16:ssoPayload], nil
}

// IssueSSOToken issues a token that logs in as an associate (staff tools); audited.
func (h *Handler) IssueSSOToken(ctx context.Context, req *oas.SSOIssueRequest) (*oas.SSOTokenHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	userID, err := h.Store.SSOTarget(ctx, p, req.Code, httpx.InfoFrom(ctx).IP)
	if err != nil {
		return nil, err
	}
	expires := h.now().Add(SSOValid)
	token := h.newSSOToken(userID, expires)
	return &oas.SSOTokenHeaders{Response: oas.SSOToken{Token: token, URL: h.link("login/sso/" + token), ExpiresAt: expires.UTC()}}, nil
}

// ExchangeSSOToken trades a valid, unused token for a session of its user.
func (h *Handler) ExchangeSSOToken(ctx context.Context, req *oas.TokenInput) (*oas.LoginResponse, error) {
	userID, nonce, err := h.readSSOToken(req.Token)
	// Counted per user when the token is signed (a user's tokens cannot be burnt through
	// from many addresses), and per address always.
	who := ""
	if userID != 0 {
		who = strconv.FormatInt(userID, 10)
	}
	if terr := h.throttle(ctx, "sso", who); terr != nil {
		return nil, terr
	}
	if err != nil {
		return nil, err
	}
	if err := h.Store.UseSSONonce(ctx, nonce, 2*SSOValid); err != nil {
		return nil, err
	}
	return h.startSession(ctx, userID)
}
