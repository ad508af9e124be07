package token

import (
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestToken(t *testing.T) {
	const srv = "http://portal.test"
	tests := []struct {
		name     string
		logins   []string // the last one active
		switchTo string
		env      string
		server   string
		want     string
		wantErr  string
	}{
		{name: "the active account's", logins: []string{"agent@example.com", "staff@example.com"}, server: srv, want: "t-staff@example.com\n"},
		{name: "after a switch", logins: []string{"agent@example.com", "staff@example.com"}, switchTo: "agent@example.com", server: srv, want: "t-agent@example.com\n"},
		{name: "PORTAL_TOKEN as it is", logins: []string{"agent@example.com"}, env: "t-env", server: srv, want: "t-env\n"},
		{name: "no account", server: srv, wantErr: "not logged in to " + srv},
		{name: "another server", logins: []string{"agent@example.com"}, server: "http://other.test", wantErr: "not logged in to http://other.test"},
		{name: "no server", wantErr: "no server configured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(config.EnvToken, tt.env)
			cfg := cmdtest.Accounts(t, srv, tt.logins...)
			if tt.switchTo != "" {
				if err := cfg.Update(func(c *config.Config) error { _, err := c.Switch(srv, tt.switchTo); return err }); err != nil {
					t.Fatal(err)
				}
			}
			ios, _, out, _ := iostreams.Test()
			opts := &Options{
				IO:     ios,
				Config: func() (*config.Config, error) { return cfg, nil },
				Server: func() (string, string, error) { return tt.server, "config", nil },
			}
			err := tokenRun(opts)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || cmdutil.ExitCode(err) != cmdutil.ExitAuth {
					t.Fatalf("err = %v (exit %d), want %q (exit 4)", err, cmdutil.ExitCode(err), tt.wantErr)
				}
				if out.Len() != 0 {
					t.Errorf("printed %q", out.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != tt.want {
				t.Errorf("printed %q, want %q", got, tt.want)
			}
		})
	}
}
