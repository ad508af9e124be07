// Package dashboard implements `portal payments dashboard`.
package dashboard

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	teamshared "github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of the dashboard.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Period    teamshared.Period
	Associate string
	Params    oas.GetPaymentsDashboardParams
}

// NewCmdDashboard returns the dashboard command; runF replaces the run in tests.
func NewCmdDashboard(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "dashboard",
		Aliases: []string{"summary"},
		Short:   "Show your earnings by category, balances, escrow releases and chargeback exposure",
		Long: `Show the payments dashboard: the compensation of the period by category (Personal,
Override, Generation, Bonus) with its total and the period's chargebacks; the balances
(pending, held in escrow, paid, and the chargeback debt not yet netted against pay); the
escrow due to be released in each of the next 12 months; what a lapse this month of every
policy in force would reclaim; and the compensation and chargebacks of the last 12 months.

The period is --period-start to --period-end (default this month to date). Staff allowed
to read payments name the associate with --associate CODE (or act for one with --as).
Money is shown in USD; piped, each field is a "field:<TAB>value" line with the contract's
names and raw values (cents), the nested ones as compact JSON.`,
		Example: `  $ portal payments dashboard
  $ portal payments dashboard --period-start 2026-01-01 --period-end 2026-03-31
  $ portal payments dashboard --associate AGT100
  $ portal payments dashboard --json balances --jq '.balances.pending_cents'`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			var err error
			if opts.Params.PeriodStart, opts.Params.PeriodEnd, err = opts.Period.Parse(); err != nil {
				return err
			}
			if cmd.Flags().Changed("associate") {
				code, err := cmdutil.ParseCode(opts.Associate)
				if err != nil {
					return cmdutil.FlagErrorf("invalid --associate %q: an associate code is 3 to 16 letters and digits", opts.Associate)
				}
				opts.Params.AssociateCode = oas.NewOptString(code)
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return dashboardRun(cmd.Context(), opts)
		},
	}
	teamshared.AddPeriodFlags(cmd, &opts.Period)
	cmd.Flags().StringVar(&opts.Associate, "associate", "", "Staff: the associate `CODE` whose payments to show")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.DashboardFields)
	return cmd
}

func dashboardRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetPaymentsDashboard(ctx, opts.Params)
	if err != nil {
		return sdk.Wrap(err)
	}
	if opts.Exporter.Enabled() {
		rec, err := shared.DashboardRecord(&res.Response)
		if err != nil {
			return err
		}
		return opts.Exporter.Write(opts.IO, rec)
	}
	return shared.PrintDashboard(opts.IO, &res.Response)
}
