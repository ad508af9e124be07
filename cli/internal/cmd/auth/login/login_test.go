package login

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdLogin(t *testing.T) {
	tests := []struct {
		name         string
		args         []string
		tty          bool
		wantLogin    string
		wantPwdStdin bool
		wantErr      string
	}{
		{name: "password on stdin", args: []string{"--login", " agent@example.com ", "--password-stdin"}, wantLogin: "agent@example.com", wantPwdStdin: true},
		{name: "short login flag on a terminal", args: []string{"-l", "A1001"}, tty: true, wantLogin: "A1001"},
		{name: "login asked on a terminal", args: []string{}, tty: true},
		{name: "no terminal and no password-stdin", args: []string{"--login", "a@b.c"}, wantErr: "--password-stdin is required when not running interactively"},
		{name: "no terminal and no login", args: []string{"--password-stdin"}, wantErr: "--login is required when not running interactively"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdinTTY(tt.tty)
			ios.SetStdoutTTY(tt.tty)
			got := cmdtest.Parse(t, ios, NewCmdLogin, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.Login != tt.wantLogin || got.PasswordStdin != tt.wantPwdStdin {
				t.Errorf("got login %q stdin %v", got.Login, got.PasswordStdin)
			}
		})
	}
}

// loginServer answers POST /api/auth/login for any login with the password "pw": the
// token "t-new" and a user by the login; anything else (the dashboard) is 404.
func loginServer(t *testing.T) *httptest.Server {
	users := map[string]string{
		"staff@example.com": `{"id":1001,"name":"Sam Staffer","email":"staff@example.com","is_staff":true,"is_senior_level":false}`,
		"agent@example.com": `{"id":2,"code":"AGT100","name":"Alex Carter","email":"agent@example.com","is_staff":false,"is_senior_level":true}`,
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		var req struct{ Login, Password string }
		_ = json.NewDecoder(r.Body).Decode(&req)
		user, ok := users[strings.ToLower(req.Login)]
		if r.Method != http.MethodPost || r.URL.Path != "/api/auth/login" || !ok || req.Password != "pw" {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Not found"}`))
			return
		}
		_, _ = w.Write([]byte(`{"token":"t-new","user":` + user + `}`))
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestLogin(t *testing.T) {
	tests := []struct {
		name       string
		saved      []string // logins saved before, the last one active
		login      string
		wantLogins []string
		wantSaid   []string
	}{
		{
			name: "the first account", login: "staff@example.com",
			wantLogins: []string{"staff@example.com"},
			wantSaid:   []string{"✓ Logged in to SRV as Sam Staffer"},
		},
		{
			name: "another login adds an account", saved: []string{"agent@example.com"}, login: "staff@example.com",
			wantLogins: []string{"agent@example.com", "staff@example.com"},
			wantSaid: []string{"✓ Logged in to SRV as Sam Staffer",
				"  2 accounts on this server; this one is active. Switch with `portal auth switch`."},
		},
		{
			name: "the same login in another case replaces its account", saved: []string{"agent@example.com", "staff@example.com"}, login: "AGENT@example.com",
			wantLogins: []string{"AGENT@example.com", "staff@example.com"},
			wantSaid: []string{"✓ Logged in to SRV as Alex Carter (AGT100)",
				"  2 accounts on this server; this one is active. Switch with `portal auth switch`."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := loginServer(t)
			cfg := cmdtest.Accounts(t, ts.URL, tt.saved...)
			ios, in, _, errOut := iostreams.Test()
			in.WriteString("pw\n")
			opts := &Options{
				IO: ios, Login: tt.login, PasswordStdin: true,
				Config:    func() (*config.Config, error) { return cfg, nil },
				Server:    func() (string, string, error) { return ts.URL, "--server", nil },
				NewClient: func(s string) (*sdk.Client, error) { return sdk.New(s) },
			}
			if err := loginRun(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			saved, err := config.LoadFile(cfg.Path())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantLogins, saved.Host(ts.URL).Logins()); diff != "" {
				t.Errorf("accounts (-want +got):\n%s", diff)
			}
			if a := saved.Active(ts.URL); a == nil || a.Login != tt.login || a.Token != "t-new" {
				t.Errorf("active account %+v, want %s with the new token", a, tt.login)
			}
			if saved.Server != ts.URL {
				t.Errorf("default server %q", saved.Server)
			}
			want := strings.ReplaceAll(strings.Join(tt.wantSaid, "\n")+"\n", "SRV", ts.URL)
			if got := errOut.String(); got != want {
				t.Errorf("said %q, want %q", got, want)
			}
		})
	}
}
