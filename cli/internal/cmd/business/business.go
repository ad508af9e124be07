// Package business holds `portal business`: list, view, write (create, edit), export and
// move policies, and preview the commission of a policy not written yet.
package business

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/business/create"
	"github.com/associateportal/portal/cli/internal/cmd/business/edit"
	"github.com/associateportal/portal/cli/internal/cmd/business/export"
	"github.com/associateportal/portal/cli/internal/cmd/business/list"
	"github.com/associateportal/portal/cli/internal/cmd/business/move"
	"github.com/associateportal/portal/cli/internal/cmd/business/preview"
	"github.com/associateportal/portal/cli/internal/cmd/business/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdBusiness returns the business command group.
func NewCmdBusiness(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "business <command>",
		Aliases: []string{"policies", "policy"},
		Short:   "List, view, write, export and move policies; preview commissions",
		Long: `Work with business: the policies you write and, through the team views, those of your
team; staff allowed to review policies move them along the workflow.

Money is entered and shown in dollars and sent as integer cents; rates and shares are
percentages (or basis points, 4000bp). Lists show one page (--limit rows, default 100)
unless --all is given; --filter and --order take the fields and operators of the API
contract.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(view.NewCmdView(f, nil))
	cmd.AddCommand(create.NewCmdCreate(f, nil))
	cmd.AddCommand(edit.NewCmdEdit(f, nil))
	cmd.AddCommand(export.NewCmdExport(f, nil))
	cmd.AddCommand(move.NewCmdMove(f, nil))
	cmd.AddCommand(preview.NewCmdPreview(f, nil))
	return cmd
}
