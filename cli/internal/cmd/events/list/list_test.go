package list

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdList(t *testing.T) {
	desc := func(d oas.SortDirection) oas.OptSortDirection { return oas.NewOptSortDirection(d) }
	tests := []struct {
		name      string
		args      []string
		want      oas.ListEventsParams
		wantOrder []sdk.OrderKey
		wantErr   string
	}{
		{name: "upcoming by default, the server's order", want: oas.ListEventsParams{Limit: oas.NewOptInt(100)}},
		{name: "past: the latest first", args: []string{"--past"},
			want: oas.ListEventsParams{When: oas.NewOptEventWhen(oas.EventWhenPast), Limit: oas.NewOptInt(100),
				Order: oas.NewOptEventOrder(oas.EventOrder{StartsAt: desc(oas.SortDirectionDESC)})},
			wantOrder: []sdk.OrderKey{{Field: "starts_at", Direction: "DESC"}}},
		{name: "past in another order", args: []string{"--past", "--order", "title"},
			want: oas.ListEventsParams{When: oas.NewOptEventWhen(oas.EventWhenPast), Limit: oas.NewOptInt(100),
				Order: oas.NewOptEventOrder(oas.EventOrder{Title: desc(oas.SortDirectionASC)})},
			wantOrder: []sdk.OrderKey{{Field: "title", Direction: "ASC"}}},
		{name: "filters, a page",
			args: []string{"--filter", "registered=true", "--filter", "registration=open for registration", "--filter", "starts_at=lt:2027-01-01",
				"--filter", "title=contains:kickoff", "-L", "5", "--page", "2"},
			want: oas.ListEventsParams{Limit: oas.NewOptInt(5), Page: oas.NewOptInt(2), FilterRegisteredEq: oas.NewOptBool(true),
				FilterRegistrationEq: oas.NewOptRegistrationState(oas.RegistrationStateOpenForRegistration),
				FilterStartsAtLt:     oas.NewOptDateTime(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)),
				FilterTitleContains:  oas.NewOptString("kickoff")}},
		{name: "json fields", args: cmdutil.ExpandJSONArgs([]string{"--json", "slug,starts_at,time_zone"}), want: oas.ListEventsParams{Limit: oas.NewOptInt(100)}},
		{name: "an unknown filter", args: []string{"--filter", "city=eq:Dallas"},
			wantErr: `unknown filter field "city"; filterable fields: title, state, registration, registered, online, starts_at`},
		{name: "an unknown order", args: []string{"--past", "--order", "city"}, wantErr: `unknown order field "city"`},
		{name: "a registration state of none", args: []string{"--filter", "registration=eq:maybe"}, wantErr: `invalid value "maybe" for filter registration=eq`},
		{name: "an unknown field", args: []string{"--json=slug,venue_name"}, wantErr: `unknown JSON field "venue_name"`},
		{name: "page and all", args: []string{"--all", "--page", "2"}, wantErr: "--page and --all cannot be combined"},
		{name: "an argument", args: []string{"regional-kickoff-dallas"}, wantErr: `unknown command "regional-kickoff-dallas"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdList, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			ctx := cmdtest.Context(t, ios, NewCmdList, tt.args)
			if diff := cmp.Diff(tt.wantOrder, sdk.OrderFrom(ctx)); diff != "" {
				t.Errorf("order keys (-want +got):\n%s", diff)
			}
		})
	}
}

func sample() []sdk.EventSummary {
	return []sdk.EventSummary{
		{ID: 1, Slug: "regional-kickoff-dallas", Title: "Regional Kickoff — Dallas", State: oas.EventStateOpen,
			Registration: oas.RegistrationStateOpenForRegistration, StartsAt: time.Date(2026, 11, 7, 15, 0, 0, 0, time.UTC),
			EndsAt: time.Date(2026, 11, 7, 23, 0, 0, 0, time.UTC), TimeZone: "America/Chicago", Venue: oas.NewOptString("Omni Dallas Hotel"),
			City: oas.NewOptString("Dallas"), Capacity: 300, Registered: 120, SeatsLeft: 180},
		{ID: 2, Slug: "licensing-exam-prep-bootcamp", Title: "Licensing Exam Prep Bootcamp", State: oas.EventStateOpen,
			Registration: oas.RegistrationStateOpenForRegistration, StartsAt: time.Date(2026, 11, 11, 0, 0, 0, 0, time.UTC),
			EndsAt: time.Date(2026, 11, 11, 3, 0, 0, 0, time.UTC), TimeZone: "America/Chicago", Online: true, Capacity: 200,
			Registered: 36, SeatsLeft: 164, MyStatus: oas.NewOptAttendanceStatus(oas.AttendanceStatusRegistered)},
		{ID: 3, Slug: "new-associate-orientation-toronto", Title: "New Associate Orientation — Toronto", State: oas.EventStateOpen,
			Registration: oas.RegistrationStateClosedForRegistration, StartsAt: time.Date(2026, 11, 13, 14, 0, 0, 0, time.UTC),
			EndsAt: time.Date(2026, 11, 13, 18, 0, 0, 0, time.UTC), TimeZone: "America/Toronto", Venue: oas.NewOptString("Metro Toronto Convention Centre"),
			City: oas.NewOptString("Toronto"), Capacity: 40, Registered: 40},
	}
}

func TestPrintList(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want := "regional-kickoff-dallas\t2026-11-07T15:00:00Z\t2026-11-07T23:00:00Z\tAmerica/Chicago\tRegional Kickoff — Dallas\tOmni Dallas Hotel\tDallas\tfalse\t180\tOpen\tOpen for registration\t\n" +
		"licensing-exam-prep-bootcamp\t2026-11-11T00:00:00Z\t2026-11-11T03:00:00Z\tAmerica/Chicago\tLicensing Exam Prep Bootcamp\t\t\ttrue\t164\tOpen\tOpen for registration\tRegistered\n" +
		"new-associate-orientation-toronto\t2026-11-13T14:00:00Z\t2026-11-13T18:00:00Z\tAmerica/Toronto\tNew Associate Orientation — Toronto\tMetro Toronto Convention Centre\tToronto\tfalse\t0\tOpen\tClosed for registration\t\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if n := len(strings.Split(l, "\t")); n != len(TSVColumns) {
			t.Errorf("%d columns, want %d: %q", n, len(TSVColumns), l)
		}
	}

	// On a terminal: the time in the event's zone, Online, Full, yours.
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(200)
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want = `SLUG                               WHEN                      TITLE                                WHERE                                     SEATS LEFT  REGISTRATION  YOU
regional-kickoff-dallas            Sat 11/07/2026 09:00 CST  Regional Kickoff — Dallas            Omni Dallas Hotel, Dallas                 180         Open
licensing-exam-prep-bootcamp       Tue 11/10/2026 18:00 CST  Licensing Exam Prep Bootcamp         Online                                    164         Open          Registered
new-associate-orientation-toronto  Fri 11/13/2026 09:00 EST  New Associate Orientation — Toronto  Metro Toronto Convention Centre, Toronto  Full        Closed
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}

	// Narrower, the slug stays whole.
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\nnew-associate-orientation-toronto  ") {
		t.Errorf("a slug is cut at 120 columns:\n%s", out)
	}
}

