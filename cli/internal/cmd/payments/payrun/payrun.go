// Package payrun implements `portal payments payrun`.
package payrun

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a pay run.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Period string
	// Input is the request: the first day of the month --period names.
	Input oas.PayRunInput
}

// NewCmdPayRun returns the payrun command; runF replaces the run in tests.
func NewCmdPayRun(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "payrun --period YYYY-MM",
		Short: "Run the pay run of a month (staff)",
		Long: `Run the pay run of the month --period names (YYYY-MM; the request carries its first day):
each associate paid gets a pay statement of the month with the earnings, the chargebacks
netted against them, what is paid, and any debt carried into the next period. Staff
allowed to manage payments only. A month runs once: running it again fails with the
server's 409.

On a terminal, the pay run's total and the number of associates paid; piped, its ID;
--json the contract's PayRun (id, period, paid_cents, associates, created_at).
portal payments pay-runs lists the runs, portal payments statements the statements.`,
		Example: `  $ portal payments payrun --period 2026-11
  $ portal payments payrun --period 2026-11 --json id,paid_cents`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if !cmd.Flags().Changed("period") {
				return cmdutil.FlagErrorf("--period is required: the month to pay, like 2026-11")
			}
			month, err := cmdutil.ParseMonth("--period", opts.Period)
			if err != nil {
				return err
			}
			opts.Input = oas.PayRunInput{Period: month}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return payRunRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Period, "period", "", "The `month` to pay, YYYY-MM")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.PayRunFields)
	return cmd
}

func payRunRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.CreatePayRun(ctx, &opts.Input)
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// Print reports a pay run: the run with --json/--jq/--csv, a summary on a terminal, the ID
// alone when piped.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, r *sdk.PayRun) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(r, shared.PayRunFields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if !ios.IsStdoutTTY() {
		_, err := fmt.Fprintln(ios.Out, r.ID)
		return err
	}
	cs := ios.ColorScheme()
	_, err := fmt.Fprintf(ios.Out, "%s Pay run %s for %s: %s paid to %d associates\n", cs.SuccessIcon(), cs.Bold(fmt.Sprintf("#%d", r.ID)),
		text.FormatMonth(r.Period), text.FormatDollars(r.PaidCents), r.Associates)
	return err
}
