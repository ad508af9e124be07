// Package delete implements `portal clients delete`.
package delete

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/clients/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a delete.
type Options struct {
	IO       *iostreams.IOStreams
	Prompter prompter.Prompter
	Client   func() (*sdk.Client, error)

	ID  int64
	Yes bool
}

// NewCmdDelete returns the delete command; runF replaces the run in tests.
func NewCmdDelete(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Prompter: f.Prompter, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "delete <id>",
		Short: "Delete a client",
		Long: `Delete one of your own clients. On a terminal you are asked to type "yes" unless --yes
is given; when not running interactively --yes is required. Declining exits with code 2.`,
		Example: `  $ portal clients delete 42
  $ portal clients delete 42 --yes`,
		Args: cmdutil.ExactID("client"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID, _ = cmdutil.ParseID(args[0])
			if !opts.Yes && !opts.IO.CanPrompt() {
				return cmdutil.FlagErrorf("--yes is required when not running interactively")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return deleteRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "Delete without asking for confirmation")
	return cmd
}

func deleteRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cs := opts.IO.ColorScheme()
	name := fmt.Sprintf("#%d", opts.ID)
	if !opts.Yes {
		cur, err := client.GetClient(ctx, oas.GetClientParams{ID: opts.ID})
		if err != nil {
			return sdk.Wrap(err)
		}
		name = fmt.Sprintf("%s #%d", shared.FullName(&cur.Response), opts.ID)
		ok, err := opts.Prompter.ConfirmWord(fmt.Sprintf("Are you sure you want to delete the client %s? Type %s to confirm: ", cs.Bold(name), cs.Bold("yes")), "yes")
		if err != nil {
			return err
		}
		if !ok {
			return cmdutil.ErrCancel
		}
	}
	if _, err := client.DeleteClient(ctx, oas.DeleteClientParams{ID: opts.ID}); err != nil {
		return sdk.Wrap(err)
	}
	if opts.IO.IsStdoutTTY() {
		fmt.Fprintf(opts.IO.Out, "%s Deleted client %s\n", cs.SuccessIcon(), name)
	}
	return nil
}
