// Package sessions holds `portal account sessions`: list the sessions of your login and end
// them.
package sessions

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/account/sessions/list"
	"github.com/associateportal/portal/cli/internal/cmd/account/sessions/revoke"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdSessions returns the sessions command group.
func NewCmdSessions(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "sessions <command>",
		Aliases: []string{"session"},
		Short:   "List the sessions of your login and end them",
		Args:    cmdutil.NoArgsUnknownCommand,
		RunE:    func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(revoke.NewCmdRevoke(f, nil))
	return cmd
}
