package edit

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdEdit(t *testing.T) {
	sold := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	base := oas.PolicyInput{PolicyNumber: "TL-1", ClientID: 42, ProductID: 7, FaceAmountCents: 100, TargetPremiumCents: 5000,
		SubmittedOn: sold, IssuedOn: oas.NewOptDate(sold), SplitCode: oas.NewOptString("SPL200"), SplitShareBp: oas.NewOptInt(4000),
		TrainerCode: oas.NewOptString("RMD100"), Notes: oas.NewOptString("note")}
	tests := []struct {
		name    string
		args    []string
		wantID  int64
		want    oas.PolicyInput // base after the flags
		wantErr string
	}{
		{
			name: "change some fields, keep the rest", args: []string{"42", "--target-premium", "1350.5", "--split", "SPL300"}, wantID: 42,
			want: oas.PolicyInput{PolicyNumber: "TL-1", ClientID: 42, ProductID: 7, FaceAmountCents: 100, TargetPremiumCents: 135050,
				SubmittedOn: sold, IssuedOn: oas.NewOptDate(sold), SplitCode: oas.NewOptString("SPL300"),
				TrainerCode: oas.NewOptString("RMD100"), Notes: oas.NewOptString("note")},
		},
		{
			name: "empty values clear optional fields", args: []string{"#7", "--split", "", "--trainer", "", "--issued", "", "--notes", ""}, wantID: 7,
			want: oas.PolicyInput{PolicyNumber: "TL-1", ClientID: 42, ProductID: 7, FaceAmountCents: 100, TargetPremiumCents: 5000, SubmittedOn: sold},
		},
		{name: "no field", args: []string{"42"}, wantErr: "nothing to change"},
		{name: "no id", args: []string{"--notes", "x"}, wantErr: "takes one policy ID"},
		{name: "bad id", args: []string{"abc", "--notes", "x"}, wantErr: `invalid policy ID "abc"`},
		{name: "bad value checked before any request", args: []string{"42", "--face-amount", "lots"}, wantErr: `--face-amount: invalid amount "lots"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdEdit, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID {
				t.Errorf("ID = %d, want %d", got.ID, tt.wantID)
			}
			in := base
			if err := got.Fields.Apply(&in); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, in); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}
