package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/account"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/store"
)

var _ oas.AccountHandler = (*Handler)(nil)

// GetAccount answers the caller's own record (the associate staff act for, in admin mode).
func (h *Handler) GetAccount(ctx context.Context) (*oas.AccountProfileHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	return h.profileNow(ctx, p)
}

// profileNow answers the account as it stands.
func (h *Handler) profileNow(ctx context.Context, p *auth.Principal) (*oas.AccountProfileHeaders, error) {
	pr, err := h.Store.AccountProfile(ctx, p)
	if err != nil {
		return nil, err
	}
	return &oas.AccountProfileHeaders{Response: h.profileOut(pr)}, nil
}

func (h *Handler) profileOut(pr store.Profile) oas.AccountProfile {
	out := oas.AccountProfile{
		Code: pr.Code, FirstName: pr.FirstName, LastName: pr.LastName, DateOfBirth: optDate(pr.DateOfBirth),
		Email: pr.Email, PendingEmail: opt(pr.PendingEmail), Phone: opt(pr.Phone), AltPhone: opt(pr.AltPhone),
		Address: oas.AccountAddress{Line1: opt(pr.Line1), Line2: opt(pr.Line2), City: opt(pr.City), PostalCode: opt(pr.PostalCode)},
		Spouse: oas.AccountSpouse{Name: opt(pr.SpouseName), Email: opt(pr.SpouseEmail), Phone: opt(pr.SpousePhone),
			DateOfBirth: optDate(pr.SpouseDateOfBirth)},
		PhotoURL: h.photoURL(pr.PhotoFileID), Level: level(pr.Level),
		Status: oas.AssociateStatus(pr.Status), Kind: oas.AssociateKind(pr.Kind), Country: oas.Country(pr.Country),
		JoinedOn: pr.JoinedOn,
	}
	if pr.Gender != "" {
		out.Gender = oas.NewOptGender(oas.Gender(pr.Gender))
	}
	if pr.MaritalStatus != "" {
		out.MaritalStatus = oas.NewOptMaritalStatus(oas.MaritalStatus(pr.MaritalStatus))
	}
	if pr.ShirtSize != "" {
		out.ShirtSize = oas.NewOptShirtSize(oas.ShirtSize(pr.ShirtSize))
	}
	if pr.State != "" {
		out.Address.State = oas.NewOptStateCode(oas.StateCode(pr.State))
	}
	if pr.UplineCode != "" {
		out.Upline = oas.NewOptPersonRef(oas.PersonRef{Code: pr.UplineCode, Name: pr.UplineName})
	}
	return out
}

// updateAccount saves one checked section and answers the account as it now stands.
func (h *Handler) updateAccount(ctx context.Context, sec account.Section, check func(p *auth.Principal) error) (*oas.AccountProfileHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if err := check(p); err != nil {
		return nil, err
	}
	pr, err := h.Store.UpdateAccount(ctx, p, sec)
	if err != nil {
		return nil, err
	}
	return &oas.AccountProfileHeaders{Response: h.profileOut(pr)}, nil
}

func optDatePtr(d oas.OptDate) *time.Time {
	if !d.Set {
		return nil
	}
	return &d.Value
}

// UpdateAccountBasicInformation replaces the names, birth date, gender, marital status and shirt size.
func (h *Handler) UpdateAccountBasicInformation(ctx context.Context, req *oas.AccountBasicInput) (*oas.AccountProfileHeaders, error) {
	b := &account.Basic{FirstName: req.FirstName, LastName: req.LastName, DateOfBirth: optDatePtr(req.DateOfBirth),
		Gender: string(req.Gender.Or("")), MaritalStatus: string(req.MaritalStatus.Or("")), ShirtSize: string(req.ShirtSize.Or(""))}
	return h.updateAccount(ctx, b, func(*auth.Principal) error { return b.Check(h.now()) })
}

// UpdateAccountAddress replaces the address, within the associate's country.
func (h *Handler) UpdateAccountAddress(ctx context.Context, req *oas.AccountAddressInput) (*oas.AccountProfileHeaders, error) {
	a := &account.Address{Line1: req.Line1, Line2: req.Line2.Or(""), City: req.City, State: string(req.State), PostalCode: req.PostalCode}
	return h.updateAccount(ctx, a, func(p *auth.Principal) error {
		pr, err := h.Store.AccountProfile(ctx, p)
		if err != nil {
			return err
		}
		return a.Check(pr.Country)
	})
}

