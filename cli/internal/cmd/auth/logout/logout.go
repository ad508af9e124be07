// Package logout implements `portal auth logout`.
package logout

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/auth/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

// Options are the inputs of a logout.
type Options struct {
	IO        *iostreams.IOStreams
	Config    func() (*config.Config, error)
	Server    func() (string, string, error)
	NewClient func(server string) (*sdk.Client, error)

	// Login is the account to log out ("" for the active one).
	Login string
}

// NewCmdLogout returns the logout command; runF replaces the run in tests.
func NewCmdLogout(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Config: f.Config, Server: f.Server, NewClient: f.NewClient}
	return &cobra.Command{
		Use:   "logout [LOGIN]",
		Short: "End the session of an account and forget it",
		Long: `End the session of the active account (or of the account LOGIN) on the server and
remove the account from the configuration file. The account is removed even when the
server cannot be reached. When the active account is logged out and others remain on the
server, the first of them becomes active.`,
		Example: `  $ portal auth logout
  $ portal auth logout staff@example.com`,
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
			return logoutRun(cmd.Context(), opts)
		},
	}
}

func logoutRun(ctx context.Context, opts *Options) error {
	server, cfg, h, err := shared.Accounts(opts.Server, opts.Config)
	if err != nil {
		return err
	}
	a, err := shared.Account(h, server, opts.Login)
	if err != nil {
		return err
	}

	var serverErr error
	if a.Token != "" {
		client, err := opts.NewClient(server)
		if err != nil {
			return err
		}
		_ = client.Tokens().SetToken(a.Token)
		serverErr = client.Logout(ctx)
	}

	var next *config.Account
	err = cfg.Update(func(c *config.Config) error {
		var err error
		next, err = c.RemoveAccount(server, a.Login)
		if errors.Is(err, config.ErrNoAccount) {
			return nil // logged out by another run meanwhile
		}
		return err
	})
	if err != nil {
		return err
	}
	cs := opts.IO.ColorScheme()
	fmt.Fprintf(opts.IO.ErrOut, "%s Logged out of %s as %s\n", cs.SuccessIcon(), server, a.Login)
	if serverErr != nil && !sdk.IsUnauthorized(serverErr) {
		fmt.Fprintf(opts.IO.ErrOut, "%s the server could not end the session: %s\n", cs.WarningIcon(), cmdutil.Message(serverErr))
	}
	if next != nil {
		fmt.Fprintf(opts.IO.ErrOut, "%s Switched to %s, now the active account\n", cs.SuccessIcon(), cs.Bold(next.Label()))
	}
	return nil
}
