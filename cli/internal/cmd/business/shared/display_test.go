package shared

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

func on(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }

func sampleRows() []sdk.PolicyRow {
	return []sdk.PolicyRow{
		{ID: 42, PolicyNumber: "TL-100", ProviderID: 1, ProviderName: "Great Lakes", ProductID: 7, ProductName: "Term 20",
			Category: oas.ProductCategoryLifeInsurance, Type: oas.ProductTypeTerm, ClientID: 9, ClientName: "Ann Lee",
			WriterCode: "AGT100", WriterName: "Alex Carter", SplitCode: oas.NewOptString("SPL200"), Split: true,
			Status: oas.PolicyStatusActionRequired, FaceAmountCents: 50000000, TargetPremiumCents: 123456, BvCents: 123456,
			SubmittedOn: on(11, 2), OpenRequirements: 2, UpdatedAt: time.Date(2026, 11, 3, 4, 5, 6, 0, time.UTC)},
		{ID: 43, PolicyNumber: "FA-7", ProviderID: 2, ProviderName: "Pioneer", ProductID: 8, ProductName: "Fixed 5",
			Category: oas.ProductCategoryAnnuity, Type: oas.ProductTypeFixedAnnuity, ClientID: 10, ClientName: "Bo Ray",
			WriterCode: "AGT100", WriterName: "Alex Carter", Status: oas.PolicyStatusApproved, TargetPremiumCents: 1000000,
			BvCents: 500000, SubmittedOn: on(10, 1), ApprovedOn: oas.NewOptDate(on(10, 20)), UpdatedAt: on(10, 20)},
	}
}

func sampleCommission() oas.CommissionPreview {
	return oas.CommissionPreview{AsOf: on(11, 2), CommissionableCents: 135802, TotalCents: 81481, Lines: []oas.CommissionLine{
		{AssociateCode: "AGT100", AssociateName: "Alex Carter", Level: "SMD", BonusType: oas.BonusTypeSplit, Category: oas.EarningCategoryPersonal,
			WriterCode: oas.NewOptString("AGT100"), BaseCents: 81481, RateBp: 6000, AmountCents: 48889,
			Explanation: "Split: AGT100 (SMD) wrote the policy: 60% of $814.81, AGT100's 60% share of $1,358.02 commissionable = $488.89.",
			Chain:       []string{"AGT100"}},
		{AssociateCode: "RMD100", AssociateName: "Rita Senior", Level: "RMD", BonusType: oas.BonusTypeUnpaidGenerationsBonus, Category: oas.EarningCategoryGeneration,
			Generation: oas.NewOptInt(1), WriterCode: oas.NewOptString("AGT100"), BaseCents: 81481, RateBp: 4000, AmountCents: 32592,
			Explanation: "Generation 1: RMD100 (RMD) is generation 1 above the writer's leader AGT100.", Chain: []string{"AGT100", "RMD100"}},
	}}
}

func TestPrintListPiped(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintList(ios, sampleRows()); err != nil {
		t.Fatal(err)
	}
	want := "42\tTL-100\tAction Required\tAnn Lee\tAGT100\tSPL200\tGreat Lakes\tTerm 20\t50000000\t123456\t2026-11-02\t\t2\n" +
		"43\tFA-7\tApproved\tBo Ray\tAGT100\t\tPioneer\tFixed 5\t0\t1000000\t2026-10-01\t2026-10-20\t0\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		if n := len(strings.Split(l, "\t")); n != len(TSVColumns) {
			t.Errorf("%d columns, TSVColumns names %d", n, len(TSVColumns))
		}
	}
}

func TestPrintListTerminal(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(140)
	if err := PrintList(ios, sampleRows()); err != nil {
		t.Fatal(err)
	}
	want := `ID  NUMBER  STATUS           CLIENT   WRITERS          PRODUCT                PREMIUM     FACE AMOUNT  SUBMITTED   OPEN
42  TL-100  Action Required  Ann Lee  AGT100 + SPL200  Term 20 · Great Lakes  $1,234.56   $500,000.00  11/02/2026  2
43  FA-7    Approved         Bo Ray   AGT100           Fixed 5 · Pioneer      $10,000.00  $0.00        10/01/2026
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestPrintCommission(t *testing.T) {
	c := sampleCommission()
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(100)
	if err := PrintCommission(ios, &c); err != nil {
		t.Fatal(err)
	}
	want := `Commission · as of 11/02/2026 · commissionable $1,358.02 · total $814.81
#  ASSOCIATE             LEVEL  TYPE                      GEN  BASE     RATE  AMOUNT
1  Alex Carter (AGT100)  SMD    Split                          $814.81  60%   $488.89
2  Rita Senior (RMD100)  RMD    Unpaid Generations Bonus  1    $814.81  40%   $325.92
  1 Split: AGT100 (SMD) wrote the policy: 60% of $814.81, AGT100's 60% share of $1,358.02
    commissionable = $488.89.
  2 Generation 1: RMD100 (RMD) is generation 1 above the writer's leader AGT100.
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}

	ios, _, out, _ = iostreams.Test()
	if err := PrintCommission(ios, &c); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	wantFirst := "AGT100\tAlex Carter\tSMD\tSplit\tPersonal\t\tAGT100\t81481\t6000\t48889\tSplit: AGT100 (SMD) wrote the policy"
	if len(lines) != 2 || !strings.HasPrefix(lines[0], wantFirst) || len(strings.Split(lines[1], "\t")) != len(CommissionTSVColumns) {
		t.Errorf("piped:\n%s", out.String())
	}
}

