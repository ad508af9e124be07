package list

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
	// Times show in the local zone: fix it so the expected tables hold anywhere.
	time.Local = time.UTC
	os.Exit(m.Run())
}

func TestNewCmdList(t *testing.T) {
	tests := []struct {
		args       string
		wantFields []string
		wantErr    string
	}{
		{args: ""},
		{args: "--json id,current", wantFields: []string{"id", "current"}},
		{args: "--jq .[].id"},
		{args: "12", wantErr: `unknown command "12" for "list"`},
		{args: "--json id,browser", wantErr: `unknown JSON field "browser"`},
		{args: "--all", wantErr: "unknown flag: --all"},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdList, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil || tt.wantFields == nil {
			continue
		}
		if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
			t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
		}
	}
}

var now = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

func sessions() []oas.LoginSession {
	return []oas.LoginSession{
		{ID: 31, Device: "portal-cli on Linux", UserAgent: oas.NewOptString("portal-cli/1.0 (linux/amd64)"), IP: oas.NewOptString("203.0.113.5"),
			CreatedAt: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC), LastSeenAt: now.Add(-10 * time.Second), Current: true},
		{ID: 12, Device: "Chrome on Windows", CreatedAt: time.Date(2026, 11, 1, 8, 30, 0, 0, time.UTC),
			LastSeenAt: now.Add(-3 * 24 * time.Hour)},
	}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name string
		ss   []oas.LoginSession
		tty  bool
		args []string
		want string
	}{
		{
			name: "terminal: the current one marked", ss: sessions(), tty: true,
			want: `   ID  DEVICE               IP           CREATED              LAST SEEN
*  31  portal-cli on Linux  203.0.113.5  11/22/2026 14:00:00  just now
   12  Chrome on Windows                 11/01/2026 08:30:00  3 days ago
`,
		},
		{
			name: "piped", ss: sessions(),
			want: "31\tportal-cli on Linux\t203.0.113.5\t2026-11-22T14:00:00Z\t2026-11-22T14:59:50Z\ttrue\n" +
				"12\tChrome on Windows\t\t2026-11-01T08:30:00Z\t2026-11-19T15:00:00Z\tfalse\n",
		},
		{name: "json", ss: sessions(), args: []string{"--json=id,ip,current"},
			want: "[\n  {\n    \"id\": 31,\n    \"ip\": \"203.0.113.5\",\n    \"current\": true\n  },\n  {\n    \"id\": 12,\n    \"ip\": null,\n    \"current\": false\n  }\n]\n"},
		{name: "jq", ss: sessions(), args: []string{"--jq", ".[] | select(.current | not) | .id"}, want: "12\n"},
		{name: "json of none", args: []string{"--json"}, want: "[]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetWidth(120)
			if err := Print(ios, cmdtest.Exporter(t, Fields, tt.args), tt.ss, now); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// The piped columns are those the documentation names.
	ios, _, out, _ := iostreams.Test()
	if err := Print(ios, cmdtest.Exporter(t, Fields, nil), sessions()[:1], now); err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Split(strings.TrimSuffix(out.String(), "\n"), "\t")); n != len(TSVColumns) {
		t.Errorf("%d columns, TSVColumns names %d", n, len(TSVColumns))
	}
}
