// Package explain implements `portal payments explain`.
package explain

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of an explanation.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	ID int64
}

// NewCmdExplain returns the explain command; runF replaces the run in tests.
func NewCmdExplain(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "explain <id>",
		Aliases: []string{"view"},
		Short:   "Explain a cashflow entry: why its amount is what it is",
		Long: `Show one cashflow entry you may see and why it is what it is: the explanation in words;
the line it belongs to as the compensation rules computed it on the sale date (the rule,
the earner's level and rate, the rate already paid below, the rate applied, the generation,
the commissionable amount, the share, the base and the earning, and the upline chain from
the writer up); the policy behind it (number, provider, product, dates, and the policy
month of a lapse); and every entry of the same line in order (advance, escrow, releases,
chargebacks), this one marked.

Money shows in USD and rates in percent, formatted from the API's cents and basis points.
Piped, each line is "field:<TAB>value" with the contract's field names and raw values, the
entry, the line, the policy and the line's entries as compact JSON.`,
		Example: `  $ portal payments explain 1234
  $ portal payments explain 1234 --json explanation,line
  $ portal payments explain 1234 --jq '.line_entries[] | [.kind, .amount_cents] | @tsv'`,
		Args: cmdutil.ExactID("cashflow entry"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return explainRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.DetailFields)
	return cmd
}

func explainRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetCashflowEntry(ctx, oas.GetCashflowEntryParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	if opts.Exporter.Enabled() {
		rec, err := shared.DetailRecord(&res.Response)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, rec)
	}
	return shared.PrintDetail(opts.IO, &res.Response)
}
