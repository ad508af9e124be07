// Package list implements `portal payouts list`.
package list

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// MaxLimit is the contract's largest page of the review list.
const MaxLimit = 500

// Options are the inputs of a list.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	// Params is the request built from the flags (status, associate, limit).
	Params oas.ListPayoutReviewsParams
	All    bool
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	var status, associate string
	var limit int
	cmd := &cobra.Command{
		Use:     "list [flags]",
		Aliases: []string{"ls"},
		Short:   "List the payout accounts waiting for staff, or in another status (staff)",
		Long: `List associates' payout accounts (the bank accounts commissions are deposited to), the
oldest change first: by default those waiting for staff (Pending For Admin), with --status
those in another status, with --associate those of one associate. Staff with the
payouts.review permission only.

--status takes one of these, in any case, the words apart, run together or joined by
dashes (pending-for-associate):
  ` + cmdutil.EnumList(shared.Statuses) + `

CAN APPROVE says whether you may approve the account: never one you entered or last changed
(acting for the associate), which another staff member must approve. Review one with portal
payouts review ID.

One page (--limit accounts, 100 by default) or --all of them. On a terminal a table;
piped, tab-separated with the columns id, associate_code, associate_name, bank_name,
account_last4, account_type, holder, status, can_approve, updated_at and no header.
--json, --jq and --csv take the contract's PayoutAccount fields.`,
		Example: `  $ portal payouts list
  $ portal payouts list --status rejected-by-admin --associate AGT100
  $ portal payouts list --all --jq '.[] | select(.can_approve) | .id'`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if err := setParams(cmd, &opts.Params, status, associate, limit); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return listRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&status, "status", "", "Accounts in `STATUS` (default Pending For Admin)")
	cmd.Flags().StringVar(&associate, "associate", "", "Accounts of the associate `CODE`")
	cmd.Flags().IntVarP(&limit, "limit", "L", sdk.DefaultLimit, fmt.Sprintf("Accounts per page (1-%d)", MaxLimit))
	cmd.Flags().BoolVar(&opts.All, "all", false, "List every page")
	cmdutil.CompleteValues(cmd, "status", cmdutil.EnumStrings(shared.Statuses))
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}

// setParams checks the flags, before any request, and sets them on params.
func setParams(cmd *cobra.Command, params *oas.ListPayoutReviewsParams, status, associate string, limit int) error {
	if limit < 1 || limit > MaxLimit {
		return cmdutil.FlagErrorf("--limit must be between 1 and %d", MaxLimit)
	}
	params.Limit = oas.NewOptInt(limit)
	if cmd.Flags().Changed("status") {
		s, err := cmdutil.ParseEnum("--status", status, shared.Statuses)
		if err != nil {
			return err
		}
		params.Status = oas.NewOptPayoutStatus(s)
	}
	if cmd.Flags().Changed("associate") {
		code, err := cmdutil.ParseCode(associate)
		if err != nil {
			return err
		}
		params.AssociateCode = oas.NewOptString(code)
	}
	return nil
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	var rows []oas.PayoutAccount
	more := false
	if opts.All {
		for a, err := range shared.Pages(ctx, client, opts.Params) {
			if err != nil {
				return err
			}
			rows = append(rows, a)
		}
	} else {
		res, err := client.ListPayoutReviews(ctx, opts.Params)
		if err != nil {
			return sdk.Wrap(err)
		}
		rows, more = res.Response.Data, res.Response.NextCursor.Or("") != ""
	}
	for i := range rows {
		if err := shared.ResolveDocument(client, &rows[i]); err != nil {
			return err
		}
	}
	return Write(opts.IO, opts.Exporter, rows, more)
}

// Write prints a fetched list: through --json/--jq/--csv when one is asked for, otherwise
// as the table with a footer on a terminal (how many, and --all when more wait). The list
// pages by cursor alone, so the footer of the other lists (--page N) does not fit it.
func Write(ios *iostreams.IOStreams, e *cmdutil.Exporter, rows []oas.PayoutAccount, more bool) error {
	if e.Enabled() {
		recs, err := shared.Records(rows)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	if len(rows) == 0 {
		if ios.IsStdoutTTY() {
			fmt.Fprintln(ios.ErrOut, "No payout accounts match.")
		}
		return nil
	}
	if err := shared.PrintList(ios, rows); err != nil {
		return err
	}
	if ios.IsStdoutTTY() {
		msg := fmt.Sprintf("Showing %d", len(rows))
		if more {
			msg += "; more with --all"
		}
		fmt.Fprintln(ios.ErrOut, ios.ColorScheme().Gray(msg))
	}
	return nil
}
