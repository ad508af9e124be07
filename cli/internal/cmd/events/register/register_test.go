package register

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

func TestNewCmdRegister(t *testing.T) {
	tests := []struct {
		args     string
		wantSlug string
		wantErr  string
	}{
		{args: "regional-kickoff-dallas", wantSlug: "regional-kickoff-dallas"},
		{args: "regional-kickoff-dallas --jq .ticket", wantSlug: "regional-kickoff-dallas"},
		{args: "", wantErr: "register takes one event slug, got 0 arguments"},
		{args: "a b", wantErr: "register takes one event slug, got 2 arguments"},
		{args: "Regional_Kickoff", wantErr: `invalid event slug "Regional_Kickoff"`},
		{args: "regional-kickoff-dallas --json seat", wantErr: `unknown JSON field "seat"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdRegister, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got != nil && got.Slug != tt.wantSlug {
			t.Errorf("%q: slug %q", tt.args, got.Slug)
		}
	}
}

func TestPrint(t *testing.T) {
	ticket := &oas.EventTicket{Status: oas.AttendanceStatusRegistered, RegisteredAt: time.Date(2026, 11, 1, 13, 0, 0, 0, time.UTC), Ticket: "12.c2ln"}
	tests := []struct {
		name string
		tty  bool
		args []string
		want string
	}{
		{name: "piped: the registration's fields", want: "status:\tRegistered\nregistered_at:\t2026-11-01T13:00:00Z\nchecked_in_at:\t\nticket:\t12.c2ln\n"},
		{name: "terminal", tty: true, want: "✓ You are registered for regional-kickoff-dallas\n" +
			"Your ticket: portal events view regional-kickoff-dallas; add it to your calendar: portal events calendar regional-kickoff-dallas\n"},
		{name: "jq", tty: true, args: []string{"--jq", ".ticket"}, want: "12.c2ln\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := Print(ios, cmdtest.Exporter(t, Fields, tt.args), "regional-kickoff-dallas", ticket); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The registration is a PUT of the event's; the refusals are in the command line's words.
func TestRegisterRun(t *testing.T) {
	var method string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method = r.Method
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/events/regional-kickoff-dallas/registration":
			_, _ = w.Write([]byte(`{"status":"Registered","registered_at":"2026-11-01T13:00:00Z","ticket":"12.c2ln"}`))
		case "/api/events/new-associate-orientation-toronto/registration":
			w.WriteHeader(http.StatusConflict)
			_, _ = w.Write([]byte(`{"status":409,"code":"event_full","message":"Every seat of this event is taken"}`))
		case "/api/events/top-producers-dinner-miami/registration":
			w.WriteHeader(http.StatusConflict)
			_, _ = w.Write([]byte(`{"status":409,"code":"event_registration_closed","message":"This event is closed for registration"}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Event not found"}`))
		}
	}))
	t.Cleanup(ts.Close)
	run := func(slug string) (string, error) {
		ios, _, out, _ := iostreams.Test()
		opts := &Options{IO: ios, Slug: slug, Exporter: cmdtest.Exporter(t, Fields, []string{"--jq", ".status"}),
			Client: func() (*sdk.Client, error) {
				return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
			}}
		err := registerRun(context.Background(), opts)
		return out.String(), err
	}
	if got, err := run("regional-kickoff-dallas"); err != nil || got != "Registered\n" || method != http.MethodPut {
		t.Errorf("register: %q, %v, %s", got, err, method)
	}
	for slug, want := range map[string]string{
		"new-associate-orientation-toronto": `"new-associate-orientation-toronto" is full: every seat is taken (HTTP 409)`,
		"top-producers-dinner-miami":        `Registration for "top-producers-dinner-miami" is closed (HTTP 409)`,
		"spring-convention":                 `Event "spring-convention" not found (HTTP 404)`,
	} {
		got, err := run(slug)
		if got != "" || cmdutil.Message(err) != want || cmdutil.ExitCode(err) != cmdutil.ExitError {
			t.Errorf("%s: printed %q, %q; want %q", slug, got, cmdutil.Message(err), want)
		}
	}
}
