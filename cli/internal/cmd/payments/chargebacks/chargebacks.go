// Package chargebacks implements `portal payments chargebacks`.
package chargebacks

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

// Options are the inputs of the list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the flags (filters, order, limit, page).
	Params oas.ListChargebacksParams
}

// NewCmdChargebacks returns the chargebacks command; runF replaces the run in tests.
func NewCmdChargebacks(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "chargebacks",
		Short: "List the chargeback entries: what lapsed policies take back",
		Long: `List the chargeback entries you may see (Chargeback and Chargeback Escrow), newest
first, one page at a time or --all of them. A policy that lapses in its first 12 months
keeps what it earned (E × month / 12); the rest is taken first from the line's escrow
(Chargeback Escrow) and then as a Chargeback debit netted against later pay. Staff allowed
to read payments see everyone's; with --as, those of the associate acted for.

Filters: period (lte, gte: the first day of a month), category (in), status (eq),
policy_id, policy_number and associate_code (eq). Sortable: id, occurred_on, amount_cents.
Output is that of portal payments cashflow list: a table on a terminal, the same
tab-separated columns piped.`,
		Example: `  $ portal payments chargebacks
  $ portal payments chargebacks --filter status=eq:chargeback --order amount_cents
  $ portal payments chargebacks --filter policy_number=eq:TL-100 --json id,kind,amount_cents
  $ portal payments chargebacks --all --jq 'map(.amount_cents) | add'`,
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
	shared.AddEntryListFlags(cmd, &opts.ListFlags, &oas.ListChargebacksParams{})
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.CashflowEntry, error] { return client.ChargebacksAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.CashflowListHeaders, error) { return client.ListChargebacks(ctx, opts.Params) },
			func(r *oas.CashflowListHeaders) []sdk.CashflowEntry { return r.Response.Data }),
		"No chargebacks match.", shared.EntryRecords, shared.PrintEntries)
}
