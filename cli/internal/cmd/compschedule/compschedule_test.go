package compschedule

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdCompSchedule(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    oas.ListCompensationScheduleParams
		wantErr string
	}{
		{name: "defaults", want: oas.ListCompensationScheduleParams{Limit: oas.NewOptInt(100)}},
		{
			name: "the products' filters and order",
			args: []string{"--filter", "provider_id=in:3,4", "--order", "provider_name", "--order", "name:desc", "--page", "2"},
			want: oas.ListCompensationScheduleParams{Limit: oas.NewOptInt(100), Page: oas.NewOptInt(2), FilterProviderIDIn: []int64{3, 4},
				Order: oas.NewOptScheduleOrder(oas.ScheduleOrder{ProviderName: oas.NewOptSortDirection(oas.SortDirectionASC),
					Name: oas.NewOptSortDirection(oas.SortDirectionDESC)})},
		},
		{name: "a stray word", args: []string{"annuities"}, wantErr: `unknown command "annuities"`},
		{name: "csv and jq", args: []string{"--csv", "--jq", "."}, wantErr: "--csv cannot be combined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdCompSchedule, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
		})
	}
}

func sample() []sdk.ScheduleRow {
	levels := func(mine string) []oas.LevelEarning {
		return []oas.LevelEarning{
			{Level: "A", Name: "Associate", LevelRateBp: 3500, EarningBp: 3850, Mine: mine == "A"},
			{Level: "SMD", Name: "Senior Marketing Director", LevelRateBp: 6500, EarningBp: 7150, Mine: mine == "SMD"},
		}
	}
	return []sdk.ScheduleRow{
		{ProductID: 7, ProductName: "Term 20", ProviderID: 3, ProviderName: "Great Lakes", Category: oas.ProductCategoryLifeInsurance,
			Type: oas.ProductTypeTerm, CommissionRateBp: 11000, Levels: levels("SMD")},
		{ProductID: 8, ProductName: "Fixed 5", ProviderID: 4, ProviderName: "Pioneer", Category: oas.ProductCategoryAnnuity,
			Type: oas.ProductTypeFixedAnnuity, CommissionRateBp: 625, Levels: levels("SMD")},
	}
}

func TestPrintSchedule(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintSchedule(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want := "PRODUCT  PROVIDER     TYPE           COMMISSION  A      SMD*\n" +
		"Term 20  Great Lakes  Term           110%        38.5%  71.5%\n" +
		"Fixed 5  Pioneer      Fixed Annuity  6.25%       38.5%  71.5%\n" +
		"* your level (Senior Marketing Director); each cell is what a level earns per dollar of target premium\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}

	ios, _, out, _ = iostreams.Test()
	if err := PrintSchedule(ios, sample()[:1]); err != nil {
		t.Fatal(err)
	}
	want = "7\tTerm 20\tGreat Lakes\tLife Insurance\tTerm\t11000\tA\tAssociate\t3500\t3850\tfalse\n" +
		"7\tTerm 20\tGreat Lakes\tLife Insurance\tTerm\t11000\tSMD\tSenior Marketing Director\t6500\t7150\ttrue\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
}

// --csv writes one row per product and level, the columns of the download.
func TestCSVIsFlat(t *testing.T) {
	e := cmdtest.Exporter(t, Fields, []string{"--csv"})
	e.SetCSV(lists.ScheduleExport, nil)
	ios, _, out, _ := iostreams.Test()
	if err := e.Write(ios, FlatRecords(sample()[1:])); err != nil {
		t.Fatal(err)
	}
	want := "product_id,product_name,provider_name,category,type,commission_rate_bp,level,level_name,level_rate_bp,earning_bp\n" +
		"8,Fixed 5,Pioneer,Annuity,Fixed Annuity,625,A,Associate,3500,3850\n" +
		"8,Fixed 5,Pioneer,Annuity,Fixed Annuity,625,SMD,Senior Marketing Director,6500,7150\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
