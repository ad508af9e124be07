// Package reject implements `portal payouts reject`.
package reject

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk/oas"
)

// NewCmdReject returns the reject command; runF replaces the run in tests.
func NewCmdReject(f *cmdutil.Factory, runF func(context.Context, *shared.DecisionOptions) error) *cobra.Command {
	opts := &shared.DecisionOptions{IO: f.IOStreams, Client: f.Client}
	var reason, note string
	cmd := &cobra.Command{
		Use:   "reject <id> --reason REASON [--note TEXT]",
		Short: "Reject a payout account waiting for staff (staff)",
		Long: `Reject a payout account waiting for staff (Pending For Admin): it becomes Rejected By
Admin, and the associate is mailed the reason and the note; changing the account sends it to
staff again.

--reason is required, one of these (any case, the words apart, run together or joined by
dashes):
  ` + shared.ReasonHelp() + `
--note (at most 1000 characters) says more to the associate; the reason other requires it.

On a terminal a line with the new status; piped, the new status alone. --json, --jq and
--csv take the contract's PayoutAccount fields.`,
		Example: `  $ portal payouts reject 12 --reason invalid-supporting-document --note "The cheque is blurred"
  $ portal payouts reject 12 --reason "Duplicate Information"
  $ portal payouts reject 12 --reason other --note "The bank is closing this branch"`,
		Args: shared.DecisionArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			r, err := shared.ParseReason(reason)
			if err != nil {
				return err
			}
			n, err := shared.Note(note, r == oas.RejectionReasonOther, "say why when the reason is Other")
			if err != nil {
				return err
			}
			opts.Decision = oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionReject, Reason: oas.NewOptRejectionReason(r), Note: n}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return shared.RunDecision(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "The `REASON`: one of "+shared.ReasonHelp())
	cmd.Flags().StringVar(&note, "note", "", "Words for the associate (required with the reason other)")
	cmdutil.CompleteValues(cmd, "reason", cmdutil.EnumStrings(shared.Reasons))
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}
