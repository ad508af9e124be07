// Package view implements `portal events view`.
package view

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	helpshared "github.com/associateportal/portal/cli/internal/cmd/help/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of an event, in the contract's order (Event).
var Fields = cmdutil.JSONFields(oas.Event{})

// HeaderFields are the fields printed before the description when piped: every field but
// description_html.
var HeaderFields = slices.DeleteFunc(slices.Clone(Fields), func(f string) bool { return f == "description_html" })

// Options are the inputs of a view.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Slug string
}

// NewCmdView returns the view command; runF replaces the run in tests.
func NewCmdView(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "view <slug>",
		Short: "Show an event: when, where, seats, your registration and its description",
		Long: `Show an event by its slug (portal events list shows it: lower-case words joined by
hyphens, such as regional-kickoff-dallas). Associates see the Open events; any other slug
is not found.

On a terminal: the title and summary, when it is held in its own time zone, where (the
venue's address, or online: the link to join shows once you are registered), the seats
left, whether it takes registrations, your registration (when you registered or were
checked in, and your ticket, which staff check in), then the description rendered for the
terminal (GLAMOUR_STYLE names another style, as for portal help view). Piped: one
"field:<TAB>value" line per field of the event but description_html (my_registration as
compact JSON), a line "--", then the description as Markdown. --json, --jq and --csv take
the contract's Event fields, with the sanitised description_html.`,
		Example: `  $ portal events view regional-kickoff-dallas
  $ portal events view regional-kickoff-dallas --json title,starts_at,time_zone,seats_left
  $ portal events view regional-kickoff-dallas --jq .my_registration.ticket`,
		Args: shared.SlugArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Slug = args[0]
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return viewRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetEvent(ctx, oas.GetEventParams{Slug: opts.Slug})
	if err != nil {
		return shared.Explain(sdk.Wrap(err), opts.Slug, shared.NotFound(opts.Slug))
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// Print prints the event in the format asked for: the machine output of the exporter, the
// event and its rendered description on a terminal, its fields and the description's
// Markdown when piped.
func Print(ios *iostreams.IOStreams, exp *cmdutil.Exporter, e *oas.Event) error {
	if exp.Enabled() {
		rec, err := cmdutil.ToRecord(e, Fields)
		if err != nil {
			return err
		}
		return exp.Write(ios, rec)
	}
	description := shared.Markdown(e.DescriptionHTML)
	if !ios.IsStdoutTTY() {
		rec, err := cmdutil.ToRecord(e, HeaderFields)
		if err != nil {
			return err
		}
		if err := cmdutil.PrintFields(ios, rec, HeaderFields); err != nil {
			return err
		}
		_, err = fmt.Fprint(ios.Out, "--\n"+description)
		return err
	}
	rendered, err := helpshared.RenderMarkdown(ios, description, helpshared.MarkdownStyle(ios))
	if err != nil {
		return err
	}
	cs := ios.ColorScheme()
	out := &strings.Builder{}
	fmt.Fprintln(out, cs.Bold(e.Title))
	if e.Summary != "" {
		fmt.Fprintln(out, cs.Gray(e.Summary))
	}
	fmt.Fprintln(out)
	for _, l := range details(cs, e) {
		fmt.Fprintf(out, "%-14s%s\n", l[0]+":", l[1])
	}
	fmt.Fprintln(out, strings.TrimRight(rendered, "\n"))
	_, err = fmt.Fprint(ios.Out, out.String())
	return err
}

// details are the labelled lines of an event on a terminal.
func details(cs *iostreams.ColorScheme, e *oas.Event) [][2]string {
	s := shared.Summary(e)
	lines := [][2]string{{"When", shared.When(s)}}
	if e.State != oas.EventStateOpen {
		lines = append(lines, [2]string{"State", cs.Yellow(string(e.State))})
	}
	if place := where(e); place != "" {
		lines = append(lines, [2]string{"Where", place})
	}
	switch link := e.OnlineURL.Or(""); {
	case link != "": // an online event's, or one held both ways
		lines = append(lines, [2]string{"Online", link})
	case e.Online:
		lines = append(lines, [2]string{"Online", cs.Gray("the link to join shows once you are registered")})
	}
	seats := fmt.Sprintf("%d of %d left", e.SeatsLeft, e.Capacity)
	if e.SeatsLeft <= 0 {
		seats = cs.Yellow("Full") + fmt.Sprintf(" (%d of %d taken)", e.Registered, e.Capacity)
	}
	lines = append(lines, [2]string{"Seats", seats}, [2]string{"Registration", shared.Registration(s)})
	reg, ok := e.MyRegistration.Get()
	if !ok {
		you := "Not registered"
		if e.State == oas.EventStateOpen && e.Registration == oas.RegistrationStateOpenForRegistration && e.SeatsLeft > 0 {
			you += cs.Gray("; register with portal events register " + e.Slug)
		}
		return append(lines, [2]string{"You", you})
	}
	you := cs.Green("Registered") + " on " + text.FormatDate(reg.RegisteredAt.In(shared.Location(e.TimeZone)))
	if at, ok := reg.CheckedInAt.Get(); ok {
		you = cs.Green("Checked in") + " at " + shared.InZone(s, at)
	}
	return append(lines, [2]string{"You", you}, [2]string{"Ticket", reg.Ticket})
}

// where is an event's venue with its address (or city); "" for an online event without a
// venue (the Online line says so).
func where(e *oas.Event) string {
	var parts []string
	if v := e.Venue.Or(""); v != "" {
		parts = append(parts, v)
	}
	switch {
	case e.Address.Or("") != "":
		parts = append(parts, e.Address.Or(""))
	case e.City.Or("") != "":
		parts = append(parts, e.City.Or(""))
	}
	return strings.Join(parts, ", ")
}
