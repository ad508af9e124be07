package export

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdExport(t *testing.T) {
	csv := oas.NewOptDownloadFormat(oas.DownloadFormatCsv)
	tests := []struct {
		name        string
		args        []string
		tty         bool
		wantParams  oas.DownloadCashflowParams
		wantOutput  string
		wantClobber bool
		wantErr     string
	}{
		{name: "csv by default", args: []string{"-o", "cashflow.csv"}, wantParams: oas.DownloadCashflowParams{Format: csv}, wantOutput: "cashflow.csv"},
		{
			name: "xlsx from the file name, with the list's filters and order, replacing the file",
			args: []string{"-o", "2026.XLSX", "--clobber", "--filter", "period=gte:2026-01-01", "--filter", "status=in:paid,escrow",
				"--filter", "amount_cents=gte:0", "--order", "occurred_on"},
			wantParams: oas.DownloadCashflowParams{
				Format:               oas.NewOptDownloadFormat(oas.DownloadFormatXlsx),
				FilterPeriodGte:      oas.NewOptDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)),
				FilterStatusIn:       []oas.EntryStatus{oas.EntryStatusPaid, oas.EntryStatusEscrow},
				FilterAmountCentsGte: oas.NewOptInt64(0),
				Order:                oas.NewOptCashflowOrder(oas.CashflowOrder{OccurredOn: oas.NewOptSortDirection(oas.SortDirectionASC)}),
			},
			wantOutput:  "2026.XLSX",
			wantClobber: true,
		},
		{name: "csv to a pipe", wantParams: oas.DownloadCashflowParams{Format: csv}},
		{name: "xlsx to a terminal", args: []string{"--format", "xlsx"}, tty: true, wantErr: "refusing to write an XLSX file to the terminal"},
		{name: "a format the file name contradicts", args: []string{"--format", "xlsx", "-o", "out.csv"}, wantErr: "--format xlsx does not match the file name out.csv"},
		{name: "a bad filter", args: []string{"--filter", "amount=gte:1"}, wantErr: `unknown filter field "amount"`},
		{name: "a stray word", args: []string{"cashflow.csv"}, wantErr: `unknown command "cashflow.csv"`},
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
	ctx := cmdtest.Context(t, ios, NewCmdExport, []string{"--order", "status", "--order", "amount_cents:desc"})
	want := []sdk.OrderKey{{Field: "status", Direction: "ASC"}, {Field: "amount_cents", Direction: "DESC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("cashflow export: order keys (-want +got):\n%s", diff)
	}
}
