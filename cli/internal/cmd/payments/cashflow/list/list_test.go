package list

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdList(t *testing.T) {
	limit := oas.NewOptInt(100)
	tests := []struct {
		name       string
		args       string
		wantParams oas.ListCashflowParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{name: "newest first, one page", wantParams: oas.ListCashflowParams{Limit: limit}},
		{
			name: "enums in any case, dates, cents, codes, order, limit and page",
			args: "--filter status=in:escrow,chargeback --filter category=eq:override --filter bonus_type=in:writing " +
				"--filter period=gte:2026-01-01 --filter amount_cents=lte:-100 --filter associate_code=eq:agt100 " +
				"--filter direction=eq:chargeback --filter policy_number=eq:TL-100 --order amount_cents:desc -L 20 --page 3",
			wantParams: oas.ListCashflowParams{
				Limit:                 oas.NewOptInt(20),
				Page:                  oas.NewOptInt(3),
				FilterStatusIn:        []oas.EntryStatus{oas.EntryStatusEscrow, oas.EntryStatusChargeback},
				FilterCategoryEq:      oas.NewOptEarningCategory(oas.EarningCategoryOverride),
				FilterBonusTypeIn:     []oas.BonusType{oas.BonusTypeWriting},
				FilterPeriodGte:       oas.NewOptDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)),
				FilterAmountCentsLte:  oas.NewOptInt64(-100),
				FilterAssociateCodeEq: oas.NewOptString("AGT100"),
				FilterDirectionEq:     oas.NewOptEntryDirection(oas.EntryDirectionChargeback),
				FilterPolicyNumberEq:  oas.NewOptString("TL-100"),
				Order:                 oas.NewOptCashflowOrder(oas.CashflowOrder{AmountCents: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
		},
		{
			name:       "all pages with json fields",
			args:       "--all --json id,kind,amount_cents",
			wantParams: oas.ListCashflowParams{Limit: limit},
			wantAll:    true,
			wantFields: []string{"id", "kind", "amount_cents"},
		},
		{name: "bonus types are spelt as the contract does", args: "--filter bonus_type=in:override_bonus",
			wantErr: `invalid value "override_bonus" for filter bonus_type=in`},
		{name: "money filters are cents", args: "--filter amount_cents=gte:12.50", wantErr: "expected an integer"},
		{name: "a period is a day, the month's first", args: "--filter period=gte:2026-11",
			wantErr: `invalid value "2026-11" for filter period=gte: expected a date (2006-01-02)`},
		{name: "a bad status", args: "--filter status=eq:refunded", wantErr: "expected one of Pending, Paid, Escrow, Chargeback, Chargeback Escrow"},
		{name: "an operator the contract does not declare", args: "--filter direction=in:chargeback", wantErr: `unknown operator "in" for filter field "direction"`},
		{name: "an unknown field", args: "--filter client_name=eq:x", wantErr: `unknown filter field "client_name"`},
		{name: "an order the contract does not declare", args: "--order policy_number", wantErr: `unknown order field "policy_number"`},
		{name: "an unknown json field", args: "--json amount", wantErr: `unknown JSON field "amount"`},
		{name: "csv and jq", args: "--csv --jq .", wantErr: "--csv cannot be combined"},
		{name: "page and all", args: "--page 2 --all", wantErr: "--page and --all cannot be combined"},
		{name: "a stray word", args: "escrow", wantErr: `unknown command "escrow"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdList, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.wantParams, got.Params); diff != "" {
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

// The run gets a context that carries the --order keys in the order given.
func TestOrderKeysKeepTheirOrder(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ctx := cmdtest.Context(t, ios, NewCmdList, []string{"--order", "period:desc", "--order", "amount_cents"})
	want := []sdk.OrderKey{{Field: "period", Direction: "DESC"}, {Field: "amount_cents", Direction: "ASC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("cashflow list: order keys (-want +got):\n%s", diff)
	}
}
