package review

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestNewCmdReview(t *testing.T) {
	tests := []struct {
		args       string
		wantID     int64
		wantFields []string
		wantErr    string
	}{
		{args: "12", wantID: 12},
		{args: "#12", wantID: 12},
		{args: "12 --json status,can_approve", wantID: 12, wantFields: []string{"status", "can_approve"}},
		{args: "12 --jq .document_url", wantID: 12},
		{args: "", wantErr: "takes one payout account ID, got 0 arguments"},
		{args: "12 13", wantErr: "takes one payout account ID, got 2 arguments"},
		{args: "abc", wantErr: `invalid payout account ID "abc": expected a positive integer`},
		{args: "0", wantErr: `invalid payout account ID "0"`},
		{args: "12 --json account_number", wantErr: `unknown JSON field "account_number"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdReview, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.ID != tt.wantID {
			t.Errorf("%q: ID %d", tt.args, got.ID)
		}
		if tt.wantFields != nil {
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
			}
		}
	}
}
