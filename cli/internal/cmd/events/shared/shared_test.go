package shared

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestParseSlug(t *testing.T) {
	for _, s := range []string{"regional-kickoff-dallas", "a", "2027-summit", strings.Repeat("a", 100)} {
		if got, err := ParseSlug(s); err != nil || got != s {
			t.Errorf("ParseSlug(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "Regional-kickoff", "regional--kickoff", "-kickoff", "kickoff-", "regional_kickoff",
		"regional kickoff", "../events", "kickoff?x=1", "réunion", strings.Repeat("a", 101)} {
		_, err := ParseSlug(s)
		var fe *cmdutil.FlagError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), `invalid event slug "`+s+`": lower-case letters and digits joined by single hyphens, e.g. regional-kickoff-dallas`) {
			t.Errorf("ParseSlug(%q): err = %v", s, err)
		}
	}
}

func TestExplain(t *testing.T) {
	answer := func(status int, code, msg string) error {
		return &sdk.Error{Status: status, Code: code, Message: msg}
	}
	other := errors.New("connection refused")
	tests := []struct {
		name     string
		err      error
		notFound string
		want     string
	}{
		{name: "full", err: answer(409, sdk.CodeEventFull, "Every seat of this event is taken"),
			want: `"new-associate-orientation-toronto" is full: every seat is taken (HTTP 409)`},
		{name: "closed for registration", err: answer(409, sdk.CodeEventRegistrationClosed, "This event has started: registration is closed"),
			want: `Registration for "new-associate-orientation-toronto" is closed (HTTP 409)`},
		{name: "checked in already: the server's who and when", err: answer(409, sdk.CodeAlreadyCheckedIn, "Alex Carter (AGT100) was checked in already, at 11/07/2026 08:40:00 CST"),
			want: "Alex Carter (AGT100) was checked in already, at 11/07/2026 08:40:00 CST (HTTP 409)"},
		{name: "checked in already, no message", err: answer(409, sdk.CodeAlreadyCheckedIn, ""), want: "Checked in already (HTTP 409)"},
		{name: "a 404 named", err: answer(404, "", "Event not found"), notFound: NotFound("new-associate-orientation-toronto"),
			want: `Event "new-associate-orientation-toronto" not found (HTTP 404)`},
		{name: "a 404 left as the server said", err: answer(404, "", "No associate with the code AGT999 is registered for this event"),
			want: "No associate with the code AGT999 is registered for this event (HTTP 404)"},
		{name: "another conflict", err: answer(409, "", "This event has started: the registration cannot be cancelled"),
			want: "This event has started: the registration cannot be cancelled (HTTP 409)"},
		{name: "staff acting for nobody", err: answer(403, sdk.CodeAssociatesOnly, "This is for associates"),
			want: "This is for associates (HTTP 403)\n" + cmdutil.ActAsHint},
		{name: "not an answer", err: other, want: "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Explain(tt.err, "new-associate-orientation-toronto", tt.notFound)
			if diff := cmp.Diff(tt.want, cmdutil.Message(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if sdk.StatusOf(got) != sdk.StatusOf(tt.err) || sdk.CodeOf(got) != sdk.CodeOf(tt.err) {
				t.Errorf("status %d code %q, want %d %q", sdk.StatusOf(got), sdk.CodeOf(got), sdk.StatusOf(tt.err), sdk.CodeOf(tt.err))
			}
		})
	}
}

func event(zone string, start time.Time, hours int) *oas.EventSummary {
	return &oas.EventSummary{Slug: "regional-kickoff-dallas", TimeZone: zone, StartsAt: start, EndsAt: start.Add(time.Duration(hours) * time.Hour),
		State: oas.EventStateOpen, Registration: oas.RegistrationStateOpenForRegistration, Capacity: 300, Registered: 120, SeatsLeft: 180}
}

func TestTimes(t *testing.T) {
	// 15:00 UTC is 09:00 in Dallas in November (CST, UTC-6), 07:00 in Los Angeles (PST).
	start := time.Date(2026, 11, 7, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		name              string
		e                 *oas.EventSummary
		wantStart, wantWh string
	}{
		{name: "one day", e: event("America/Chicago", start, 8),
			wantStart: "Sat 11/07/2026 09:00 CST", wantWh: "Sat 11/07/2026 09:00–17:00 CST"},
		{name: "two days", e: event("America/Los_Angeles", start, 34),
			wantStart: "Sat 11/07/2026 07:00 PST", wantWh: "Sat 11/07/2026 07:00 PST – Sun 11/08/2026 17:00 PST"},
		{name: "summer time", e: event("America/New_York", time.Date(2026, 7, 1, 23, 0, 0, 0, time.UTC), 1),
			wantStart: "Wed 07/01/2026 19:00 EDT", wantWh: "Wed 07/01/2026 19:00–20:00 EDT"},
		{name: "a zone this machine does not know: UTC", e: event("Mars/Olympus_Mons", start, 1),
			wantStart: "Sat 11/07/2026 15:00 UTC", wantWh: "Sat 11/07/2026 15:00–16:00 UTC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Start(tt.e); got != tt.wantStart {
				t.Errorf("Start = %q, want %q", got, tt.wantStart)
			}
			if got := When(tt.e); got != tt.wantWh {
				t.Errorf("When = %q, want %q", got, tt.wantWh)
			}
		})
	}
	e := event("America/Chicago", start, 8)
	if got := InZone(e, start.Add(-20*time.Minute)); got != "Sat 11/07/2026 08:40 CST" {
		t.Errorf("InZone = %q", got)
	}
}

