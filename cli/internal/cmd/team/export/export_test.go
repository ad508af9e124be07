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
	tests := []struct {
		name        string
		args        []string
		tty         bool
		wantParams  oas.DownloadTeamParams
		wantOutput  string
		wantClobber bool
		wantErr     string
	}{
		{
			name:       "csv of the Personal view by default",
			args:       []string{"-o", "team.csv"},
			wantParams: oas.DownloadTeamParams{View: oas.TeamViewPersonal, Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)},
			wantOutput: "team.csv",
		},
		{
			name: "xlsx of a view with filters and order",
			args: []string{"--view", "infinity", "--format", "xlsx", "--output", "inf.xlsx", "--filter", "licensed=true", "--filter", "state=in:CA,ON", "--order", "last_name:desc"},
			wantParams: oas.DownloadTeamParams{
				View:             oas.TeamViewInfinity,
				Format:           oas.NewOptDownloadFormat(oas.DownloadFormatXlsx),
				FilterLicensedEq: oas.NewOptBool(true),
				FilterStateIn:    []oas.StateCode{oas.StateCodeCA, oas.StateCodeON},
				Order:            oas.NewOptTeamOrder(oas.TeamOrder{LastName: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
			wantOutput: "inf.xlsx",
		},
		{
			name:       "csv to a pipe",
			args:       []string{"--view", "BaseShop"},
			wantParams: oas.DownloadTeamParams{View: oas.TeamViewBaseShop, Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)},
		},
		{name: "xlsx to a terminal", args: []string{"--format", "xlsx"}, tty: true, wantErr: "refusing to write an XLSX file to the terminal"},
		{
			name:       "xlsx from the file name",
			args:       []string{"-o", "out.XLSX"},
			wantParams: oas.DownloadTeamParams{View: oas.TeamViewPersonal, Format: oas.NewOptDownloadFormat(oas.DownloadFormatXlsx)},
			wantOutput: "out.XLSX",
		},
		{
			name:        "csv from the file name, replacing it",
			args:        []string{"--format", "csv", "-o", "out.csv", "--clobber"},
			wantParams:  oas.DownloadTeamParams{View: oas.TeamViewPersonal, Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)},
			wantOutput:  "out.csv",
			wantClobber: true,
		},
		{name: "a format the file name contradicts", args: []string{"--format", "csv", "-o", "out.xlsx"}, wantErr: "--format csv does not match the file name out.xlsx"},
		{name: "bad format", args: []string{"--format", "pdf"}, wantErr: `invalid --format "pdf"`},
		{name: "bad view", args: []string{"--view", "All"}, wantErr: `invalid --view "All"`},
		{name: "bad filter", args: []string{"--filter", "email=eq:x"}, wantErr: `unknown filter field "email"`},
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

// The run gets a context that carries the --order keys in the order given: the parameter
// struct holds them in the contract's field order (last_name before state).
func TestOrderKeysKeepTheirOrder(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ctx := cmdtest.Context(t, ios, NewCmdExport, []string{"--order", "state", "--order", "last_name:desc"})
	want := []sdk.OrderKey{{Field: "state", Direction: "ASC"}, {Field: "last_name", Direction: "DESC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("team export: order keys (-want +got):\n%s", diff)
	}
}
