// Package approve implements `portal payouts approve`.
package approve

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk/oas"
)

// NewCmdApprove returns the approve command; runF replaces the run in tests.
func NewCmdApprove(f *cmdutil.Factory, runF func(context.Context, *shared.DecisionOptions) error) *cobra.Command {
	opts := &shared.DecisionOptions{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "approve <id>",
		Short: "Approve a payout account waiting for staff (staff)",
		Long: `Approve a payout account waiting for staff (Pending For Admin). With the holder Owner it
becomes Approved and the account in use (the one it replaces stays Approved, retired); with
the holder Authorized it waits for its owner (Pending For Owner), who is mailed a link to
approve it. The associate is mailed.

Maker-checker: whoever entered or last changed the account (you, acting for the associate)
cannot approve it; the server refuses (exit 1) and another staff member must approve it.
portal payouts list shows it in CAN APPROVE.

On a terminal a line with the new status; piped, the new status alone. --json, --jq and
--csv take the contract's PayoutAccount fields.`,
		Example: `  $ portal payouts approve 12
  $ portal payouts approve 12 --jq .active`,
		Args: shared.DecisionArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			opts.Decision = oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return shared.RunDecision(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}
