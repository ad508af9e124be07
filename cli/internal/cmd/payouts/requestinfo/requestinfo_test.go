package requestinfo

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdRequestInfo(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantID  int64
		want    oas.PayoutDecision
		wantErr string
	}{
		{name: "a note", args: []string{"12", "--note", "Which branch?"}, wantID: 12,
			want: oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionRequestInfo, Note: oas.NewOptString("Which branch?")}},
		{name: "no ID", args: []string{"--note", "Which branch?"}, wantErr: "takes one payout account ID, got 0 arguments"},
		{name: "a bad ID", args: []string{"0", "--note", "Which branch?"}, wantErr: `invalid payout account ID "0"`},
		{name: "no note", args: []string{"12"}, wantErr: "--note is required: what the associate must tell or change"},
		{name: "a blank note", args: []string{"12", "--note", "\t "}, wantErr: "--note is required"},
		{name: "a note too long", args: []string{"12", "--note", strings.Repeat("x", 1001)}, wantErr: "--note is 1001 characters long; at most 1000"},
		{name: "no reason here", args: []string{"12", "--note", "x", "--reason", "other"}, wantErr: "unknown flag: --reason"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdRequestInfo, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID {
				t.Errorf("ID %d, want %d", got.ID, tt.wantID)
			}
			if diff := cmp.Diff(tt.want, got.Decision); diff != "" {
				t.Errorf("decision (-want +got):\n%s", diff)
			}
		})
	}
}
