package sdk

import (
	"context"
	"iter"

	"github.com/associateportal/portal/sdk/oas"
)

// PayoutAccount is the contract's PayoutAccount schema: a bank account for commission
// deposits, its number shown only as its last four digits.
type PayoutAccount = oas.PayoutAccount

// PayoutReviewsAll iterates over every payout account that params select (staff with
// payouts.review), following next_cursor.
func (c *Client) PayoutReviewsAll(ctx context.Context, params oas.ListPayoutReviewsParams) iter.Seq2[PayoutAccount, error] {
	return pagesOf(ctx, params, c.ListPayoutReviews, func(r *oas.PayoutReviewPageHeaders) ([]PayoutAccount, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}