// UpdateAccountPhone replaces the phone.
func (h *Handler) UpdateAccountPhone(ctx context.Context, req *oas.PhoneInput) (*oas.AccountProfileHeaders, error) {
	ph := &account.Phone{Field: "phone", Phone: req.Phone}
	return h.updateAccount(ctx, ph, func(*auth.Principal) error { return ph.Check() })
}

// UpdateAccountAltPhone replaces or removes the alternative phone.
func (h *Handler) UpdateAccountAltPhone(ctx context.Context, req *oas.AltPhoneInput) (*oas.AccountProfileHeaders, error) {
	ph := &account.Phone{Field: "alt_phone", Phone: req.Phone.Or("")}
	return h.updateAccount(ctx, ph, func(*auth.Principal) error { return ph.Check() })
}

// UpdateAccountSpouse replaces or removes the spouse's details.
func (h *Handler) UpdateAccountSpouse(ctx context.Context, req *oas.SpouseInput) (*oas.AccountProfileHeaders, error) {
	s := &account.Spouse{Name: req.Name.Or(""), Email: req.Email.Or(""), Phone: req.Phone.Or(""), DateOfBirth: optDatePtr(req.DateOfBirth)}
	return h.updateAccount(ctx, s, func(*auth.Principal) error { return s.Check(h.now()) })
}

// tokenID names the mail of a token: stable for one token, telling nothing of it.
func tokenID(kind, token string) string {
	sum := sha256.Sum256([]byte(token))
	return kind + "." + hex.EncodeToString(sum[:8])
}

// RequestEmailChange mails a confirmation link to the new address and tells the old one.
func (h *Handler) RequestEmailChange(ctx context.Context, req *oas.EmailChangeInput) (*oas.NoticeHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	var f errs.Fields
	email := account.NormalizeEmail(&f, "email", req.Email)
	if err := f.Err(); err != nil {
		return nil, err
	}
	err = h.Store.RequestEmailChange(ctx, p, email, func(token, name, oldEmail, newEmail string) []mail.Message {
		return []mail.Message{
			{ID: tokenID("email-change", token), To: mail.Address{Name: name, Address: newEmail},
				Content: mail.EmailChangeConfirm{Name: name, NewAddress: newEmail, Link: h.link("account/email/confirm/" + token),
					ValidFor: store.EmailChangeValid}},
			{ID: tokenID("email-change-notice", token), To: mail.Address{Name: name, Address: oldEmail},
				Content: mail.EmailChangeNotice{Name: name, NewAddress: maskEmail(newEmail), HelpLink: h.link("forgot-password")}},
		}
	})
	if err != nil {
		return nil, err
	}
	return &oas.NoticeHeaders{Response: oas.Notice{
		Message: "We sent a confirmation link to " + email + ". Your email changes when you follow it.",
	}}, nil
}

// maskEmail shows enough of an address for its owner to recognise it: a***@example.com.
func maskEmail(e string) string {
	for i := 0; i < len(e); i++ {
		if e[i] == '@' {
			if i <= 1 {
				return e[:i] + "***" + e[i:]
			}
			return e[:1] + "***" + e[i:]
		}
	}
	return e
}

// ConfirmEmailChange takes the token of the link mailed to the new address.
func (h *Handler) ConfirmEmailChange(ctx context.Context, req *oas.TokenInput) (*oas.Notice, error) {
	if err := h.throttle(ctx, "confirm", req.Token); err != nil {
		return nil, err
	}
	var changed string
	err := h.Store.ConfirmEmailChange(ctx, req.Token, func(name, oldEmail, newEmail string) mail.Message {
		changed = newEmail
		return mail.Message{ID: tokenID("email-changed", req.Token), To: mail.Address{Name: name, Address: oldEmail},
			Content: mail.EmailChangeNotice{Name: name, NewAddress: maskEmail(newEmail), Confirmed: true, HelpLink: h.link("forgot-password")}}
	})
	if err != nil {
		return nil, err
	}
	return &oas.Notice{Message: "Your email is now " + changed + "."}, nil
}

var changeLogPages pagePool[oas.AccountChangeLog]

// ListAccountChangeLogs answers a page of the change log of the caller's own records.
func (h *Handler) ListAccountChangeLogs(ctx context.Context, _ oas.ListAccountChangeLogsParams) (*oas.AccountChangeLogPageHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.AccountChangeLogListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &changeLogPages, q,
		func(each func(*store.AccountChangeLog)) error {
			return h.Store.ListAccountChangeLogs(ctx, p.AssociateID, q, each)
		},
		changeLogOut, store.AccountChangeLogSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.AccountChangeLogPageHeaders{Response: oas.AccountChangeLogPage{Data: data, NextCursor: next}}, nil
}

