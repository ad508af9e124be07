package api

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
)

// listSpecs are the whitelists of the contract's list operations (sdk/lists.All), by
// generated operation name (as the access table and the exporters): a list and its
// download share one. A test holds this map to the contract.
var listSpecs = map[string]*listing.Spec{
	oas.ListClientsOperation: store.ClientListing, oas.DownloadClientsOperation: store.ClientListing,
	oas.ListTeamOperation: store.TeamListing, oas.DownloadTeamOperation: store.TeamListing,
	oas.ListPoliciesOperation: store.PolicyListing, oas.DownloadPoliciesOperation: store.PolicyListing,
	oas.ListProvidersOperation:            store.ProviderListing,
	oas.ListProductsOperation:             store.ProductListing,
	oas.ListHelpArticlesOperation:         store.HelpListing,
	oas.ListEventsOperation:               store.EventListing,
	oas.ListEventAttendeesOperation:       store.AttendeeListing,
	oas.ListStoreProductsOperation:        store.StoreProductListing,
	oas.ListStoreOrdersOperation:          store.StoreOrderListing,
	oas.ListCompensationScheduleOperation: store.ScheduleListing, oas.DownloadCompensationScheduleOperation: store.ScheduleListing,
	oas.ListCashflowOperation: store.CashflowListing, oas.DownloadCashflowOperation: store.CashflowListing,
	oas.ListChargebacksOperation:       store.ChargebackListing,
	oas.ListProviderPaymentsOperation:  store.ProviderPaymentListing,
	oas.ListPayRunsOperation:           store.PayRunListing,
	oas.ListPayStatementsOperation:     store.PayStatementListing,
	oas.ListAccountChangeLogsOperation: store.AccountChangeLogListing,
	oas.ListPayoutReviewsOperation:     store.PayoutReviewListing,
}

// listQuery reads the listing parameters of the request (the raw query, so that bracket
// filters and the order of the order keys survive) against a whitelist, and checks the
// values that must name something (x-lookup): an unknown level or associate code is a 422
// naming the parameter, never a silent empty list.
func (h *Handler) listQuery(ctx context.Context, p *auth.Principal, spec *listing.Spec) (listing.Query, error) {
	return h.parseQuery(ctx, p, httpx.InfoFrom(ctx).RawQuery, spec)
}

// parseQuery is listQuery of a raw query string kept from an earlier request (a download's).
func (h *Handler) parseQuery(ctx context.Context, p *auth.Principal, raw string, spec *listing.Spec) (listing.Query, error) {
	q, err := listing.Parse(raw, spec)
	if err != nil {
		return listing.Query{}, err
	}
	if err := h.Store.CheckLookups(ctx, p, &q); err != nil {
		return listing.Query{}, err
	}
	return q, nil
}

// listPage builds a list answer the way every list does (ADR 0005): the page in a pooled
// slice given back after the response is written, rows converted as the store hands them
// over (fetch calls each with a reused record), and the cursor of the next page from the
// last row shown. The store answers at most q.Limit+1 rows; the extra one only says that
// another page exists.
func listPage[R, T any](ctx context.Context, pool *pagePool[T], q listing.Query,
	fetch func(each func(*R)) error, convert func(*R) T, sortValue func(*R, string) any,
) ([]T, oas.OptString, error) {
	data := pool.get(ctx, q.Limit+1)
	var last R // the last row of the page, which the cursor continues from
	err := fetch(func(r *R) {
		if len(data) == q.Limit-1 {
			last = *r
		}
		data = append(data, convert(r))
	})
	if err != nil {
		return nil, oas.OptString{}, err
	}
	var next oas.OptString
	if len(data) > q.Limit {
		next = oas.NewOptString(q.NextCursor(func(f string) any { return sortValue(&last, f) }))
	}
	return data, next, nil
}
