// Package products holds `portal products`: list the products of every provider.
package products

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/products/list"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdProducts returns the products command group.
func NewCmdProducts(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "products <command>",
		Aliases: []string{"product"},
		Short:   "List the products of every provider",
		Long: `Work with the products of the providers: the IDs portal business create and preview
take, their category and type, the share of target premium the provider pays (commission
rate) and the BV factor.`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	return cmd
}
