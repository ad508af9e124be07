package api

import (
	"context"
	"errors"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/store"
)

var _ oas.AuthHandler = (*Handler)(nil)

// dummyHash is checked when the login names nobody, so that an unknown login takes as
// long as a wrong password (no account enumeration by timing).
var dummyHash, _ = auth.HashPassword("not a real password")

const badLogin = "The login or password is not correct"

// Login exchanges an email or associate code and a password for a session token.
//
// The login is resolved first, so that the failures of an account are counted once
// whichever of its email or code is typed (a login that names nobody is counted by its
// text). The attempt is counted before the password is checked, in one step with the
// check of the limits (store.BeginLogin): parallel guesses cannot all pass the check.
// The check itself runs within the hashing budget: when too many run at once, the
// attempt is taken back and answered 429 with Retry-After.
func (h *Handler) Login(ctx context.Context, req *oas.LoginRequest) (*oas.LoginResponse, error) {
	info := httpx.InfoFrom(ctx)
	creds, err := h.Store.FindCredentials(ctx, req.Login)
	known := err == nil
	if err != nil && !errs.Is(err, errs.NotFound) {
		return nil, err
	}
	key, hash := store.LoginKey(req.Login), dummyHash
	if known {
		key, hash = store.AccountKey(creds.UserID), creds.PasswordHash
	}
	attempt, err := h.Store.BeginLogin(ctx, key, info.IP)
	if err != nil {
		return nil, err
	}
	ok, err := h.Hashing.CheckPassword(ctx, hash, req.Password)
	if err != nil && (errors.Is(err, auth.ErrBusy) || errors.Is(err, ctx.Err())) {
		// Not checked (no room, or the client left while it waited): no failure.
		if cerr := h.Store.CancelLogin(context.WithoutCancel(ctx), attempt); cerr != nil {
			return nil, cerr
		}
		return nil, hashingErr(err)
	}
	if err != nil {
		return nil, err
	}
	if !known || !ok {
		return nil, errs.Unauthenticatedf(badLogin)
	}
	if err := h.Store.LoginSucceeded(ctx, attempt); err != nil {
		return nil, err
	}
	if auth.NeedsRehash(hash) {
		h.rehash(ctx, creds.UserID, hash, req.Password)
	}
	return h.startSession(ctx, creds.UserID)
}

// rehash stores the password hashed with today's parameters in place of an older hash,
// within the hashing budget (the login goes on if it cannot: the old hash still works, and
// the next login tries again).
func (h *Handler) rehash(ctx context.Context, userID int64, old, password string) {
	fresh, err := h.Hashing.HashPassword(ctx, password)
	if err == nil {
		err = h.Store.ReplacePasswordHash(ctx, userID, old, fresh)
	}
	if err != nil {
		h.Log.WarnContext(ctx, "login: the password could not be hashed again", "user", userID, "err", err.Error())
	}
}

// startSession opens a session for a user and answers its token and user.
func (h *Handler) startSession(ctx context.Context, userID int64) (*oas.LoginResponse, error) {
	info := httpx.InfoFrom(ctx)
	token, err := h.Store.CreateSession(ctx, userID, info.UserAgent, info.IP)
	if err != nil {
		return nil, err
	}
	p, err := h.Store.Authenticate(ctx, token)
	if err != nil {
		return nil, err
	}
	u, err := h.Store.UserInfo(ctx, p)
	if err != nil {
		return nil, err
	}
	return &oas.LoginResponse{Token: token, User: h.user(u, p)}, nil
}

// busyRetry is the Retry-After of a login the hashing budget had no room for.
const busyRetry = time.Second

// Logout revokes the current session.
func (h *Handler) Logout(ctx context.Context) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	httpx.HintsFrom(ctx).XToken = "" // a dead session hands out no renewed token
	return h.Store.RevokeSession(ctx, p.SessionID)
}

var _ oas.AccessHandler = (*Handler)(nil)

// GetAccess answers the caller's permissions and user.
func (h *Handler) GetAccess(ctx context.Context) (*oas.AccessHeaders, error) {
	p, u, err := h.me(ctx)
	if err != nil {
		return nil, err
	}
	perms := append([]string{}, p.Permissions...)
	if p.IsAssociate() {
		perms = append(perms, "portal.associate")
	}
	if p.IsStaff {
		perms = append(perms, "portal.staff")
	}
	return &oas.AccessHeaders{Response: oas.Access{Permissions: perms, User: h.user(u, p)}}, nil
}

// me is the caller and its user record, as /access and the dashboard show it.
func (h *Handler) me(ctx context.Context) (*auth.Principal, store.UserInfo, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, store.UserInfo{}, err
	}
	u, err := h.Store.UserInfo(ctx, p)
	return p, u, err
}

func (h *Handler) user(u store.UserInfo, p *auth.Principal) oas.User {
	out := oas.User{
		ID: u.ID, Name: u.Name(), Email: u.Email, IsStaff: u.IsStaff,
		FirstName: oas.NewOptString(u.FirstName), LastName: oas.NewOptString(u.LastName),
	}
	if u.Code != "" {
		out.Code = oas.NewOptString(u.Code)
	}
	if u.Level != nil {
		out.IsSeniorLevel = u.Level.IsSenior
		out.Level = oas.NewOptLevel(oas.Level{Code: u.Level.Code, Name: u.Level.Name, Rank: int(u.Level.Rank), IsSeniorLevel: u.Level.IsSenior})
	}
	out.PhotoURL = h.photoURLSize(u.PhotoFileID, photoHeader)
	if p.ActingStaff != "" {
		out.ActingStaff = oas.NewOptString(p.ActingStaff)
	}
	return out
}
