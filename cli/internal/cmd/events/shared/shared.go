// Package shared holds what the events commands share: reading an event's slug, putting
// the server's refusals in the command line's words, and showing an event's time (in its
// own zone), place, seats and the caller's attendance.
package shared

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // events are shown in their own zone, which a machine may not have (Windows)

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// AttendeeFields are the JSON fields of an attendee, in the contract's order
// (EventAttendee): those of attendees and check-in.
var AttendeeFields = cmdutil.JSONFields(oas.EventAttendee{})

// ParseSlug checks an event's slug as the contract declares it (cmdutil.ParseSlug). The
// error is a *cmdutil.FlagError.
func ParseSlug(s string) (string, error) {
	return cmdutil.ParseSlug("event", "regional-kickoff-dallas", s)
}

// SlugArg is the Args of a command that takes one event slug: any other count, or a slug
// that is not one, is a *cmdutil.FlagError before any request.
func SlugArg(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return cmdutil.FlagErrorf("%s takes one event slug, got %d arguments", cmd.CommandPath(), len(args))
	}
	_, err := ParseSlug(args[0])
	return err
}

// NotFound is the message of a 404 about the event slug: it does not exist, or the caller
// may not see it (an event that is not Open, for an associate).
func NotFound(slug string) string { return fmt.Sprintf("Event %q not found", slug) }

// Explain puts an error answer about the event slug in the command line's words, chosen by
// its code, never by the server's wording: a full event, one that takes no registrations,
// an attendee checked in already; a 404 is notFound when that is given (NotFound(slug) for
// an operation whose only 404 is the event's). The status stays (Message prints it), and
// any other error is returned as it is.
func Explain(err error, slug, notFound string) error {
	e, ok := sdk.AsError(err)
	if !ok {
		return err
	}
	out := *e
	switch {
	case e.Code == sdk.CodeEventFull:
		out.Message = fmt.Sprintf("%q is full: every seat is taken", slug)
	case e.Code == sdk.CodeEventRegistrationClosed:
		out.Message = fmt.Sprintf("Registration for %q is closed", slug)
	case e.Code == sdk.CodeAlreadyCheckedIn:
		// The server's message says who and when: "Alex Carter (AGT100) was checked in
		// already, at 11/07/2026 08:40:00 CST".
		if out.Message == "" {
			out.Message = "Checked in already"
		}
	case e.Status == http.StatusNotFound && notFound != "":
		out.Message = notFound
	default:
		return err
	}
	return &out
}

// Location is the zone an event is held in (its time_zone, IANA); UTC when the name is not
// a zone.
func Location(zone string) *time.Location {
	if loc, err := time.LoadLocation(zone); err == nil {
		return loc
	}
	return time.UTC
}

// Layouts of an event's times, in its zone.
const (
	dayLayout  = "Mon 01/02/2006"
	timeLayout = "15:04"
)

// Start is when an event starts, in its zone with the zone's abbreviation: "Sat 11/07/2026
// 09:00 CST".
func Start(e *oas.EventSummary) string {
	t := e.StartsAt.In(Location(e.TimeZone))
	return t.Format(dayLayout + " " + timeLayout + " MST")
}

// When is an event's start and end in its zone: "Sat 11/07/2026 09:00–17:00 CST" on one
// day, "Mon 01/11/2027 08:00 PST – Tue 01/12/2027 18:00 PST" over several.
func When(e *oas.EventSummary) string {
	loc := Location(e.TimeZone)
	start, end := e.StartsAt.In(loc), e.EndsAt.In(loc)
	if start.Format(time.DateOnly) == end.Format(time.DateOnly) {
		return start.Format(dayLayout+" "+timeLayout) + "–" + end.Format(timeLayout+" MST")
	}
	return start.Format(dayLayout+" "+timeLayout+" MST") + " – " + end.Format(dayLayout+" "+timeLayout+" MST")
}

// InZone is t, a time of the event e, in e's zone: "Sat 11/07/2026 08:40 CST".
func InZone(e *oas.EventSummary, t time.Time) string {
	return t.In(Location(e.TimeZone)).Format(dayLayout + " " + timeLayout + " MST")
}

// Where is where an event is held: its venue and city, "Online" for an online event (the
// contract's online: a link instead of a venue).
func Where(e *oas.EventSummary) string {
	var parts []string
	for _, p := range []string{e.Venue.Or(""), e.City.Or("")} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if e.Online || len(parts) == 0 {
		return "Online"
	}
	return strings.Join(parts, ", ")
}

// SeatsLeft is "Full" when no seat is left, else how many are.
func SeatsLeft(e *oas.EventSummary) string {
	if e.SeatsLeft <= 0 {
		return "Full"
	}
	return strconv.Itoa(e.SeatsLeft)
}

// Registration is whether an event takes registrations: "Open" or "Closed"; for an event
// that is not Open (staff see them), its state: "Draft", "Closed event".
func Registration(e *oas.EventSummary) string {
	switch e.State {
	case oas.EventStateOpen:
	case oas.EventStateClosed:
		return "Closed event"
	default:
		return string(e.State)
	}
	if e.Registration == oas.RegistrationStateOpenForRegistration {
		return "Open"
	}
	return "Closed"
}

// Summary is the summary part of an event, for the functions above.
func Summary(e *oas.Event) *oas.EventSummary {
	return &oas.EventSummary{ID: e.ID, Slug: e.Slug, Title: e.Title, Summary: e.Summary, State: e.State,
		Registration: e.Registration, StartsAt: e.StartsAt, EndsAt: e.EndsAt, TimeZone: e.TimeZone, Venue: e.Venue,
		City: e.City, Online: e.Online, Capacity: e.Capacity, Registered: e.Registered, SeatsLeft: e.SeatsLeft,
		ImageURL: e.ImageURL, MyStatus: e.MyStatus}
}
