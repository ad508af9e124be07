// Package requestinfo implements `portal payouts request-info`.
package requestinfo

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payouts/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk/oas"
)

// NewCmdRequestInfo returns the request-info command; runF replaces the run in tests.
func NewCmdRequestInfo(f *cmdutil.Factory, runF func(context.Context, *shared.DecisionOptions) error) *cobra.Command {
	opts := &shared.DecisionOptions{IO: f.IOStreams, Client: f.Client}
	var note string
	cmd := &cobra.Command{
		Use:   "request-info <id> --note TEXT",
		Short: "Ask the associate for information about a payout account (staff)",
		Long: `Ask the associate for information about a payout account waiting for staff (Pending For
Admin): it becomes Pending For Associate, and the associate is mailed the note; changing the
account sends it to staff again.

--note is required (at most 1000 characters): what the associate must tell or change.

On a terminal a line with the new status; piped, the new status alone. --json, --jq and
--csv take the contract's PayoutAccount fields.`,
		Example: `  $ portal payouts request-info 12 --note "Which branch holds the account?"`,
		Args:    shared.DecisionArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			n, err := shared.Note(note, true, "what the associate must tell or change")
			if err != nil {
				return err
			}
			opts.Decision = oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionRequestInfo, Note: n}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return shared.RunDecision(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&note, "note", "", "What the associate must tell or change (required)")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.Fields)
	return cmd
}
