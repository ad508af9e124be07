// Package list implements `portal payments cashflow list`.
package list

import (
	"context"
	"iter"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
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
	Params oas.ListCashflowParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List cashflow entries: what you earned, when, and where it stands",
		Long: `List the cashflow entries (the ledger) you may see, one page at a time or --all of them,
newest first: each advance, escrow, release, chargeback and bonus pool share, with its
policy, type, kind, status and signed amount. Staff allowed to read payments see everyone's
(filter by associate_code); with --as, those of the associate acted for. Nothing is ever
deleted: a correction is a new entry. portal payments explain ID says why an entry is
what it is.

Filters are field=op:value, as the API contract declares them: period (the first day of
the month the entry counts in) and occurred_on take dates YYYY-MM-DD; category, bonus_type,
status and direction the contract's values in any case; amount_cents is in cents (signed:
chargebacks are negative).

On a terminal the list is a table, amounts in USD; piped, it is tab-separated with the
columns id, occurred_on, period, associate_code, policy_number, category, bonus_type, kind,
status, direction, amount_cents, earning_cents, settled, and no header.`,
		Example: `  $ portal payments cashflow list
  $ portal payments cashflow list --filter status=eq:escrow --order amount_cents:desc
  $ portal payments cashflow list --filter period=gte:2026-01-01 --filter 'category=in:Override,Generation' --all
  $ portal payments cashflow list --filter policy_number=eq:TL-100 --json id,kind,status,amount_cents
  $ portal payments cashflow list --all --csv > cashflow.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, err := opts.ListFlags.Apply(cmd, &opts.Params)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return listRun(ctx, opts)
		},
	}
	shared.AddEntryListFlags(cmd, &opts.ListFlags, &oas.ListCashflowParams{})
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.CashflowEntry, error] { return client.CashflowAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.CashflowListHeaders, error) { return client.ListCashflow(ctx, opts.Params) },
			func(r *oas.CashflowListHeaders) []sdk.CashflowEntry { return r.Response.Data }),
		"No cashflow entries match.", shared.EntryRecords, shared.PrintEntries)
}
