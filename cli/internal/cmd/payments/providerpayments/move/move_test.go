package move

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdMove(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantID  int64
		want    oas.ProviderPaymentMove
		wantErr string
	}{
		{name: "words with dashes", args: []string{"57", "ready-to-pay"}, wantID: 57,
			want: oas.ProviderPaymentMove{Status: oas.ProviderPaymentStatusReadyToPay}},
		{name: "as the contract spells it, with a reason", args: []string{"#58", "Action Required", "--reason", "  Short by $12.00 "}, wantID: 58,
			want: oas.ProviderPaymentMove{Status: oas.ProviderPaymentStatusActionRequired, Reason: oas.NewOptString("Short by $12.00")}},
		{name: "any case", args: []string{"7", "PROCESSED"}, wantID: 7, want: oas.ProviderPaymentMove{Status: oas.ProviderPaymentStatusProcessed}},
		{name: "an unknown status", args: []string{"7", "paid"}, wantErr: `invalid status "paid": expected one of Received, Action Required, Ready To Pay, Processed`},
		{name: "no status", args: []string{"7"}, wantErr: "takes a payment ID and a status, got 1 arguments"},
		{name: "a bad id", args: []string{"seven", "processed"}, wantErr: `invalid provider payment ID "seven"`},
		{name: "a reason too long", args: []string{"7", "received", "--reason", strings.Repeat("x", 501)}, wantErr: "--reason is longer than 500 characters"},
		{name: "a bad json field", args: []string{"7", "processed", "--json=nope"}, wantErr: `unknown JSON field "nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdMove, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID {
				t.Errorf("ID = %d, want %d", got.ID, tt.wantID)
			}
			if diff := cmp.Diff(tt.want, got.Move); diff != "" {
				t.Errorf("move (-want +got):\n%s", diff)
			}
		})
	}
}
