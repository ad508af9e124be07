// Package export implements `portal team export`.
package export

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of an export.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)

	View   string
	Period shared.Period
	cmdutil.ExportFlags
	Clobber bool
	Filters []string
	Orders  []string

	// Params is the request built from the flags.
	Params oas.DownloadTeamParams
}

// NewCmdExport returns the export command; runF replaces the run in tests.
func NewCmdExport(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "export [--view VIEW] [--format csv|xlsx] [-o FILE] [flags]",
		Short: "Export a team view to a CSV or XLSX file",
		Long: `Export every member of a team view that the filters select (all pages) to a CSV or
XLSX file built by the server. The view, filters and order are those of portal team list.
The file is written to -o FILE (replaced only once it is complete) or to standard output
with -o - or when no -o is given. A progress bar shows on a terminal.

The format follows the extension of the -o file (.csv or .xlsx) unless --format is given;
a --format that disagrees with the extension is refused. A file that exists is only
replaced with --clobber.`,
		Example: `  $ portal team export --view BaseShop -o team.csv
  $ portal team export --view Infinity -o infinity.xlsx --filter licensed=true
  $ portal team export --view BaseShop -o team.csv --clobber
  $ portal team export --view BaseShop | wc -l`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.ExportFlags.Resolve(opts.IO, cmd.Flags().Changed("format")); err != nil {
				return err
			}
			view, err := shared.ParseView(opts.View)
			if err != nil {
				return err
			}
			opts.Params.View = view
			if opts.Params.PeriodStart, opts.Params.PeriodEnd, err = opts.Period.Parse(); err != nil {
				return err
			}
			ctx, err := cmdutil.ApplyListing(cmd.Context(), &opts.Params, opts.Filters, opts.Orders)
			if err != nil {
				return err
			}
			opts.Params.Format = oas.NewOptDownloadFormat(oas.DownloadFormat(opts.Format))
			if runF != nil {
				return runF(ctx, opts)
			}
			return exportRun(ctx, opts)
		},
	}
	shared.AddViewFlag(cmd, &opts.View)
	shared.AddPeriodFlags(cmd, &opts.Period)
	cmdutil.AddListingFlags(cmd, &oas.DownloadTeamParams{}, &opts.Filters, &opts.Orders)
	cmdutil.AddExportFileFlags(cmd, &opts.ExportFlags, &opts.Clobber)
	return cmd
}

func exportRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.DownloadTeam(ctx, opts.Params)
	if err != nil {
		return sdk.Wrap(err)
	}
	if err := opts.ExportFlags.CheckOverwrite(opts.Clobber); err != nil {
		return err
	}
	return opts.ExportFlags.Download(ctx, opts.IO, client, res.Response.URL, "the "+string(opts.Params.View)+" view")
}
