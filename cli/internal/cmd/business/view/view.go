// Package view implements `portal business view`.
package view

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
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
		Short: "Show a policy with its requirements and commission",
		Long: `Show one policy you may see: its product and provider, client, writers and their
shares, field trainer, money (face amount, target premium, BV), status and dates, what you
may do with it, its requirements, and its commission preview: every line the compensation
rules pay on it, with the explanation of each.

On a terminal the policy is labelled lines, then the requirements and the commission lines
as tables; piped, each line is "field:<TAB>value" with the contract's field names and raw
values (cents, basis points), the requirements and the commission as compact JSON.
--json takes the policy's fields and requirements and commission.`,
		Example: `  $ portal business view 42
  $ portal business view 42 --json status,next_statuses,open_requirements
  $ portal business view 42 --jq '.commission.lines[] | [.associate_code, .amount_cents] | @tsv'`,
		Args: cmdutil.ExactID("policy"),
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
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.DetailFields)
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	d, err := client.PolicyDetail(ctx, opts.ID)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		rec, err := shared.DetailRecord(d)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, rec)
	}
	return shared.PrintDetail(opts.IO, d, opts.Now())
}
