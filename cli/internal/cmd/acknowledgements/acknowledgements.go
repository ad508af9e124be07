// Package acknowledgements holds `portal acknowledgements`: list and accept the memos and
// W-9 documents that wait for the caller, which gate the rest of the portal.
package acknowledgements

import (
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/acknowledgements/accept"
	"github.com/associateportal/portal/cli/internal/cmd/acknowledgements/list"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdAcknowledgements returns the acknowledgements command group.
func NewCmdAcknowledgements(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "acknowledgements <command>",
		Aliases: []string{"ack"},
		Short:   "List and accept pending memos and W-9 documents",
		Long: `Memos and W-9 documents wait for your acknowledgement; until you acknowledge them, the
rest of the portal answers 403 (HTTP Forbidden).`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(list.NewCmdList(f, nil))
	cmd.AddCommand(accept.NewCmdAccept(f, nil))
	return cmd
}
