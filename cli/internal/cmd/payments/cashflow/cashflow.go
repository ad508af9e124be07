// Package cashflow holds `portal payments cashflow`: list and export the ledger.
package cashflow

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/cashflow/export"
	"github.com/associateportal/portal/cli/internal/cmd/payments/cashflow/list"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdCashflow returns the cashflow command group.
func NewCmdCashflow(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cashflow <command>",
		Short: "List and export the cashflow entries (the ledger)",
		Args:  cmdutil.NoArgsUnknownCommand,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(export.NewCmdExport(f, nil))
	return cmd
}
