package sdk

import (
	"bytes"
	"context"
	"fmt"

	"github.com/associateportal/portal/sdk/oas"
)

// Pending lists what still waits for the caller's acknowledgement (memos first).
func (c *Client) Pending(ctx context.Context) (*oas.Acknowledgements, error) {
	res, err := c.ListAcknowledgements(ctx)
	if err != nil {
		return nil, wrap(err)
	}
	return &res.Response, nil
}

// AcknowledgeItem acknowledges one memo or W-9 document. When the item requires a signature,
// svg is uploaded to a signed URL first and its file id sent along; otherwise svg is unused.
func (c *Client) AcknowledgeItem(ctx context.Context, kind oas.AcknowledgementKind, id int64, requiresSignature bool, svg []byte) (*oas.Acknowledgement, error) {
	req := &oas.AcknowledgeRequest{}
	if requiresSignature {
		if len(svg) == 0 {
			return nil, fmt.Errorf("sdk: %s %d requires a signature and none was given", kind, id)
		}
		su, err := c.GetAcknowledgementSignedURL(ctx, oas.GetAcknowledgementSignedURLParams{Kind: kind})
		if err != nil {
			return nil, wrap(err)
		}
		if _, err := c.Upload(ctx, su.Response.URL, bytes.NewReader(svg), "image/svg+xml"); err != nil {
			return nil, fmt.Errorf("upload signature for %s %d: %w", kind, id, err)
		}
		req.Signature = oas.NewOptString(su.Response.ID)
	}
	res, err := c.Acknowledge(ctx, req, oas.AcknowledgeParams{Kind: kind, ID: id})
	if err != nil {
		return nil, wrap(err)
	}
	return &res.Response, nil
}

// AcknowledgeAll acknowledges every pending memo, then every pending W-9 document, signing
// those that require it with svg (an SVG image). It returns what it acknowledged; on an error
// the items acknowledged before it are returned too.
func (c *Client) AcknowledgeAll(ctx context.Context, svg []byte) ([]oas.Acknowledgement, error) {
	pending, err := c.Pending(ctx)
	if err != nil {
		return nil, err
	}
	var done []oas.Acknowledgement
	for _, m := range pending.Memos {
		a, err := c.AcknowledgeItem(ctx, oas.AcknowledgementKindMemos, m.ID, m.RequiresSignature, svg)
		if err != nil {
			return done, err
		}
		done = append(done, *a)
	}
	for _, w := range pending.W9Documents {
		a, err := c.AcknowledgeItem(ctx, oas.AcknowledgementKindW9Documents, w.ID, w.RequiresSignature, svg)
		if err != nil {
			return done, err
		}
		done = append(done, *a)
	}
	return done, nil
}
