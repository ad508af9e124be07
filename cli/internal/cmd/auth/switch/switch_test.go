package switchcmd

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdSwitch(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	if got := cmdtest.Parse(t, ios, NewCmdSwitch, []string{" staff@example.com "}, ""); got.Login != "staff@example.com" {
		t.Errorf("login = %q", got.Login)
	}
	if got := cmdtest.Parse(t, ios, NewCmdSwitch, []string{}, ""); got.Login != "" {
		t.Errorf("login = %q", got.Login)
	}
	cmdtest.Parse(t, ios, NewCmdSwitch, []string{"a", "b"}, "accepts at most 1 arg")
	cmdtest.Parse(t, ios, NewCmdSwitch, []string{" "}, "the login is empty")
}

const srv = "http://portal.test"

// setup returns the options of a switch over a configuration holding logins, the last one
// active, and the configuration's path.
func setup(t *testing.T, tty bool, reply string, logins ...string) (*Options, string, *bytes.Buffer) {
	t.Helper()
	cfg := cmdtest.Accounts(t, srv, logins...)
	ios, _, _, errOut := iostreams.Test()
	ios.SetStdinTTY(tty)
	ios.SetStdoutTTY(tty)
	opts := &Options{
		IO: ios, Prompter: cmdtest.Answer(reply),
		Config: func() (*config.Config, error) { return cfg, nil },
		Server: func() (string, string, error) { return srv, "config", nil },
	}
	return opts, cfg.Path(), errOut
}

func activeIn(t *testing.T, path string) string {
	t.Helper()
	cfg, err := config.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Active(srv).Login
}

func TestSwitch(t *testing.T) {
	tests := []struct {
		name       string
		logins     []string
		tty        bool
		reply      string
		login      string
		wantActive string
		wantErr    string
		wantExit   int
	}{
		{name: "by login, in any case", logins: []string{"agent@example.com", "staff@example.com", "rmd@example.com"}, login: "AGENT@example.com", wantActive: "agent@example.com"},
		{name: "the other of two", logins: []string{"agent@example.com", "staff@example.com"}, wantActive: "agent@example.com"},
		{name: "picked by number", logins: []string{"agent@example.com", "staff@example.com", "rmd@example.com"}, tty: true, reply: "2", wantActive: "staff@example.com"},
		{name: "picked by login", logins: []string{"agent@example.com", "staff@example.com", "rmd@example.com"}, tty: true, reply: "agent@example.com", wantActive: "agent@example.com"},
		{name: "no pick is a cancel", logins: []string{"agent@example.com", "staff@example.com", "rmd@example.com"}, tty: true, reply: "", wantErr: "cancelled", wantExit: cmdutil.ExitCancel},
		{name: "a number out of range", logins: []string{"agent@example.com", "staff@example.com", "rmd@example.com"}, tty: true, reply: "4", wantErr: "no account number 4", wantExit: cmdutil.ExitError},
		{name: "more than two without a terminal", logins: []string{"agent@example.com", "staff@example.com", "rmd@example.com"}, wantErr: "give the login to switch to: one of agent@example.com, staff@example.com, rmd@example.com", wantExit: cmdutil.ExitError},
		{name: "only one", logins: []string{"agent@example.com"}, wantErr: "agent@example.com is the only account", wantExit: cmdutil.ExitError},
		{name: "an unknown login", logins: []string{"agent@example.com", "staff@example.com"}, login: "nobody", wantErr: `no account "nobody" on http://portal.test; logged in: agent@example.com, staff@example.com`, wantExit: cmdutil.ExitError},
		{name: "not logged in", wantErr: "not logged in to http://portal.test", wantExit: cmdutil.ExitAuth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts, path, _ := setup(t, tt.tty, tt.reply, tt.logins...)
			opts.Login = tt.login
			err := switchRun(opts)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || cmdutil.ExitCode(err) != tt.wantExit {
					t.Fatalf("err = %v (exit %d), want %q (exit %d)", err, cmdutil.ExitCode(err), tt.wantErr, tt.wantExit)
				}
				if strings.HasPrefix(tt.wantErr, `no account "`) && !errors.Is(err, config.ErrNoAccount) {
					t.Errorf("err = %v, want it to wrap config.ErrNoAccount", err)
				}
				if len(tt.logins) > 0 {
					if got := activeIn(t, path); got != tt.logins[len(tt.logins)-1] {
						t.Errorf("the active account changed to %s", got)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantActive, activeIn(t, path)); diff != "" {
				t.Errorf("active account (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSwitchSaysWhere(t *testing.T) {
	opts, _, errOut := setup(t, false, "", "agent@example.com", "staff@example.com")
	opts.Login = "agent@example.com"
	if err := switchRun(opts); err != nil {
		t.Fatal(err)
	}
	if got, want := errOut.String(), "✓ Switched to agent@example.com (User A) on http://portal.test\n"; got != want {
		t.Errorf("said %q, want %q", got, want)
	}
}

// On a terminal the accounts are listed, the active one marked, before the question.
func TestSwitchListsTheAccounts(t *testing.T) {
	opts, _, errOut := setup(t, true, "1", "agent@example.com", "staff@example.com", "rmd@example.com")
	if err := switchRun(opts); err != nil {
		t.Fatal(err)
	}
	want := "    1. agent@example.com (User A)\n    2. staff@example.com (User B)\n  * 3. rmd@example.com (User C) (active)\n" +
		"✓ Switched to agent@example.com (User A) on http://portal.test\n"
	if got := errOut.String(); got != want {
		t.Errorf("said %q, want %q", got, want)
	}
}
