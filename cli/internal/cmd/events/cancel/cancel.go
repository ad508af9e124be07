// Package cancel implements `portal events cancel`.
package cancel

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a cancellation.
type Options struct {
	IO       *iostreams.IOStreams
	Prompter prompter.Prompter
	Client   func() (*sdk.Client, error)

	Slug string
	Yes  bool
}

// NewCmdCancel returns the cancel command; runF replaces the run in tests.
func NewCmdCancel(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Prompter: f.Prompter, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "cancel <slug>",
		Short: "Cancel your registration for an event",
		Long: `Give your seat at an event back, before the event starts; your ticket no longer checks
in. A registration that is checked in, or of an event that has started, cannot be
cancelled; cancelling when you are not registered is an error (exit code 1).

On a terminal you are asked to type "yes" unless --yes is given; when not running
interactively --yes is required. Declining exits with code 2.`,
		Example: `  $ portal events cancel regional-kickoff-dallas
  $ portal events cancel regional-kickoff-dallas --yes`,
		Args: shared.SlugArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Slug = args[0]
			if !opts.Yes && !opts.IO.CanPrompt() {
				return cmdutil.FlagErrorf("--yes is required when not running interactively")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return cancelRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "Cancel without asking for confirmation")
	return cmd
}

// cancelRun reads the event first: it must exist (its 404 names the slug), and the
// question names it. A caller without a registration is not asked: the server's 404 says
// so (or its 403, to staff acting for nobody).
func cancelRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetEvent(ctx, oas.GetEventParams{Slug: opts.Slug})
	if err != nil {
		return shared.Explain(sdk.Wrap(err), opts.Slug, shared.NotFound(opts.Slug))
	}
	e := &res.Response
	cs := opts.IO.ColorScheme()
	if !opts.Yes && e.MyRegistration.Set {
		q := fmt.Sprintf("Cancel your registration for %s (%s)? Type %s to confirm: ", cs.Bold(e.Title), shared.Start(shared.Summary(e)), cs.Bold("yes"))
		ok, err := opts.Prompter.ConfirmWord(q, "yes")
		if err != nil {
			return err
		}
		if !ok {
			return cmdutil.ErrCancel
		}
	}
	if _, err := client.CancelEventRegistration(ctx, oas.CancelEventRegistrationParams{Slug: opts.Slug}); err != nil {
		return shared.Explain(sdk.Wrap(err), opts.Slug, fmt.Sprintf("You are not registered for %q", opts.Slug))
	}
	if opts.IO.IsStdoutTTY() {
		fmt.Fprintf(opts.IO.Out, "%s Cancelled your registration for %s\n", cs.SuccessIcon(), e.Title)
	}
	return nil
}
