package process

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdProcess(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantFields []string
		wantErr    string
	}{
		{name: "no arguments"},
		{name: "json fields", args: []string{"--json", "paid_cents"}, wantFields: []string{"paid_cents"}},
		{name: "a stray word", args: []string{"all"}, wantErr: `unknown command "all"`},
		{name: "an unknown field", args: []string{"--json", "paid"}, wantErr: `unknown JSON field "paid"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdProcess, cmdutil.ExpandJSONArgs(tt.args), tt.wantErr)
			if got == nil || tt.wantFields == nil {
				return
			}
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrint(t *testing.T) {
	r := &oas.ProcessResult{Payments: 3, EntriesPaid: 12, PaidCents: 9007199254740993}
	tests := []struct {
		name string
		tty  bool
		args []string
		r    *oas.ProcessResult
		want string
	}{
		{name: "terminal", tty: true, r: r, want: "✓ Processed 3 provider payments: 12 entries paid, $90,071,992,547,409.93\n"},
		{name: "nothing ready", tty: true, r: &oas.ProcessResult{}, want: "Nothing to process: no provider payment is Ready To Pay.\n"},
		{name: "piped", r: r, want: "3\t12\t9007199254740993\n"},
		{name: "jq", args: []string{"--jq", ".paid_cents"}, r: r, want: "9007199254740993\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := Print(ios, cmdtest.Exporter(t, []string{"payments", "entries_paid", "paid_cents"}, tt.args), tt.r); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
