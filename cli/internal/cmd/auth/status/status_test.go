package status

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

// accessServer answers GET /api/access for the token of staff@example.com (cmdtest.Accounts
// gives it "t-staff@example.com"), acting for AGT100 when the access-token header says so,
// and 401 for any other token.
func accessServer(t *testing.T) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method != http.MethodGet || r.URL.Path != "/api/access" || r.Header.Get("Authorization") != "Bearer t-staff@example.com" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"status":401,"message":"Not signed in"}`))
			return
		}
		user := `{"id":1001,"name":"Sam Staffer","email":"staff@example.com","is_staff":true,"is_senior_level":false}`
		if r.Header.Get("access-token") == "AGT100" {
			user = `{"id":2,"code":"AGT100","name":"Alex Carter","email":"agent@example.com","is_staff":false,"is_senior_level":true,` +
				`"level":{"code":"SMD","name":"Senior Marketing Director","rank":5,"is_senior_level":true},"acting_staff":"Sam Staffer"}`
		}
		_, _ = w.Write([]byte(`{"permissions":[],"user":` + user + `}`))
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestStatus(t *testing.T) {
	tests := []struct {
		name     string
		logins   []string // the last one active
		actAs    string
		want     []string
		wantExit int
	}{
		{
			name:   "the staff member, among two accounts",
			logins: []string{"agent@example.com", "staff@example.com"},
			want: []string{
				"Server:  SRV (saved default)",
				"User:    Sam Staffer <staff@example.com>",
				"Senior:  no",
				"Staff:   yes",
				"Token:   valid (configuration file)",
				"Accounts:",
				"    agent@example.com (User A)",
				"  * staff@example.com (User B) (active)",
			},
		},
		{
			name:   "acting for an associate",
			logins: []string{"staff@example.com"},
			actAs:  "AGT100",
			want: []string{
				"Server:  SRV (saved default)",
				"User:    Alex Carter <agent@example.com>",
				"Code:    AGT100",
				"Level:   Senior Marketing Director",
				"Senior:  yes",
				"Staff:   no",
				"Acting:  Sam Staffer",
				"Token:   valid (configuration file)",
				"Accounts:",
				"  * staff@example.com (User A) (active)",
			},
		},
		{
			name:   "a token the server refuses",
			logins: []string{"staff@example.com", "agent@example.com"},
			want: []string{
				"Server:  SRV (saved default)",
				"Token:   invalid or expired (configuration file)",
				"Accounts:",
				"    staff@example.com (User A)",
				"  * agent@example.com (User B) (active)",
			},
			wantExit: cmdutil.ExitAuth,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(config.EnvToken, "")
			ts := accessServer(t)
			cfg := cmdtest.Accounts(t, ts.URL, tt.logins...)
			ios, _, out, _ := iostreams.Test()
			opts := &Options{
				IO:     ios,
				Config: func() (*config.Config, error) { return cfg, nil },
				Server: func() (string, string, error) { return ts.URL, "config", nil },
				Client: func() (*sdk.Client, error) {
					c, err := sdk.New(ts.URL, sdk.WithToken(cfg.Active(ts.URL).Token))
					if err != nil || tt.actAs == "" {
						return c, err
					}
					return c.ActAs(tt.actAs)
				},
			}
			err := statusRun(context.Background(), opts)
			if got := cmdutil.ExitCode(err); got != tt.wantExit {
				t.Errorf("exit %d (%v), want %d", got, err, tt.wantExit)
			}
			want := strings.ReplaceAll(strings.Join(tt.want, "\n")+"\n", "SRV", ts.URL)
			if diff := cmp.Diff(want, out.String()); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStatusWithoutAServer(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	opts := &Options{IO: ios, Server: func() (string, string, error) { return "", "", nil }}
	err := statusRun(context.Background(), opts)
	if cmdutil.ExitCode(err) != cmdutil.ExitAuth || !strings.Contains(err.Error(), "portal auth login --server URL") {
		t.Errorf("err = %v, want exit 4 and a hint", err)
	}
}
