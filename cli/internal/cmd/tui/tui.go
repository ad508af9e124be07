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
		Short: "Open the support screen (clients, associate lookup, team, genealogy tree, business, payments)",
		Long: `Open the full-screen support screen: browse clients page by page, filter them, open
one and its owner; look associates up by code or name and open their tabs; browse the team
dashboard and your team views and open a member's overview, licenses, appointments and
level history; walk your genealogy tree, opening nodes as you go; browse policies (yours,
your team views', or every policy for staff) and open one's details, requirements and
commission; see an associate's payments (balances, this month's earnings and the cashflow
entries) and why an entry is what it is, with the policy behind it. Keyboard only: tab or
1–6 switch screens, ? shows every key, q quits.

Staff press a to choose the associate to act for (the header says who); every screen then
shows what that associate sees. --as CODE (or PORTAL_ACT_AS) starts acting for one.`,
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
	own, tuiOpts, err := options(client)
	if err != nil {
		return err
	}
	m := tui.New(ctx, own, client.BaseURL(), tuiOpts)
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

// options splits the client of the command line, which acts for --as (or PORTAL_ACT_AS),
// into the user's own client, acting for nobody (the act-as picker finds any associate
// through it), and the TUI's options: act for that associate from the start, and for any
// other through the own client.
func options(client *sdk.Client) (*sdk.Client, tui.Options, error) {
	own, err := client.ActAs("")
	if err != nil {
		return nil, tui.Options{}, err
	}
	return own, tui.Options{
		ActAs: func(code string) (tui.Backend, error) {
			c, err := own.ActAs(code)
			if err != nil {
				return nil, err
			}
			return c, nil
		},
		ActingAs: client.AccessToken(),
	}, nil
}