func sampleDetail() *sdk.PolicyDetail {
	return &sdk.PolicyDetail{
		Policy: sdk.Policy{ID: 42, PolicyNumber: "TL-100", ProviderName: "Great Lakes", ProductName: "Term 20",
			Category: oas.ProductCategoryLifeInsurance, Type: oas.ProductTypeTerm, CommissionRateBp: 11000, ClientID: 9,
			ClientName: "Ann Lee", ClientState: "FL",
			Writers: []oas.PolicyWriter{{Code: "AGT100", Name: "Alex Carter", ShareBp: 6000, BvCents: 74074, PremiumCents: 74074},
				{Code: "SPL200", Name: "Sue Split", ShareBp: 4000, BvCents: 49382, PremiumCents: 49382}},
			Trainer:         oas.NewOptPersonRef(oas.PersonRef{Code: "RMD100", Name: "Rita Senior"}),
			FaceAmountCents: 50000000, TargetPremiumCents: 123456, BvCents: 123456, Status: oas.PolicyStatusActionRequired,
			SubmittedOn: on(11, 2), OpenRequirements: 1, CanEdit: true, NextStatuses: []oas.PolicyStatus{},
			Notes: oas.NewOptString("Paid by bank draft."), CreatedAt: on(11, 2), UpdatedAt: on(11, 3)},
		Requirements: []oas.Requirement{{ID: 1, Name: "Signed illustration", Status: oas.RequirementStatusOpen, DueOn: oas.NewOptDate(on(11, 30))},
			{ID: 2, Name: "APS", Status: oas.RequirementStatusReceived}},
		Commission: sampleCommission(),
	}
}

func TestPrintDetail(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(100)
	if err := PrintDetail(ios, sampleDetail(), on(11, 5)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"TL-100 Action Required #42\n",
		"Term 20 · Great Lakes · Life Insurance / Term · updated 2 days ago\n",
		"Client:           Ann Lee (#9, FL)\n",
		"Writer 1:         Alex Carter (AGT100) · 60% share · BV $740.74\n",
		"Writer 2:         Sue Split (SPL200) · 40% share · BV $493.82\n",
		"Field trainer:    Rita Senior (RMD100)\n",
		"Face amount:      $500,000.00\n",
		"Target premium:   $1,234.56\n",
		"Commission rate:  110%\n",
		"Editable:         yes (portal business edit 42)\n",
		"Notes\nPaid by bank draft.\n",
		"Requirements · 1 open\nNAME                 STATUS    DUE\nSigned illustration  Open      11/30/2026\nAPS                  Received\n",
		"Commission · as of 11/02/2026",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the view lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "Can move to") {
		t.Errorf("moves shown to a caller who may not move it:\n%s", out.String())
	}
}

func TestMachineOutput(t *testing.T) {
	t.Run("the detail's JSON holds the requirements and the commission", func(t *testing.T) {
		e := cmdtest.Exporter(t, DetailFields, []string{"--json=policy_number,requirements,commission", "--jq",
			`[.policy_number, (.requirements | length), .commission.total_cents, (.commission.lines | map(.rate_bp))]`})
		rec, err := DetailRecord(sampleDetail())
		if err != nil {
			t.Fatal(err)
		}
		ios, _, out, _ := iostreams.Test()
		if err := e.Write(ios, rec); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(`["TL-100",2,81481,[6000,4000]]`+"\n", out.String()); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("list --csv has the download's columns", func(t *testing.T) {
		e := cmdtest.Exporter(t, RowFields, []string{"--csv"})
		e.SetCSV(lists.PolicyExport, nil)
		recs, err := Records(sampleRows())
		if err != nil {
			t.Fatal(err)
		}
		ios, _, out, _ := iostreams.Test()
		if err := e.Write(ios, recs); err != nil {
			t.Fatal(err)
		}
		want := "id,policy_number,provider_name,product_name,category,type,client_id,client_name,writer_code,writer_name,split_code,status,face_amount_cents,target_premium_cents,bv_cents,submitted_on,approved_on,lapsed_on,open_requirements,updated_at\n" +
			"42,TL-100,Great Lakes,Term 20,Life Insurance,Term,9,Ann Lee,AGT100,Alex Carter,SPL200,Action Required,50000000,123456,123456,2026-11-02,,,2,2026-11-03T04:05:06Z\n" +
			"43,FA-7,Pioneer,Fixed 5,Annuity,Fixed Annuity,10,Bo Ray,AGT100,Alex Carter,,Approved,0,1000000,500000,2026-10-01,2026-10-20,,0,2026-10-20T00:00:00Z\n"
		if diff := cmp.Diff(want, out.String()); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
}
