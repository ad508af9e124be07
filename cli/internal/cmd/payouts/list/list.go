// Package list implements `portal payouts list`.
package list

import (
	"context"
	"iter"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListPayoutReviewsParams
}

// anyStatus is the --status that lists every status.
const anyStatus = "any"

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	var status, associate string
	cmd := &cobra.Command{
		Use:     "list [flags]",
		Aliases: []string{"ls"},
		Short:   "List the payout accounts waiting for staff, or in another status (staff)",
		Long: `List associates' payout accounts (the bank accounts commissions are deposited to), the
longest unchanged first: by default those waiting for staff (Pending For Admin), with --status
those in another status (any: every status), with --associate those of one associate. Staff
with the payouts.review permission only.

--status takes one of these, in any case, the words apart, run together or joined by
dashes (pending-for-associate), or any:
  ` + cmdutil.EnumList(shared.Statuses) + `

Filters: status (eq, in) and associate_code (eq); --status and --associate are their
shorthands. Sortable: id, updated_at, created_at.

CAN APPROVE says whether you may approve the account: never one you entered or last changed
(acting for the associate), which another staff member must approve. Review one with portal
payouts review ID.

On a terminal a table; piped, tab-separated with the columns id, associate_code,
associate_name, bank_name, account_last4, account_type, holder, status, can_approve,
updated_at and no header. --json, --jq and --csv take the contract's PayoutAccount fields.`,
		Example: `  $ portal payouts list
  $ portal payouts list --status rejected-by-admin --associate AGT100
  $ portal payouts list --status any --order updated_at:desc --all
  $ portal payouts list --all --jq '.[] | select(.can_approve) | .id'`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, err := opts.ListFlags.Apply(cmd, &opts.Params)
			if err != nil {
				return err
			}
			if err := applyShorthands(cmd, &opts.Params, status, associate); err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return listRun(ctx, opts)
		},
	}
	cmd.Flags().StringVar(&status, "status", "", "Accounts in `STATUS`, or any (default Pending For Admin)")
	cmd.Flags().StringVar(&associate, "associate", "", "Accounts of the associate `CODE`")
	cmdutil.CompleteValues(cmd, "status", append(cmdutil.EnumStrings(shared.Statuses), anyStatus))
	opts.ListFlags.Add(cmd, &oas.ListPayoutReviewsParams{}, shared.Fields)
	return cmd
}

// applyShorthands sets the status and associate filters from --status and --associate: the
// review queue (Pending For Admin) when no status is asked for either way.
func applyShorthands(cmd *cobra.Command, params *oas.ListPayoutReviewsParams, status, associate string) error {
	statusFiltered := params.FilterStatusEq.Set || len(params.FilterStatusIn) > 0
	switch {
	case cmd.Flags().Changed("status") && statusFiltered:
		return cmdutil.FlagErrorf("give the status with --status or --filter status=..., not both")
	case cmd.Flags().Changed("status") && strings.EqualFold(strings.TrimSpace(status), anyStatus):
	case cmd.Flags().Changed("status"):
		s, err := cmdutil.ParseEnum("--status", status, shared.Statuses)
		if err != nil {
			return err
		}
		params.FilterStatusEq = oas.NewOptPayoutStatus(s)
	case !statusFiltered:
		params.FilterStatusEq = oas.NewOptPayoutStatus(oas.PayoutStatusPendingForAdmin)
	}
	if cmd.Flags().Changed("associate") {
		if params.FilterAssociateCodeEq.Set {
			return cmdutil.FlagErrorf("give the associate with --associate or --filter associate_code=..., not both")
		}
		code, err := cmdutil.ParseCode(associate)
		if err != nil {
			return err
		}
		params.FilterAssociateCodeEq = oas.NewOptString(code)
	}
	return nil
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.PayoutAccount, error] { return client.PayoutReviewsAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.PayoutReviewPageHeaders, error) { return client.ListPayoutReviews(ctx, opts.Params) },
			func(r *oas.PayoutReviewPageHeaders) []sdk.PayoutAccount { return r.Response.Data }),
		"No payout accounts match.",
		// The table does not show the document link; the records carry it, made absolute
		// (the server answers it relative to its root).
		func(rows []oas.PayoutAccount) ([]cmdutil.Record, error) {
			for i := range rows {
				if err := shared.ResolveDocument(client, &rows[i]); err != nil {
					return nil, err
				}
			}
			return shared.Records(rows)
		},
		shared.PrintList)
}
