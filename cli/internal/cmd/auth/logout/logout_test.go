package logout

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdLogout(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	if got := cmdtest.Parse(t, ios, NewCmdLogout, []string{}, ""); got.Login != "" {
		t.Errorf("login = %q", got.Login)
	}
	if got := cmdtest.Parse(t, ios, NewCmdLogout, []string{"staff@example.com"}, ""); got.Login != "staff@example.com" {
		t.Errorf("login = %q", got.Login)
	}
	cmdtest.Parse(t, ios, NewCmdLogout, []string{"a", "b"}, "accepts at most 1 arg")
}

// logoutServer answers POST /api/auth/logout with 204 and records the tokens it was sent.
type logoutServer struct {
	mu     sync.Mutex
	tokens []string
}

func (s *logoutServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/api/auth/logout" {
		http.Error(w, "unexpected", http.StatusTeapot)
		return
	}
	s.mu.Lock()
	s.tokens = append(s.tokens, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func TestLogout(t *testing.T) {
	tests := []struct {
		name       string
		login      string
		noToken    string   // an account saved without a token
		wantTokens []string // sent to the server
		wantLeft   []string
		wantActive string
		wantSaid   []string
		wantErr    string
		wantExit   int
	}{
		{
			name: "the active account; the first left becomes active", wantTokens: []string{"t-rmd@example.com"},
			wantLeft: []string{"agent@example.com", "staff@example.com"}, wantActive: "agent@example.com",
			wantSaid: []string{"✓ Logged out of SRV as rmd@example.com", "✓ Switched to agent@example.com (User A), now the active account"},
		},
		{
			name: "a named account, in any case", login: "STAFF@example.com", wantTokens: []string{"t-staff@example.com"},
			wantLeft: []string{"agent@example.com", "rmd@example.com"}, wantActive: "rmd@example.com",
			wantSaid: []string{"✓ Logged out of SRV as staff@example.com"},
		},
		{
			name: "an account without a token: no session to end", login: "staff@example.com", noToken: "staff@example.com",
			wantLeft: []string{"agent@example.com", "rmd@example.com"}, wantActive: "rmd@example.com",
			wantSaid: []string{"✓ Logged out of SRV as staff@example.com"},
		},
		{name: "an unknown account", login: "nobody", wantErr: `no account "nobody" on SRV; logged in: agent@example.com, staff@example.com, rmd@example.com`, wantExit: cmdutil.ExitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := &logoutServer{}
			ts := httptest.NewServer(fake)
			defer ts.Close()
			cfg := cmdtest.Accounts(t, ts.URL, "agent@example.com", "staff@example.com", "rmd@example.com")
			if tt.noToken != "" {
				err := cfg.Update(func(c *config.Config) error {
					c.Hosts[ts.URL].Find(tt.noToken).Token = ""
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			opts, errOut := options(cfg, ts.URL, tt.login)
			err := logoutRun(context.Background(), opts)
			if tt.wantErr != "" {
				want := strings.ReplaceAll(tt.wantErr, "SRV", ts.URL)
				if err == nil || !strings.Contains(err.Error(), want) || cmdutil.ExitCode(err) != tt.wantExit || !errors.Is(err, config.ErrNoAccount) {
					t.Fatalf("err = %v, want %q", err, want)
				}
				if len(fake.tokens) != 0 {
					t.Errorf("sessions ended: %v", fake.tokens)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantTokens, fake.tokens); diff != "" {
				t.Errorf("tokens sent (-want +got):\n%s", diff)
			}
			saved, _ := config.LoadFile(cfg.Path())
			if diff := cmp.Diff(tt.wantLeft, saved.Host(ts.URL).Logins()); diff != "" {
				t.Errorf("accounts left (-want +got):\n%s", diff)
			}
			if got := saved.Active(ts.URL).Login; got != tt.wantActive {
				t.Errorf("active = %s, want %s", got, tt.wantActive)
			}
			want := strings.ReplaceAll(strings.Join(tt.wantSaid, "\n")+"\n", "SRV", ts.URL)
			if got := errOut.String(); got != want {
				t.Errorf("said %q, want %q", got, want)
			}
		})
	}
}

func TestLogoutTheLastAccount(t *testing.T) {
	fake := &logoutServer{}
	ts := httptest.NewServer(fake)
	defer ts.Close()
	cfg := cmdtest.Accounts(t, ts.URL, "agent@example.com")
	opts, _ := options(cfg, ts.URL, "")
	if err := logoutRun(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	saved, _ := config.LoadFile(cfg.Path())
	if saved.Host(ts.URL) != nil {
		t.Errorf("the server is still saved: %+v", saved.Host(ts.URL))
	}
	if err := logoutRun(context.Background(), opts); cmdutil.ExitCode(err) != cmdutil.ExitAuth {
		t.Errorf("a second logout: %v, want exit 4", err)
	}
}

// options are those of a logout of login ("" for the active account) from server, with the
// configuration cfg, and what it says.
func options(cfg *config.Config, server, login string) (*Options, *bytes.Buffer) {
	ios, _, _, errOut := iostreams.Test()
	return &Options{
		IO: ios, Login: login,
		Config:    func() (*config.Config, error) { return cfg, nil },
		Server:    func() (string, string, error) { return server, "config", nil },
		NewClient: func(s string) (*sdk.Client, error) { return sdk.New(s) },
	}, errOut
}
