// Package token implements `portal auth token`.
package token

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// Options are the inputs of the token command.
type Options struct {
	IO     *iostreams.IOStreams
	Config func() (*config.Config, error)
	Server func() (string, string, error)
}

// NewCmdToken returns the token command; runF replaces the run in tests.
func NewCmdToken(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Config: f.Config, Server: f.Server}
	return &cobra.Command{
		Use:   "token",
		Short: "Print the session token",
		Long: `Print the session token of the active account of the current server, for use with
other tools:

  curl -H "Authorization: Bearer $(portal auth token)" https://portal.example.com/api/access

PORTAL_TOKEN, when set, is printed as it is.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return tokenRun(opts)
		},
	}
}

func tokenRun(opts *Options) error {
	if t := os.Getenv(config.EnvToken); t != "" {
		_, err := fmt.Fprintln(opts.IO.Out, t)
		return err
	}
	server, _, err := opts.Server()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	a := cfg.Active(server)
	if server == "" || a == nil || a.Token == "" {
		return cmdutil.NotLoggedIn(server)
	}
	_, err = fmt.Fprintln(opts.IO.Out, a.Token)
	return err
}
