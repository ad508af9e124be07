package attendees

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
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

func TestMain(m *testing.M) {
	// Times show in the local zone: fix it so the expected tables hold anywhere.
	time.Local = time.UTC
	os.Exit(m.Run())
}

func TestNewCmdAttendees(t *testing.T) {
	const slug = "regional-kickoff-dallas"
	tests := []struct {
		name    string
		args    []string
		want    oas.ListEventAttendeesParams
		wantErr string
	}{
		{name: "defaults", args: []string{slug}, want: oas.ListEventAttendeesParams{Slug: slug, Limit: oas.NewOptInt(100)}},
		{name: "filters and order",
			args: []string{slug, "--filter", "status=checked in", "--filter", "associate_code=agt100", "--filter", "name=contains:carter",
				"--order", "checked_in_at:desc", "--all"},
			want: oas.ListEventAttendeesParams{Slug: slug, Limit: oas.NewOptInt(100),
				FilterStatusEq: oas.NewOptAttendanceStatus(oas.AttendanceStatusCheckedIn), FilterAssociateCodeEq: oas.NewOptString("AGT100"),
				FilterNameContains: oas.NewOptString("carter"),
				Order:              oas.NewOptAttendeeOrder(oas.AttendeeOrder{CheckedInAt: oas.NewOptSortDirection(oas.SortDirectionDESC)})}},
		{name: "no slug", wantErr: "attendees takes one event slug, got 0 arguments"},
		{name: "a bad slug", args: []string{"Kickoff"}, wantErr: `invalid event slug "Kickoff"`},
		{name: "an unknown filter", args: []string{slug, "--filter", "email=eq:x"}, wantErr: `unknown filter field "email"; filterable fields: status, associate_code, name`},
		{name: "a status of none", args: []string{slug, "--filter", "status=eq:late"}, wantErr: `invalid value "late" for filter status=eq`},
		{name: "an unknown order", args: []string{slug, "--order", "name"}, wantErr: `unknown order field "name"`},
		{name: "an unknown field", args: []string{slug, "--json=email"}, wantErr: `unknown JSON field "email"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdAttendees, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
		})
	}
}

func sample() []sdk.EventAttendee {
	return []sdk.EventAttendee{
		{ID: 7, AssociateCode: "AGT100", Name: "Alex Carter", Status: oas.AttendanceStatusCheckedIn,
			RegisteredAt: time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC), CheckedInAt: oas.NewOptDateTime(time.Date(2026, 11, 7, 14, 40, 0, 0, time.UTC)),
			CheckedInBy: oas.NewOptString("Sam Staffer")},
		{ID: 9, AssociateCode: "AGT205", Name: "Jo Lee", Status: oas.AttendanceStatusRegistered, RegisteredAt: time.Date(2026, 10, 21, 9, 30, 0, 0, time.UTC)},
	}
}

func TestPrintList(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want := "7\tAGT100\tAlex Carter\tChecked In\t2026-10-20T09:00:00Z\t2026-11-07T14:40:00Z\tSam Staffer\n" +
		"9\tAGT205\tJo Lee\tRegistered\t2026-10-21T09:30:00Z\t\t\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}

	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want = "NAME         CODE    STATUS      REGISTERED           CHECKED IN           BY\n" +
		"Alex Carter  AGT100  Checked In  10/20/2026 09:00:00  11/07/2026 14:40:00  Sam Staffer\n" +
		"Jo Lee       AGT205  Registered  10/21/2026 09:30:00\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}
}

// The attendees of the slug are asked for; a 404 names the event, a 403 is the server's.
func TestAttendeesRun(t *testing.T) {
	var query url.Values
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/events/regional-kickoff-dallas/attendees":
			query = r.URL.Query()
			_, _ = w.Write([]byte(`{"data":[{"id":7,"associate_code":"AGT100","name":"Alex Carter","status":"Registered","registered_at":"2026-10-20T09:00:00Z"}]}`))
		case "/api/events/staff-only/attendees":
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"status":403,"code":"staff_permission","message":"This is for staff with the events.manage permission"}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Event not found"}`))
		}
	}))
	t.Cleanup(ts.Close)
	run := func(args ...string) (string, error) {
		ios, _, out, _ := iostreams.Test()
		opts := cmdtest.Parse(t, ios, NewCmdAttendees, args, "")
		opts.Client = func() (*sdk.Client, error) {
			return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
		}
		err := attendeesRun(context.Background(), opts)
		return out.String(), err
	}
	if out, err := run("regional-kickoff-dallas", "--filter", "name=contains:carter", "--jq", ".[].associate_code"); err != nil || out != "AGT100\n" {
		t.Errorf("attendees: %q, %v", out, err)
	}
	if query.Get("filter[name][contains]") != "carter" {
		t.Errorf("query %v", query)
	}
	for _, tt := range []struct{ args []string }{{[]string{"spring-convention"}}, {[]string{"spring-convention", "--all"}}} {
		if _, err := run(tt.args...); cmdutil.Message(err) != `Event "spring-convention" not found (HTTP 404)` {
			t.Errorf("%v: %v", tt.args, err)
		}
	}
	if _, err := run("staff-only"); !strings.HasPrefix(cmdutil.Message(err), "This is for staff with the events.manage permission (HTTP 403)") {
		t.Errorf("an associate: %v", err)
	}
}
