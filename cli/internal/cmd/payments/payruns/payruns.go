// Package payruns implements `portal payments pay-runs`.
package payruns

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

	// Params is the request built from the flags (order, limit, page).
	Params oas.ListPayRunsParams
}

// NewCmdPayRuns returns the pay-runs command; runF replaces the run in tests.
func NewCmdPayRuns(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "pay-runs",
		Aliases: []string{"payruns"},
		Short:   "List the pay runs (staff)",
		Long: `List the pay runs, the newest month first, one page at a time or --all of them: the month,
what was paid and to how many associates, and when it ran. Staff allowed to read payments
only. Sortable: id, period.

On a terminal a table in USD; piped, tab-separated with the columns id, period,
paid_cents, associates, created_at, and no header.`,
		Example: `  $ portal payments pay-runs
  $ portal payments pay-runs --order period --all --json period,paid_cents`,
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
	opts.ListFlags.Add(cmd, &oas.ListPayRunsParams{}, shared.PayRunFields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.PayRun, error] { return client.PayRunsAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.PayRunListHeaders, error) { return client.ListPayRuns(ctx, opts.Params) },
			func(r *oas.PayRunListHeaders) []sdk.PayRun { return r.Response.Data }),
		"No pay runs yet.", shared.PayRunRecords, shared.PrintPayRuns)
}
