// Package team holds `portal team`: the team views of the caller (list, export), the team
// dashboard and the genealogy tree.
package team

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/team/dashboard"
	"github.com/associateportal/portal/cli/internal/cmd/team/export"
	"github.com/associateportal/portal/cli/internal/cmd/team/list"
	"github.com/associateportal/portal/cli/internal/cmd/team/tree"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdTeam returns the team command group.
func NewCmdTeam(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "team <command>",
		Short: "List and export your team views, see the team dashboard and the genealogy tree",
		Long: `Work with your team: the associates of your team views, their counts, and the tree of
your downline.

Non-senior associates are offered the Personal, BaseShop and Infinity views; seniors (RMD
and up) Personal, RmdSuperBase, RmdSuperTeam and Infinity. Lists show one page (--limit
rows, default 100) unless --all is given; --filter and --order take the fields and
operators of the API contract.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(export.NewCmdExport(f, nil))
	cmd.AddCommand(dashboard.NewCmdDashboard(f, nil))
	cmd.AddCommand(tree.NewCmdTree(f, nil))
	return cmd
}
