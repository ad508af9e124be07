// Package clients holds `portal clients`: list, view, create, edit, delete and export the
// clients of the caller and its downline.
package clients

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/clients/create"
	"github.com/associateportal/portal/cli/internal/cmd/clients/delete"
	"github.com/associateportal/portal/cli/internal/cmd/clients/edit"
	"github.com/associateportal/portal/cli/internal/cmd/clients/export"
	"github.com/associateportal/portal/cli/internal/cmd/clients/list"
	"github.com/associateportal/portal/cli/internal/cmd/clients/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdClients returns the clients command group.
func NewCmdClients(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "clients <command>",
		Aliases: []string{"client"},
		Short:   "List, view, create, edit, delete and export clients",
		Long: `Work with clients: your own and, read-only, those of your downline.

Lists show one page (--limit rows, default 100) unless --all is given; --filter and
--order take the fields and operators of the API contract.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(view.NewCmdView(f, nil))
	cmd.AddCommand(create.NewCmdCreate(f, nil))
	cmd.AddCommand(edit.NewCmdEdit(f, nil))
	cmd.AddCommand(delete.NewCmdDelete(f, nil))
	cmd.AddCommand(export.NewCmdExport(f, nil))
	return cmd
}
