package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// fakeBusiness answers the business part of the Backend like the server: the caller's own
// policies (Personal), a team view's, or every policy for staff (no view); limit+1 rows and
// next_cursor; a policy's details, requirements and commission.
type fakeBusiness struct {
	policies   []sdk.PolicyRow
	commission map[int64]error // GetPolicyCommission fails for these ids

	listCalls   []oas.ListPoliciesParams
	detailCalls []string // "tab id"
}

func demoBusiness() fakeBusiness {
	products := []struct{ name, provider string }{{"Term 20", "Great Lakes Financial"}, {"Fixed 5", "Pioneer Annuity"}, {"IUL Plus", "Harbor Rock Benefits"}}
	statuses := oas.PolicyStatus("").AllValues()
	f := fakeBusiness{commission: map[int64]error{}}
	for i := range 70 {
		pr := products[i%3]
		r := sdk.PolicyRow{ID: int64(500 + i), PolicyNumber: fmt.Sprintf("TL-%05d", 1000+i), ProviderName: pr.provider, ProductName: pr.name,
			Category: oas.ProductCategoryLifeInsurance, Type: oas.ProductTypeTerm, ClientID: int64(1000 + i%20),
			ClientName: firstNames[i%10] + " " + lastNames[(i/10)%10], WriterCode: "A1001", WriterName: "Ann Agent",
			Status: statuses[i%len(statuses)], FaceAmountCents: int64(25000000 + 100000*i), TargetPremiumCents: int64(120000 + 1550*i),
			SubmittedOn: day(2026, time.Month(1+i%11), 1+i%28), OpenRequirements: (i + 3) % 4 / 3}
		r.BvCents = r.TargetPremiumCents
		if i%3 == 2 {
			r.WriterCode, r.WriterName = fmt.Sprintf("A%04d", 2001+i%3), "Cal Smithers"
		}
		if i%5 == 0 {
			r.SplitCode, r.Split = oas.NewOptString("A2002"), true
		}
		f.policies = append(f.policies, r)
	}
	return f
}

func (f *fakeBackend) ListPolicies(_ context.Context, p oas.ListPoliciesParams) (*oas.PolicyListHeaders, error) {
	b := &f.business
	b.listCalls = append(b.listCalls, p)
	var rows []sdk.PolicyRow
	for _, r := range b.policies {
		if v, ok := p.View.Get(); ok && v == oas.TeamViewPersonal && r.WriterCode != "A1001" && r.SplitCode.Or("") != "A1001" {
			continue
		}
		if v, ok := p.FilterClientNameContains.Get(); ok && !strings.Contains(strings.ToLower(r.ClientName), strings.ToLower(v)) {
			continue
		}
		rows = append(rows, r)
	}
	limit, page := p.Limit.Or(100), p.Page.Or(1)
	start := min((page-1)*limit, len(rows))
	end := min(start+limit+1, len(rows))
	res := oas.PolicyList{Data: rows[start:end]}
	if end-start > limit {
		res.NextCursor = oas.NewOptString(fmt.Sprintf("after-%d", rows[start+limit-1].ID))
	}
	return &oas.PolicyListHeaders{Response: res}, nil
}

func (f *fakeBackend) row(id int64) (sdk.PolicyRow, error) {
	for _, r := range f.business.policies {
		if r.ID == id {
			return r, nil
		}
	}
	return sdk.PolicyRow{}, &sdk.Error{Status: 404, Message: "Policy not found"}
}

