package issue

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestMain(m *testing.M) {
	// Times show in the local zone: fix it so the expected output holds anywhere.
	time.Local = time.UTC
	os.Exit(m.Run())
}

func TestNewCmdIssue(t *testing.T) {
	tests := []struct {
		args       string
		wantCode   string
		wantFields []string
		wantErr    string
	}{
		{args: "agt100", wantCode: "AGT100"},
		{args: "AGT100 --json url,expires_at", wantCode: "AGT100", wantFields: []string{"url", "expires_at"}},
		{args: "AGT100 --jq .url", wantCode: "AGT100"},
		{args: "", wantErr: "takes one associate code, got 0 arguments"},
		{args: "AGT100 RMD100", wantErr: "takes one associate code, got 2 arguments"},
		{args: "a-1", wantErr: `invalid associate code "a-1"`},
		{args: "AGT100 --json session", wantErr: `unknown JSON field "session"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdIssue, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.Code != tt.wantCode {
			t.Errorf("%q: code %q", tt.args, got.Code)
		}
		if tt.wantFields != nil {
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
			}
		}
	}
}

func TestPrint(t *testing.T) {
	tok := &oas.SSOToken{Token: "abc.def", URL: "https://portal.example.com/login/sso/abc.def",
		ExpiresAt: time.Date(2026, 11, 22, 15, 1, 0, 0, time.UTC)}
	tests := []struct {
		name string
		tty  bool
		args []string
		want string
	}{
		{name: "terminal", tty: true, want: "✓ Login link for AGT100, single use, valid until 15:01:00:\nhttps://portal.example.com/login/sso/abc.def\n"},
		{name: "piped: the URL alone", want: "https://portal.example.com/login/sso/abc.def\n"},
		{name: "json", args: []string{"--json"},
			want: "{\n  \"token\": \"abc.def\",\n  \"url\": \"https://portal.example.com/login/sso/abc.def\",\n  \"expires_at\": \"2026-11-22T15:01:00Z\"\n}\n"},
		{name: "jq", tty: true, args: []string{"--jq", ".token"}, want: "abc.def\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := Print(ios, cmdtest.Exporter(t, Fields, tt.args), "AGT100", tok); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
