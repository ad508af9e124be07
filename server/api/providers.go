package api

import (
	"context"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/store"
)

var _ oas.ProvidersHandler = (*Handler)(nil)

var (
	providerPages pagePool[oas.Provider]
	productPages  pagePool[oas.Product]
	schedulePages pagePool[oas.ScheduleRow]
)

// FileLinkTTL is how long the links to a provider's logo and attachments work: a page
// showing them is read for a while, and asked again when it is opened again.
const FileLinkTTL = time.Hour

// ListProviders answers a page of providers (limit + 1 rows at most).
func (h *Handler) ListProviders(ctx context.Context, _ oas.ListProvidersParams) (*oas.ProviderListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.ProviderListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &providerPages, q,
		func(each func(*store.Provider)) error { return h.Store.ListProviders(ctx, q, each) },
		h.providerOut, store.ProviderSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.ProviderListHeaders{Response: oas.ProviderList{Data: data, NextCursor: next}}, nil
}

// GetProvider answers one provider with the size of each of its lists.
func (h *Handler) GetProvider(ctx context.Context, params oas.GetProviderParams) (*oas.ProviderHeaders, error) {
	pr, err := h.Store.GetProvider(ctx, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.ProviderHeaders{Response: h.providerOut(&pr)}, nil
}

// ListProviderContacts answers a provider's contacts by name.
func (h *Handler) ListProviderContacts(ctx context.Context, params oas.ListProviderContactsParams) (*oas.ProviderContactListHeaders, error) {
	cs, err := h.Store.ListProviderContacts(ctx, params.ID)
	if err != nil {
		return nil, err
	}
	out := make([]oas.ProviderContact, len(cs))
	for i := range cs {
		out[i] = contactOut(&cs[i])
	}
	return &oas.ProviderContactListHeaders{Response: oas.ProviderContactList{Data: out}}, nil
}

// CreateProviderContact adds a contact (staff with providers.manage).
func (h *Handler) CreateProviderContact(ctx context.Context, req *oas.ProviderContactInput, params oas.CreateProviderContactParams) (*oas.ProviderContactHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.Store.CreateProviderContact(ctx, p, params.ID, contactIn(req))
	if err != nil {
		return nil, err
	}
	return &oas.ProviderContactHeaders{Response: contactOut(&c)}, nil
}

// UpdateProviderContact changes a contact (staff with providers.manage).
func (h *Handler) UpdateProviderContact(ctx context.Context, req *oas.ProviderContactInput, params oas.UpdateProviderContactParams) (*oas.ProviderContactHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.Store.UpdateProviderContact(ctx, p, params.ID, params.ItemID, contactIn(req))
	if err != nil {
		return nil, err
	}
	return &oas.ProviderContactHeaders{Response: contactOut(&c)}, nil
}

// DeleteProviderContact removes a contact (staff with providers.manage).
func (h *Handler) DeleteProviderContact(ctx context.Context, params oas.DeleteProviderContactParams) (*oas.DeleteProviderContactNoContent, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.DeleteProviderContact(ctx, p, params.ID, params.ItemID); err != nil {
		return nil, err
	}
	return &oas.DeleteProviderContactNoContent{}, nil
}

// ListProviderItems answers one of a provider's ordered lists, in order.
func (h *Handler) ListProviderItems(ctx context.Context, params oas.ListProviderItemsParams) (*oas.ProviderItemListHeaders, error) {
	items, err := h.Store.ListProviderItems(ctx, params.ID, store.ItemKind(params.Kind))
	if err != nil {
		return nil, err
	}
	return &oas.ProviderItemListHeaders{Response: h.itemsOut(items)}, nil
}

// CreateProviderItem adds an item at the end of a list (staff with providers.manage).
func (h *Handler) CreateProviderItem(ctx context.Context, req *oas.ProviderItemInput, params oas.CreateProviderItemParams) (*oas.ProviderItemHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	it, err := h.Store.CreateProviderItem(ctx, p, params.ID, store.ItemKind(params.Kind), itemIn(req))
	if err != nil {
		return nil, err
	}
	return &oas.ProviderItemHeaders{Response: h.itemOut(&it)}, nil
}

// UpdateProviderItem changes an item's title and URL or file (staff with providers.manage).
func (h *Handler) UpdateProviderItem(ctx context.Context, req *oas.ProviderItemInput, params oas.UpdateProviderItemParams) (*oas.ProviderItemHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	it, err := h.Store.UpdateProviderItem(ctx, p, params.ID, store.ItemKind(params.Kind), params.ItemID, itemIn(req))
	if err != nil {
		return nil, err
	}
	return &oas.ProviderItemHeaders{Response: h.itemOut(&it)}, nil
}

// MoveProviderItem moves an item to a position and answers the list in its new order
// (staff with providers.manage).
func (h *Handler) MoveProviderItem(ctx context.Context, req *oas.ProviderItemPosition, params oas.MoveProviderItemParams) (*oas.ProviderItemListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	items, err := h.Store.MoveProviderItem(ctx, p, params.ID, store.ItemKind(params.Kind), params.ItemID, req.Position)
	if err != nil {
		return nil, err
	}
	return &oas.ProviderItemListHeaders{Response: h.itemsOut(items)}, nil
}

// DeleteProviderItem removes an item; the ones after it move up (staff with providers.manage).
func (h *Handler) DeleteProviderItem(ctx context.Context, params oas.DeleteProviderItemParams) (*oas.DeleteProviderItemNoContent, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.DeleteProviderItem(ctx, p, params.ID, store.ItemKind(params.Kind), params.ItemID); err != nil {
		return nil, err
	}
	return &oas.DeleteProviderItemNoContent{}, nil
}

// GetProviderAttachmentSignedURL reserves a document file for an attachment of the
// provider and answers where to PUT it (staff with providers.manage).
func (h *Handler) GetProviderAttachmentSignedURL(ctx context.Context, params oas.GetProviderAttachmentSignedURLParams) (*oas.SignedURLHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	id := files.NewID()
	if err := h.Store.ReserveAttachment(ctx, p, params.ID, id); err != nil {
		return nil, err
	}
	return &oas.SignedURLHeaders{Response: oas.SignedURL{ID: id, URL: h.Signer.URL("PUT", id, UploadTTL)}}, nil
}

// ListProducts answers a page of products (limit + 1 rows at most).
func (h *Handler) ListProducts(ctx context.Context, _ oas.ListProductsParams) (*oas.ProductListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.ProductListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &productPages, q,
		func(each func(*store.Product)) error { return h.Store.ListProducts(ctx, q, each) },
		productOut, store.ProductSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.ProductListHeaders{Response: oas.ProductList{Data: data, NextCursor: next}}, nil
}

// ListCompensationSchedule answers a page of the schedule: each product with what every
// level earns on it, the caller's level marked.
func (h *Handler) ListCompensationSchedule(ctx context.Context, _ oas.ListCompensationScheduleParams) (*oas.ScheduleListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.ScheduleListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &schedulePages, q,
		func(each func(*store.ScheduleRow)) error { return h.Store.ListSchedule(ctx, p, q, each) },
		scheduleOut, store.ScheduleSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.ScheduleListHeaders{Response: oas.ScheduleList{Data: data, NextCursor: next}}, nil
}

// DownloadCompensationSchedule checks the filters now and answers a signed URL to the
// schedule, one row per product and level.
func (h *Handler) DownloadCompensationSchedule(ctx context.Context, params oas.DownloadCompensationScheduleParams) (*oas.DownloadHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := h.listQuery(ctx, p, store.ScheduleListing); err != nil {
		return nil, err
	}
	url, err := h.exportURL(ctx, p, oas.DownloadCompensationScheduleOperation, "", string(params.Format.Or(oas.DownloadFormatCsv)))
	if err != nil {
		return nil, err
	}
	return &oas.DownloadHeaders{Response: oas.Download{URL: url}}, nil
}

// fileLink is the signed download URL of an uploaded file ({id}.{extension}), or nothing.
func (h *Handler) fileLink(id, contentType string) oas.OptString {
	ext, ok := extensions[contentType]
	if id == "" || !ok {
		return oas.OptString{}
	}
	return oas.NewOptString(h.Signer.URL("GET", id+"."+ext, FileLinkTTL))
}

func (h *Handler) providerOut(p *store.Provider) oas.Provider {
	return oas.Provider{
		ID: p.ID, Code: p.Code, Name: p.Name, LogoURL: h.fileLink(p.LogoFileID, p.LogoContentType), Countries: countriesOut(p.Countries),
		Website: opt(p.Website), Description: opt(p.Description),
		Contacts: p.Contacts, Videos: p.Videos, Links: p.Links, Attachments: p.Attachments, Products: p.Products,
	}
}

func contactIn(r *oas.ProviderContactInput) store.ContactInput {
	return store.ContactInput{Name: r.Name, Role: r.Role, Phone: r.Phone.Or(""), Email: r.Email.Or("")}
}

func contactOut(c *store.ProviderContact) oas.ProviderContact {
	return oas.ProviderContact{ID: c.ID, Name: c.Name, Role: c.Role, Phone: opt(c.Phone), Email: opt(c.Email)}
}

func itemIn(r *oas.ProviderItemInput) store.ItemInput {
	return store.ItemInput{Title: r.Title, URL: r.URL.Or(""), FileID: r.FileID.Or("")}
}

// itemOut is an item as the API answers it: an attachment with a signed link to its file.
func (h *Handler) itemOut(it *store.ProviderItem) oas.ProviderItem {
	out := oas.ProviderItem{ID: it.ID, Position: it.Position, Title: it.Title, URL: opt(it.URL)}
	if it.FileID != "" {
		out.URL = h.fileLink(it.FileID, it.ContentType)
		out.FileID = oas.NewOptString(it.FileID)
		out.ContentType = opt(it.ContentType)
		out.Size = oas.NewOptInt64(it.Size)
	}
	return out
}

func (h *Handler) itemsOut(items []store.ProviderItem) oas.ProviderItemList {
	out := make([]oas.ProviderItem, len(items))
	for i := range items {
		out[i] = h.itemOut(&items[i])
	}
	return oas.ProviderItemList{Data: out}
}

func countriesOut(cs []string) []oas.Country {
	out := make([]oas.Country, len(cs))
	for i, c := range cs {
		out[i] = oas.Country(c)
	}
	return out
}

func productOut(p *store.Product) oas.Product {
	return oas.Product{
		ID: p.ID, ProviderID: p.ProviderID, ProviderName: p.ProviderName, Name: p.Name,
		Category: oas.ProductCategory(p.Category), Type: oas.ProductType(p.Type),
		CommissionRateBp: p.CommissionRateBP, BvFactorBp: p.BVFactorBP, Countries: countriesOut(p.Countries), Active: p.Active,
	}
}

func scheduleOut(r *store.ScheduleRow) oas.ScheduleRow {
	levels := make([]oas.LevelEarning, len(r.Levels))
	for i, l := range r.Levels {
		levels[i] = oas.LevelEarning{Level: l.Level, Name: l.Name, LevelRateBp: l.RateBP, EarningBp: l.EarningBP, Mine: l.Mine}
	}
	return oas.ScheduleRow{
		ProductID: r.ID, ProductName: r.Name, ProviderID: r.ProviderID, ProviderName: r.ProviderName,
		Category: oas.ProductCategory(r.Category), Type: oas.ProductType(r.Type), CommissionRateBp: r.CommissionRateBP,
		Levels: levels,
	}
}
