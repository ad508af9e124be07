// Package login implements `portal auth login`.
package login

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
)

// Options are the inputs of a login.
type Options struct {
	IO        *iostreams.IOStreams
	Prompter  prompter.Prompter
	Config    func() (*config.Config, error)
	Server    func() (string, string, error)
	NewClient func(server string) (*sdk.Client, error)

	Login         string
	PasswordStdin bool
}

// NewCmdLogin returns the login command; runF replaces the run in tests.
func NewCmdLogin(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Prompter: f.Prompter, Config: f.Config, Server: f.Server, NewClient: f.NewClient}
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Log in to a portal server",
		Long: `Log in with an email or associate code and a password, and save the session token
for later commands.

On a terminal the password is asked without echo. Otherwise pass it on standard input
with --password-stdin. The server and token are saved in the configuration file
($XDG_CONFIG_HOME/portal/config.json, mode 0600); the server becomes the default one.

Several accounts may be logged in on one server: logging in with another login adds an
account and makes it the active one (the accounts already there stay); logging in again
with the same login replaces its token. See portal auth switch and portal auth status.`,
		Example: `  $ portal auth login --server https://portal.example.com --login agent@example.com
  $ echo "$PASSWORD" | portal auth login --server http://127.0.0.1:8080 --login A1001 --password-stdin`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Login = strings.TrimSpace(opts.Login)
			if err := cmdutil.CheckPasswordSource(opts.IO, opts.PasswordStdin); err != nil {
				return err
			}
			if opts.Login == "" && !opts.IO.CanPrompt() {
				return cmdutil.FlagErrorf("--login is required when not running interactively")
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return loginRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Login, "login", "l", "", "Email or associate `code` to log in with")
	cmd.Flags().BoolVar(&opts.PasswordStdin, "password-stdin", false, "Read the password from standard input")
	return cmd
}

func loginRun(ctx context.Context, opts *Options) error {
	server, _, err := opts.Server()
	if err != nil {
		return err
	}
	if server == "" {
		return cmdutil.FlagErrorf("no server known: give --server URL (or set %s)", config.EnvServer)
	}
	if opts.Login == "" {
		if opts.Login, err = opts.Prompter.Input("Email or associate code: "); err != nil {
			return err
		}
		if opts.Login == "" {
			return errors.New("no login given")
		}
	}

	var password string
	if opts.PasswordStdin {
		lines, err := cmdutil.ReadPasswordLines(opts.IO.In, 1)
		if err != nil {
			return err
		}
		password = lines[0]
	} else {
		if password, err = opts.Prompter.Password("Password: "); err != nil {
			return err
		}
	}
	if password == "" {
		return errors.New("the password is empty")
	}

	client, err := opts.NewClient(server)
	if err != nil {
		return err
	}
	res, err := client.Login(ctx, opts.Login, password)
	if err != nil {
		if sdk.IsUnauthorized(err) {
			// Wrong credentials are a failed command, not a request to log in (exit 1).
			e, _ := sdk.AsError(err)
			return fmt.Errorf("login failed: %s", e.Message)
		}
		return err
	}

	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	accounts := 0
	err = cfg.Update(func(c *config.Config) error {
		c.Server = server
		c.AddAccount(server, config.Account{Login: opts.Login, Token: res.Token, UserID: res.User.ID, Name: res.User.Name, Code: res.User.Code.Or("")})
		accounts = len(c.Host(server).Accounts)
		return nil
	})
	if err != nil {
		return err
	}

	cs := opts.IO.ColorScheme()
	who := res.User.Name
	if code, ok := res.User.Code.Get(); ok {
		who += " (" + code + ")"
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s Logged in to %s as %s\n", cs.SuccessIcon(), server, cs.Bold(who))
	if accounts > 1 {
		fmt.Fprintf(opts.IO.ErrOut, "  %d accounts on this server; this one is active. Switch with `portal auth switch`.\n", accounts)
	}

	// Tell the user when acknowledgements block the rest of the portal.
	if dash, err := client.GetDashboard(ctx); err == nil {
		a := dash.Response.Attention
		if a.Memos+a.W9Documents > 0 {
			fmt.Fprintf(opts.IO.ErrOut, "%s %s wait for your acknowledgement; until then most commands answer 403.\n  See them with `portal acknowledgements list`.\n",
				cs.WarningIcon(), pending(a.Memos, a.W9Documents))
		}
	}
	return nil
}

func pending(memos, w9 int) string {
	var parts []string
	if memos == 1 {
		parts = append(parts, "1 memo")
	} else if memos > 1 {
		parts = append(parts, fmt.Sprintf("%d memos", memos))
	}
	if w9 == 1 {
		parts = append(parts, "1 W-9 document")
	} else if w9 > 1 {
		parts = append(parts, fmt.Sprintf("%d W-9 documents", w9))
	}
	return strings.Join(parts, " and ")
}
