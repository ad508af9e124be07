// Package issue implements `portal sso issue`.
package issue

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of an issued token, in the contract's order (SSOToken).
var Fields = cmdutil.JSONFields(oas.SSOToken{})

// Options are the inputs of an issue.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Code string
}

// NewCmdIssue returns the issue command; runF replaces the run in tests.
func NewCmdIssue(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "issue <code>",
		Short: "Issue a single-use login link for an associate (staff)",
		Long: `Issue a single sign-on link for the associate CODE (any case): opening it logs the
browser in as that associate, once, within 60 seconds. Staff with the sso.issue permission
only; every link issued is audited.

On a terminal, the link with when it stops working; piped, the URL alone. --json, --jq and
--csv take the contract's SSOToken fields: token, url, expires_at.`,
		Example: `  $ portal sso issue AGT100
  $ portal sso issue agt100 --json token,expires_at`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.FlagErrorf("%s takes one associate code, got %d arguments", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			code, err := cmdutil.ParseCode(args[0])
			if err != nil {
				return err
			}
			opts.Code = code
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return issueRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func issueRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.IssueSSOToken(ctx, &oas.SSOIssueRequest{Code: opts.Code})
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, opts.Code, &res.Response)
}

// Print prints an issued token in the format asked for: the link with its expiry on a
// terminal, the URL alone when piped.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, code string, t *oas.SSOToken) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(t, Fields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if ios.IsStdoutTTY() {
		cs := ios.ColorScheme()
		fmt.Fprintf(ios.Out, "%s Login link for %s, single use, valid until %s:\n", cs.SuccessIcon(), cs.Bold(code),
			t.ExpiresAt.Local().Format("15:04:05"))
	}
	_, err := fmt.Fprintln(ios.Out, t.URL)
	return err
}
