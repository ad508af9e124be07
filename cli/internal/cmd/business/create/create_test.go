package create

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmd/business/shared"
	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdCreate(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	required := []string{"--policy-number", "tl-100", "--client", "42", "--product", "#7", "--target-premium", "1,200"}
	with := func(more ...string) []string { return append(append([]string{}, required...), more...) }
	tests := []struct {
		name    string
		args    []string
		want    oas.PolicyInput // SubmittedOn zero means today
		wantErr string
	}{
		{
			name: "required fields only: sold today, no face amount",
			args: required,
			want: oas.PolicyInput{PolicyNumber: "tl-100", ClientID: 42, ProductID: 7, TargetPremiumCents: 120000},
		},
		{
			name: "every field; money in dollars becomes cents",
			args: with("--face-amount", "$500,000.50", "--submitted", "2026-11-20", "--issued", "2026-11-21",
				"--split", "spl200:40%", "--trainer", "rmd100", "--notes", " Bank draft "),
			want: oas.PolicyInput{PolicyNumber: "tl-100", ClientID: 42, ProductID: 7, TargetPremiumCents: 120000,
				FaceAmountCents: 50000050, SubmittedOn: day(2026, 11, 20), IssuedOn: oas.NewOptDate(day(2026, 11, 21)),
				SplitCode: oas.NewOptString("SPL200"), SplitShareBp: oas.NewOptInt(4000), TrainerCode: oas.NewOptString("RMD100"),
				Notes: oas.NewOptString("Bank draft")},
		},
		{
			name: "a split without a share leaves it to the server (50%)",
			args: with("--split", "SPL200"),
			want: oas.PolicyInput{PolicyNumber: "tl-100", ClientID: 42, ProductID: 7, TargetPremiumCents: 120000,
				SplitCode: oas.NewOptString("SPL200")},
		},
		{
			name: "a share in basis points",
			args: with("--split", "SPL200:2550bp"),
			want: oas.PolicyInput{PolicyNumber: "tl-100", ClientID: 42, ProductID: 7, TargetPremiumCents: 120000,
				SplitCode: oas.NewOptString("SPL200"), SplitShareBp: oas.NewOptInt(2550)},
		},
		{name: "missing fields", args: []string{"--client", "42"}, wantErr: "missing --policy-number, --product, --target-premium"},
		{name: "an empty number", args: with("--policy-number", " "), wantErr: "--policy-number cannot be empty"},
		{name: "a bad client", args: with("--client", "Ann"), wantErr: `invalid --client "Ann": expected a positive integer ID`},
		{name: "more than cents", args: with("--target-premium", "12.345"), wantErr: "--target-premium: invalid amount \"12.345\": at most two decimals"},
		{name: "no floats", args: with("--face-amount", "1e6"), wantErr: "--face-amount: invalid amount \"1e6\""},
		{name: "no negative money", args: with("--face-amount", "-5"), wantErr: "--face-amount: invalid amount"},
		{name: "a bare share is ambiguous", args: with("--split", "SPL200:40"), wantErr: "write a percentage (40%) or basis points (4000bp)"},
		{name: "a share of everything", args: with("--split", "SPL200:100%"), wantErr: "share must be between 0.01% and 99.99% (you keep the rest), got 100%"},
		{name: "a bad split code", args: with("--split", "x:40%"), wantErr: `--split: invalid associate code "x"`},
		{name: "a bad trainer", args: with("--trainer", "a b"), wantErr: `--trainer: invalid associate code "a b"`},
		{name: "a bad date", args: with("--submitted", "11/20/2026"), wantErr: `invalid --submitted "11/20/2026": expected YYYY-MM-DD`},
		{name: "unknown json field", args: with("--json=nope"), wantErr: `unknown JSON field "nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdCreate, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			want := tt.want
			if want.SubmittedOn.IsZero() {
				want.SubmittedOn = shared.Today(time.Now())
			}
			if diff := cmp.Diff(want, got.Input); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}
