package sdk

import (
	"context"
	"iter"

	"github.com/associateportal/portal/sdk/oas"
)

// ClientRecord is the contract's Client schema (a client of an associate). The generated type
// cannot be called Client in package oas, where Client is the API client.
type ClientRecord = oas.ClientRecord

// ClientsAll iterates over every client that params select, in params' order. params.Limit
// sets the page size (DefaultLimit when unset); params.Page and params.Cursor set where to
// start.
func (c *Client) ClientsAll(ctx context.Context, params oas.ListClientsParams) iter.Seq2[ClientRecord, error] {
	return pagesOf(ctx, params, c.ListClients, func(r *oas.ClientListHeaders) ([]ClientRecord, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}
