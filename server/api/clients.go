package api

import (
	"context"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/store"
)

var _ oas.ClientsHandler = (*Handler)(nil)

var clientPages pagePool[oas.ClientRecord]

// ListClients answers a page of the visible clients (limit + 1 rows at most).
func (h *Handler) ListClients(ctx context.Context, _ oas.ListClientsParams) (*oas.ClientListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.ClientListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &clientPages, q,
		func(each func(*client.Client)) error { return h.Store.ListClients(ctx, p, q, each) },
		clientOut, store.ClientSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.ClientListHeaders{Response: oas.ClientList{Data: data, NextCursor: next}}, nil
}

// GetClient answers one visible client.
func (h *Handler) GetClient(ctx context.Context, params oas.GetClientParams) (*oas.ClientRecordHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.Store.GetClient(ctx, p, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.ClientRecordHeaders{Response: clientOut(&c)}, nil
}

// CreateClient stores a client owned by the caller.
func (h *Handler) CreateClient(ctx context.Context, req *oas.ClientInput) (*oas.ClientRecordHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	in := clientIn(req)
	if err := in.Validate(h.now()); err != nil {
		return nil, err
	}
	c, err := h.Store.CreateClient(ctx, p, in)
	if err != nil {
		return nil, err
	}
	return &oas.ClientRecordHeaders{Response: clientOut(&c)}, nil
}

// UpdateClient replaces the fields of one of the caller's clients.
func (h *Handler) UpdateClient(ctx context.Context, req *oas.ClientInput, params oas.UpdateClientParams) (*oas.ClientRecordHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	in := clientIn(req)
	if err := in.Validate(h.now()); err != nil {
		return nil, err
	}
	c, err := h.Store.UpdateClient(ctx, p, params.ID, in)
	if err != nil {
		return nil, err
	}
	return &oas.ClientRecordHeaders{Response: clientOut(&c)}, nil
}

// DeleteClient removes one of the caller's clients.
func (h *Handler) DeleteClient(ctx context.Context, params oas.DeleteClientParams) (*oas.DeleteClientNoContent, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.DeleteClient(ctx, p, params.ID); err != nil {
		return nil, err
	}
	return &oas.DeleteClientNoContent{}, nil
}

// DownloadClients checks the filters now and answers a signed URL that streams the
// whole filtered list when fetched.
func (h *Handler) DownloadClients(ctx context.Context, params oas.DownloadClientsParams) (*oas.DownloadHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := h.listQuery(ctx, p, store.ClientListing); err != nil {
		return nil, err
	}
	url, err := h.exportURL(ctx, p, oas.DownloadClientsOperation, "", string(params.Format.Or(oas.DownloadFormatCsv)))
	if err != nil {
		return nil, err
	}
	return &oas.DownloadHeaders{Response: oas.Download{URL: url}}, nil
}

func opt(s string) oas.OptString {
	if s == "" {
		return oas.OptString{}
	}
	return oas.NewOptString(s)
}

func clientOut(c *client.Client) oas.ClientRecord {
	out := oas.ClientRecord{
		ID: c.ID, AssociateCode: c.AssociateCode, AssociateName: c.AssociateName,
		FirstName: c.FirstName, LastName: c.LastName, Country: oas.Country(c.Country),
		Email: opt(c.Email), Phone: opt(c.Phone), AddressLine1: opt(c.AddressLine1), AddressLine2: opt(c.AddressLine2),
		City: opt(c.City), PostalCode: opt(c.PostalCode), Notes: opt(c.Notes),
		CanEdit: c.CanEdit, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
	if c.DateOfBirth != nil {
		out.DateOfBirth = oas.NewOptDate(*c.DateOfBirth)
	}
	if c.Gender != "" {
		out.Gender = oas.NewOptGender(oas.Gender(c.Gender))
	}
	if c.MaritalStatus != "" {
		out.MaritalStatus = oas.NewOptMaritalStatus(oas.MaritalStatus(c.MaritalStatus))
	}
	if c.State != "" {
		out.State = oas.NewOptStateCode(oas.StateCode(c.State))
	}
	if c.AnnualIncome != nil {
		out.AnnualIncome = oas.NewOptInt64(*c.AnnualIncome)
	}
	return out
}

func clientIn(r *oas.ClientInput) client.Input {
	in := client.Input{
		FirstName: r.FirstName, LastName: r.LastName, Email: r.Email.Or(""), Phone: r.Phone.Or(""),
		Gender: string(r.Gender.Or("")), MaritalStatus: string(r.MaritalStatus.Or("")),
		AddressLine1: r.AddressLine1.Or(""), AddressLine2: r.AddressLine2.Or(""), City: r.City.Or(""),
		State: string(r.State.Or("")), PostalCode: r.PostalCode.Or(""), Country: string(r.Country), Notes: r.Notes.Or(""),
	}
	if d, ok := r.DateOfBirth.Get(); ok {
		d := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
		in.DateOfBirth = &d
	}
	if v, ok := r.AnnualIncome.Get(); ok {
		in.AnnualIncome = &v
	}
	in.Normalize()
	return in
}
