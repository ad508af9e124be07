package api

import (
	"context"
	"strconv"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/payout"
	"github.com/associateportal/portal/server/store"
)

var _ oas.PayoutsHandler = (*Handler)(nil)

// payoutOut is an account as the API answers it; staff (review) also see who entered it,
// whether they may approve it, and a link to its supporting document.
func (h *Handler) payoutOut(a store.PayoutAccount, review *auth.Principal) oas.PayoutAccount {
	out := oas.PayoutAccount{
		ID: a.ID, BankName: a.BankName, Country: oas.Country(a.Country), RoutingNumber: a.RoutingNumber,
		AccountLast4: a.Last4, AccountType: oas.BankAccountType(a.AccountType), Holder: oas.AccountHolder(a.Holder),
		HolderName: opt(a.HolderName), OwnerEmail: opt(a.OwnerEmail), Status: oas.PayoutStatus(a.Status), Active: a.Active,
		Note: opt(a.Note), CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
		DocumentURL: oas.NewOptString(h.Signer.URL("GET", a.DocumentFileID, 15*time.Minute)),
	}
	if a.RejectionReason != "" {
		out.RejectionReason = oas.NewOptRejectionReason(oas.RejectionReason(a.RejectionReason))
	}
	if review != nil {
		out.Associate = oas.NewOptPersonRef(oas.PersonRef{Code: a.AssociateCode, Name: a.AssociateName})
		out.EnteredBy = opt(a.EnteredByName)
		out.CanApprove = oas.NewOptBool(a.Status == payout.PendingForAdmin && a.EnteredBy != review.UserID)
	}
	return out
}

// payoutMail makes the mail of payout changes: to the associate on every change, and to
// the owner of an Authorized account with its approval link.
func (h *Handler) payoutMail() store.PayoutMail {
	return store.PayoutMail{
		Change: func(a store.PayoutAccount) mail.Message {
			name := a.AssociateName
			return mail.Message{
				ID: "payout." + strconv.FormatInt(a.ID, 10) + "." + strconv.FormatInt(a.UpdatedAt.UnixMicro(), 10),
				To: mail.Address{Name: name, Address: a.AssociateEmail},
				Content: mail.PayoutChange{Name: name, Bank: a.BankName, Last4: a.Last4, Status: a.Status,
					Reason: a.RejectionReason, Note: a.Note, Link: h.link("account/payout-informations/" + strconv.FormatInt(a.ID, 10))},
			}
		},
		Owner: func(a store.PayoutAccount, token string) mail.Message {
			return mail.Message{ID: tokenID("payout-owner", token), To: mail.Address{Name: a.HolderName, Address: a.OwnerEmail},
				Content: mail.PayoutOwner{OwnerName: a.HolderName, AssociateName: a.AssociateName, Bank: a.BankName, Last4: a.Last4,
					Link: h.link("payout-owner/" + token), ValidFor: store.OwnerLinkValid}}
		},
	}
}

// ListPayoutAccounts answers the caller's accounts.
func (h *Handler) ListPayoutAccounts(ctx context.Context) (*oas.PayoutAccountListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	as, err := h.Store.PayoutAccounts(ctx, p.AssociateID)
	if err != nil {
		return nil, err
	}
	out := oas.PayoutAccountList{Data: make([]oas.PayoutAccount, len(as))}
	for i, a := range as {
		out.Data[i] = h.payoutOut(a, nil)
	}
	return &oas.PayoutAccountListHeaders{Response: out}, nil
}

