// Package view implements `portal clients view`.
package view

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/clients/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a view.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
	Now      func() time.Time

	ID int64
}

// NewCmdView returns the view command; runF replaces the run in tests.
func NewCmdView(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Now: time.Now}
	cmd := &cobra.Command{
		Use:   "view <id>",
		Short: "Show one client",
		Long: `Show one client. On a terminal the fields are labelled and formatted; piped, each
line is "field:<TAB>value" with the contract's field names and raw values.`,
		Example: `  $ portal clients view 42
  $ portal clients view 42 --json email,phone`,
		Args: cmdutil.ExactID("client"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return viewRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetClient(ctx, oas.GetClientParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	c := &res.Response
	if opts.Exporter.Enabled() {
		rec, err := shared.Record(c)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, rec)
	}
	return shared.PrintDetail(opts.IO, c, opts.Now())
}
