// Package export implements `portal business export`.
package export

import (
	"context"

	"github.com/spf13/cobra"

	teamshared "github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of an export.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)

	View string
	cmdutil.ExportListFlags

	// Params is the request built from the flags.
	Params oas.DownloadPoliciesParams
}

// NewCmdExport returns the export command; runF replaces the run in tests.
func NewCmdExport(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "export [--view VIEW] [--format csv|xlsx] [-o FILE] [flags]",
		Short: "Export policies to a CSV or XLSX file",
		Long: `Export every policy of a view that the filters select (all pages) to a CSV or XLSX
file built by the server. The view, filters and order are those of portal business list;
money is in cents, as in the API. The file is written to -o FILE (replaced only once it is
complete) or to standard output with -o - or when no -o is given. A progress bar shows on
a terminal.

The format follows the extension of the -o file (.csv or .xlsx) unless --format is given;
a --format that disagrees with the extension is refused. A file that exists is only
replaced with --clobber.`,
		Example: `  $ portal business export -o business.csv
  $ portal business export --view BaseShop -o team-business.xlsx --filter status=eq:approved
  $ portal business export -o business.csv --clobber
  $ portal business export --filter split=true | wc -l`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			view, err := teamshared.ParseView(opts.View)
			if err != nil {
				return err
			}
			opts.Params.View = oas.NewOptTeamView(view)
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
	teamshared.AddViewFlag(cmd, &opts.View)
	opts.ExportListFlags.Add(cmd, &oas.DownloadPoliciesParams{})
	return cmd
}

func exportRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	return opts.ExportFlags.Export(ctx, opts.IO, client, opts.Clobber, "policies", func() (*oas.DownloadHeaders, error) {
		return client.DownloadPolicies(ctx, opts.Params)
	})
}
