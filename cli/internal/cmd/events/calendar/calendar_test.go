package calendar

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdCalendar(t *testing.T) {
	tests := []struct {
		args        string
		wantOutput  string
		wantClobber bool
		wantErr     string
	}{
		{args: "regional-kickoff-dallas", wantOutput: "regional-kickoff-dallas.ics"},
		{args: "regional-kickoff-dallas -o kickoff.ics --clobber", wantOutput: "kickoff.ics", wantClobber: true},
		{args: "regional-kickoff-dallas --output -", wantOutput: "-"},
		{args: "regional-kickoff-dallas --output=", wantErr: "-o needs a file name, or - for standard output"},
		{args: "", wantErr: "calendar takes one event slug, got 0 arguments"},
		{args: "regional/kickoff", wantErr: `invalid event slug "regional/kickoff"`},
		{args: "regional-kickoff-dallas --format ics", wantErr: "unknown flag: --format"},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdCalendar, strings.Fields(tt.args), tt.wantErr)
		if got == nil {
			continue
		}
		if got.Slug != "regional-kickoff-dallas" || got.Output != tt.wantOutput || got.Clobber != tt.wantClobber {
			t.Errorf("%q: %+v", tt.args, got)
		}
	}
}

const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"

// The calendar's signed link is asked for, then the file fetched through it (without the
// token) into SLUG.ics; an existing file is kept unless --clobber; -o - writes to standard
// output.
func TestCalendarRun(t *testing.T) {
	var fileAuth []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/events/regional-kickoff-dallas/calendar":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"url":"/api/files/abc.ics?sig=x"}`))
		case "/api/files/abc.ics":
			fileAuth = append(fileAuth, r.Header.Get("Authorization"))
			w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
			_, _ = w.Write([]byte(ics))
		default:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Event not found"}`))
		}
	}))
	t.Cleanup(ts.Close)
	dir := t.TempDir()
	t.Chdir(dir)
	run := func(stderrTTY bool, args ...string) (string, string, error) {
		ios, _, out, errOut := iostreams.Test()
		ios.SetStderrTTY(stderrTTY)
		opts := cmdtest.Parse(t, ios, NewCmdCalendar, args, "")
		opts.Client = func() (*sdk.Client, error) {
			return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
		}
		err := calendarRun(context.Background(), opts)
		return out.String(), errOut.String(), err
	}

	// On a terminal, a progress bar, then where the file went.
	if _, errOut, err := run(true, "regional-kickoff-dallas"); err != nil ||
		!strings.HasSuffix(errOut, "\r\x1b[K✓ Saved the calendar of regional-kickoff-dallas to regional-kickoff-dallas.ics (45 B)\n") {
		t.Fatalf("download: %q, %v", errOut, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "regional-kickoff-dallas.ics")); err != nil || string(b) != ics {
		t.Errorf("the file: %q, %v", b, err)
	}
	if len(fileAuth) != 1 || fileAuth[0] != "" {
		t.Errorf("the signed link was fetched with %q", fileAuth)
	}

	if _, _, err := run(false, "regional-kickoff-dallas"); err == nil || err.Error() != "regional-kickoff-dallas.ics exists; use --clobber to overwrite it" {
		t.Errorf("an existing file: %v", err)
	}
	if _, _, err := run(false, "regional-kickoff-dallas", "--clobber"); err != nil {
		t.Errorf("--clobber: %v", err)
	}
	if out, errOut, err := run(true, "regional-kickoff-dallas", "-o", "-"); err != nil || out != ics || errOut != "" {
		t.Errorf("-o -: %q, %q, %v", out, errOut, err)
	}

	_, _, err := run(false, "spring-convention")
	if cmdutil.Message(err) != `Event "spring-convention" not found (HTTP 404)` {
		t.Errorf("no such event: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "spring-convention.ics")); !os.IsNotExist(err) {
		t.Errorf("a file was left for an event not found: %v", err)
	}
}
