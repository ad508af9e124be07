// Package export implements `portal comp-schedule export`.
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
	Params oas.DownloadCompensationScheduleParams
}

// NewCmdExport returns the export command; runF replaces the run in tests.
func NewCmdExport(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "export [--format csv|xlsx] [-o FILE] [flags]",
		Short: "Export the compensation schedule to a CSV or XLSX file",
		Long: `Export the compensation schedule that the filters select (all pages) to a CSV or XLSX
file built by the server, one row per product and level: product_id, product_name,
provider_name, category, type, commission_rate_bp, level, level_name, level_rate_bp,
earning_bp (rates in basis points). The filters and order are those of portal
comp-schedule. The file is written to -o FILE (replaced only once it is complete) or to
standard output with -o - or when no -o is given.

The format follows the extension of the -o file (.csv or .xlsx) unless --format is given;
a --format that disagrees with the extension is refused. A file that exists is only
replaced with --clobber.`,
		Example: `  $ portal comp-schedule export -o schedule.csv
  $ portal comp-schedule export -o annuities.xlsx --filter category=eq:annuity
  $ portal comp-schedule export -o schedule.csv --clobber`,
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
	opts.ExportListFlags.Add(cmd, &oas.DownloadCompensationScheduleParams{})
	return cmd
}

func exportRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return opts.ExportFlags.Export(ctx, opts.IO, client, opts.Clobber, "the compensation schedule", func() (*oas.DownloadHeaders, error) {
		return client.DownloadCompensationSchedule(ctx, opts.Params)
	})
}
