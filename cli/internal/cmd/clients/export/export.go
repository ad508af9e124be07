// Package export implements `portal clients export`.
package export

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

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

	Format  string
	Output  string
	Filters []string
	Orders  []string

	// Params is the request built from the flags.
	Params oas.DownloadClientsParams
}

// NewCmdExport returns the export command; runF replaces the run in tests.
func NewCmdExport(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "export [--format csv|xlsx] [-o FILE] [flags]",
		Short: "Export clients to a CSV or XLSX file",
		Long: `Export every client the filters select (all pages) to a CSV or XLSX file built by the
server. The file is written to -o FILE (replaced only once it is complete) or to standard
output with -o - or when no -o is given. A progress bar shows on a terminal.`,
		Example: `  $ portal clients export -o clients.csv
  $ portal clients export --format xlsx -o ca.xlsx --filter state=eq:CA --order last_name
  $ portal clients export | wc -l`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch opts.Format {
			case "csv", "xlsx":
			default:
				return cmdutil.FlagErrorf("invalid --format %q: csv or xlsx", opts.Format)
			}
			if err := cmdutil.ApplyListing(&opts.Params, opts.Filters, opts.Orders); err != nil {
				return err
			}
			opts.Params.Format = oas.NewOptDownloadFormat(oas.DownloadFormat(opts.Format))
			if (opts.Output == "" || opts.Output == "-") && opts.Format == "xlsx" && opts.IO.IsStdoutTTY() {
				return cmdutil.FlagErrorf("refusing to write an XLSX file to the terminal; give -o FILE")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return exportRun(cmd.Context(), opts)
		},
	}
	cmdutil.AddListingFlags(cmd, &oas.DownloadClientsParams{}, &opts.Filters, &opts.Orders)
	cmd.Flags().StringVar(&opts.Format, "format", "csv", "File format: csv or xlsx")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "Write to `file` (- for standard output)")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"csv", "xlsx"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func exportRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.DownloadClients(ctx, opts.Params)
	if err != nil {
		return sdk.Wrap(err)
	}
	url := res.Response.URL

	if opts.Output == "" || opts.Output == "-" {
		return client.Download(ctx, url, opts.IO.Out, nil)
	}

	// Write next to the target and rename once complete, so a failed export never leaves a
	// truncated file where a good one was.
	dir := filepath.Dir(opts.Output)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(opts.Output)+".*.part")
	if err != nil {
		return fmt.Errorf("create %s: %w", opts.Output, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()

	bar := opts.IO.StartProgress("Exporting " + filepath.Base(opts.Output))
	info, err := client.DownloadWithInfo(ctx, url, tmp, bar.Update)
	bar.Done()
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), opts.Output); err != nil {
		return fmt.Errorf("write %s: %w", opts.Output, err)
	}
	if opts.IO.IsStderrTTY() {
		cs := opts.IO.ColorScheme()
		fmt.Fprintf(opts.IO.ErrOut, "%s Exported clients to %s (%s)\n", cs.SuccessIcon(), opts.Output, iostreams.FormatBytes(info.Size))
	}
	return nil
}
