package view

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdView(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantID     int64
		wantFields []string
		wantErr    string
	}{
		{name: "an id", args: []string{"42"}, wantID: 42},
		{name: "the requirements and commission are fields", args: cmdutil.ExpandJSONArgs([]string{"#42", "--json", "status,requirements,commission"}),
			wantID: 42, wantFields: []string{"status", "requirements", "commission"}},
		{name: "no id", args: nil, wantErr: "takes one policy ID, got 0 arguments"},
		{name: "a bad id", args: []string{"0"}, wantErr: `invalid policy ID "0"`},
		{name: "an unknown field", args: []string{"42", "--json=lines"}, wantErr: `unknown JSON field "lines"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdView, tt.args, tt.wantErr)
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
