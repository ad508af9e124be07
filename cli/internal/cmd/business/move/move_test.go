package move

import (
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdMove(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantID  int64
		want    oas.PolicyStatus
		wantErr string
	}{
		{name: "words with dashes", args: []string{"42", "ready-to-pay"}, wantID: 42, want: oas.PolicyStatusReadyToPay},
		{name: "as the contract spells it", args: []string{"#7", "Action Required"}, wantID: 7, want: oas.PolicyStatusActionRequired},
		{name: "run together, any case", args: []string{"7", "APPROVED"}, wantID: 7, want: oas.PolicyStatusApproved},
		{name: "underscores", args: []string{"7", "action_required"}, wantID: 7, want: oas.PolicyStatusActionRequired},
		{name: "an unknown status", args: []string{"7", "paid"}, wantErr: `invalid status "paid": expected one of Pending, Action Required, Ready To Pay, Approved, Archived`},
		{name: "no status", args: []string{"7"}, wantErr: "takes a policy ID and a status, got 1 arguments"},
		{name: "a bad id", args: []string{"seven", "approved"}, wantErr: `invalid policy ID "seven"`},
		{name: "a bad json field", args: []string{"7", "approved", "--json=nope"}, wantErr: `unknown JSON field "nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdMove, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID || got.Status != tt.want {
				t.Errorf("moving %d to %q; want %d to %q", got.ID, got.Status, tt.wantID, tt.want)
			}
		})
	}
}
