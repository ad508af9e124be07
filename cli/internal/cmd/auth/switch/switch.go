// Package switchcmd implements `portal auth switch`.
package switchcmd

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/auth/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
)

// Options are the inputs of a switch.
type Options struct {
	IO       *iostreams.IOStreams
	Prompter prompter.Prompter
	Config   func() (*config.Config, error)
	Server   func() (string, string, error)

	// Login is the account to switch to ("" to pick one).
	Login string
}

// NewCmdSwitch returns the switch command; runF replaces the run in tests.
func NewCmdSwitch(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Prompter: f.Prompter, Config: f.Config, Server: f.Server}
	return &cobra.Command{
		Use:   "switch [LOGIN]",
		Short: "Switch the active account of the server",
		Long: `Make another account logged in on the server the active one: the one later commands
use. LOGIN is the login of the account (an email or an associate code, in any case).

Without LOGIN: with two accounts, the other one becomes active; with more, they are listed
and you choose one on a terminal.`,
		Example: `  $ portal auth switch staff@example.com
  $ portal auth switch`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			login, err := shared.LoginArg(args)
			if err != nil {
				return err
			}
			opts.Login = login
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return switchRun(opts)
		},
	}
}

func switchRun(opts *Options) error {
	server, cfg, h, err := shared.Accounts(opts.Server, opts.Config)
	if err != nil {
		return err
	}
	login := opts.Login
	if login == "" {
		if login, err = choose(opts, h); err != nil {
			return err
		}
	}
	a, err := shared.Account(h, server, login)
	if err != nil {
		return err
	}
	err = cfg.Update(func(c *config.Config) error {
		var err error
		a, err = c.Switch(server, a.Login)
		return err
	})
	if err != nil {
		return err
	}
	cs := opts.IO.ColorScheme()
	fmt.Fprintf(opts.IO.ErrOut, "%s Switched to %s on %s\n", cs.SuccessIcon(), cs.Bold(a.Label()), server)
	return nil
}

// choose picks the account to switch to when none was named: the other one of two, else
// the user's choice from a numbered list.
func choose(opts *Options, h *config.Host) (string, error) {
	active := h.ActiveAccount()
	switch {
	case len(h.Accounts) == 1:
		return "", fmt.Errorf("%s is the only account on this server; log in with another with `portal auth login`", h.Accounts[0].Login)
	case len(h.Accounts) == 2:
		for _, a := range h.Accounts {
			if active == nil || a.Login != active.Login {
				return a.Login, nil
			}
		}
	}
	if !opts.IO.CanPrompt() {
		return "", cmdutil.FlagErrorf("give the login to switch to: one of %s", strings.Join(h.Logins(), ", "))
	}
	shared.PrintAccounts(opts.IO.ErrOut, opts.IO.ColorScheme(), h, true)
	answer, err := opts.Prompter.Input(fmt.Sprintf("Switch to (1–%d or a login): ", len(h.Accounts)))
	if err != nil {
		return "", err
	}
	if n, err := strconv.Atoi(answer); err == nil {
		if n < 1 || n > len(h.Accounts) {
			return "", fmt.Errorf("no account number %d", n)
		}
		return h.Accounts[n-1].Login, nil
	}
	if answer == "" {
		return "", cmdutil.ErrCancel
	}
	return answer, nil
}
