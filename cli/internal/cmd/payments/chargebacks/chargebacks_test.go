package chargebacks

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	cashflowlist "github.com/associateportal/portal/cli/internal/cmd/payments/cashflow/list"
	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdChargebacks(t *testing.T) {
	limit := oas.NewOptInt(100)
	tests := []struct {
		name       string
		args       string
		want       oas.ListChargebacksParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{name: "newest first, one page", want: oas.ListChargebacksParams{Limit: limit}},
		{
			name: "the filters the contract declares, and the order",
			args: "--filter period=lte:2026-06-01 --filter category=in:personal,override --filter status=eq:chargeback " +
				"--filter policy_id=eq:42 --filter associate_code=eq:w100 --order amount_cents --all",
			want: oas.ListChargebacksParams{
				Limit:                 limit,
				FilterPeriodLte:       oas.NewOptDate(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)),
				FilterCategoryIn:      []oas.EarningCategory{oas.EarningCategoryPersonal, oas.EarningCategoryOverride},
				FilterStatusEq:        oas.NewOptEntryStatus(oas.EntryStatusChargeback),
				FilterPolicyIDEq:      oas.NewOptInt64(42),
				FilterAssociateCodeEq: oas.NewOptString("W100"),
				Order:                 oas.NewOptChargebackOrder(oas.ChargebackOrder{AmountCents: oas.NewOptSortDirection(oas.SortDirectionASC)}),
			},
			wantAll: true,
		},
		{name: "json fields", args: "--json id,amount_cents", want: oas.ListChargebacksParams{Limit: limit}, wantFields: []string{"id", "amount_cents"}},
		{name: "a status as the contract spells it, words apart", args: "--filter status=eq:chargeback_escrow",
			wantErr: `invalid value "chargeback_escrow"`},
		{name: "a filter of the cashflow list only", args: "--filter amount_cents=lte:0", wantErr: `unknown filter field "amount_cents"`},
		{name: "an order the contract does not declare", args: "--order period", wantErr: `unknown order field "period"`},
		{name: "a limit too large", args: "-L 5000", wantErr: "--limit must be between 1 and 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdChargebacks, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.All != tt.wantAll {
				t.Errorf("All = %v", got.All)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// --csv of the chargebacks writes what that of the cashflow list does: the cashflow
// download's columns, values as the API answers them.
func TestChargebacksCSV(t *testing.T) {
	rows := []sdk.CashflowEntry{
		{ID: 4, AssociateCode: "W100", AssociateName: "Wes Writer", PolicyID: oas.NewOptInt64(42), PolicyNumber: oas.NewOptString("TL-100"),
			Category: oas.EarningCategoryPersonal, BonusType: oas.BonusTypeWriting, Status: oas.EntryStatusChargeback,
			Direction: oas.EntryDirectionChargeback, Kind: oas.EntryKindChargeback, AmountCents: -10417, EarningCents: 25000,
			Period: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), OccurredOn: time.Date(2026, 4, 20, 0, 0, 0, 0, time.UTC)},
		{ID: 5, AssociateCode: "W100", AssociateName: "Wes Writer", Category: oas.EarningCategoryBonus, BonusType: oas.BonusTypeWriting,
			Status: oas.EntryStatusChargebackEscrow, Direction: oas.EntryDirectionChargeback, Kind: oas.EntryKindChargebackEscrow,
			AmountCents: -6250, Period: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), OccurredOn: time.Date(2026, 4, 20, 0, 0, 0, 0, time.UTC)},
	}
	recs, err := shared.EntryRecords(rows)
	if err != nil {
		t.Fatal(err)
	}
	write := func(e *cmdutil.Exporter) string {
		ios, _, out, _ := iostreams.Test()
		if err := e.Write(ios, recs); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	ios, _, _, _ := iostreams.Test()
	got := write(cmdtest.Parse(t, ios, NewCmdChargebacks, []string{"--csv"}, "").Exporter)
	want := write(cmdtest.Parse(t, ios, cashflowlist.NewCmdList, []string{"--csv"}, "").Exporter)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("chargebacks --csv (-cashflow list --csv +chargebacks --csv):\n%s", diff)
	}
	if header, _, _ := strings.Cut(got, "\n"); header != strings.Join(lists.Names(lists.CashflowExport), ",") {
		t.Errorf("header %q, want the download's columns", header)
	}
	if !strings.Contains(got, "\n5,W100,Wes Writer,,,Bonus,Writing,Chargeback Escrow,Chargeback,chargeback_escrow,-6250,0,2026-04-01,2026-04-20,false\n") {
		t.Errorf("an entry without a policy:\n%s", got)
	}
}
