package list

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdList(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    oas.ListProductsParams
		all     bool
		wantErr string
	}{
		{name: "defaults", want: oas.ListProductsParams{Limit: oas.NewOptInt(100)}},
		{
			name: "filters in any case, order, all pages",
			args: []string{"--filter", "category=eq:life insurance", "--filter", "type=in:term,iul", "--filter", "provider_id=eq:3",
				"--filter", "active=true", "--order", "commission_rate_bp:desc", "--all"},
			want: oas.ListProductsParams{Limit: oas.NewOptInt(100), FilterCategoryEq: oas.NewOptProductCategory(oas.ProductCategoryLifeInsurance),
				FilterTypeIn: []oas.ProductType{oas.ProductTypeTerm, oas.ProductTypeIUL}, FilterProviderIDEq: oas.NewOptInt64(3),
				FilterActiveEq: oas.NewOptBool(true),
				Order:          oas.NewOptProductOrder(oas.ProductOrder{CommissionRateBp: oas.NewOptSortDirection(oas.SortDirectionDESC)})},
			all: true,
		},
		{name: "a bad type", args: []string{"--filter", "type=eq:car"}, wantErr: `invalid value "car" for filter type=eq`},
		{name: "a bad provider id", args: []string{"--filter", "provider_id=eq:0"}, wantErr: "out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdList, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.All != tt.all {
				t.Errorf("All = %v", got.All)
			}
		})
	}
}

func TestPrintList(t *testing.T) {
	ps := []sdk.Product{
		{ID: 7, ProviderID: 3, ProviderName: "Great Lakes", Name: "Term 20", Category: oas.ProductCategoryLifeInsurance,
			Type: oas.ProductTypeTerm, CommissionRateBp: 11000, BvFactorBp: 10000, Countries: []oas.Country{oas.CountryUSA}, Active: true},
		{ID: 8, ProviderID: 4, ProviderName: "Pioneer", Name: "Fixed 5", Category: oas.ProductCategoryAnnuity,
			Type: oas.ProductTypeFixedAnnuity, CommissionRateBp: 625, BvFactorBp: 2550, Countries: []oas.Country{oas.CountryUSA, oas.CountryCanada}},
	}
	ios, _, out, _ := iostreams.Test()
	if err := PrintList(ios, ps); err != nil {
		t.Fatal(err)
	}
	want := "7\tTerm 20\t3\tGreat Lakes\tLife Insurance\tTerm\t11000\t10000\tUSA\ttrue\n" +
		"8\tFixed 5\t4\tPioneer\tAnnuity\tFixed Annuity\t625\t2550\tUSA,Canada\tfalse\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintList(ios, ps); err != nil {
		t.Fatal(err)
	}
	want = "ID  NAME     PROVIDER     CATEGORY        TYPE           COMMISSION  BV FACTOR  COUNTRIES    ACTIVE\n" +
		"7   Term 20  Great Lakes  Life Insurance  Term           110%        100%       USA          yes\n" +
		"8   Fixed 5  Pioneer      Annuity         Fixed Annuity  6.25%       25.5%      USA, Canada  no\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}
}