// The list is asked for with the flags' parameters and order, --all following next_cursor;
// --json writes the contract's fields; nothing listed says so on a terminal.
func TestListRun(t *testing.T) {
	var queries []url.Values
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/events" {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		queries = append(queries, q)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case q.Get("when") == "past" && q.Get("cursor") == "":
			_, _ = w.Write([]byte(`{"data":[` + summaryJSON("fall-kickoff-atlanta") + `,` + summaryJSON("recruiting-masterclass-chicago") + `],"next_cursor":"c1"}`))
		case q.Get("when") == "past":
			_, _ = w.Write([]byte(`{"data":[` + summaryJSON("old-one") + `]}`))
		default:
			_, _ = w.Write([]byte(`{"data":[]}`))
		}
	}))
	t.Cleanup(ts.Close)
	run := func(tty bool, args ...string) (string, string) {
		t.Helper()
		ios, _, out, errOut := iostreams.Test()
		ios.SetStdoutTTY(tty)
		ctx := cmdtest.Context(t, ios, NewCmdList, cmdutil.ExpandJSONArgs(args))
		opts := cmdtest.Parse(t, ios, NewCmdList, cmdutil.ExpandJSONArgs(args), "")
		opts.Client = func() (*sdk.Client, error) {
			return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
		}
		if err := listRun(ctx, opts); err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String()
	}

	queries = nil
	out, _ := run(false, "--past", "--all", "--limit", "1", "--jq", ".[].slug")
	if out != "fall-kickoff-atlanta\nold-one\n" {
		t.Errorf("--past --all: %q", out)
	}
	if len(queries) != 2 || queries[0].Get("order[starts_at]") != "DESC" || queries[0].Get("limit") != "1" || queries[1].Get("cursor") != "c1" {
		t.Errorf("queries: %v", queries)
	}

	out, errOut := run(true)
	if out != "" || errOut != "No upcoming events match.\n" {
		t.Errorf("none upcoming: %q, %q", out, errOut)
	}
	if _, errOut := run(true, "--past", "--filter", "title=contains:zzz", "--jq", ".[]"); errOut != "" {
		t.Errorf("--jq says nothing: %q", errOut)
	}
}

func summaryJSON(slug string) string {
	return `{"id":1,"slug":"` + slug + `","title":"T","summary":"S","state":"Open","registration":"Closed for registration",` +
		`"starts_at":"2026-10-12T14:00:00Z","ends_at":"2026-10-12T22:00:00Z","time_zone":"America/New_York","online":false,` +
		`"capacity":10,"registered":5,"seats_left":5}`
}
