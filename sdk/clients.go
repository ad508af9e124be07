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
	return cursorAll(ctx, params.Limit, params.Page, params.Cursor, func(ctx context.Context, limit, page int, cursor oas.OptString) ([]ClientRecord, string, error) {
		p := params
		p.Limit, p.Page, p.Cursor = oas.NewOptInt(limit), oas.NewOptInt(page), cursor
		res, err := c.ListClients(ctx, p)
		if err != nil {
			return nil, "", err
		}
		return res.Response.Data, res.Response.NextCursor.Or(""), nil
	})
}
