// Package process implements `portal payments process`.
package process

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of processing.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
}

// NewCmdProcess returns the process command; runF replaces the run in tests.
func NewCmdProcess(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "process",
		Short: "Process the Ready To Pay provider payments (staff)",
		Long: `Process every provider payment that is Ready To Pay: each becomes Processed and releases
the Pending entries of its policy to Paid. Staff allowed to manage payments only.

On a terminal, how many payments were processed, how many entries were paid and how much;
piped, one tab-separated line: payments, entries_paid, paid_cents; --json the contract's
ProcessResult.`,
		Example: `  $ portal payments process
  $ portal payments process --json paid_cents`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return processRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.ProcessFields)
	return cmd
}

func processRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.ProcessPayments(ctx)
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// Print reports what was processed in the format asked for.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, r *oas.ProcessResult) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(r, shared.ProcessFields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		t.AddRow(fmt.Sprint(r.Payments), fmt.Sprint(r.EntriesPaid), fmt.Sprint(r.PaidCents))
		return t.Render()
	}
	cs := ios.ColorScheme()
	if r.Payments == 0 {
		_, err := fmt.Fprintln(ios.Out, "Nothing to process: no provider payment is Ready To Pay.")
		return err
	}
	_, err := fmt.Fprintf(ios.Out, "%s Processed %d provider payments: %d entries paid, %s\n", cs.SuccessIcon(), r.Payments,
		r.EntriesPaid, cs.Bold(text.FormatDollars(r.PaidCents)))
	return err
}
