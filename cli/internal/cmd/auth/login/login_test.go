package login

import (
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
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

func TestReadPassword(t *testing.T) {
	for in, want := range map[string]string{"secret\n": "secret", "secret\r\n": "secret", "secret": "secret", "with space \nnext": "with space ", "": ""} {
		got, err := readPassword(strings.NewReader(in))
		if err != nil || got != want {
			t.Errorf("readPassword(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
