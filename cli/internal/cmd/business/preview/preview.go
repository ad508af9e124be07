// Package preview implements `portal business preview`.
package preview

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a preview.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
	Fields   shared.InputFlags

	// Input is the request built from the flags.
	Input oas.CommissionPreviewInput
}

// NewCmdPreview returns the preview command; runF replaces the run in tests.
func NewCmdPreview(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "preview --product ID --target-premium DOLLARS [flags]",
		Short: "Preview what everyone would earn on a policy not written yet",
		Long: `Preview the commission of a policy before writing it: with you as its writer, what
everyone in the chain would earn on it as of the sale date (today unless --submitted says
otherwise), from the product, the annual target premium, a split and a field trainer as
portal business create takes them. Nothing is saved.

Each line shows who earns it, the rule (Writing, Split, Override, Generation 1-6, Unpaid
Generations, Training), the base it is computed on, the rate and the amount, with the
server's explanation; money is USD and rates percentages, computed from integer cents and
basis points. Piped, one tab-separated line per commission line: associate_code,
associate_name, level, bonus_type, category, generation, writer_code, base_cents, rate_bp,
amount_cents, explanation. --json gives the contract's CommissionPreview.`,
		Example: `  $ portal business preview --product 7 --target-premium 1200
  $ portal business preview --product 7 --target-premium 2400 --split SPL200:40% --trainer RMD100
  $ portal business preview --product 7 --target-premium 1200 --jq '.total_cents'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Fields.Collect(cmd.Flags())
			if !opts.Fields.Changed["product"] || !opts.Fields.Changed["target-premium"] {
				return cmdutil.FlagErrorf("--product and --target-premium are required")
			}
			if err := opts.Fields.ApplyPreview(&opts.Input); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return previewRun(cmd.Context(), opts)
		},
	}
	opts.Fields.AddPreview(cmd)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.CommissionFields)
	return cmd
}

func previewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.PreviewCommission(ctx, &opts.Input)
	if err != nil {
		return sdk.Wrap(err)
	}
	if opts.Exporter.Enabled() {
		rec, err := cmdutil.ToRecord(&res.Response, shared.CommissionFields)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, rec)
	}
	return shared.PrintCommission(opts.IO, &res.Response)
}
