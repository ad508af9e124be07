// Package account holds `portal account`: your own account, the sessions of your login and
// your password.
package account

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/account/password"
	"github.com/associateportal/portal/cli/internal/cmd/account/sessions"
	"github.com/associateportal/portal/cli/internal/cmd/account/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdAccount returns the account command group.
func NewCmdAccount(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "account <command>",
		Short: "Your account, the sessions of your login and your password",
		Long: `Work with your own account: show it as the account pages do, list the sessions your
login has open and end them, change your password.

Staff see an associate's account with --as CODE; sessions and passwords are each user's
own, so --as does not reach the associate's.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(view.NewCmdView(f, nil))
	cmd.AddCommand(sessions.NewCmdSessions(f))
	cmd.AddCommand(password.NewCmdPassword(f, nil))
	return cmd
}
