package payruns

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdPayRuns(t *testing.T) {
	limit := oas.NewOptInt(100)
	tests := []struct {
		name    string
		args    string
		want    oas.ListPayRunsParams
		wantAll bool
		wantErr string
	}{
		{name: "newest first, one page", want: oas.ListPayRunsParams{Limit: limit}},
		{name: "oldest first, every page", args: "--order period --all", wantAll: true,
			want: oas.ListPayRunsParams{Limit: limit, Order: oas.NewOptPayRunOrder(oas.PayRunOrder{Period: oas.NewOptSortDirection(oas.SortDirectionASC)})}},
		{name: "a page", args: "-L 10 --page 2", want: oas.ListPayRunsParams{Limit: oas.NewOptInt(10), Page: oas.NewOptInt(2)}},
		{name: "no filters", args: "--filter period=gte:2026-01-01", wantErr: `unknown filter field "period"`},
		{name: "an unknown order", args: "--order paid_cents", wantErr: `unknown order field "paid_cents"`},
		{name: "an unknown json field", args: "--json paid", wantErr: `unknown JSON field "paid"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdPayRuns, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.All != tt.wantAll {
				t.Errorf("All = %v", got.All)
			}
		})
	}
}
