// Package list implements `portal events list`.
package list

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
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of an event of the list, in the contract's order (EventSummary).
var Fields = cmdutil.JSONFields(oas.EventSummary{})

// TSVColumns are the columns of the list when piped, in order (documented in docs/cli.md):
// the contract's raw values, times in RFC 3339 (UTC).
var TSVColumns = []string{"slug", "starts_at", "ends_at", "time_zone", "title", "venue", "city", "online", "seats_left",
	"state", "registration", "my_status"}

// Options are the inputs of a list.
type Options struct {
	IO     *iostreams.IOStreams
	Client func() (*sdk.Client, error)
	cmdutil.ListFlags

	Past bool

	// Params is the request built from the flags (when, filters, order, limit, page).
	Params oas.ListEventsParams
}

// NewCmdList returns the list command; runF replaces the run in tests.
func NewCmdList(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "list [--past]",
		Aliases: []string{"ls"},
		Short:   "List the upcoming events, or the past ones",
		Long: `List the events you may see: the upcoming ones (not ended yet), the soonest first, or with
--past the ended ones, the latest first. Associates see the Open events; staff with
events.manage see every state (Draft, Open, Closed).

On a terminal each event shows its slug, when it starts in its own time zone (with the
zone's abbreviation), its title, where it is held (venue and city, or Online), the seats
left (Full when none), whether it takes registrations, and yours (Registered, Checked In).
Piped, tab-separated without a header: slug, starts_at, ends_at (RFC 3339, UTC),
time_zone, title, venue, city, online, seats_left, state, registration, my_status.

Filters are field=op:value as the API contract declares them: title (contains), state,
registration ("open for registration"), registered (true: yours), online, starts_at
(gte, lt); --order takes starts_at, title and id (--past sends starts_at:desc unless
--order is given).`,
		Example: `  $ portal events list
  $ portal events list --past --limit 10
  $ portal events list --filter registered=true
  $ portal events list --filter online=true --filter starts_at=lt:2027-01-01
  $ portal events list --all --jq '.[] | select(.seats_left > 0) | .slug'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Past {
				opts.Params.When = oas.NewOptEventWhen(oas.EventWhenPast)
				if len(opts.Orders) == 0 {
					opts.Orders = []string{"starts_at:desc"}
				}
			}
			ctx, err := opts.ListFlags.Apply(cmd, &opts.Params)
			if err != nil {
				return err
			}
			if runF != nil {
				return runF(ctx, opts)
			}
			return listRun(ctx, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Past, "past", false, "List the events that ended, the latest first")
	opts.ListFlags.Add(cmd, &oas.ListEventsParams{}, Fields)
	return cmd
}

func listRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	none := "No upcoming events match."
	if opts.Past {
		none = "No past events match."
	}
	return cmdutil.RunList(opts.IO, &opts.ListFlags,
		func() iter.Seq2[sdk.EventSummary, error] { return client.EventsAll(ctx, opts.Params) },
		cmdutil.Rows(func() (*oas.EventListHeaders, error) { return client.ListEvents(ctx, opts.Params) },
			func(r *oas.EventListHeaders) []sdk.EventSummary { return r.Response.Data }),
		none, func(es []sdk.EventSummary) ([]cmdutil.Record, error) { return cmdutil.ToRecords(es, Fields) }, PrintList)
}

// PrintList prints events as a table on a terminal, as tab-separated values otherwise.
func PrintList(ios *iostreams.IOStreams, es []sdk.EventSummary) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range es {
			e := &es[i]
			t.AddRow(e.Slug, e.StartsAt.UTC().Format(time.RFC3339), e.EndsAt.UTC().Format(time.RFC3339), e.TimeZone, e.Title,
				e.Venue.Or(""), e.City.Or(""), strconv.FormatBool(e.Online), strconv.Itoa(e.SeatsLeft), string(e.State), string(e.Registration), string(e.MyStatus.Or("")))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "SLUG", "WHEN", "TITLE", "WHERE", "SEATS LEFT", "REGISTRATION", "YOU")
	t.SetColumnColor(0, cs.Gray)
	t.KeepWhole(0) // the slug is what view and register take
	for i := range es {
		e := &es[i]
		seats := shared.SeatsLeft(e)
		if e.SeatsLeft <= 0 {
			seats = cs.Yellow(seats)
		}
		you := string(e.MyStatus.Or(""))
		if you != "" {
			you = cs.Green(you)
		}
		t.AddRow(e.Slug, shared.Start(e), e.Title, shared.Where(e), seats, shared.Registration(e), you)
	}
	return t.Render()
}
