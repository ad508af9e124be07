package view

import (
	"context"
	"net/http"
	"net/http/httptest"
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

func TestNewCmdView(t *testing.T) {
	tests := []struct {
		args       string
		wantSlug   string
		wantFields []string
		wantErr    string
	}{
		{args: "regional-kickoff-dallas", wantSlug: "regional-kickoff-dallas"},
		{args: "w9 --json title,my_registration", wantSlug: "w9", wantFields: []string{"title", "my_registration"}},
		{args: "w9 --jq .description_html", wantSlug: "w9"},
		{args: "", wantErr: "view takes one event slug, got 0 arguments"},
		{args: "regional kickoff", wantErr: "takes one event slug, got 2 arguments"},
		{args: "Regional-Kickoff", wantErr: `invalid event slug "Regional-Kickoff": lower-case letters and digits joined by single hyphens`},
		{args: "../attendees", wantErr: `invalid event slug "../attendees"`},
		{args: strings.Repeat("a", 101), wantErr: "invalid event slug"},
		{args: "w9 --json description", wantErr: `unknown JSON field "description"`},
		{args: "w9 --csv --jq .title", wantErr: "--csv cannot be combined with --json or --jq"},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdView, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.Slug != tt.wantSlug {
			t.Errorf("%q: slug %q", tt.args, got.Slug)
		}
		if tt.wantFields != nil {
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
			}
		}
	}
}

func sample() *oas.Event {
	return &oas.Event{ID: 1, Slug: "regional-kickoff-dallas", Title: "Regional Kickoff — Dallas",
		Summary: "A day with the region's leaders.", State: oas.EventStateOpen, Registration: oas.RegistrationStateOpenForRegistration,
		StartsAt: time.Date(2026, 11, 7, 15, 0, 0, 0, time.UTC), EndsAt: time.Date(2026, 11, 7, 23, 0, 0, 0, time.UTC),
		TimeZone: "America/Chicago", Venue: oas.NewOptString("Omni Dallas Hotel"), City: oas.NewOptString("Dallas"),
		Address: oas.NewOptString("555 S Lamar St, Dallas, TX 75202"), Capacity: 300, Registered: 120, SeatsLeft: 180,
		DescriptionHTML: "<p>Join the region:</p>\n<ul>\n<li><strong>09:00</strong> Welcome</li>\n<li><strong>10:30</strong> The plan</li>\n</ul>\n",
		ImageUrls:       []string{"/api/files/a.png"}}
}

// registered is the sample with the caller's registration, online too.
func registered(checkedIn bool) *oas.Event {
	e := sample()
	e.Online, e.OnlineURL = true, oas.NewOptString("https://meet.example.com/j/1")
	reg := oas.EventTicket{Status: oas.AttendanceStatusRegistered, RegisteredAt: time.Date(2026, 10, 30, 3, 0, 0, 0, time.UTC), Ticket: "12.c2lnbmVk"}
	if checkedIn {
		reg.Status, reg.CheckedInAt = oas.AttendanceStatusCheckedIn, oas.NewOptDateTime(time.Date(2026, 11, 7, 14, 40, 0, 0, time.UTC))
	}
	e.MyRegistration = oas.NewOptEventTicket(reg)
	e.MyStatus = oas.NewOptAttendanceStatus(reg.Status)
	return e
}