func TestPlaceSeatsRegistration(t *testing.T) {
	e := event("America/Chicago", time.Now(), 1)
	venue := func(e *oas.EventSummary, v, c string, online bool) *oas.EventSummary {
		if v != "" {
			e.Venue = oas.NewOptString(v)
		}
		if c != "" {
			e.City = oas.NewOptString(c)
		}
		e.Online = online
		return e
	}
	for want, e := range map[string]*oas.EventSummary{
		"Omni Dallas Hotel, Dallas": venue(event("", time.Now(), 1), "Omni Dallas Hotel", "Dallas", false),
		"Online":                    venue(event("", time.Now(), 1), "", "", true),
		"Orlando":                   venue(event("", time.Now(), 1), "", "Orlando", false),
	} {
		if got := Where(e); got != want {
			t.Errorf("Where = %q, want %q", got, want)
		}
	}

	if got := SeatsLeft(e); got != "180" {
		t.Errorf("SeatsLeft = %q", got)
	}
	e.SeatsLeft = 0
	if got := SeatsLeft(e); got != "Full" {
		t.Errorf("SeatsLeft of a full event = %q", got)
	}

	for _, tt := range []struct {
		state oas.EventState
		reg   oas.RegistrationState
		want  string
	}{
		{oas.EventStateOpen, oas.RegistrationStateOpenForRegistration, "Open"},
		{oas.EventStateOpen, oas.RegistrationStateClosedForRegistration, "Closed"},
		{oas.EventStateDraft, oas.RegistrationStateClosedForRegistration, "Draft"},
		{oas.EventStateClosed, oas.RegistrationStateOpenForRegistration, "Closed event"},
	} {
		e.State, e.Registration = tt.state, tt.reg
		if got := Registration(e); got != tt.want {
			t.Errorf("Registration(%s, %s) = %q, want %q", tt.state, tt.reg, got, tt.want)
		}
	}
}

// Summary copies every field of the summary: a field the contract adds to EventSummary
// (and so to Event) fails here until Summary copies it.
func TestSummary(t *testing.T) {
	full := oas.Event{ID: 7, Slug: "s", Title: "T", Summary: "S", State: oas.EventStateOpen, Registration: oas.RegistrationStateOpenForRegistration,
		StartsAt: time.Unix(100, 0), EndsAt: time.Unix(200, 0), TimeZone: "America/Chicago", Venue: oas.NewOptString("V"),
		City: oas.NewOptString("C"), Online: true, Capacity: 3, Registered: 2, SeatsLeft: 1, ImageURL: oas.NewOptString("/i"),
		MyStatus: oas.NewOptAttendanceStatus(oas.AttendanceStatusRegistered), DescriptionHTML: "<p>x</p>"}
	got := reflect.ValueOf(Summary(&full)).Elem()
	src := reflect.ValueOf(full)
	for i := range got.NumField() {
		name := got.Type().Field(i).Name
		if src.FieldByName(name).IsZero() {
			t.Errorf("the test's event has no %s: give it one", name)
			continue
		}
		if !reflect.DeepEqual(got.Field(i).Interface(), src.FieldByName(name).Interface()) {
			t.Errorf("%s = %v, want %v", name, got.Field(i), src.FieldByName(name))
		}
	}
}
