// Package export implements `portal payments cashflow export`.
package export

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of an export.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ExportListFlags

	// Params is the request built from the flags.
	Params oas.DownloadCashflowParams
}

// NewCmdExport returns the export command; runF replaces the run in tests.
func NewCmdExport(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "export [--format csv|xlsx] [-o FILE] [flags]",
		Short: "Export cashflow entries to a CSV or XLSX file",
		Long: `Export every cashflow entry that the filters select (all pages) to a CSV or XLSX file
built by the server. The filters and order are those of portal payments cashflow list;
money is in cents, as in the API. The file is written to -o FILE (replaced only once it is
complete) or to standard output with -o - or when no -o is given. A progress bar shows on
a terminal.

The format follows the extension of the -o file (.csv or .xlsx) unless --format is given;
a --format that disagrees with the extension is refused. A file that exists is only
replaced with --clobber.`,
		Example: `  $ portal payments cashflow export -o cashflow.csv
  $ portal payments cashflow export -o 2026.xlsx --filter period=gte:2026-01-01 --filter period=lte:2026-12-01
  $ portal payments cashflow export -o escrow.csv --filter status=eq:escrow --clobber
  $ portal payments cashflow export --filter direction=eq:chargeback | wc -l`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, err := opts.ExportListFlags.Apply(cmd, opts.IO, &opts.Params)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return exportRun(ctx, opts)
		},
	}
	opts.ExportListFlags.Add(cmd, &oas.DownloadCashflowParams{})
	return cmd
}

func exportRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return opts.ExportFlags.Export(ctx, opts.IO, client, opts.Clobber, "cashflow entries", func() (*oas.DownloadHeaders, error) {
		return client.DownloadCashflow(ctx, opts.Params)
	})
}
