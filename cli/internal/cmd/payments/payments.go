// Package payments holds `portal payments`: the dashboard, the cashflow (list, export, and
// why an entry is what it is), chargebacks and pay statements; for staff, importing provider
// statements, the payments received, processing them and the pay runs.
package payments

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/cashflow"
	"github.com/associateportal/portal/cli/internal/cmd/payments/chargebacks"
	"github.com/associateportal/portal/cli/internal/cmd/payments/dashboard"
	"github.com/associateportal/portal/cli/internal/cmd/payments/explain"
	"github.com/associateportal/portal/cli/internal/cmd/payments/importstatement"
	"github.com/associateportal/portal/cli/internal/cmd/payments/payrun"
	"github.com/associateportal/portal/cli/internal/cmd/payments/payruns"
	"github.com/associateportal/portal/cli/internal/cmd/payments/process"
	"github.com/associateportal/portal/cli/internal/cmd/payments/providerpayments"
	"github.com/associateportal/portal/cli/internal/cmd/payments/statements"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdPayments returns the payments command group.
func NewCmdPayments(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "payments <command>",
		Short: "Your earnings, cashflow, chargebacks and pay statements; staff: statements and pay runs",
		Long: `Work with payments: the dashboard of your earnings and balances, the cashflow entries
(the ledger) with why each is what it is, the chargebacks of lapsed policies and your pay
statements. Staff allowed to manage payments import providers' commission statements, move
and process the payments received and run the monthly pay run.

Money is shown in dollars from the API's integer cents (never through a float) and rates
in percent from basis points; filters on money take cents. Lists show one page (--limit
rows, default 100) unless --all is given; --filter and --order take the fields and
operators of the API contract. Staff see an associate's payments with --as CODE.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(dashboard.NewCmdDashboard(f, nil))
	cmd.AddCommand(cashflow.NewCmdCashflow(f))
	cmd.AddCommand(explain.NewCmdExplain(f, nil))
	cmd.AddCommand(chargebacks.NewCmdChargebacks(f, nil))
	cmd.AddCommand(statements.NewCmdStatements(f, nil))
	cmd.AddCommand(importstatement.NewCmdImport(f, nil))
	cmd.AddCommand(providerpayments.NewCmdProviderPayments(f, nil))
	cmd.AddCommand(process.NewCmdProcess(f, nil))
	cmd.AddCommand(payrun.NewCmdPayRun(f, nil))
	cmd.AddCommand(payruns.NewCmdPayRuns(f, nil))
	return cmd
}
