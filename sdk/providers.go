package sdk

import (
	"context"
	"iter"

	"golang.org/x/sync/errgroup"

	"github.com/associateportal/portal/sdk/oas"
)

// Provider is the contract's Provider schema: a product provider (carrier) with the size of
// each of its lists.
type Provider = oas.Provider

// Product is the contract's Product schema; rates are in basis points.
type Product = oas.Product

// ScheduleRow is the contract's ScheduleRow schema: a product of the compensation schedule
// with what every level earns on it, the caller's level marked.
type ScheduleRow = oas.ScheduleRow

// ProvidersAll iterates over every provider that params select, following next_cursor.
// params.Limit sets the page size (DefaultLimit when unset).
func (c *Client) ProvidersAll(ctx context.Context, params oas.ListProvidersParams) iter.Seq2[Provider, error] {
	return pagesOf(ctx, params, c.ListProviders, func(r *oas.ProviderListHeaders) ([]Provider, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// ProductsAll iterates over every product that params select, following next_cursor.
// params.Limit sets the page size (DefaultLimit when unset).
func (c *Client) ProductsAll(ctx context.Context, params oas.ListProductsParams) iter.Seq2[Product, error] {
	return pagesOf(ctx, params, c.ListProducts, func(r *oas.ProductListHeaders) ([]Product, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// ScheduleAll iterates over every product of the compensation schedule that params select,
// following next_cursor. params.Limit sets the page size (DefaultLimit when unset).
func (c *Client) ScheduleAll(ctx context.Context, params oas.ListCompensationScheduleParams) iter.Seq2[ScheduleRow, error] {
	return pagesOf(ctx, params, c.ListCompensationSchedule, func(r *oas.ScheduleListHeaders) ([]ScheduleRow, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// ProviderDetail is a provider with its contacts (by name) and its three ordered lists, in
// order. An attachment's URL is a signed download link that expires.
type ProviderDetail struct {
	Provider    Provider
	Contacts    []oas.ProviderContact
	Videos      []oas.ProviderItem
	Links       []oas.ProviderItem
	Attachments []oas.ProviderItem
}

// Items returns the ordered list of kind (videos, links or attachments).
func (d *ProviderDetail) Items(kind oas.ProviderListKind) []oas.ProviderItem {
	switch kind {
	case oas.ProviderListKindVideos:
		return d.Videos
	case oas.ProviderListKindLinks:
		return d.Links
	}
	return d.Attachments
}

// ProviderDetail loads the provider id with its contacts, videos, links and attachments,
// the requests at once.
func (c *Client) ProviderDetail(ctx context.Context, id int64) (*ProviderDetail, error) {
	var d ProviderDetail
	g, ctx := errgroup.WithContext(ctx)
	fetchInto(g, func() (*oas.ProviderHeaders, error) { return c.GetProvider(ctx, oas.GetProviderParams{ID: id}) },
		func(r *oas.ProviderHeaders) { d.Provider = r.Response })
	fetchInto(g, func() (*oas.ProviderContactListHeaders, error) {
		return c.ListProviderContacts(ctx, oas.ListProviderContactsParams{ID: id})
	}, func(r *oas.ProviderContactListHeaders) { d.Contacts = r.Response.Data })
	for kind, dst := range map[oas.ProviderListKind]*[]oas.ProviderItem{
		oas.ProviderListKindVideos: &d.Videos, oas.ProviderListKindLinks: &d.Links, oas.ProviderListKindAttachments: &d.Attachments,
	} {
		fetchInto(g, func() (*oas.ProviderItemListHeaders, error) {
			return c.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: id, Kind: kind})
		}, func(r *oas.ProviderItemListHeaders) { *dst = r.Response.Data })
	}
	if err := g.Wait(); err != nil {
		return nil, wrap(err)
	}
	return &d, nil
}