func changeLogOut(r *store.AccountChangeLog) oas.AccountChangeLog {
	return oas.AccountChangeLog{ID: r.ID, Entity: oas.ChangeLogEntity(r.Entity), EntityID: oas.NewOptInt64(r.EntityID),
		Action: oas.AccountChangeLogAction(r.Action), Field: opt(r.Field), OldValue: opt(r.Old), NewValue: opt(r.New),
		At: r.CreatedAt, Actor: r.Actor, Staff: opt(r.Staff)}
}

// ListLoginSessions answers the caller's live sessions.
func (h *Handler) ListLoginSessions(ctx context.Context) (*oas.LoginSessionListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	ss, err := h.Store.LoginSessions(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	out := oas.LoginSessionList{Data: make([]oas.LoginSession, 0, len(ss))}
	for _, s := range ss {
		ls := oas.LoginSession{ID: s.ID, Device: account.Device(s.UserAgent), UserAgent: opt(s.UserAgent),
			CreatedAt: s.CreatedAt, LastSeenAt: s.LastSeen, Current: s.ID == p.SessionID}
		if s.IP.IsValid() {
			ls.IP = oas.NewOptString(s.IP.String())
		}
		if ls.Current {
			out.Data = append([]oas.LoginSession{ls}, out.Data...)
		} else {
			out.Data = append(out.Data, ls)
		}
	}
	return &oas.LoginSessionListHeaders{Response: out}, nil
}

// RevokeLoginSession ends one of the caller's sessions.
func (h *Handler) RevokeLoginSession(ctx context.Context, params oas.RevokeLoginSessionParams) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if err := h.Store.RevokeLoginSession(ctx, p.UserID, params.ID); err != nil {
		return err
	}
	if params.ID == p.SessionID {
		httpx.HintsFrom(ctx).XToken = ""
	}
	return nil
}

// RevokeOtherSessions ends every session of the caller but this one.
func (h *Handler) RevokeOtherSessions(ctx context.Context) (*oas.RevokedSessionsHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	n, err := h.Store.RevokeOtherSessions(ctx, p.UserID, p.SessionID)
	if err != nil {
		return nil, err
	}
	return &oas.RevokedSessionsHeaders{Response: oas.RevokedSessions{Revoked: n}}, nil
}

// ChangePassword checks the current password (within the hashing budget, counted like a
// login so that it cannot be used to guess), the new one against the policy, and ends the
// caller's other sessions.
func (h *Handler) ChangePassword(ctx context.Context, req *oas.PasswordChange) (*oas.ChangePasswordNoContent, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	attempt, err := h.Store.BeginLogin(ctx, store.AccountKey(p.UserID), httpx.InfoFrom(ctx).IP)
	if err != nil {
		return nil, err
	}
	checked, right := false, false
	err = h.Store.ChangePassword(ctx, p, func(o store.PasswordOwner) (string, error) {
		ok, err := h.Hashing.CheckPassword(ctx, o.Hash, req.CurrentPassword)
		if err != nil {
			return "", hashingErr(err)
		}
		checked, right = true, ok
		if !ok {
			return "", errs.Validation(errs.Field("current_password", "The current password is not correct"))
		}
		var f errs.Fields
		if account.CheckPassword(&f, "new_password", req.NewPassword, o.Words); f.Err() != nil {
			return "", f.Err()
		}
		return h.hashPassword(ctx, req.NewPassword)
	})
	// A wrong current password stays counted as a failed login; a right one, or one never
	// checked (no room to check it), is taken back.
	bg := context.WithoutCancel(ctx)
	switch {
	case checked && right:
		if cerr := h.Store.LoginSucceeded(bg, attempt); cerr != nil && err == nil {
			err = cerr
		}
	case !checked:
		if cerr := h.Store.CancelLogin(bg, attempt); cerr != nil && err == nil {
			err = cerr
		}
	}
	if err != nil {
		return nil, err
	}
	return &oas.ChangePasswordNoContent{}, nil
}

// hashingErr is the answer to a password check or hash that did not run: no room in the
// hashing budget (429, try again in a second) or the client gone.
func hashingErr(err error) error {
	switch {
	case errors.Is(err, auth.ErrBusy):
		return errs.Later(errs.Wrap(errs.TooMany, err, "Too many people are logging in at this moment. Try again in a few seconds."),
			errs.CodeLoginBusy, busyRetry)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return errs.Wrap(errs.Unavailable, err, "The request was cancelled")
	}
	return err
}

// hashPassword hashes a new password within the hashing budget.
func (h *Handler) hashPassword(ctx context.Context, password string) (string, error) {
	hash, err := h.Hashing.HashPassword(ctx, password)
	return hash, hashingErr(err)
}
