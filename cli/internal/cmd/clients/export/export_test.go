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
		wantParams  oas.DownloadClientsParams
		wantOutput  string
		wantClobber bool
		wantErr     string
	}{
		{
			name:       "csv by default",
			args:       []string{"-o", "clients.csv"},
			wantParams: oas.DownloadClientsParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)},
			wantOutput: "clients.csv",
		},
		{
			name: "xlsx with filters and order",
			args: []string{"--format", "xlsx", "--output", "ca.xlsx", "--filter", "state=eq:CA", "--filter", "associate_code=in:A1,A2", "--order", "last_name:desc"},
			wantParams: oas.DownloadClientsParams{
				Format:                oas.NewOptDownloadFormat(oas.DownloadFormatXlsx),
				FilterStateEq:         oas.NewOptStateCode(oas.StateCodeCA),
				FilterAssociateCodeIn: []string{"A1", "A2"},
				Order:                 oas.NewOptClientOrder(oas.ClientOrder{LastName: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
			wantOutput: "ca.xlsx",
		},
		{
			name:       "csv to a pipe",
			args:       []string{},
			wantParams: oas.DownloadClientsParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)},
		},
		{name: "xlsx to a terminal", args: []string{"--format", "xlsx"}, tty: true, wantErr: "refusing to write an XLSX file to the terminal"},
		{
			name:       "xlsx from the file name",
			args:       []string{"-o", "out.XLSX"},
			wantParams: oas.DownloadClientsParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatXlsx)},
			wantOutput: "out.XLSX",
		},
		{
			name:        "csv from the file name, replacing it",
			args:        []string{"--format", "csv", "-o", "out.csv", "--clobber"},
			wantParams:  oas.DownloadClientsParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)},
			wantOutput:  "out.csv",
			wantClobber: true,
		},
		{name: "a format the file name contradicts", args: []string{"--format", "csv", "-o", "out.xlsx"}, wantErr: "--format csv does not match the file name out.xlsx"},
		{name: "bad format", args: []string{"--format", "pdf"}, wantErr: `invalid --format "pdf"`},
		{name: "bad filter", args: []string{"--filter", "notes=contains:x"}, wantErr: `unknown filter field "notes"`},
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
	ctx := cmdtest.Context(t, ios, NewCmdExport, []string{"--order", "state:desc", "--order", "last_name"})
	want := []sdk.OrderKey{{Field: "state", Direction: "DESC"}, {Field: "last_name", Direction: "ASC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("clients export: order keys (-want +got):\n%s", diff)
	}
}
