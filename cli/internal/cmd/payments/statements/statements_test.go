package statements

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdStatements(t *testing.T) {
	limit := oas.NewOptInt(100)
	tests := []struct {
		name       string
		args       string
		want       oas.ListPayStatementsParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{name: "newest first, one page", want: oas.ListPayStatementsParams{Limit: limit}},
		{
			name: "a pay run's statements by net pay",
			args: "--filter pay_run_id=eq:12 --filter associate_code=eq:agt100 --order net_cents:desc --all",
			want: oas.ListPayStatementsParams{Limit: limit, FilterPayRunIDEq: oas.NewOptInt64(12), FilterAssociateCodeEq: oas.NewOptString("AGT100"),
				Order: oas.NewOptPayStatementOrder(oas.PayStatementOrder{NetCents: oas.NewOptSortDirection(oas.SortDirectionDESC)})},
			wantAll: true,
		},
		{name: "json fields", args: "--json period,net_cents", want: oas.ListPayStatementsParams{Limit: limit}, wantFields: []string{"period", "net_cents"}},
		{name: "a pay run id is positive", args: "--filter pay_run_id=eq:0", wantErr: "out of range"},
		{name: "an unknown filter", args: "--filter period=eq:2026-11-01", wantErr: `unknown filter field "period"`},
		{name: "an unknown json field", args: "--json net", wantErr: `unknown JSON field "net"`},
		{name: "a stray word", args: "november", wantErr: `unknown command "november"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdStatements, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.All != tt.wantAll {
				t.Errorf("All = %v", got.All)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}
