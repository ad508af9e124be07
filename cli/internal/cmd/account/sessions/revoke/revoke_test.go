package revoke

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdRevoke(t *testing.T) {
	tests := []struct {
		args       string
		wantID     int64
		wantOthers bool
		wantErr    string
	}{
		{args: "12", wantID: 12},
		{args: "#12", wantID: 12},
		{args: "--others", wantOthers: true},
		{args: "--others=false 7", wantID: 7},
		{args: "", wantErr: "takes one session ID, or --others for every other session; got 0 arguments"},
		{args: "12 13", wantErr: "takes one session ID, or --others for every other session; got 2 arguments"},
		{args: "--others 12", wantErr: "give a session ID or --others, not both"},
		{args: "12 --others", wantErr: "give a session ID or --others, not both"},
		{args: "--others=false", wantErr: "got 0 arguments"},
		{args: "x", wantErr: `invalid session ID "x": expected a positive integer`},
		{args: "0", wantErr: `invalid session ID "0"`},
		{args: "--all", wantErr: "unknown flag: --all"},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdRevoke, strings.Fields(tt.args), tt.wantErr)
		if got == nil {
			continue
		}
		if got.ID != tt.wantID || got.Others != tt.wantOthers {
			t.Errorf("%q: ID %d, others %v", tt.args, got.ID, got.Others)
		}
	}
}

// sessionsServer ends session 12, answers 404 for any other, and ends 3 others.
func sessionsServer(t *testing.T) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.Method + " " + r.URL.Path {
		case "DELETE /api/account/sessions/12":
			w.WriteHeader(http.StatusNoContent)
		case "POST /api/account/sessions/revoke-others":
			_, _ = w.Write([]byte(`{"revoked":3}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Session not found"}`))
		}
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestRevoke(t *testing.T) {
	tests := []struct {
		name     string
		opts     Options
		wantErr  string
		wantSaid string
	}{
		{name: "one", opts: Options{ID: 12}, wantSaid: "✓ Ended session 12\n"},
		{name: "the others", opts: Options{Others: true}, wantSaid: "✓ Ended 3 other sessions\n"},
		{name: "one that is not the caller's", opts: Options{ID: 99}, wantErr: "Session not found (HTTP 404)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := sessionsServer(t)
			ios, _, out, errOut := iostreams.Test()
			opts := tt.opts
			opts.IO = ios
			opts.Client = func() (*sdk.Client, error) { return sdk.New(ts.URL, sdk.WithToken("t")) }
			err := revokeRun(context.Background(), &opts)
			if tt.wantErr != "" {
				if err == nil || cmdutil.Message(err) != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != "" || errOut.String() != tt.wantSaid {
				t.Errorf("stdout %q, stderr %q; want stderr %q", out, errOut, tt.wantSaid)
			}
		})
	}
}

func TestEnded(t *testing.T) {
	for n, want := range map[int]string{0: "No other session was open", 1: "Ended 1 other session", 2: "Ended 2 other sessions"} {
		if got := Ended(n); got != want {
			t.Errorf("Ended(%d) = %q, want %q", n, got, want)
		}
	}
}
