// Package revoke implements `portal account sessions revoke`.
package revoke

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a revoke: one session (ID) or every other one (Others).
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)

	ID     int64
	Others bool
}

// NewCmdRevoke returns the revoke command; runF replaces the run in tests.
func NewCmdRevoke(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "revoke {<id> | --others}",
		Aliases: []string{"end"},
		Short:   "End one of your sessions, or all the others",
		Long: `End one session of your login (its ID is in portal account sessions list), or with
--others every session but the one this command uses. A browser or program whose session
ended must log in again. Give an ID or --others, not both.

Ending the current session is a logout of this login (portal auth logout also forgets its
token). Sessions are each user's own: staff acting for an associate (--as) cannot end the
associate's.`,
		Example: `  $ portal account sessions revoke 12
  $ portal account sessions revoke --others`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case opts.Others && len(args) > 0:
				return cmdutil.FlagErrorf("give a session ID or --others, not both")
			case opts.Others:
				return nil
			case len(args) != 1:
				return cmdutil.FlagErrorf("%s takes one session ID, or --others for every other session; got %d arguments", cmd.CommandPath(), len(args))
			}
			return cmdutil.ExactID("session")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !opts.Others {
				opts.ID, _ = cmdutil.ParseID(args[0])
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return revokeRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Others, "others", false, "End every session but the current one")
	return cmd
}

func revokeRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	cs := opts.IO.ColorScheme()
	if opts.Others {
		res, err := client.RevokeOtherSessions(ctx)
		if err != nil {
			return sdk.Wrap(err)
		}
		fmt.Fprintf(opts.IO.ErrOut, "%s %s\n", cs.SuccessIcon(), Ended(res.Response.Revoked))
		return nil
	}
	if err := client.RevokeLoginSession(ctx, oas.RevokeLoginSessionParams{ID: opts.ID}); err != nil {
		return sdk.Wrap(err)
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s Ended session %d\n", cs.SuccessIcon(), opts.ID)
	return nil
}

// Ended says how many other sessions ended.
func Ended(n int) string {
	switch n {
	case 0:
		return "No other session was open"
	case 1:
		return "Ended 1 other session"
	}
	return fmt.Sprintf("Ended %d other sessions", n)
}
