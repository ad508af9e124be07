// Package attendees implements `portal events attendees`.
package attendees

import (
	"context"
	"iter"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of an attendee, in the contract's order (EventAttendee).
var Fields = shared.AttendeeFields

// Options are the inputs of a list of attendees.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	// Params is the request built from the slug and the flags (filters, order, limit, page).
	Params oas.ListEventAttendeesParams
}

// NewCmdAttendees returns the attendees command; runF replaces the run in tests.
func NewCmdAttendees(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "attendees <slug>",
		Short: "Staff: list who registered for an event and who is checked in",
		Long: `List the registrations of an event, in the order they came, for staff with the
events.manage permission (of an event in any state).

On a terminal: name, associate code, status (Registered, Checked In), when they
registered and were checked in (in your local time), and by whom. Piped, tab-separated
without a header: id, associate_code, name, status, registered_at, checked_in_at (RFC 3339,
UTC), checked_in_by.

Filters are field=op:value as the API contract declares them: status ("checked in"),
associate_code, name (contains); --order takes registered_at, checked_in_at and id.`,
		Example: `  $ portal events attendees regional-kickoff-dallas
  $ portal events attendees regional-kickoff-dallas --filter status=registered --all
  $ portal events attendees regional-kickoff-dallas --filter name=contains:carter
  $ portal events attendees regional-kickoff-dallas --all --csv > attendees.csv`,
		Args: shared.SlugArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Params.Slug = args[0]
			ctx, err := opts.ListFlags.Apply(cmd, &opts.Params)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return attendeesRun(ctx, opts)
		},
	}
	opts.ListFlags.Add(cmd, &oas.ListEventAttendeesParams{}, Fields)
	return cmd
}

func attendeesRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	slug := opts.Params.Slug
	err = cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.EventAttendee, error] { return client.EventAttendeesAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.EventAttendeeListHeaders, error) { return client.ListEventAttendees(ctx, opts.Params) },
			func(r *oas.EventAttendeeListHeaders) []sdk.EventAttendee { return r.Response.Data }),
		"No attendees match.", func(as []sdk.EventAttendee) ([]cmdutil.Record, error) { return cmdutil.ToRecords(as, Fields) }, PrintList)
	return shared.Explain(err, slug, shared.NotFound(slug))
}

// PrintList prints attendees as a table on a terminal, as tab-separated values otherwise.
func PrintList(ios *iostreams.IOStreams, as []sdk.EventAttendee) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range as {
			a := &as[i]
			checkedIn := ""
			if at, ok := a.CheckedInAt.Get(); ok {
				checkedIn = at.UTC().Format(time.RFC3339)
			}
			t.AddRow(strconv.FormatInt(a.ID, 10), a.AssociateCode, a.Name, string(a.Status), a.RegisteredAt.UTC().Format(time.RFC3339),
				checkedIn, a.CheckedInBy.Or(""))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "NAME", "CODE", "STATUS", "REGISTERED", "CHECKED IN", "BY")
	for i := range as {
		a := &as[i]
		status, checkedIn := string(a.Status), ""
		if at, ok := a.CheckedInAt.Get(); ok {
			status, checkedIn = cs.Green(status), text.FormatDateTime(at)
		}
		t.AddRow(a.Name, a.AssociateCode, status, text.FormatDateTime(a.RegisteredAt), checkedIn, a.CheckedInBy.Or(""))
	}
	return t.Render()
}
