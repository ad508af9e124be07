package api

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
)

var cashflowPages pagePool[oas.CashflowEntry]

// ListCashflow answers a page of the ledger the caller may see.
func (h *Handler) ListCashflow(ctx context.Context, _ oas.ListCashflowParams) (*oas.CashflowListHeaders, error) {
	return h.listEntries(ctx, store.CashflowListing, false)
}

// ListChargebacks answers a page of the caller's chargebacks.
func (h *Handler) ListChargebacks(ctx context.Context, _ oas.ListChargebacksParams) (*oas.CashflowListHeaders, error) {
	return h.listEntries(ctx, store.ChargebackListing, true)
}

func (h *Handler) listEntries(ctx context.Context, spec *listing.Spec, chargebacks bool) (*oas.CashflowListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, spec)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &cashflowPages, q,
		func(each func(*store.CashflowRow)) error { return h.Store.ListCashflow(ctx, p, q, chargebacks, each) },
		cashflowRowOut, store.CashflowSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.CashflowListHeaders{Response: oas.CashflowList{Data: data, NextCursor: next}}, nil
}

// DownloadCashflow checks the filters now and answers a signed URL to the whole list.
func (h *Handler) DownloadCashflow(ctx context.Context, params oas.DownloadCashflowParams) (*oas.DownloadHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.CashflowListing)
	if err != nil {
		return nil, err
	}
	if _, _, err := store.CashflowExportSQL(p, q); err != nil {
		return nil, err
	}
	url, err := h.exportURL(ctx, p, oas.DownloadCashflowOperation, "", string(params.Format.Or(oas.DownloadFormatCsv)))
	if err != nil {
		return nil, err
	}
	return &oas.DownloadHeaders{Response: oas.Download{URL: url}}, nil
}

// GetCashflowEntry answers one entry with its explanation.
func (h *Handler) GetCashflowEntry(ctx context.Context, params oas.GetCashflowEntryParams) (*oas.CashflowEntryDetailHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	d, err := h.Store.CashflowEntry(ctx, p, params.ID)
	if err != nil {
		return nil, err
	}
	out := oas.CashflowEntryDetail{Entry: cashflowRowOut(&d.Row), Explanation: d.Text, LineEntries: []oas.CashflowEntry{}}
	for i := range d.LineEntries {
		out.LineEntries = append(out.LineEntries, cashflowRowOut(&d.LineEntries[i]))
	}
	if l := d.Why.Line; l != nil {
		out.Line = oas.NewOptEntryLine(oas.EntryLine{Rule: string(l.Rule), Level: l.Level, EarnerRateBp: int(l.EarnerRateBP),
			BelowRateBp: optInt(int(l.BelowRateBP)), RateBp: int(l.RateBP), Generation: optInt(l.Generation),
			BaseCents: l.BaseCents, CommissionableCents: l.CommissionableCents, ShareBp: int(l.ShareBP),
			EarningCents: l.AmountCents, Chain: append([]string{}, l.Chain...), Leader: opt(l.Leader), Inactive: opt(l.Inactive)})
	}
	if pol := d.Why.Policy; pol != nil {
		out.Policy = oas.NewOptEntryPolicy(oas.EntryPolicy{ID: pol.ID, PolicyNumber: pol.Number, ProviderName: pol.Provider,
			ProductName: pol.Product, SubmittedOn: pol.SubmittedOn, ApprovedOn: pol.ApprovedOn, LapsedOn: optDate(d.LapsedOn)})
	}
	if d.Why.LapsedOn != nil {
		out.LapseMonth = oas.NewOptInt(d.Why.Month)
	}
	return &oas.CashflowEntryDetailHeaders{Response: out}, nil
}

// GetPaymentsDashboard answers the caller's (or, for staff, a named associate's) dashboard.
func (h *Handler) GetPaymentsDashboard(ctx context.Context, params oas.GetPaymentsDashboardParams) (*oas.PaymentsDashboardHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	id, err := h.Store.PaymentsAssociate(ctx, p, params.AssociateCode.Or(""))
	if err != nil {
		return nil, err
	}
	from, to, err := h.period(params.PeriodStart, params.PeriodEnd)
	if err != nil {
		return nil, err
	}
	d, err := h.Store.GetPaymentsDashboard(ctx, id, from, to, h.today())
	if err != nil {
		return nil, err
	}
	out := oas.PaymentsDashboard{AssociateCode: d.AssociateCode, AssociateName: d.AssociateName, PeriodStart: from, PeriodEnd: to,
		ChargebacksCents: d.ChargebacksCents, Balances: oas.PaymentsBalances{PendingCents: d.PendingCents,
			EscrowCents: d.EscrowCents, PaidCents: d.PaidCents, ChargebackDebtCents: d.DebtCents},
		Exposure: oas.ChargebackExposure{AmountCents: d.Exposure.Cents, FromEscrowCents: d.Exposure.FromEscrowCents,
			DebitCents: d.Exposure.DebitCents, Policies: d.Exposure.Policies},
		Earnings: []oas.CategoryAmount{}, EscrowCalendar: []oas.EscrowRelease{}, Months: []oas.MonthAmount{}}
	for _, c := range []comp.Category{comp.CategoryPersonal, comp.CategoryOverride, comp.CategoryGeneration, comp.CategoryBonus} {
		out.Earnings = append(out.Earnings, oas.CategoryAmount{Category: oas.EarningCategory(c), AmountCents: d.Earnings[c]})
		out.EarningsCents += d.Earnings[c]
	}
	for _, m := range d.Calendar {
		out.EscrowCalendar = append(out.EscrowCalendar, oas.EscrowRelease{Month: m.Month, AmountCents: m.Cents, Lines: m.Lines})
	}
	for _, m := range d.Months {
		out.Months = append(out.Months, oas.MonthAmount{Month: m.Month, CompensationCents: m.CompensationCents, ChargebackCents: m.ChargebackCents})
	}
	return &oas.PaymentsDashboardHeaders{Response: out}, nil
}

func cashflowRowOut(r *store.CashflowRow) oas.CashflowEntry {
	out := oas.CashflowEntry{ID: r.ID, AssociateCode: r.AssociateCode, AssociateName: r.AssociateName,
		Category: oas.EarningCategory(r.Category), BonusType: oas.BonusType(r.BonusType), Status: oas.EntryStatus(r.Status),
		Direction: oas.EntryDirection(r.Direction), Kind: oas.EntryKind(r.Kind), AmountCents: r.AmountCents,
		EarningCents: r.EarningCents, Period: r.Period, OccurredOn: r.OccurredOn, Settled: r.Settled}
	if r.PolicyID != nil {
		out.PolicyID = oas.NewOptInt64(*r.PolicyID)
	}
	if r.PolicyNumber != nil {
		out.PolicyNumber = oas.NewOptString(*r.PolicyNumber)
	}
	return out
}

// optInt is an optional integer, absent when 0.
func optInt(v int) oas.OptInt {
	if v == 0 {
		return oas.OptInt{}
	}
	return oas.NewOptInt(v)
}
