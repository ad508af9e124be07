package providerpayments

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdProviderPayments(t *testing.T) {
	limit := oas.NewOptInt(100)
	tests := []struct {
		name    string
		args    []string
		want    oas.ListProviderPaymentsParams
		wantErr string
	}{
		{name: "newest first, one page", want: oas.ListProviderPaymentsParams{Limit: limit}},
		{
			name: "a statement's payments that need action, by amount",
			args: []string{"--filter", "status=in:Action Required,received", "--filter", "statement_id=eq:12", "--filter", "provider_id=eq:3",
				"--filter", "policy_number=eq:TL-100", "--order", "amount_cents:desc"},
			want: oas.ListProviderPaymentsParams{Limit: limit,
				FilterStatusIn:       []oas.ProviderPaymentStatus{oas.ProviderPaymentStatusActionRequired, oas.ProviderPaymentStatusReceived},
				FilterStatementIDEq:  oas.NewOptInt64(12),
				FilterProviderIDEq:   oas.NewOptInt64(3),
				FilterPolicyNumberEq: oas.NewOptString("TL-100"),
				Order:                oas.NewOptProviderPaymentOrder(oas.ProviderPaymentOrder{AmountCents: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
		},
		{name: "a bad status", args: []string{"--filter", "status=eq:paid"}, wantErr: "expected one of Received, Action Required, Ready To Pay, Processed"},
		{name: "an unknown filter", args: []string{"--filter", "amount_cents=gte:1"}, wantErr: `unknown filter field "amount_cents"`},
		{name: "a stray word is not a subcommand", args: []string{"list"}, wantErr: `unknown command "list"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdProviderPayments, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
		})
	}
}

// move is a subcommand of the list.
func TestMoveIsASubcommand(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	cmd := NewCmdProviderPayments(&cmdutil.Factory{IOStreams: ios}, nil)
	sub, _, err := cmd.Find([]string{"move", "57", "processed"})
	if err != nil || sub.Name() != "move" {
		t.Fatalf("Find(move) = %v, %v", sub, err)
	}
}
