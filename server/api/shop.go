package api

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/content"
	"github.com/associateportal/portal/server/store"
)

// The store's catalogue and the associate's cart (issue 12).

var shopPages pagePool[oas.StoreProductSummary]

// ListStoreProducts answers a page of the products on sale.
func (h *Handler) ListStoreProducts(ctx context.Context, _ oas.ListStoreProductsParams) (*oas.StoreProductListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.StoreProductListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &shopPages, q,
		func(each func(*store.ShopProduct)) error { return h.Store.ListStoreProducts(ctx, q, each) },
		h.productSummaryOut, store.ShopProductSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.StoreProductListHeaders{Response: oas.StoreProductList{Data: data, NextCursor: next}}, nil
}

// GetStoreProduct answers a product with its description, images and variants.
func (h *Handler) GetStoreProduct(ctx context.Context, params oas.GetStoreProductParams) (*oas.StoreProductHeaders, error) {
	pr, err := h.Store.GetStoreProduct(ctx, params.Slug)
	if err != nil {
		return nil, err
	}
	s := h.productSummaryOut(&pr)
	out := oas.StoreProduct{ID: s.ID, Slug: s.Slug, Name: s.Name, Category: s.Category, PriceCents: s.PriceCents,
		Currency: oas.StoreProductCurrencyUSD, ImageURL: s.ImageURL, InStock: s.InStock, Sizes: s.Sizes,
		DescriptionHTML: content.HTML(pr.Description), ImageUrls: make([]string, len(pr.ImageIDs)),
		Variants: make([]oas.StoreVariant, len(pr.Variants))}
	for i, id := range pr.ImageIDs {
		out.ImageUrls[i] = h.imageURL(id)
	}
	for i, v := range pr.Variants {
		out.Variants[i] = oas.StoreVariant{ID: v.ID, Sku: v.SKU, Stock: v.Stock}
		if v.Size != nil {
			out.Variants[i].Size = oas.NewOptShirtSize(oas.ShirtSize(*v.Size))
		}
	}
	return &oas.StoreProductHeaders{Response: out}, nil
}

// GetCart answers the caller's cart, priced now.
func (h *Handler) GetCart(ctx context.Context) (*oas.CartHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	return h.cartOf(ctx, p.AssociateID)
}

// SetCartItem puts a variant in the caller's cart at a quantity.
func (h *Handler) SetCartItem(ctx context.Context, req *oas.CartItemInput, params oas.SetCartItemParams) (*oas.CartHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.SetCartItem(ctx, p.AssociateID, params.VariantID, req.Quantity, h.now()); err != nil {
		return nil, err
	}
	return h.cartOf(ctx, p.AssociateID)
}

// RemoveCartItem takes a variant out of the caller's cart.
func (h *Handler) RemoveCartItem(ctx context.Context, params oas.RemoveCartItemParams) (*oas.CartHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.RemoveCartItem(ctx, p.AssociateID, params.VariantID); err != nil {
		return nil, err
	}
	return h.cartOf(ctx, p.AssociateID)
}

func (h *Handler) cartOf(ctx context.Context, associateID int64) (*oas.CartHeaders, error) {
	c, err := h.Store.GetCart(ctx, associateID)
	if err != nil {
		return nil, err
	}
	items, total, ready := c.Totals()
	out := oas.Cart{Lines: make([]oas.CartLine, len(c.Lines)), ItemCount: items, TotalCents: total,
		Currency: oas.CartCurrencyUSD, Ready: ready}
	for i := range c.Lines {
		l := &c.Lines[i]
		line := oas.CartLine{VariantID: l.VariantID, ProductSlug: l.Slug, ProductName: l.Name, Sku: l.SKU,
			Quantity: l.Quantity, UnitPriceCents: l.UnitPriceCents, LineTotalCents: int64(l.Quantity) * l.UnitPriceCents,
			Available: l.Available}
		if l.Size != nil {
			line.Size = oas.NewOptShirtSize(oas.ShirtSize(*l.Size))
		}
		if len(l.ImageIDs) > 0 {
			line.ImageURL = oas.NewOptString(h.imageURL(l.ImageIDs[0]))
		}
		if pr := l.Problem(); pr != "" {
			line.Problem = oas.NewOptCartProblem(oas.CartProblem(pr))
		}
		out.Lines[i] = line
	}
	return &oas.CartHeaders{Response: out}, nil
}

func (h *Handler) productSummaryOut(p *store.ShopProduct) oas.StoreProductSummary {
	s := oas.StoreProductSummary{ID: p.ID, Slug: p.Slug, Name: p.Name, Category: oas.StoreCategory(p.Category),
		PriceCents: p.PriceCents, Currency: oas.StoreProductSummaryCurrencyUSD, InStock: p.InStock,
		Sizes: make([]oas.ShirtSize, len(p.Sizes))}
	for i, z := range p.Sizes {
		s.Sizes[i] = oas.ShirtSize(z)
	}
	if len(p.ImageIDs) > 0 {
		s.ImageURL = oas.NewOptString(h.imageURL(p.ImageIDs[0]))
	}
	return s
}
