package export

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdExport(t *testing.T) {
	csv := oas.NewOptDownloadFormat(oas.DownloadFormatCsv)
	personal := oas.NewOptTeamView(oas.TeamViewPersonal)
	tests := []struct {
		name        string
		args        []string
		tty         bool
		wantParams  oas.DownloadPoliciesParams
		wantOutput  string
		wantClobber bool
		wantErr     string
	}{
		{
			name:       "csv of the caller's policies by default",
			args:       []string{"-o", "business.csv"},
			wantParams: oas.DownloadPoliciesParams{View: personal, Format: csv},
			wantOutput: "business.csv",
		},
		{
			name: "xlsx of a team view from the file name, with filters and order, replacing the file",
			args: []string{"--view", "infinity", "-o", "team.XLSX", "--clobber", "--filter", "status=eq:approved", "--filter", "category=in:annuity", "--order", "bv_cents:desc"},
			wantParams: oas.DownloadPoliciesParams{
				View:             oas.NewOptTeamView(oas.TeamViewInfinity),
				Format:           oas.NewOptDownloadFormat(oas.DownloadFormatXlsx),
				FilterStatusEq:   oas.NewOptPolicyStatus(oas.PolicyStatusApproved),
				FilterCategoryIn: []oas.ProductCategory{oas.ProductCategoryAnnuity},
				Order:            oas.NewOptPolicyOrder(oas.PolicyOrder{BvCents: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
			wantOutput:  "team.XLSX",
			wantClobber: true,
		},
		{name: "csv to a pipe", args: nil, wantParams: oas.DownloadPoliciesParams{View: personal, Format: csv}},
		{name: "xlsx to a terminal", args: []string{"--format", "xlsx"}, tty: true, wantErr: "refusing to write an XLSX file to the terminal"},
		{name: "a format the file name contradicts", args: []string{"--format", "xlsx", "-o", "out.csv"}, wantErr: "--format xlsx does not match the file name out.csv"},
		{name: "bad view", args: []string{"--view", "All"}, wantErr: `invalid --view "All"`},
		{name: "bad filter", args: []string{"--filter", "premium=gte:1"}, wantErr: `unknown filter field "premium"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			got := cmdtest.Parse(t, ios, NewCmdExport, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.wantParams, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.Output != tt.wantOutput || got.Clobber != tt.wantClobber {
				t.Errorf("output = %q, clobber %v; want %q, %v", got.Output, got.Clobber, tt.wantOutput, tt.wantClobber)
			}
		})
	}
}

// The run gets a context that carries the --order keys in the order given.
func TestOrderKeysKeepTheirOrder(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ctx := cmdtest.Context(t, ios, NewCmdExport, []string{"--order", "status", "--order", "policy_number:desc"})
	want := []sdk.OrderKey{{Field: "status", Direction: "ASC"}, {Field: "policy_number", Direction: "DESC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("business export: order keys (-want +got):\n%s", diff)
	}
}
