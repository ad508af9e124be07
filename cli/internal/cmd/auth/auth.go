// Package auth holds `portal auth`: log in, log out, switch accounts, show the session.
package auth

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/auth/login"
	"github.com/associateportal/portal/cli/internal/cmd/auth/logout"
	"github.com/associateportal/portal/cli/internal/cmd/auth/status"
	switchcmd "github.com/associateportal/portal/cli/internal/cmd/auth/switch"
	"github.com/associateportal/portal/cli/internal/cmd/auth/token"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdAuth returns the auth command group.
func NewCmdAuth(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth <command>",
		Short: "Log in, log out, switch accounts and show the session",
		Args:  cmdutil.NoArgsUnknownCommand,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(login.NewCmdLogin(f, nil))
	cmd.AddCommand(logout.NewCmdLogout(f, nil))
	cmd.AddCommand(status.NewCmdStatus(f, nil))
	cmd.AddCommand(switchcmd.NewCmdSwitch(f, nil))
	cmd.AddCommand(token.NewCmdToken(f, nil))
	return cmd
}
