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
	limit := params.Limit.Or(DefaultLimit)
	first := params.Page.Or(1)
	startCursor := params.Cursor.Or("")
	fetch := func(ctx context.Context, page int, cursor string) ([]ClientRecord, string, error) {
		p := params
		p.Limit = oas.NewOptInt(limit)
		p.Page = oas.NewOptInt(first + page - 1)
		if page == 1 {
			cursor = startCursor
		}
		p.Cursor = oas.OptString{}
		if cursor != "" {
			p.Cursor = oas.NewOptString(cursor)
		}
		res, err := c.ListClients(ctx, p)
		if err != nil {
			return nil, "", err
		}
		return res.Response.Data, res.Response.NextCursor.Or(""), nil
	}
	return All(ctx, fetch, limit)
}
