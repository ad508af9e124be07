// Package password implements `portal account password`.
package password

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Options are the inputs of a password change.
type Options struct {
	IO       *iostreams.IOStreams
	Prompter prompter.Prompter
	Client   func() (*sdk.Client, error)

	PasswordStdin bool
}

// NewCmdPassword returns the password command; runF replaces the run in tests.
func NewCmdPassword(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Prompter: f.Prompter, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "password",
		Short: "Change your password",
		Long: `Change the password of your login. The current password is needed; the new one must
keep to the portal's password policy (the server says what is wrong with it, field by field).
Every other session of your login ends; this one stays.

On a terminal the current password and the new one (twice) are asked for without echo.
Otherwise pass them on standard input with --password-stdin: the current password on the
first line, the new one on the second. Passwords are never taken as flag values. Passwords
are each user's own: staff acting for an associate (--as) cannot change the associate's.`,
		Example: `  $ portal account password
  $ printf '%s\n%s\n' "$OLD" "$NEW" | portal account password --password-stdin`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := cmdutil.CheckPasswordSource(opts.IO, opts.PasswordStdin); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return passwordRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.PasswordStdin, "password-stdin", false, "Read the current password, then the new one, from two lines of standard input")
	return cmd
}

// read returns the current and the new password: from standard input with
// --password-stdin, asked for on the terminal otherwise.
func read(opts *Options) (current, next string, err error) {
	if opts.PasswordStdin {
		lines, err := cmdutil.ReadPasswordLines(opts.IO.In, 2)
		if err != nil {
			return "", "", err
		}
		switch current, next = lines[0], lines[1]; {
		case current == "":
			return "", "", errors.New("the current password is empty: --password-stdin reads it on the first line")
		case next == "":
			return "", "", errors.New("the new password is empty: --password-stdin reads the current password on the first line, the new one on the second")
		}
		return current, next, nil
	}
	if current, err = opts.Prompter.Password("Current password: "); err != nil {
		return "", "", err
	}
	if current == "" {
		return "", "", errors.New("the current password is empty")
	}
	if next, err = opts.Prompter.Password("New password: "); err != nil {
		return "", "", err
	}
	if next == "" {
		return "", "", errors.New("the new password is empty")
	}
	again, err := opts.Prompter.Password("New password again: ")
	if err != nil {
		return "", "", err
	}
	if again != next {
		return "", "", errors.New("the new passwords do not match; nothing was changed")
	}
	return current, next, nil
}

func passwordRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	current, next, err := read(opts)
	if err != nil {
		return err
	}
	if _, err := client.ChangePassword(ctx, &oas.PasswordChange{CurrentPassword: current, NewPassword: next}); err != nil {
		return sdk.Wrap(err)
	}
	cs := opts.IO.ColorScheme()
	fmt.Fprintf(opts.IO.ErrOut, "%s Password changed. Every other session of your login has ended; this one stays logged in.\n", cs.SuccessIcon())
	return nil
}
