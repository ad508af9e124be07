package api

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
)

var _ oas.SearchHandler = (*Handler)(nil)

// lookupLimit is how many matches a lookup answers besides the included ones.
const lookupLimit = 20

// SearchAssociates is the associate lookup.
func (h *Handler) SearchAssociates(ctx context.Context, params oas.SearchAssociatesParams) (*oas.AssociateLookupListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	found, err := h.Store.SearchAssociates(ctx, p, params.SearchKeyword.Or(""), params.Include, lookupLimit)
	if err != nil {
		return nil, err
	}
	out := oas.AssociateLookupList{Data: make([]oas.AssociateLookup, len(found))}
	for i, l := range found {
		out.Data[i] = oas.AssociateLookup{Code: l.Code, Name: l.Name}
	}
	return &oas.AssociateLookupListHeaders{Response: out}, nil
}

// SearchClients is the client lookup.
func (h *Handler) SearchClients(ctx context.Context, params oas.SearchClientsParams) (*oas.ClientLookupListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	found, err := h.Store.SearchClients(ctx, p, params.SearchKeyword.Or(""), params.Include, lookupLimit)
	if err != nil {
		return nil, err
	}
	out := oas.ClientLookupList{Data: make([]oas.ClientLookup, len(found))}
	for i, l := range found {
		out.Data[i] = oas.ClientLookup{ID: l.ID, Name: l.Name, Email: opt(l.Email)}
	}
	return &oas.ClientLookupListHeaders{Response: out}, nil
}
