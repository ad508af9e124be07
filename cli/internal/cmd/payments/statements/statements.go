// Package statements implements `portal payments statements`.
package statements

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
	Params oas.ListPayStatementsParams
}

// NewCmdStatements returns the statements command; runF replaces the run in tests.
func NewCmdStatements(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "statements",
		Aliases: []string{"pay-statements"},
		Short:   "List your pay statements: what each pay run paid you",
		Long: `List the pay statements you may see, the newest month first, one page at a time or --all
of them: for each pay run, the period's earnings and chargebacks, the net, what was paid,
the debt carried into the next period (chargebacks larger than the pay) and the number of
entries settled. Staff allowed to read payments see everyone's; with --as, those of the
associate acted for.

Filters: pay_run_id and associate_code (eq). Sortable: id, period, net_cents, paid_cents.
On a terminal a table in USD; piped, tab-separated with the columns pay_run_id, period,
associate_code, associate_name, earnings_cents, chargebacks_cents, net_cents, paid_cents,
carried_cents, entries, and no header.`,
		Example: `  $ portal payments statements
  $ portal payments statements --filter pay_run_id=eq:12 --order net_cents:desc --all
  $ portal payments statements --json period,net_cents,paid_cents`,
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
	opts.ListFlags.Add(cmd, &oas.ListPayStatementsParams{}, shared.StatementFields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.PayStatement, error] { return client.PayStatementsAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.PayStatementListHeaders, error) { return client.ListPayStatements(ctx, opts.Params) },
			func(r *oas.PayStatementListHeaders) []sdk.PayStatement { return r.Response.Data }),
		"No pay statements yet.", shared.StatementRecords, shared.PrintStatements)
}
