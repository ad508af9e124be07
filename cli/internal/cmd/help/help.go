// Package help holds `portal help`: search and read the help centre's articles, and, as
// cobra's own help command did, the help of any command (`portal help clients list`).
package help

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/help/search"
	"github.com/associateportal/portal/cli/internal/cmd/help/view"
	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// NewCmdHelp returns the help command group. The root makes it its help command
// (cobra.Command.SetHelpCommand), so that it takes the place of cobra's: the group keeps
// printing the help of the command its words name, and adds the help centre's search and
// view.
func NewCmdHelp(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "help [command | search <words>... | view <slug>]",
		Short: "Help about any command; search and read the help centre",
		Long: `Help about any command: portal help clients list prints what portal clients list --help
does.

portal help search and portal help view search and read the help centre's articles, the
same articles as the web's help pages: the Published ones for associates, every state for
staff who manage content.`,
		Example: `  $ portal help team tree
  $ portal help search escrow
  $ portal help view advances-and-escrow`,
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: completeCommands,
		RunE: func(cmd *cobra.Command, args []string) error {
			target, err := topic(cmd.Root(), args)
			if err != nil {
				return err
			}
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			return target.Help()
		},
	}
	cmd.AddCommand(search.NewCmdSearch(f, nil))
	cmd.AddCommand(view.NewCmdView(f, nil))
	return cmd
}

// topic is the command whose help args ask for: the root for none, a *cmdutil.FlagError
// for words that name no command (words left over after a command without subcommands are
// its arguments: `portal help providers view 3`).
func topic(root *cobra.Command, args []string) (*cobra.Command, error) {
	target, rest, err := root.Find(args)
	if err == nil && target != nil && (len(rest) == 0 || !target.HasSubCommands()) {
		return target, nil
	}
	return nil, cmdutil.FlagErrorf("unknown help topic %q; run `%s help` for the commands, or `%s help search %s` to search the help centre",
		strings.Join(args, " "), root.Name(), root.Name(), strings.Join(args, " "))
}

// completeCommands completes the words of `portal help` with the commands they lead to, as
// cobra's help command does.
func completeCommands(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	target, _, err := cmd.Root().Find(args)
	if err != nil || target == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, c := range target.Commands() {
		if (c.IsAvailableCommand() || c == cmd) && strings.HasPrefix(c.Name(), toComplete) {
			out = append(out, cobra.CompletionWithDesc(c.Name(), c.Short))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
