package api

import (
	"context"
	"strings"
	"unicode"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/store"
)

// ImportStatement imports a carrier's commission statement (staff with payments.manage).
func (h *Handler) ImportStatement(ctx context.Context, req *oas.StatementImportInput) (*oas.StatementImportHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(req.FileName)
	// Bodies reach here as valid UTF-8 without NUL (httpx); other control characters do not
	// belong in a file name.
	if name == "" || strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return nil, errs.Validation(errs.Field("file_name", "File name must be printable text"))
	}
	res, err := h.Store.ImportStatement(ctx, p, req.ProviderID, name, req.Csv, h.today())
	if err != nil {
		return nil, err
	}
	return &oas.StatementImportHeaders{Response: oas.StatementImport{ID: res.ID, Rows: res.Rows, ReadyToPay: res.Ready,
		ActionRequired: res.ActionRequired}}, nil
}

var providerPaymentPages pagePool[oas.ProviderPayment]

// ListProviderPayments answers a page of the payments received from providers.
func (h *Handler) ListProviderPayments(ctx context.Context, _ oas.ListProviderPaymentsParams) (*oas.ProviderPaymentListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.ProviderPaymentListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &providerPaymentPages, q,
		func(each func(*store.ProviderPayment)) error { return h.Store.ListProviderPayments(ctx, q, each) },
		providerPaymentOut, store.ProviderPaymentSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.ProviderPaymentListHeaders{Response: oas.ProviderPaymentList{Data: data, NextCursor: next}}, nil
}

// MoveProviderPayment moves a provider payment (staff with payments.manage).
func (h *Handler) MoveProviderPayment(ctx context.Context, req *oas.ProviderPaymentMove, params oas.MoveProviderPaymentParams) (*oas.ProviderPaymentHeaders, error) {
	reason := strings.TrimSpace(req.Reason.Or(""))
	if strings.IndexFunc(reason, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }) >= 0 {
		return nil, errs.Validation(errs.Field("reason", "Reason must be printable text"))
	}
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	pay, err := h.Store.MoveProviderPayment(ctx, p, params.ID, string(req.Status), reason)
	if err != nil {
		return nil, err
	}
	return &oas.ProviderPaymentHeaders{Response: providerPaymentOut(&pay)}, nil
}

// ProcessPayments processes every Ready To Pay provider payment (staff with payments.manage).
func (h *Handler) ProcessPayments(ctx context.Context) (*oas.ProcessResultHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	res, err := h.Store.ProcessPayments(ctx, p)
	if err != nil {
		return nil, err
	}
	return &oas.ProcessResultHeaders{Response: oas.ProcessResult{Payments: res.Payments, EntriesPaid: res.Entries,
		PaidCents: res.PaidCents}}, nil
}

// CreatePayRun runs the pay run of a month (staff with payments.manage).
func (h *Handler) CreatePayRun(ctx context.Context, req *oas.PayRunInput) (*oas.PayRunHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	run, err := h.Store.CreatePayRun(ctx, p, req.Period, h.today())
	if err != nil {
		return nil, err
	}
	return &oas.PayRunHeaders{Response: payRunOut(&run)}, nil
}

var payRunPages pagePool[oas.PayRun]

// ListPayRuns answers a page of pay runs (staff with payments.read).
func (h *Handler) ListPayRuns(ctx context.Context, _ oas.ListPayRunsParams) (*oas.PayRunListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.PayRunListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &payRunPages, q,
		func(each func(*store.PayRun)) error { return h.Store.ListPayRuns(ctx, q, each) },
		payRunOut, store.PayRunSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.PayRunListHeaders{Response: oas.PayRunList{Data: data, NextCursor: next}}, nil
}

var payStatementPages pagePool[oas.PayStatement]

// ListPayStatements answers a page of the pay statements the caller may see.
func (h *Handler) ListPayStatements(ctx context.Context, _ oas.ListPayStatementsParams) (*oas.PayStatementListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.PayStatementListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &payStatementPages, q,
		func(each func(*store.PayStatement)) error { return h.Store.ListPayStatements(ctx, p, q, each) },
		payStatementOut, store.PayStatementSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.PayStatementListHeaders{Response: oas.PayStatementList{Data: data, NextCursor: next}}, nil
}

func providerPaymentOut(r *store.ProviderPayment) oas.ProviderPayment {
	out := oas.ProviderPayment{ID: r.ID, StatementID: r.StatementID, ProviderID: r.ProviderID, ProviderName: r.ProviderName,
		RowNo: r.RowNo, PolicyNumber: r.PolicyNumber, AmountCents: r.AmountCents, PaidOn: r.PaidOn,
		Status: oas.ProviderPaymentStatus(r.Status), NextStatuses: []oas.ProviderPaymentStatus{}}
	if r.PolicyID != nil {
		out.PolicyID = oas.NewOptInt64(*r.PolicyID)
	}
	if r.Reason != nil {
		out.Reason = oas.NewOptString(*r.Reason)
	}
	for _, s := range store.NextPaymentStatuses(r.Status) {
		out.NextStatuses = append(out.NextStatuses, oas.ProviderPaymentStatus(s))
	}
	return out
}

func payRunOut(r *store.PayRun) oas.PayRun {
	return oas.PayRun{ID: r.ID, Period: r.Period, PaidCents: r.PaidCents, Associates: r.Associates, CreatedAt: r.CreatedAt}
}

func payStatementOut(r *store.PayStatement) oas.PayStatement {
	return oas.PayStatement{ID: r.ID, PayRunID: r.PayRunID, Period: r.Period, AssociateCode: r.AssociateCode,
		AssociateName: r.AssociateName, EarningsCents: r.EarningsCents, ChargebacksCents: r.ChargebacksCents,
		NetCents: r.NetCents, PaidCents: r.PaidCents, CarriedCents: r.CarriedCents, Entries: r.Entries}
}
