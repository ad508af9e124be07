package checkin

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmd/events/shared"
	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestMain(m *testing.M) {
	// Times show in the local zone: fix it so the expected lines hold anywhere.
	time.Local = time.UTC
	os.Exit(m.Run())
}

func TestNewCmdCheckIn(t *testing.T) {
	const slug = "regional-kickoff-dallas"
	tests := []struct {
		name    string
		args    []string
		want    oas.EventCheckInInput
		wantErr string
	}{
		{name: "by ticket", args: []string{slug, "--ticket", " 12.c2lnbmVk "}, want: oas.EventCheckInInput{Ticket: oas.NewOptString("12.c2lnbmVk")}},
		{name: "by code, any case", args: []string{slug, "--code", "agt100"}, want: oas.EventCheckInInput{AssociateCode: oas.NewOptString("AGT100")}},
		{name: "with json", args: []string{slug, "--code", "AGT100", "--json=name,checked_in_at"}, want: oas.EventCheckInInput{AssociateCode: oas.NewOptString("AGT100")}},
		{name: "neither", args: []string{slug}, wantErr: "give the attendee's --ticket (from the QR code) or --code"},
		{name: "both", args: []string{slug, "--ticket", "12.x", "--code", "AGT100"}, wantErr: "give --ticket or --code, not both"},
		{name: "an empty ticket", args: []string{slug, "--ticket", " "}, wantErr: "--ticket is empty"},
		{name: "a ticket too long", args: []string{slug, "--ticket", strings.Repeat("x", 201)}, wantErr: "--ticket is 201 characters long; a ticket is at most 200"},
		{name: "a code that is none", args: []string{slug, "--code", "A-1"}, wantErr: `invalid associate code "A-1": 3 to 16 letters and digits`},
		{name: "no slug", args: []string{"--code", "AGT100"}, wantErr: "check-in takes one event slug, got 0 arguments"},
		{name: "a bad slug", args: []string{"Kickoff", "--code", "AGT100"}, wantErr: `invalid event slug "Kickoff"`},
		{name: "an unknown field", args: []string{slug, "--code", "AGT100", "--json=email"}, wantErr: `unknown JSON field "email"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdCheckIn, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.Slug != slug {
				t.Errorf("slug %q", got.Slug)
			}
			if diff := cmp.Diff(tt.want, got.Input); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrint(t *testing.T) {
	a := &oas.EventAttendee{ID: 7, AssociateCode: "AGT100", Name: "Alex Carter", Status: oas.AttendanceStatusCheckedIn,
		RegisteredAt: time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC), CheckedInAt: oas.NewOptDateTime(time.Date(2026, 11, 7, 14, 40, 0, 0, time.UTC)),
		CheckedInBy: oas.NewOptString("Sam Staffer")}
	tests := []struct {
		name string
		tty  bool
		args []string
		want string
	}{
		{name: "piped: the attendee's fields", want: "id:\t7\nassociate_code:\tAGT100\nname:\tAlex Carter\nstatus:\tChecked In\n" +
			"registered_at:\t2026-10-20T09:00:00Z\nchecked_in_at:\t2026-11-07T14:40:00Z\nchecked_in_by:\tSam Staffer\n"},
		{name: "terminal", tty: true, want: "✓ Checked in Alex Carter (AGT100) at 11/07/2026 14:40:00\n"},
		{name: "jq", args: []string{"--jq", ".checked_in_by"}, want: "Sam Staffer\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := Print(ios, cmdtest.Exporter(t, shared.AttendeeFields, tt.args), a); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The check-in posts the ticket or code; a second one says who and when; a 404 is the
// server's (the event, or the ticket or code).
func TestCheckInRun(t *testing.T) {
	var body map[string]any
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		body = nil
		_ = json.NewDecoder(r.Body).Decode(&body)
		switch {
		case r.Method != http.MethodPost || r.URL.Path != "/api/events/regional-kickoff-dallas/check-ins":
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Event not found"}`))
		case body["associate_code"] == "AGT205":
			w.WriteHeader(http.StatusConflict)
			_, _ = w.Write([]byte(`{"status":409,"code":"already_checked_in","message":"Jo Lee (AGT205) was checked in already, at 11/07/2026 08:40:00 CST"}`))
		case body["associate_code"] == "AGT999":
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"No associate with the code AGT999 is registered for this event"}`))
		default:
			_, _ = w.Write([]byte(`{"id":7,"associate_code":"AGT100","name":"Alex Carter","status":"Checked In",` +
				`"registered_at":"2026-10-20T09:00:00Z","checked_in_at":"2026-11-07T14:40:00Z","checked_in_by":"Sam Staffer"}`))
		}
	}))
	t.Cleanup(ts.Close)
	run := func(args ...string) (string, error) {
		ios, _, out, _ := iostreams.Test()
		opts := cmdtest.Parse(t, ios, NewCmdCheckIn, args, "")
		opts.Client = func() (*sdk.Client, error) {
			return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
		}
		err := checkInRun(context.Background(), opts)
		return out.String(), err
	}
	if out, err := run("regional-kickoff-dallas", "--ticket", "7.c2ln", "--jq", ".status"); err != nil || out != "Checked In\n" {
		t.Errorf("by ticket: %q, %v", out, err)
	}
	if diff := cmp.Diff(map[string]any{"ticket": "7.c2ln"}, body); diff != "" {
		t.Errorf("body (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"regional-kickoff-dallas", "--code", "agt205"}, "Jo Lee (AGT205) was checked in already, at 11/07/2026 08:40:00 CST (HTTP 409)"},
		{[]string{"regional-kickoff-dallas", "--code", "AGT999"}, "No associate with the code AGT999 is registered for this event (HTTP 404)"},
		{[]string{"spring-convention", "--code", "AGT100"}, "Event not found (HTTP 404)"},
	} {
		out, err := run(tt.args...)
		if out != "" || cmdutil.Message(err) != tt.want || cmdutil.ExitCode(err) != cmdutil.ExitError {
			t.Errorf("%v: printed %q, %q; want %q", tt.args, out, cmdutil.Message(err), tt.want)
		}
	}
}
