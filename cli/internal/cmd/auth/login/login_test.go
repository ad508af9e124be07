package login

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdutil"
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
			var got *Options
			cmd := NewCmdLogin(&cmdutil.Factory{IOStreams: ios}, func(_ context.Context, o *Options) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			_, err := cmd.ExecuteC()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
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
