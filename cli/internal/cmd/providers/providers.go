// Package providers holds `portal providers`: list the product providers (carriers) and
// view one with its contacts, videos, links and attachments.
package providers

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/providers/list"
	"github.com/associateportal/portal/cli/internal/cmd/providers/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdProviders returns the providers command group.
func NewCmdProviders(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "providers <command>",
		Aliases: []string{"provider", "carriers"},
		Short:   "List product providers and view one with its contacts, videos, links and attachments",
		Long: `Work with the product providers (carriers): reference data every signed-in user reads.
Their products are listed by portal products list, what each level earns on them by
portal comp-schedule.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(view.NewCmdView(f, nil))
	return cmd
}
