// Package sso holds `portal sso`: single sign-on links into the portal for support staff.
package sso

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/sso/issue"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdSSO returns the sso command group.
func NewCmdSSO(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sso <command>",
		Short: "Single-use login links for an associate (staff)",
		Args:  cmdutil.NoArgsUnknownCommand,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(issue.NewCmdIssue(f, nil))
	return cmd
}
