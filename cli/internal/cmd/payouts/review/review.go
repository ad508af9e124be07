// Package review implements `portal payouts review`.
package review

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a review.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	ID int64
}

// NewCmdReview returns the review command; runF replaces the run in tests.
func NewCmdReview(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "review <id>",
		Aliases: []string{"view"},
		Short:   "Show a payout account in full (staff)",
		Long: `Show one payout account as staff review it: the associate, the bank, the routing number,
the account number's last four digits (never more) and its type, the holder (and for an
Authorized holder the owner's name and email), the status (in use or not), staff's reason
and note of the last decision, who entered or last changed it, whether you may approve it,
and a link to its supporting document (a void cheque), which works for 15 minutes.

Then decide with portal payouts approve, reject or request-info. Staff with the
payouts.review permission only.

On a terminal the fields are labelled; piped, each line is "field:<TAB>value" with the
contract's field names and raw values (the associate as compact JSON). --json, --jq and
--csv take the contract's PayoutAccount fields; document_url is absolute.`,
		Example: `  $ portal payouts review 12
  $ portal payouts review 12 --json status,can_approve,entered_by
  $ curl -so cheque.pdf "$(portal payouts review 12 --jq .document_url)"`,
		Args: shared.DecisionArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return reviewRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}

func reviewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetPayoutReview(ctx, oas.GetPayoutReviewParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	a := &res.Response
	if err := shared.ResolveDocument(client, a); err != nil {
		return err
	}
	return shared.Print(opts.IO, opts.Exporter, a)
}
