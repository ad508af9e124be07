package cmdutil

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk"
)

func TestActAsCode(t *testing.T) {
	tests := []struct {
		name, flag, env string
		wantCode        string
		wantSource      string
		wantErr         string
		wantFlagErr     bool
	}{
		{name: "nobody"},
		{name: "the flag, in any case", flag: " agt100 ", wantCode: "AGT100", wantSource: "--as"},
		{name: "the environment", env: "rmd100", wantCode: "RMD100", wantSource: "PORTAL_ACT_AS"},
		{name: "the flag wins", flag: "AGT100", env: "RMD100", wantCode: "AGT100", wantSource: "--as"},
		{name: "a bad flag", flag: "AG T1", env: "RMD100", wantErr: `invalid --as "AG T1"`, wantFlagErr: true},
		{name: "a bad variable", env: "a-1", wantErr: `invalid PORTAL_ACT_AS "a-1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "PORTAL_ACT_AS" {
					return tt.env
				}
				return ""
			}
			code, source, err := ActAsCode(tt.flag, getenv)
			if tt.wantErr != "" {
				var fe *FlagError
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || errors.As(err, &fe) != tt.wantFlagErr {
					t.Fatalf("err = %v (%T), want %q", err, err, tt.wantErr)
				}
				return
			}
			if err != nil || code != tt.wantCode || source != tt.wantSource {
				t.Errorf("ActAsCode = %q, %q, %v; want %q, %q", code, source, err, tt.wantCode, tt.wantSource)
			}
		})
	}
}

// --as and PORTAL_ACT_AS read a code as every CODE argument does (ParseCode).
func TestActAsCodeReadsLikeParseCode(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, in := range []string{"agt100", " AB1 ", "ab", strings.Repeat("a", 16), strings.Repeat("a", 17), "ÄBC100", "agt-100", "agt 100"} {
		want, wantErr := ParseCode(in)
		got, _, err := ActAsCode(in, noEnv)
		if got != want || (err == nil) != (wantErr == nil) {
			t.Errorf("ActAsCode(%q) = %q, %v; ParseCode = %q, %v", in, got, err, want, wantErr)
		}
		gotEnv, _, err := ActAsCode("", func(string) string { return in })
		if gotEnv != want || (err == nil) != (wantErr == nil) {
			t.Errorf("PORTAL_ACT_AS=%q: %q, %v; ParseCode = %q, %v", in, gotEnv, err, want, wantErr)
		}
	}
}

// The server's messages about admin app mode name the access-token header; the command line
// names its flag and variable instead, and keeps the exit codes meaningful.
func TestActAsMessages(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		wantMsg  string
		wantExit int
	}{
		{
			name:     "an operation for associates, called by staff acting for nobody",
			err:      &sdk.Error{Status: 403, Message: "This is for associates", Code: sdk.CodeAssociatesOnly},
			wantMsg:  "This is for associates (HTTP 403)\nstaff act for an associate with --as CODE or PORTAL_ACT_AS=CODE",
			wantExit: ExitError,
		},
		{
			name:     "a permission, or acting",
			err:      &sdk.Error{Status: 403, Message: "Staff need the clients.read permission for this", Code: sdk.CodeStaffPermission},
			wantMsg:  "Staff need the clients.read permission for this (HTTP 403)\nstaff act for an associate with --as CODE or PORTAL_ACT_AS=CODE",
			wantExit: ExitError,
		},
		{
			name:     "the team screens, wrapped",
			err:      fmt.Errorf("list: %w", &sdk.Error{Status: 403, Message: "Team screens are for associates", Code: sdk.CodeAssociatesOnly}),
			wantMsg:  "Team screens are for associates (HTTP 403)\nstaff act for an associate with --as CODE or PORTAL_ACT_AS=CODE",
			wantExit: ExitError,
		},
		{
			name:     "a code no associate has is not a login problem",
			err:      &sdk.Error{Status: 403, Message: `No associate has the code "NOBODY1"`, Code: sdk.CodeActingCodeUnknown},
			wantMsg:  `No associate has the code "NOBODY1" given with --as or PORTAL_ACT_AS (HTTP 403)`,
			wantExit: ExitError,
		},
		{
			name:     "an associate using --as",
			err:      &sdk.Error{Status: 403, Message: "Only staff allowed to act for associates can act for one", Code: sdk.CodeActingNotAllowed},
			wantMsg:  "--as (or PORTAL_ACT_AS) is only for staff allowed to act for associates (HTTP 403)",
			wantExit: ExitError,
		},
		{
			name:     "the words alone decide nothing: a 403 without a code is left alone",
			err:      &sdk.Error{Status: 403, Message: "This is for associates; staff act for one with the access-token header"},
			wantMsg:  "This is for associates; staff act for one with the access-token header (HTTP 403)",
			wantExit: ExitError,
		},
		{
			name:     "pending acknowledgements point to the command",
			err:      &sdk.Error{Status: 403, Message: "Acknowledge your pending memos", Code: sdk.CodeAcknowledgementsPending},
			wantMsg:  "Acknowledge your pending memos (HTTP 403)\nsee them with `portal acknowledgements list`",
			wantExit: ExitError,
		},
		{
			name:     "the tree of a staff member acting for nobody",
			err:      fmt.Errorf("staff@example.com is %w (no associate code)", sdk.ErrNotAssociate),
			wantMsg:  "staff@example.com is not an associate (no associate code)\nstaff act for an associate with --as CODE or PORTAL_ACT_AS=CODE",
			wantExit: ExitError,
		},
		{
			name:     "an expired session is still one",
			err:      &sdk.Error{Status: 401, Message: "Session expired"},
			wantMsg:  "Session expired (HTTP 401)\nthe session expired or was revoked; run `portal auth login`",
			wantExit: ExitAuth,
		},
		{
			name:     "other 403s are left alone",
			err:      &sdk.Error{Status: 403, Message: "RmdSuperTeam is for senior associates (RMD and up)"},
			wantMsg:  "RmdSuperTeam is for senior associates (RMD and up) (HTTP 403)",
			wantExit: ExitError,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Message(tt.err); got != tt.wantMsg {
				t.Errorf("Message:\n got %q\nwant %q", got, tt.wantMsg)
			}
			if got := ExitCode(tt.err); got != tt.wantExit {
				t.Errorf("ExitCode = %d, want %d", got, tt.wantExit)
			}
		})
	}
}
