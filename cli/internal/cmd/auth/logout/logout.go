// Package logout implements `portal auth logout`.
package logout

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

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
}

// NewCmdLogout returns the logout command; runF replaces the run in tests.
func NewCmdLogout(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Config: f.Config, Server: f.Server, NewClient: f.NewClient}
	return &cobra.Command{
		Use:   "logout",
		Short: "End the session and forget its token",
		Long: `End the session on the server and remove its token from the configuration file.
The token is removed even when the server cannot be reached.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return logoutRun(cmd.Context(), opts)
		},
	}
}

func logoutRun(ctx context.Context, opts *Options) error {
	server, _, err := opts.Server()
	if err != nil {
		return err
	}
	cfg, err := opts.Config()
	if err != nil {
		return err
	}
	h := cfg.Host(server)
	if server == "" || h == nil || h.Token == "" {
		return &cmdutil.AuthError{Err: fmt.Errorf("not logged in%s", on(server))}
	}

	client, err := opts.NewClient(server)
	if err != nil {
		return err
	}
	_ = client.Tokens().SetToken(h.Token)
	serverErr := client.Logout(ctx)

	if err := cfg.SetToken(server, ""); err != nil {
		return err
	}
	cs := opts.IO.ColorScheme()
	fmt.Fprintf(opts.IO.ErrOut, "%s Logged out of %s\n", cs.SuccessIcon(), server)
	if serverErr != nil && !sdk.IsUnauthorized(serverErr) {
		fmt.Fprintf(opts.IO.ErrOut, "%s the server could not end the session: %s\n", cs.WarningIcon(), cmdutil.Message(serverErr))
	}
	return nil
}

func on(server string) string {
	if server == "" {
		return ""
	}
	return " to " + server
}
