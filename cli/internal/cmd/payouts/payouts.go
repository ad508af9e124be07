// Package payouts holds `portal payouts`: staff's review of associates' payout accounts
// (maker-checker).
package payouts

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/approve"
	"github.com/associateportal/portal/cli/internal/cmd/payouts/list"
	"github.com/associateportal/portal/cli/internal/cmd/payouts/reject"
	"github.com/associateportal/portal/cli/internal/cmd/payouts/requestinfo"
	"github.com/associateportal/portal/cli/internal/cmd/payouts/review"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdPayouts returns the payouts command group.
func NewCmdPayouts(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "payouts <command>",
		Short: "Review associates' payout accounts (staff)",
		Long: `Review the payout accounts associates add or change (the bank accounts commissions are
deposited to): list those waiting for staff, show one in full, then approve it, reject it
with a reason, or ask the associate for information. Staff with the payouts.review
permission only.

Maker-checker: whoever entered or last changed an account (a staff member acting for the
associate) cannot approve it; another staff member must.`,
		Example: `  $ portal payouts list
  $ portal payouts review 12
  $ portal payouts approve 12
  $ portal payouts reject 12 --reason invalid-supporting-document --note "The cheque is blurred"
  $ portal payouts request-info 12 --note "Which branch holds the account?"`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(review.NewCmdReview(f, nil))
	cmd.AddCommand(approve.NewCmdApprove(f, nil))
	cmd.AddCommand(reject.NewCmdReject(f, nil))
	cmd.AddCommand(requestinfo.NewCmdRequestInfo(f, nil))
	return cmd
}
