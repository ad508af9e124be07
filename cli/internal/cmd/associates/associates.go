// Package associates holds `portal associates`: one associate's overview, licenses, provider
// appointments and level qualification history.
package associates

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/associates/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdAssociates returns the associates command group.
func NewCmdAssociates(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "associates <command>",
		Aliases: []string{"associate"},
		Short:   "Show an associate of your downline or upline",
		Long: `Show associates you may see: yourself, your whole downline and, contact details only,
your upline chain.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(view.NewCmdView(f, nil))
	return cmd
}
