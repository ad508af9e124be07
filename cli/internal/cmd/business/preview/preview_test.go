package preview

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdPreview(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    oas.CommissionPreviewInput
		wantErr string
	}{
		{
			name: "the product and premium; the sale date is the server's today",
			args: []string{"--product", "7", "--target-premium", "1200"},
			want: oas.CommissionPreviewInput{ProductID: 7, TargetPremiumCents: 120000},
		},
		{
			name: "a split, a trainer and a sale date",
			args: []string{"--product", "7", "--target-premium", "$2,400.10", "--split", "spl200:12.5%", "--trainer", "RMD100", "--submitted", "2026-10-01"},
			want: oas.CommissionPreviewInput{ProductID: 7, TargetPremiumCents: 240010, SplitCode: oas.NewOptString("SPL200"),
				SplitShareBp: oas.NewOptInt(1250), TrainerCode: oas.NewOptString("RMD100"),
				SubmittedOn: oas.NewOptDate(time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC))},
		},
		{name: "no premium", args: []string{"--product", "7"}, wantErr: "--product and --target-premium are required"},
		{name: "a form's other fields are not preview flags", args: []string{"--product", "7", "--target-premium", "1", "--client", "4"}, wantErr: "unknown flag: --client"},
		{name: "no floats", args: []string{"--product", "7", "--target-premium", "0.125"}, wantErr: "at most two decimals"},
		{name: "bad share", args: []string{"--product", "7", "--target-premium", "1", "--split", "SPL200:0%"}, wantErr: "got 0%"},
		{name: "bad json field", args: []string{"--product", "7", "--target-premium", "1", "--json=lines,total"}, wantErr: `unknown JSON field "total"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdPreview, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Input); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}