func (f *fakeBackend) GetPolicy(_ context.Context, p oas.GetPolicyParams) (*oas.PolicyHeaders, error) {
	f.business.detailCalls = append(f.business.detailCalls, fmt.Sprintf("policy %d", p.ID))
	r, err := f.row(p.ID)
	if err != nil {
		return nil, err
	}
	pol := sdk.Policy{ID: r.ID, PolicyNumber: r.PolicyNumber, ProviderName: r.ProviderName, ProductName: r.ProductName,
		Category: r.Category, Type: r.Type, CommissionRateBp: 11000, ClientID: r.ClientID, ClientName: r.ClientName, ClientState: "FL",
		Writers:         []oas.PolicyWriter{{Code: r.WriterCode, Name: r.WriterName, ShareBp: 10000}},
		FaceAmountCents: r.FaceAmountCents, TargetPremiumCents: r.TargetPremiumCents, BvCents: r.BvCents, Status: r.Status,
		SubmittedOn: r.SubmittedOn, OpenRequirements: r.OpenRequirements, CanEdit: true, NextStatuses: []oas.PolicyStatus{},
		Notes: oas.NewOptString("Paid by bank draft on the first of the month."), CreatedAt: r.UpdatedAt, UpdatedAt: r.UpdatedAt}
	if code, ok := r.SplitCode.Get(); ok {
		pol.Writers[0].ShareBp = 6000
		pol.Writers = append(pol.Writers, oas.PolicyWriter{Code: code, Name: "Dee Stone", ShareBp: 4000})
	}
	pol.Trainer = oas.NewOptPersonRef(oas.PersonRef{Code: "R3000", Name: "Rita Senior"})
	return &oas.PolicyHeaders{Response: pol}, nil
}

func (f *fakeBackend) ListPolicyRequirements(_ context.Context, p oas.ListPolicyRequirementsParams) (*oas.RequirementListHeaders, error) {
	f.business.detailCalls = append(f.business.detailCalls, fmt.Sprintf("requirements %d", p.ID))
	r, err := f.row(p.ID)
	if err != nil {
		return nil, err
	}
	first := oas.RequirementStatusReceived
	if r.OpenRequirements > 0 {
		first = oas.RequirementStatusOpen
	}
	return &oas.RequirementListHeaders{Response: oas.RequirementList{Data: []oas.Requirement{
		{ID: 1, Name: "Signed illustration", Status: first, DueOn: oas.NewOptDate(day(2026, 11, 30))},
		{ID: 2, Name: "Attending physician statement", Status: oas.RequirementStatusReceived},
		{ID: 3, Name: "Replacement form", Status: oas.RequirementStatusWaived, DueOn: oas.NewOptDate(day(2026, 11, 10))},
	}}}, nil
}

func (f *fakeBackend) GetPolicyCommission(_ context.Context, p oas.GetPolicyCommissionParams) (*oas.CommissionPreviewHeaders, error) {
	f.business.detailCalls = append(f.business.detailCalls, fmt.Sprintf("commission %d", p.ID))
	if err := f.business.commission[p.ID]; err != nil {
		return nil, err
	}
	r, err := f.row(p.ID)
	if err != nil {
		return nil, err
	}
	c := r.TargetPremiumCents * 11000 / 10000
	return &oas.CommissionPreviewHeaders{Response: oas.CommissionPreview{AsOf: r.SubmittedOn, CommissionableCents: c, TotalCents: c * 7500 / 10000,
		Lines: []oas.CommissionLine{
			{AssociateCode: "A1001", AssociateName: "Ann Agent", Level: "SMD", BonusType: oas.BonusTypeWriting, Category: oas.EarningCategoryPersonal,
				BaseCents: c, RateBp: 6500, AmountCents: c * 6500 / 10000, Chain: []string{"A1001"},
				Explanation: fmt.Sprintf("Writing: A1001 (SMD) wrote the policy: 65%% of $%d.%02d commissionable.", c/100, c%100)},
			{AssociateCode: "R3000", AssociateName: "Rita Senior", Level: "RMD", BonusType: oas.BonusTypeOverrideBonus, Category: oas.EarningCategoryOverride,
				BaseCents: c, RateBp: 1000, AmountCents: c * 1000 / 10000, Chain: []string{"A1001", "R3000"},
				Explanation: "Override: R3000 (RMD) 75% − 65% already paid below = 10% of the commissionable amount (writer A1001; chain A1001 → R3000)."},
		}}}, nil
}