// GetPayoutAccount answers one of the caller's accounts.
func (h *Handler) GetPayoutAccount(ctx context.Context, params oas.GetPayoutAccountParams) (*oas.PayoutAccountHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	a, err := h.Store.PayoutAccountOf(ctx, p.AssociateID, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.PayoutAccountHeaders{Response: h.payoutOut(a, nil)}, nil
}

// GetPayoutDocumentSignedURL reserves an upload for a supporting document.
func (h *Handler) GetPayoutDocumentSignedURL(ctx context.Context) (*oas.SignedURLHeaders, error) {
	return h.uploadURL(ctx, "document")
}

func (h *Handler) savePayout(ctx context.Context, id int64, req *oas.PayoutAccountInput) (store.PayoutAccount, error) {
	p, err := associate(ctx)
	if err != nil {
		return store.PayoutAccount{}, err
	}
	pr, err := h.Store.AccountProfile(ctx, p)
	if err != nil {
		return store.PayoutAccount{}, err
	}
	in := payout.Input{Country: pr.Country, BankName: req.BankName, RoutingNumber: req.RoutingNumber,
		AccountNumber: req.AccountNumber, AccountType: string(req.AccountType), Holder: string(req.Holder),
		HolderName: req.HolderName.Or(""), OwnerEmail: req.OwnerEmail.Or(""), DocumentID: req.Document.Or("")}
	if err := in.Check(client.ValidEmail, id == 0); err != nil {
		return store.PayoutAccount{}, err
	}
	return h.Store.SavePayoutAccount(ctx, p, h.Keys, id, in, h.payoutMail())
}

// CreatePayoutAccount adds an account and sends it to staff.
func (h *Handler) CreatePayoutAccount(ctx context.Context, req *oas.PayoutAccountInput) (*oas.PayoutAccountHeaders, error) {
	a, err := h.savePayout(ctx, 0, req)
	if err != nil {
		return nil, err
	}
	return &oas.PayoutAccountHeaders{Response: h.payoutOut(a, nil)}, nil
}

// UpdatePayoutAccount changes an account and sends it to staff again.
func (h *Handler) UpdatePayoutAccount(ctx context.Context, req *oas.PayoutAccountInput, params oas.UpdatePayoutAccountParams) (*oas.PayoutAccountHeaders, error) {
	a, err := h.savePayout(ctx, params.ID, req)
	if err != nil {
		return nil, err
	}
	return &oas.PayoutAccountHeaders{Response: h.payoutOut(a, nil)}, nil
}

var payoutReviewPages pagePool[oas.PayoutAccount]

// ListPayoutReviews answers a page of payout accounts for staff.
func (h *Handler) ListPayoutReviews(ctx context.Context, _ oas.ListPayoutReviewsParams) (*oas.PayoutReviewPageHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.PayoutReviewListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &payoutReviewPages, q,
		func(each func(*store.PayoutAccount)) error { return h.Store.ListPayoutReviews(ctx, q, each) },
		func(a *store.PayoutAccount) oas.PayoutAccount { return h.payoutOut(*a, p) }, store.PayoutReviewSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.PayoutReviewPageHeaders{Response: oas.PayoutReviewPage{Data: data, NextCursor: next}}, nil
}

// GetPayoutReview answers one account for staff.
func (h *Handler) GetPayoutReview(ctx context.Context, params oas.GetPayoutReviewParams) (*oas.PayoutAccountHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	a, err := h.Store.PayoutReview(ctx, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.PayoutAccountHeaders{Response: h.payoutOut(a, p)}, nil
}

// DecidePayoutAccount applies staff's decision.
func (h *Handler) DecidePayoutAccount(ctx context.Context, req *oas.PayoutDecision, params oas.DecidePayoutAccountParams) (*oas.PayoutAccountHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	d := payout.Decision{Decision: string(req.Decision), Reason: string(req.Reason.Or("")), Note: req.Note.Or("")}
	a, err := h.Store.DecidePayoutAccount(ctx, p, params.ID, d, h.payoutMail())
	if err != nil {
		return nil, err
	}
	return &oas.PayoutAccountHeaders{Response: h.payoutOut(a, p)}, nil
}

// GetPayoutOwnerRequest answers what an owner's link asks about.
func (h *Handler) GetPayoutOwnerRequest(ctx context.Context, params oas.GetPayoutOwnerRequestParams) (*oas.PayoutOwnerRequest, error) {
	if err := h.throttle(ctx, "owner", params.Token); err != nil {
		return nil, err
	}
	a, err := h.Store.PayoutOwnerRequest(ctx, params.Token)
	if err != nil {
		return nil, err
	}
	return &oas.PayoutOwnerRequest{AssociateName: a.AssociateName, HolderName: opt(a.HolderName), BankName: a.BankName,
		AccountLast4: a.Last4, AccountType: oas.BankAccountType(a.AccountType)}, nil
}

// AnswerPayoutOwnerRequest takes the owner's answer.
func (h *Handler) AnswerPayoutOwnerRequest(ctx context.Context, req *oas.PayoutOwnerAnswer, params oas.AnswerPayoutOwnerRequestParams) (*oas.Notice, error) {
	if err := h.throttle(ctx, "owner", params.Token); err != nil {
		return nil, err
	}
	if _, err := h.Store.AnswerPayoutOwner(ctx, params.Token, req.Approve, h.payoutMail()); err != nil {
		return nil, err
	}
	if req.Approve {
		return &oas.Notice{Message: "Thank you: the account is approved for commission deposits."}, nil
	}
	return &oas.Notice{Message: "Thank you: the account will not be used."}, nil
}
