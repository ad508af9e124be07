// Package tui implements `portal tui`, the full-screen support screen.
package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tui"
	"github.com/associateportal/portal/sdk"
)

// Options are the inputs of the TUI.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
}

// NewCmdTUI returns the tui command; runF replaces the run in tests.
func NewCmdTUI(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	return &cobra.Command{
		Use:   "tui",
		Short: "Open the support screen (clients, associate lookup, team, genealogy tree)",
		Long: `Open the full-screen support screen: browse clients page by page, filter them, open
one; look associates up by code or name; browse your team views and open a member's
overview, licenses, appointments and level history; walk your genealogy tree, opening
nodes as you go. Keyboard only: tab or 1–4 switch screens, ? shows every key, q quits.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !opts.IO.IsStdinTTY() || !opts.IO.IsStdoutTTY() {
				return errors.New("portal tui needs a terminal")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return tuiRun(cmd.Context(), opts)
		},
	}
}

func tuiRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	m := tui.New(ctx, client, client.BaseURL())
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(opts.IO.In), tea.WithOutput(opts.IO.Out))
	final, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return err
	}
	if r, ok := final.(tui.Model); ok && r.Err() != nil {
		return r.Err()
	}
	return nil
}
