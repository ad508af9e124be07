package password

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdPassword(t *testing.T) {
	tests := []struct {
		name      string
		args      string
		tty       bool
		wantStdin bool
		wantErr   string
	}{
		{name: "asked on a terminal", tty: true},
		{name: "standard input", args: "--password-stdin", wantStdin: true},
		{name: "standard input on a terminal too", args: "--password-stdin", tty: true, wantStdin: true},
		{name: "no terminal and no --password-stdin", wantErr: "--password-stdin is required when not running interactively"},
		{name: "never a flag with the value", args: "--password secret", tty: true, wantErr: "unknown flag: --password"},
		{name: "nor a flag of the new one", args: "--new-password secret", tty: true, wantErr: "unknown flag: --new-password"},
		{name: "nor an argument", args: "secret", tty: true, wantErr: `unknown command "secret" for "password"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdinTTY(tt.tty)
			ios.SetStdoutTTY(tt.tty)
			got := cmdtest.Parse(t, ios, NewCmdPassword, strings.Fields(tt.args), tt.wantErr)
			if got != nil && got.PasswordStdin != tt.wantStdin {
				t.Errorf("PasswordStdin = %v", got.PasswordStdin)
			}
		})
	}
}

// answers is a Prompter that answers the password questions in turn and records them.
type answers struct {
	cmdtest.Answer
	passwords []string
	asked     []string
}

func (a *answers) Password(prompt string) (string, error) {
	a.asked = append(a.asked, prompt)
	if len(a.passwords) == 0 {
		return "", errors.New("asked once too often")
	}
	p := a.passwords[0]
	a.passwords = a.passwords[1:]
	return p, nil
}

// passwordServer accepts a change from "old secret" to a new password of at least 15
// characters, answers 422 with field errors otherwise, and records the requests.
func passwordServer(t *testing.T, got *[]map[string]string) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]string
		_ = json.NewDecoder(r.Body).Decode(&body)
		*got = append(*got, body)
		w.Header().Set("Content-Type", "application/json")
		if r.Method != http.MethodPut || r.URL.Path != "/api/account/password" {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Not found"}`))
			return
		}
		var errs []string
		if body["current_password"] != "old secret" {
			errs = append(errs, `{"field":"current_password","message":"The current password is not correct"}`)
		}
		if len(body["new_password"]) < 15 {
			errs = append(errs, `{"field":"new_password","message":"Use at least 15 characters"}`)
		}
		if errs != nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"status":422,"message":"Validation error","errors":[` + strings.Join(errs, ",") + `]}`))
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestPassword(t *testing.T) {
	const said = "✓ Password changed. Every other session of your login has ended; this one stays logged in.\n"
	tests := []struct {
		name      string
		stdin     string   // with --password-stdin
		answers   []string // asked on a terminal otherwise
		wantAsked []string
		wantSent  []map[string]string
		wantErr   string
		wantSaid  string
	}{
		{
			name: "standard input", stdin: "old secret\na brand new secret\n",
			wantSent: []map[string]string{{"current_password": "old secret", "new_password": "a brand new secret"}}, wantSaid: said,
		},
		{
			name: "standard input keeps spaces, drops line endings", stdin: "old secret\r\n  a brand new secret  ",
			wantSent: []map[string]string{{"current_password": "old secret", "new_password": "  a brand new secret  "}}, wantSaid: said,
		},
		{name: "one line only", stdin: "old secret\n", wantErr: "the new password is empty: --password-stdin reads the current password on the first line, the new one on the second"},
		{name: "nothing", stdin: "", wantErr: "the current password is empty: --password-stdin reads it on the first line"},
		{
			name: "asked, the new one twice", answers: []string{"old secret", "a brand new secret", "a brand new secret"},
			wantAsked: []string{"Current password: ", "New password: ", "New password again: "},
			wantSent:  []map[string]string{{"current_password": "old secret", "new_password": "a brand new secret"}}, wantSaid: said,
		},
		{
			name: "asked, the two new ones differ: nothing sent", answers: []string{"old secret", "a brand new secret", "a brand new secert"},
			wantAsked: []string{"Current password: ", "New password: ", "New password again: "},
			wantErr:   "the new passwords do not match; nothing was changed",
		},
		{
			name: "asked, an empty current one: nothing more asked", answers: []string{""},
			wantAsked: []string{"Current password: "}, wantErr: "the current password is empty",
		},
		{
			name: "the server's field errors, one a line", stdin: "wrong\nshort\n",
			wantSent: []map[string]string{{"current_password": "wrong", "new_password": "short"}},
			wantErr: "Validation error (HTTP 422)\n  current_password: The current password is not correct\n" +
				"  new_password: Use at least 15 characters",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sent []map[string]string
			ts := passwordServer(t, &sent)
			ios, in, out, errOut := iostreams.Test()
			in.WriteString(tt.stdin)
			p := &answers{passwords: tt.answers}
			opts := &Options{IO: ios, Prompter: p, PasswordStdin: tt.answers == nil,
				Client: func() (*sdk.Client, error) { return sdk.New(ts.URL, sdk.WithToken("t")) }}
			err := passwordRun(context.Background(), opts)
			if tt.wantErr != "" {
				if err == nil || cmdutil.Message(err) != tt.wantErr {
					t.Errorf("err = %v, want %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantSent, sent); diff != "" {
				t.Errorf("requests (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantAsked, p.asked); diff != "" {
				t.Errorf("questions (-want +got):\n%s", diff)
			}
			if out.String() != "" || errOut.String() != tt.wantSaid {
				t.Errorf("stdout %q, stderr %q; want stderr %q", out, errOut, tt.wantSaid)
			}
		})
	}
}
