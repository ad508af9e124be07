package reject

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdReject(t *testing.T) {
	reject := func(r oas.RejectionReason, note string) oas.PayoutDecision {
		d := oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionReject, Reason: oas.NewOptRejectionReason(r)}
		if note != "" {
			d.Note = oas.NewOptString(note)
		}
		return d
	}
	const choices = "expected one of Unmatched Supporting Document, Invalid Supporting Document, Duplicate Information, Other"
	tests := []struct {
		name    string
		args    []string
		wantID  int64
		want    oas.PayoutDecision
		wantErr string
	}{
		{name: "dashes and lower case", args: []string{"12", "--reason", "invalid-supporting-document"}, wantID: 12,
			want: reject(oas.RejectionReasonInvalidSupportingDocument, "")},
		{name: "the contract's words, with a note", args: []string{"12", "--reason", "Duplicate Information", "--note", "Same as #7"}, wantID: 12,
			want: reject(oas.RejectionReasonDuplicateInformation, "Same as #7")},
		{name: "run together, any case", args: []string{"#5", "--reason=UNMATCHEDSUPPORTINGDOCUMENT"}, wantID: 5,
			want: reject(oas.RejectionReasonUnmatchedSupportingDocument, "")},
		{name: "other with a note", args: []string{"12", "--reason", "other", "--note", "The branch closed"}, wantID: 12,
			want: reject(oas.RejectionReasonOther, "The branch closed")},
		{name: "no ID", args: []string{"--reason", "other"}, wantErr: "takes one payout account ID, got 0 arguments"},
		{name: "a bad ID", args: []string{"x1", "--reason", "other"}, wantErr: `invalid payout account ID "x1"`},
		{name: "no reason", args: []string{"12"}, wantErr: "--reason is required: one of Unmatched Supporting Document, Invalid Supporting Document, Duplicate Information, Other"},
		{name: "an empty reason", args: []string{"12", "--reason", " ", "--note", "why"}, wantErr: "--reason is required"},
		{name: "a bad reason", args: []string{"12", "--reason", "blurred"}, wantErr: `invalid --reason "blurred": ` + choices},
		{name: "other without a note", args: []string{"12", "--reason", "other"}, wantErr: "--note is required: say why when the reason is Other"},
		{name: "other with a blank note", args: []string{"12", "--reason", "other", "--note", "  "}, wantErr: "--note is required"},
		{name: "a note too long", args: []string{"12", "--reason", "other", "--note", strings.Repeat("é", 1001)}, wantErr: "--note is 1001 characters long; at most 1000"},
		{name: "a bad JSON field", args: []string{"12", "--reason", "other", "--note", "x", "--json=reasons"}, wantErr: `unknown JSON field "reasons"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdReject, tt.args, tt.wantErr)
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
