package api

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
)

// WORK IN PROGRESS: the payments handlers land in the next commits.
var errPaymentsPending = errs.E(errs.Unavailable, "Payments are not available yet")

func (h *Handler) CreatePayRun(ctx context.Context, req *oas.PayRunInput) (*oas.PayRunHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) DownloadCashflow(ctx context.Context, params oas.DownloadCashflowParams) (*oas.DownloadHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) GetCashflowEntry(ctx context.Context, params oas.GetCashflowEntryParams) (*oas.CashflowEntryDetailHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) GetPaymentsDashboard(ctx context.Context, params oas.GetPaymentsDashboardParams) (*oas.PaymentsDashboardHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ImportStatement(ctx context.Context, req *oas.StatementImportInput) (*oas.StatementImportHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ListCashflow(ctx context.Context, params oas.ListCashflowParams) (*oas.CashflowListHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ListChargebacks(ctx context.Context, params oas.ListChargebacksParams) (*oas.CashflowListHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ListPayRuns(ctx context.Context, params oas.ListPayRunsParams) (*oas.PayRunListHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ListPayStatements(ctx context.Context, params oas.ListPayStatementsParams) (*oas.PayStatementListHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ListProviderPayments(ctx context.Context, params oas.ListProviderPaymentsParams) (*oas.ProviderPaymentListHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) MoveProviderPayment(ctx context.Context, req *oas.ProviderPaymentMove, params oas.MoveProviderPaymentParams) (*oas.ProviderPaymentHeaders, error) {
	return nil, errPaymentsPending
}
func (h *Handler) ProcessPayments(ctx context.Context) (*oas.ProcessResultHeaders, error) {
	return nil, errPaymentsPending
}
