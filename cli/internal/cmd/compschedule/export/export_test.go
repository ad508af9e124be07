package export

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdExport(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    oas.DownloadCompensationScheduleParams
		output  string
		wantErr string
	}{
		{name: "csv to a pipe", want: oas.DownloadCompensationScheduleParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)}},
		{
			name: "xlsx from the file name, filtered",
			args: []string{"-o", "annuities.xlsx", "--filter", "category=eq:annuity"},
			want: oas.DownloadCompensationScheduleParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatXlsx),
				FilterCategoryEq: oas.NewOptProductCategory(oas.ProductCategoryAnnuity)},
			output: "annuities.xlsx",
		},
		{name: "a bad format", args: []string{"--format", "pdf"}, wantErr: `invalid --format "pdf"`},
		{name: "a bad filter", args: []string{"--filter", "level=eq:SMD"}, wantErr: `unknown filter field "level"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdExport, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.Output != tt.output {
				t.Errorf("output %q, want %q", got.Output, tt.output)
			}
		})
	}
}
