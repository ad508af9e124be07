// Package checkin implements `portal events check-in`.
package checkin

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// MaxTicket is the contract's longest ticket.
const MaxTicket = 200

// Options are the inputs of a check-in.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Slug string
	// Input is the request: the ticket or the associate code, exactly one.
	Input oas.EventCheckInInput
}

// NewCmdCheckIn returns the check-in command; runF replaces the run in tests.
func NewCmdCheckIn(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	var ticket, code string
	cmd := &cobra.Command{
		Use:     "check-in <slug> {--ticket TICKET | --code CODE}",
		Aliases: []string{"checkin"},
		Short:   "Staff: check an attendee in, by ticket or associate code",
		Long: `Check an attendee of an event in, for staff with the events.manage permission: by the
ticket of the associate's QR code (--ticket), or by associate code (--code, any case) when
the associate has no ticket at hand. Give exactly one.

An attendee is checked in once: a second check-in is refused with exit code 1 and says
who was checked in, and when. A ticket of a cancelled registration or of another event,
or a code of nobody registered, is not found.

On a terminal a line names the attendee; piped, the attendee's fields as
"field:<TAB>value" lines (id, associate_code, name, status, registered_at, checked_in_at,
checked_in_by). --json, --jq and --csv take those fields.`,
		Example: `  $ portal events check-in regional-kickoff-dallas --ticket 1234.q2Vz…
  $ portal events check-in regional-kickoff-dallas --code agt100`,
		Args: shared.SlugArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			in, err := Input(cmd.Flags().Changed("ticket"), ticket, cmd.Flags().Changed("code"), code)
			if err != nil {
				return err
			}
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Slug, opts.Input = args[0], in
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return checkInRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&ticket, "ticket", "", "The `TICKET` of the attendee's QR code")
	cmd.Flags().StringVar(&code, "code", "", "The attendee's associate `CODE`")
	opts.Exporter = cmdutil.AddFormatFlags(cmd, shared.AttendeeFields)
	return cmd
}

// Input is the check-in of the flags: exactly one of --ticket (at most MaxTicket
// characters) and --code (an associate code, in any case). The error is a
// *cmdutil.FlagError.
func Input(ticketGiven bool, ticket string, codeGiven bool, code string) (oas.EventCheckInInput, error) {
	switch {
	case ticketGiven && codeGiven:
		return oas.EventCheckInInput{}, cmdutil.FlagErrorf("give --ticket or --code, not both")
	case codeGiven:
		c, err := cmdutil.ParseCode(code)
		if err != nil {
			return oas.EventCheckInInput{}, err
		}
		return oas.EventCheckInInput{AssociateCode: oas.NewOptString(c)}, nil
	case ticketGiven:
		t := strings.TrimSpace(ticket)
		if t == "" {
			return oas.EventCheckInInput{}, cmdutil.FlagErrorf("--ticket is empty")
		}
		if n := utf8.RuneCountInString(t); n > MaxTicket {
			return oas.EventCheckInInput{}, cmdutil.FlagErrorf("--ticket is %d characters long; a ticket is at most %d", n, MaxTicket)
		}
		return oas.EventCheckInInput{Ticket: oas.NewOptString(t)}, nil
	}
	return oas.EventCheckInInput{}, cmdutil.FlagErrorf("give the attendee's --ticket (from the QR code) or --code")
}

func checkInRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.CheckInEventAttendee(ctx, &opts.Input, oas.CheckInEventAttendeeParams{Slug: opts.Slug})
	if err != nil {
		// A 404 is the event's, or the ticket's or code's: the server's message says which.
		return shared.Explain(sdk.Wrap(err), opts.Slug, "")
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// Print prints the attendee checked in, in the format asked for: the machine output of the
// exporter, a line on a terminal, the attendee's fields when piped.
func Print(ios *iostreams.IOStreams, exp *cmdutil.Exporter, a *oas.EventAttendee) error {
	rec, err := cmdutil.ToRecord(a, shared.AttendeeFields)
	if err != nil {
		return err
	}
	switch {
	case exp.Enabled():
		return exp.Write(ios, rec)
	case !ios.IsStdoutTTY():
		return cmdutil.PrintFields(ios, rec, shared.AttendeeFields)
	}
	cs := ios.ColorScheme()
	at := ""
	if t, ok := a.CheckedInAt.Get(); ok {
		at = " at " + text.FormatDateTime(t)
	}
	_, err = fmt.Fprintf(ios.Out, "%s Checked in %s (%s)%s\n", cs.SuccessIcon(), cs.Bold(a.Name), a.AssociateCode, at)
	return err
}
