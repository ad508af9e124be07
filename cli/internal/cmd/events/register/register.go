// Package register implements `portal events register`.
package register

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a registration, in the contract's order (EventTicket).
var Fields = cmdutil.JSONFields(oas.EventTicket{})

// Options are the inputs of a registration.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Slug string
}

// NewCmdRegister returns the register command; runF replaces the run in tests.
func NewCmdRegister(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "register <slug>",
		Short: "Register for an event",
		Long: `Take a seat at an event: an Open event that takes registrations, has not started and has
a seat left. Registering again changes nothing and answers the registration you have.

A full event, or one that takes no registrations (closed for registration, started or
over), is refused with exit code 1 and says so. Staff register an associate with --as
CODE.

On a terminal a line says you are registered; piped, the registration's fields as
"field:<TAB>value" lines: status, registered_at, checked_in_at, ticket (the signed ticket
of your QR code, which staff check in). --json, --jq and --csv take those fields.`,
		Example: `  $ portal events register regional-kickoff-dallas
  $ portal events register regional-kickoff-dallas --jq .ticket`,
		Args: shared.SlugArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Slug = args[0]
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return registerRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func registerRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: opts.Slug})
	if err != nil {
		return shared.Explain(sdk.Wrap(err), opts.Slug, shared.NotFound(opts.Slug))
	}
	return Print(opts.IO, opts.Exporter, opts.Slug, &res.Response)
}

// Print prints the registration for the event slug in the format asked for: the machine
// output of the exporter, a line on a terminal, the registration's fields when piped.
func Print(ios *iostreams.IOStreams, exp *cmdutil.Exporter, slug string, t *oas.EventTicket) error {
	rec, err := cmdutil.ToRecord(t, Fields)
	if err != nil {
		return err
	}
	switch {
	case exp.Enabled():
		return exp.Write(ios, rec)
	case !ios.IsStdoutTTY():
		return cmdutil.PrintFields(ios, rec, Fields)
	}
	cs := ios.ColorScheme()
	msg := "You are registered for " + slug
	if t.Status == oas.AttendanceStatusCheckedIn {
		msg = "You are checked in at " + slug
	}
	fmt.Fprintf(ios.Out, "%s %s\n", cs.SuccessIcon(), msg)
	fmt.Fprintln(ios.Out, cs.Gray("Your ticket: portal events view "+slug+"; add it to your calendar: portal events calendar "+slug))
	return nil
}
