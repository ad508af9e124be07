package explain

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdExplain(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantID     int64
		wantFields []string
		wantErr    string
	}{
		{name: "an id", args: []string{"1234"}, wantID: 1234},
		{name: "with a hash, json fields", args: cmdutil.ExpandJSONArgs([]string{"#1234", "--json", "explanation,line,line_entries"}),
			wantID: 1234, wantFields: []string{"explanation", "line", "line_entries"}},
		{name: "no id", wantErr: "takes one cashflow entry ID, got 0 arguments"},
		{name: "two ids", args: []string{"1", "2"}, wantErr: "takes one cashflow entry ID, got 2 arguments"},
		{name: "a bad id", args: []string{"-3"}, wantErr: `unknown shorthand flag: '3'`},
		{name: "not a number", args: []string{"TL-100"}, wantErr: `invalid cashflow entry ID "TL-100": expected a positive integer`},
		{name: "zero", args: []string{"0"}, wantErr: `invalid cashflow entry ID "0": expected a positive integer`},
		{name: "a hash alone", args: []string{"#"}, wantErr: `invalid cashflow entry ID "#": expected a positive integer`},
		{name: "larger than an ID can be", args: []string{"9223372036854775808"},
			wantErr: `invalid cashflow entry ID "9223372036854775808": expected a positive integer`},
		{name: "a decimal", args: []string{"12.5"}, wantErr: `invalid cashflow entry ID "12.5": expected a positive integer`},
		{name: "an unknown field", args: []string{"1", "--json=amount"}, wantErr: `unknown JSON field "amount"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdExplain, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID {
				t.Errorf("ID = %d, want %d", got.ID, tt.wantID)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}