func TestPrint(t *testing.T) {
	t.Setenv("GLAMOUR_STYLE", "")
	full, draft, online := sample(), sample(), sample()
	full.SeatsLeft, full.Registered = 0, 300
	draft.State = oas.EventStateDraft
	online.Venue, online.City, online.Address, online.Online = oas.OptString{}, oas.OptString{}, oas.OptString{}, true
	description := `
  Join the region:

  • **09:00** Welcome
  • **10:30** The plan
`
	tests := []struct {
		name string
		e    *oas.Event
		tty  bool
		args []string
		want string
	}{
		{
			name: "piped: the fields, then the description as Markdown", e: registered(false),
			want: "id:\t1\nslug:\tregional-kickoff-dallas\ntitle:\tRegional Kickoff — Dallas\nsummary:\tA day with the region's leaders.\n" +
				"state:\tOpen\nregistration:\tOpen for registration\nstarts_at:\t2026-11-07T15:00:00Z\nends_at:\t2026-11-07T23:00:00Z\n" +
				"time_zone:\tAmerica/Chicago\nvenue:\tOmni Dallas Hotel\ncity:\tDallas\nonline:\ttrue\ncapacity:\t300\nregistered:\t120\n" +
				"seats_left:\t180\nimage_url:\t\nmy_status:\tRegistered\naddress:\t555 S Lamar St, Dallas, TX 75202\n" +
				"online_url:\thttps://meet.example.com/j/1\nimage_urls:\t[\"/api/files/a.png\"]\n" +
				`my_registration:` + "\t" + `{"registered_at":"2026-10-30T03:00:00Z","status":"Registered","ticket":"12.c2lnbmVk"}` + "\n" +
				"--\nJoin the region:\n\n- **09:00** Welcome\n- **10:30** The plan\n",
		},
		{
			name: "terminal: not registered, the hint to register", e: sample(), tty: true,
			want: "Regional Kickoff — Dallas\nA day with the region's leaders.\n\n" +
				"When:         Sat 11/07/2026 09:00–17:00 CST\n" +
				"Where:        Omni Dallas Hotel, 555 S Lamar St, Dallas, TX 75202\n" +
				"Seats:        180 of 300 left\n" +
				"Registration: Open\n" +
				"You:          Not registered; register with portal events register regional-kickoff-dallas\n" + description,
		},
		{
			name: "terminal: registered, online with the link, the ticket", e: registered(false), tty: true,
			want: "Regional Kickoff — Dallas\nA day with the region's leaders.\n\n" +
				"When:         Sat 11/07/2026 09:00–17:00 CST\n" +
				"Where:        Omni Dallas Hotel, 555 S Lamar St, Dallas, TX 75202\n" +
				"Online:       https://meet.example.com/j/1\n" +
				"Seats:        180 of 300 left\n" +
				"Registration: Open\n" +
				"You:          Registered on 10/29/2026\n" +
				"Ticket:       12.c2lnbmVk\n" + description,
		},
		{
			name: "terminal: checked in, when in the event's zone", e: registered(true), tty: true,
			want: "Regional Kickoff — Dallas\nA day with the region's leaders.\n\n" +
				"When:         Sat 11/07/2026 09:00–17:00 CST\n" +
				"Where:        Omni Dallas Hotel, 555 S Lamar St, Dallas, TX 75202\n" +
				"Online:       https://meet.example.com/j/1\n" +
				"Seats:        180 of 300 left\n" +
				"Registration: Open\n" +
				"You:          Checked in at Sat 11/07/2026 08:40 CST\n" +
				"Ticket:       12.c2lnbmVk\n" + description,
		},
		{
			name: "terminal: full", e: full, tty: true,
			want: "Regional Kickoff — Dallas\nA day with the region's leaders.\n\n" +
				"When:         Sat 11/07/2026 09:00–17:00 CST\n" +
				"Where:        Omni Dallas Hotel, 555 S Lamar St, Dallas, TX 75202\n" +
				"Seats:        Full (300 of 300 taken)\n" +
				"Registration: Open\n" +
				"You:          Not registered\n" + description,
		},
		{
			name: "terminal: a Draft, for staff", e: draft, tty: true,
			want: "Regional Kickoff — Dallas\nA day with the region's leaders.\n\n" +
				"When:         Sat 11/07/2026 09:00–17:00 CST\n" +
				"State:        Draft\n" +
				"Where:        Omni Dallas Hotel, 555 S Lamar St, Dallas, TX 75202\n" +
				"Seats:        180 of 300 left\n" +
				"Registration: Draft\n" +
				"You:          Not registered\n" + description,
		},
		{
			name: "terminal: online only, the link once registered", e: online, tty: true,
			want: "Regional Kickoff — Dallas\nA day with the region's leaders.\n\n" +
				"When:         Sat 11/07/2026 09:00–17:00 CST\n" +
				"Online:       the link to join shows once you are registered\n" +
				"Seats:        180 of 300 left\n" +
				"Registration: Open\n" +
				"You:          Not registered; register with portal events register regional-kickoff-dallas\n" + description,
		},
		{
			name: "json", e: registered(false), tty: true, args: []string{"--json", "slug,time_zone,my_registration"},
			want: `{
  "slug": "regional-kickoff-dallas",
  "time_zone": "America/Chicago",
  "my_registration": {
    "registered_at": "2026-10-30T03:00:00Z",
    "status": "Registered",
    "ticket": "12.c2lnbmVk"
  }
}
`,
		},
		{name: "jq", e: sample(), args: []string{"--jq", ".description_html"}, want: sample().DescriptionHTML + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetWidth(90)
			if err := Print(ios, cmdtest.Exporter(t, Fields, cmdutil.ExpandJSONArgs(tt.args)), tt.e); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// In colour the title is bold, the state and a full event yellow, the description styled.
func TestPrintColour(t *testing.T) {
	t.Setenv("GLAMOUR_STYLE", "")
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetColorEnabled(true)
	e := registered(false)
	e.SeatsLeft = 0
	if err := Print(ios, cmdtest.Exporter(t, Fields, nil), e); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"\x1b[1mRegional Kickoff — Dallas\x1b[0m\n\x1b[90mA day with the region's leaders.\x1b[0m\n",
		"Seats:        \x1b[33mFull\x1b[0m (120 of 300 taken)\n", "You:          \x1b[32mRegistered\x1b[0m on", "\x1b[38;"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%q", want, got)
		}
	}
}

// The event is asked for by its slug; a 404 names it.
func TestViewRun(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/events/regional-kickoff-dallas" {
			_, _ = w.Write([]byte(`{"id":1,"slug":"regional-kickoff-dallas","title":"Regional Kickoff","summary":"S","state":"Open",` +
				`"registration":"Open for registration","starts_at":"2026-11-07T15:00:00Z","ends_at":"2026-11-07T23:00:00Z",` +
				`"time_zone":"America/Chicago","online":false,"capacity":300,"registered":120,"seats_left":180,` +
				`"description_html":"<p>Bring your <em>code</em>.</p>","image_urls":[]}`))
			return
		}
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"status":404,"message":"Event not found"}`))
	}))
	t.Cleanup(ts.Close)
	run := func(slug string) (string, error) {
		ios, _, out, _ := iostreams.Test()
		opts := &Options{IO: ios, Slug: slug, Exporter: cmdtest.Exporter(t, Fields, nil),
			Client: func() (*sdk.Client, error) {
				return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
			}}
		err := viewRun(context.Background(), opts)
		return out.String(), err
	}
	if got, err := run("regional-kickoff-dallas"); err != nil || !strings.HasSuffix(got, "\n--\nBring your *code*.\n") {
		t.Errorf("view: %q, %v", got, err)
	}
	_, err := run("spring-convention")
	if got, want := cmdutil.Message(err), `Event "spring-convention" not found (HTTP 404)`; got != want || !sdk.IsNotFound(err) {
		t.Errorf("message %q, want %q", got, want)
	}
}
