// Package move implements `portal business move`.
package move

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a move.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	ID     int64
	Status oas.PolicyStatus
}

// Statuses are the statuses of the workflow, in its order.
var Statuses = oas.PolicyStatus("").AllValues()

// NewCmdMove returns the move command; runF replaces the run in tests.
func NewCmdMove(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "move <id> <status>",
		Short: "Move a policy along the workflow (staff)",
		Long: `Move a policy to another status of the workflow: Pending → Action Required or Ready To
Pay; Action Required → Pending; Ready To Pay → Approved; Approved → Archived. Only staff
allowed to review policies move them (acting for an associate with --as or not); an open
requirement keeps a policy in Action Required. A move the workflow does not allow fails
with the statuses the policy can move to (portal business view shows them too).

The status matches in any case, its words with spaces, dashes or run together
("ready-to-pay"). On a terminal a confirmation is printed; piped, the policy's ID.`,
		Example: `  $ portal business move 42 ready-to-pay
  $ portal business move 42 "Action Required"
  $ portal business move 42 approved --as AGT100 --json status,approved_on`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return cmdutil.FlagErrorf("%s takes a policy ID and a status, got %d arguments", cmd.CommandPath(), len(args))
			}
			return cmdutil.ExactID("policy")(cmd, args[:1])
		},
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) != 1 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return cmdutil.EnumStrings(Statuses), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			status, err := cmdutil.ParseEnum("status", args[1], Statuses)
			if err != nil {
				return err
			}
			opts.Status = status
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return moveRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.PolicyFields)
	return cmd
}

func moveRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.MovePolicy(ctx, &oas.PolicyMove{Status: opts.Status}, oas.MovePolicyParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	return shared.PrintSaved(opts.IO, opts.Exporter, &res.Response, "Moved")
}
