// Package status implements `portal auth status`.
package status

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/auth/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of the status command.
type Options struct {
	IO     *iostreams.IOStreams
	Config func() (*config.Config, error)
	Server func() (string, string, error)
	Client func() (*sdk.Client, error)
}

// NewCmdStatus returns the status command; runF replaces the run in tests.
func NewCmdStatus(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Config: f.Config, Server: f.Server, Client: f.Client}
	return &cobra.Command{
		Use:   "status",
		Short: "Show the server, the user and whether the token is valid",
		Long: `Show the server, where it comes from, the user of the active account (name, code,
level), whether its session token is still valid (checked with the server), and the
accounts logged in on the server, the active one marked with *.

With --as (or PORTAL_ACT_AS) a staff member sees the associate acted for, and an Acting line
with the staff member's name.

Exits 0 when the token is valid and 4 when there is no token or the server refuses it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return statusRun(cmd.Context(), opts)
		},
	}
}

func statusRun(ctx context.Context, opts *Options) error {
	server, source, err := opts.Server()
	if err != nil {
		return err
	}
	out := opts.IO.Out
	cs := opts.IO.ColorScheme()
	if server == "" {
		return cmdutil.NotLoggedIn("")
	}
	fmt.Fprintf(out, "Server:  %s %s\n", server, cs.Gray("("+sourceName(source)+")"))

	var host *config.Host
	if cfg, err := opts.Config(); err == nil {
		host = cfg.Host(server)
	}

	client, err := opts.Client()
	if err != nil {
		return err
	}
	tokenSource := "configuration file"
	if os.Getenv(config.EnvToken) != "" {
		tokenSource = config.EnvToken
	}
	access, err := client.Access(ctx)
	if sdk.IsUnauthorized(err) && !sdk.IsAccessTokenRefused(err) {
		fmt.Fprintf(out, "Token:   %s %s\n", cs.Red("invalid or expired"), cs.Gray("("+tokenSource+")"))
		printAccounts(out, cs, host)
		return &cmdutil.AuthError{Err: errors.New("the session token is not valid; run `portal auth login`")}
	}
	if err != nil {
		return err
	}
	printUser(out, cs, access.User)
	fmt.Fprintf(out, "Token:   %s %s\n", cs.Green("valid"), cs.Gray("("+tokenSource+")"))
	printAccounts(out, cs, host)
	return nil
}

// printAccounts lists the accounts of the server, the active one marked with *.
func printAccounts(out io.Writer, cs *iostreams.ColorScheme, h *config.Host) {
	if h == nil || len(h.Accounts) == 0 {
		return
	}
	fmt.Fprintln(out, "Accounts:")
	shared.PrintAccounts(out, cs, h, false)
}

func printUser(out io.Writer, cs *iostreams.ColorScheme, u oas.User) {
	who := cs.Bold(u.Name)
	if u.Email != "" {
		who += " <" + u.Email + ">"
	}
	fmt.Fprintf(out, "User:    %s\n", who)
	if code, ok := u.Code.Get(); ok {
		fmt.Fprintf(out, "Code:    %s\n", code)
	}
	if lvl, ok := u.Level.Get(); ok {
		fmt.Fprintf(out, "Level:   %s\n", lvl.Name)
	}
	fmt.Fprintf(out, "Senior:  %s\n", yesNo(u.IsSeniorLevel))
	fmt.Fprintf(out, "Staff:   %s\n", yesNo(u.IsStaff))
	if acting, ok := u.ActingStaff.Get(); ok {
		fmt.Fprintf(out, "Acting:  %s\n", acting)
	}
}

func sourceName(s string) string {
	switch s {
	case "config":
		return "saved default"
	case "--server":
		return "--server flag"
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