func (tt *tester) business() *businessScreen {
	return tt.root().screens[screenBusiness].(*businessScreen)
}

func TestBusinessScreen(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("5")
	// An associate starts on its own policies.
	tt.golden("business_page1")
	first := b.business.listCalls[0]
	if first.View.Or("") != oas.TeamViewPersonal || first.Limit.Or(0) != businessPageSize || first.Page.Or(0) != 1 || first.Cursor.Set {
		t.Errorf("first request = %+v", first)
	}

	// → switches to the next offered view, from its first page; n pages with the cursor.
	tt.keys("right")
	if got := b.business.listCalls[len(b.business.listCalls)-1]; got.View.Or("") != oas.TeamViewBaseShop || got.Page.Or(0) != 1 {
		t.Errorf("BaseShop request = %+v", got)
	}
	tt.keys("n")
	if got := b.business.listCalls[len(b.business.listCalls)-1]; got.Page.Or(0) != 2 || got.Cursor.Or("") != "after-549" {
		t.Errorf("next page = %+v, want page 2 with the cursor", got)
	}
	tt.golden("business_team_page2")
	tt.keys("left", "left") // round to Infinity
	if got := b.business.listCalls[len(b.business.listCalls)-1]; got.View.Or("") != oas.TeamViewInfinity {
		t.Errorf("← ← from BaseShop: %+v", got)
	}

	// / filters by client name, and takes the listing terms.
	tt.keys("/")
	tt.typeText("status=eq:pending lee")
	tt.keys("enter")
	last := b.business.listCalls[len(b.business.listCalls)-1]
	if last.FilterClientNameContains.Or("") != "lee" || last.FilterStatusEq.Or("") != oas.PolicyStatusPending {
		t.Errorf("filtered request = %+v", last)
	}
	tt.keys("esc")
	if last := b.business.listCalls[len(b.business.listCalls)-1]; last.FilterClientNameContains.Set {
		t.Errorf("esc did not clear the filter: %+v", last)
	}
}

func TestPolicyTabs(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("5", "enter")
	tt.golden("policy_details")
	tt.keys("right")
	tt.golden("policy_requirements")
	tt.keys("right")
	tt.golden("policy_commission")
	tt.keys("right", "right", "right") // round again: nothing is asked twice
	want := []string{"policy 500", "requirements 500", "commission 500"}
	if diff := cmp.Diff(want, b.business.detailCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	tt.keys("esc")
	if tt.business().detail != nil || !strings.Contains(tt.view(), "›  TL-01000") {
		t.Errorf("esc did not come back to the list:\n%s", tt.view())
	}

	// A tab that fails says why; the others still show.
	b.business.commission[501] = &sdk.Error{Status: 404, Message: "Policy not found"}
	tt.keys("down", "enter", "left")
	if view := tt.view(); !strings.Contains(view, "Error: Policy not found") || !strings.Contains(view, "[Commission]") {
		t.Errorf("a failed tab:\n%s", view)
	}
	tt.keys("left")
	if view := tt.view(); !strings.Contains(view, "Signed illustration") {
		t.Errorf("the requirements after a failed tab:\n%s", view)
	}
}

// Staff allowed to review policies see every policy, without views; acting for an
// associate, that associate's.
func TestStaffBusiness(t *testing.T) {
	tt, b := staffTester(t, "")
	tt.keys("5")
	tt.golden("business_staff")
	first := b.business.listCalls[0]
	if first.View.Set {
		t.Errorf("staff asked for a view: %+v", first)
	}
	calls := len(b.business.listCalls)
	tt.keys("right")
	if len(b.business.listCalls) != calls {
		t.Error("→ asked for another view without any")
	}

	tt, b = staffTester(t, "A2001")
	tt.keys("5")
	if got := b.business.listCalls[len(b.business.listCalls)-1]; got.View.Or("") != oas.TeamViewPersonal {
		t.Errorf("acting for A2001: %+v", got)
	}
}
