package approve

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdApprove(t *testing.T) {
	approve := oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}
	tests := []struct {
		args    string
		wantID  int64
		wantErr string
	}{
		{args: "12", wantID: 12},
		{args: "#12 --jq .status", wantID: 12},
		{args: "", wantErr: "takes one payout account ID, got 0 arguments"},
		{args: "12 13", wantErr: "takes one payout account ID, got 2 arguments"},
		{args: "twelve", wantErr: `invalid payout account ID "twelve": expected a positive integer`},
		{args: "-3", wantErr: "unknown shorthand flag: '3'"},
		{args: "12 --reason other", wantErr: "unknown flag: --reason"},
		{args: "12 --json bank", wantErr: `unknown JSON field "bank"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdApprove, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.ID != tt.wantID {
			t.Errorf("%q: ID %d", tt.args, got.ID)
		}
		if diff := cmp.Diff(approve, got.Decision); diff != "" {
			t.Errorf("%q: decision (-want +got):\n%s", tt.args, diff)
		}
	}
}
