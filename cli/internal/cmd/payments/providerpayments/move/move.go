// Package move implements `portal payments provider-payments move`.
package move

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// maxReason is the contract's longest reason.
const maxReason = 500

// Statuses are the statuses of a provider payment, in the order it moves through them.
var Statuses = oas.ProviderPaymentStatus("").AllValues()

// Options are the inputs of a move.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	ID     int64
	Reason string
	Move   oas.ProviderPaymentMove
}

// NewCmdMove returns the move command; runF replaces the run in tests.
func NewCmdMove(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "move <id> <status> [--reason TEXT]",
		Short: "Move a provider payment to another status (staff)",
		Long: `Move a payment received from a provider to another status: Received, Action Required,
Ready To Pay or Processed, as the workflow allows (staff allowed to manage payments). A
move the workflow does not allow fails with the server's 409, which names the statuses the
payment can move to (the list's next_statuses field shows them too). --reason says why
(at most 500 characters), e.g. why a payment needs action.

The status matches in any case, its words with spaces, dashes or run together
("ready-to-pay"). On a terminal a confirmation is printed; piped, the payment's ID.`,
		Example: `  $ portal payments provider-payments move 57 ready-to-pay
  $ portal payments provider-payments move 58 "Action Required" --reason "Short by $12.00"`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return cmdutil.FlagErrorf("%s takes a payment ID and a status, got %d arguments", cmd.CommandPath(), len(args))
			}
			return cmdutil.ExactID("provider payment")(cmd, args[:1])
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
			opts.Move = oas.ProviderPaymentMove{Status: status}
			if reason := strings.TrimSpace(opts.Reason); reason != "" {
				if utf8.RuneCountInString(reason) > maxReason {
					return cmdutil.FlagErrorf("--reason is longer than %d characters", maxReason)
				}
				opts.Move.Reason = oas.NewOptString(reason)
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return moveRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Reason, "reason", "", "Why the payment moves (at most 500 characters)")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.ProviderPaymentFields)
	return cmd
}

func moveRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.MoveProviderPayment(ctx, &opts.Move, oas.MoveProviderPaymentParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	return shared.PrintProviderPayment(opts.IO, opts.Exporter, &res.Response)
}
