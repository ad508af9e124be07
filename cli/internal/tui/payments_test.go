package tui

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/paydisplay"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// fakePayments answers the payments part of the Backend like the server: the caller's
// cashflow newest first (or in the order asked), limit+1 rows and next_cursor, an entry's
// explanation with its line and policy, and the dashboard.
type fakePayments struct {
	entries []sdk.CashflowEntry
	dashErr error

	listCalls  []oas.ListCashflowParams
	listOrders [][]sdk.OrderKey
	entryCalls []int64
	dashCalls  int
}

// demoPayments is 25 policies' lines, each an advance (75 % of the earning, Paid) and the
// escrow held (the rest); every fourth policy lapsed in its policy month 4, which reclaims
// the escrow and the advance beyond 4/12 of the earning. The policies are the business
// fake's first 25 (IDs 500…).
func demoPayments() fakePayments {
	types := []struct {
		bonus oas.BonusType
		cat   oas.EarningCategory
	}{{oas.BonusTypeWriting, oas.EarningCategoryPersonal}, {oas.BonusTypeOverrideBonus, oas.EarningCategoryOverride},
		{oas.BonusTypeUnpaidGenerationsBonus, oas.EarningCategoryGeneration}}
	var f fakePayments
	id := int64(9000)
	for i := range 25 {
		ty := types[i%3]
		earning := int64(25000 + 1000*i)
		advance := (earning*75 + 50) / 100
		approved := day(2026, time.Month(1+i%8), 5)
		entry := func(kind oas.EntryKind, st oas.EntryStatus, amount int64, on time.Time) {
			id++
			dir := oas.EntryDirectionCompensation
			if amount < 0 {
				dir = oas.EntryDirectionChargeback
			}
			f.entries = append(f.entries, sdk.CashflowEntry{ID: id, AssociateCode: "A1001", AssociateName: "Ann Agent",
				PolicyID: oas.NewOptInt64(int64(500 + i)), PolicyNumber: oas.NewOptString(fmt.Sprintf("TL-%05d", 1000+i)),
				Category: ty.cat, BonusType: ty.bonus, Status: st, Direction: dir, Kind: kind, AmountCents: amount,
				EarningCents: earning, Period: day(on.Year(), on.Month(), 1), OccurredOn: on, Settled: st == oas.EntryStatusPaid && i%2 == 0})
		}
		entry(oas.EntryKindAdvance, oas.EntryStatusPaid, advance, approved)
		entry(oas.EntryKindEscrow, oas.EntryStatusEscrow, earning-advance, approved)
		if i%4 == 3 {
			lapsed := approved.AddDate(0, 3, 10)
			kept := (earning*4 + 6) / 12
			entry(oas.EntryKindChargebackEscrow, oas.EntryStatusChargebackEscrow, -(earning - advance), lapsed)
			entry(oas.EntryKindChargeback, oas.EntryStatusChargeback, -(advance - kept), lapsed)
		}
	}
	return f
}

// newest sorts entries as the contract's default order does: newest first, the id last.
func newest(a, b sdk.CashflowEntry) int {
	return cmp.Or(b.OccurredOn.Compare(a.OccurredOn), cmp.Compare(b.ID, a.ID))
}

func (f *fakeBackend) ListCashflow(ctx context.Context, p oas.ListCashflowParams) (*oas.CashflowListHeaders, error) {
	pay := &f.payments
	pay.listCalls = append(pay.listCalls, p)
	pay.listOrders = append(pay.listOrders, sdk.OrderFrom(ctx))
	var rows []sdk.CashflowEntry
	for _, e := range pay.entries {
		if v, ok := p.FilterPolicyNumberEq.Get(); ok && e.PolicyNumber.Or("") != v {
			continue
		}
		if v, ok := p.FilterStatusEq.Get(); ok && e.Status != v {
			continue
		}
		rows = append(rows, e)
	}
	slices.SortStableFunc(rows, newest)
	if o, ok := p.Order.Get(); ok {
		slices.SortStableFunc(rows, func(a, b sdk.CashflowEntry) int {
			switch {
			case o.AmountCents.Set && o.AmountCents.Value == oas.SortDirectionDESC:
				return cmp.Compare(b.AmountCents, a.AmountCents)
			case o.AmountCents.Set:
				return cmp.Compare(a.AmountCents, b.AmountCents)
			case o.OccurredOn.Set && o.OccurredOn.Value == oas.SortDirectionASC && !o.Status.Set:
				return -newest(a, b)
			case o.Status.Set:
				return cmp.Compare(a.Status, b.Status)
			}
			return 0
		})
	}
	limit, page := p.Limit.Or(100), p.Page.Or(1)
	start := min((page-1)*limit, len(rows))
	end := min(start+limit+1, len(rows))
	res := oas.CashflowList{Data: rows[start:end]}
	if end-start > limit {
		res.NextCursor = oas.NewOptString(fmt.Sprintf("after-%d", rows[start+limit-1].ID))
	}
	return &oas.CashflowListHeaders{Response: res}, nil
}

func (f *fakeBackend) GetCashflowEntry(_ context.Context, p oas.GetCashflowEntryParams) (*oas.CashflowEntryDetailHeaders, error) {
	pay := &f.payments
	pay.entryCalls = append(pay.entryCalls, p.ID)
	i := slices.IndexFunc(pay.entries, func(e sdk.CashflowEntry) bool { return e.ID == p.ID })
	if i < 0 {
		return nil, &sdk.Error{Status: 404, Message: "Cashflow entry not found"}
	}
	e := pay.entries[i]
	d := oas.CashflowEntryDetail{Entry: e}
	for _, le := range pay.entries {
		if le.PolicyID == e.PolicyID {
			d.LineEntries = append(d.LineEntries, le)
		}
	}
	// The policy is the business fake's, as the server's would be the policies table's.
	pol, err := f.row(e.PolicyID.Value)
	if err != nil {
		return nil, err
	}
	d.Policy = oas.NewOptEntryPolicy(oas.EntryPolicy{ID: pol.ID, PolicyNumber: pol.PolicyNumber, ProviderName: pol.ProviderName,
		ProductName: pol.ProductName, SubmittedOn: d.LineEntries[0].OccurredOn.AddDate(0, 0, -20), ApprovedOn: d.LineEntries[0].OccurredOn})
	line := oas.EntryLine{Rule: string(e.BonusType), Level: "Senior Marketing Director", EarnerRateBp: 6500, RateBp: 6500,
		ShareBp: 10000, EarningCents: e.EarningCents, Chain: []string{"A1001"}, Leader: oas.NewOptString("R3000")}
	switch e.Category {
	case oas.EarningCategoryOverride:
		line.BelowRateBp, line.RateBp = oas.NewOptInt(4500), 2000
		line.Chain = []string{"A2001", "A1001"}
	case oas.EarningCategoryGeneration:
		line.Level, line.EarnerRateBp, line.RateBp, line.Generation = "RMD", 7500, 300, oas.NewOptInt(3)
		line.Chain, line.Inactive = []string{"A2001", "R3000", "R3100", "R3200", "A1001"}, oas.NewOptString("R3200")
	}
	line.CommissionableCents = e.EarningCents * 10000 / int64(line.RateBp)
	line.BaseCents = line.CommissionableCents
	d.Line = oas.NewOptEntryLine(line)
	d.Explanation = fmt.Sprintf("%s: %s (%s) earns %s of the commissionable amount of %s.", e.BonusType, e.AssociateCode,
		line.Level, text.FormatPercent(line.RateBp), e.PolicyNumber.Value)
	if e.Direction == oas.EntryDirectionChargeback {
		d.LapseMonth = oas.NewOptInt(4)
		d.Policy.Value.LapsedOn = oas.NewOptDate(e.OccurredOn)
		d.Explanation = fmt.Sprintf("%s lapsed in policy month 4: the line keeps 4/12 of its earning; the escrow held is reclaimed first, "+
			"the rest is a debit netted against later pay.", e.PolicyNumber.Value)
	}
	return &oas.CashflowEntryDetailHeaders{Response: d}, nil
}

func (f *fakeBackend) GetPaymentsDashboard(context.Context, oas.GetPaymentsDashboardParams) (*oas.PaymentsDashboardHeaders, error) {
	pay := &f.payments
	pay.dashCalls++
	if pay.dashErr != nil {
		return nil, pay.dashErr
	}
	d := oas.PaymentsDashboard{AssociateCode: "A1001", AssociateName: "Ann Agent", PeriodStart: day(2026, 11, 1), PeriodEnd: day(2026, 11, 22),
		Earnings: []oas.CategoryAmount{{Category: oas.EarningCategoryPersonal, AmountCents: 25000},
			{Category: oas.EarningCategoryOverride, AmountCents: 20000}, {Category: oas.EarningCategoryGeneration, AmountCents: 6000},
			{Category: oas.EarningCategoryBonus, AmountCents: 0}},
		EarningsCents: 51000, ChargebacksCents: -10417, Balances: oas.PaymentsBalances{PendingCents: 18750}}
	for _, e := range pay.entries {
		switch e.Status {
		case oas.EntryStatusEscrow:
			d.Balances.EscrowCents += e.AmountCents
		case oas.EntryStatusPaid:
			d.Balances.PaidCents += e.AmountCents
		case oas.EntryStatusChargeback:
			d.Balances.ChargebackDebtCents += e.AmountCents
		}
	}
	return &oas.PaymentsDashboardHeaders{Response: d}, nil
}

func (tt *tester) payments() *paymentsScreen {
	return tt.root().screens[screenPayments].(*paymentsScreen)
}

func TestPaymentsScreen(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("6")
	tt.golden("payments_page1")
	pay := &b.payments
	first := pay.listCalls[0]
	if first.Limit.Or(0) != paymentsPageSize || first.Page.Or(0) != 1 || first.Cursor.Set || first.Order.Set {
		t.Errorf("first request = %+v", first)
	}
	if pay.dashCalls != 1 {
		t.Errorf("%d dashboard requests, want 1", pay.dashCalls)
	}

	// n pages with the cursor; s changes the order from the first page.
	tt.keys("n")
	if got := pay.listCalls[len(pay.listCalls)-1]; got.Page.Or(0) != 2 || !strings.HasPrefix(got.Cursor.Or(""), "after-") {
		t.Errorf("next page = %+v, want page 2 with the cursor", got)
	}
	tt.keys("s", "s")
	last := pay.listCalls[len(pay.listCalls)-1]
	if o := last.Order.Value; last.Page.Or(0) != 1 || last.Cursor.Set || o.AmountCents.Or("") != oas.SortDirectionDESC {
		t.Errorf("sorted request = %+v", last)
	}
	tt.golden("payments_sorted")
	tt.keys("s", "s", "s") // round to the default again
	if last := pay.listCalls[len(pay.listCalls)-1]; last.Order.Set {
		t.Errorf("s five times: %+v", last)
	}

	// / filters by policy number, and takes the listing terms (the sort terms win over s).
	tt.filter("status=eq:escrow sort:amount_cents TL-01003")
	last = pay.listCalls[len(pay.listCalls)-1]
	if last.FilterPolicyNumberEq.Or("") != "TL-01003" || last.FilterStatusEq.Or("") != oas.EntryStatusEscrow {
		t.Errorf("filtered request = %+v", last)
	}
	if diff := gocmp.Diff([]sdk.OrderKey{{Field: "amount_cents", Direction: "ASC"}}, pay.listOrders[len(pay.listOrders)-1]); diff != "" {
		t.Errorf("order keys (-want +got):\n%s", diff)
	}
	if view := tt.view(); !strings.Contains(view, `"status=eq:escrow sort:amount_cents TL-01003"`) || !strings.Contains(view, "Showing 1–1") ||
		!strings.Contains(view, "TL-01003    Writing") {
		t.Errorf("the filtered list:\n%s", view)
	}
	calls := len(pay.listCalls)
	tt.filter("kind=eq:advance")
	if len(pay.listCalls) != calls || !strings.Contains(tt.view(), `unknown filter field "kind"`) {
		t.Errorf("a filter the contract does not declare:\n%s", tt.view())
	}
	tt.filter("amount_cents=gte:12.50") // money filters are cents, never dollars
	if len(pay.listCalls) != calls || !strings.Contains(tt.view(), `invalid value "12.50" for filter amount_cents=gte: expected an integer`) {
		t.Errorf("an amount in dollars:\n%s", tt.view())
	}
	tt.keys("esc")
	if last := pay.listCalls[len(pay.listCalls)-1]; last.FilterPolicyNumberEq.Set || last.FilterStatusEq.Set {
		t.Errorf("esc did not clear the filter: %+v", last)
	}

	// r reloads the page and the balances.
	tt.keys("r")
	if pay.dashCalls != 2 {
		t.Errorf("r: %d dashboard requests, want 2", pay.dashCalls)
	}
}

// enter explains an entry; o opens its policy's tabs, esc comes back to the entry, then to
// the list.
func TestPaymentsEntry(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("6")
	// The newest entries are the lapses of November: TL-01023's chargeback, then its
	// chargeback escrow.
	tt.keys("down", "enter")
	tt.golden("payments_entry")
	pay := &b.payments
	if len(pay.entryCalls) != 1 {
		t.Fatalf("entry requests %v", pay.entryCalls)
	}
	if got := tt.payments().entry.detail.Entry; got.Kind != oas.EntryKindChargebackEscrow {
		t.Errorf("opened %+v, want the second row (a chargeback escrow)", got)
	}

	// ↓ scrolls down to the line's entries, this one marked.
	for range 12 {
		tt.keys("down")
	}
	if view := tt.view(); !strings.Contains(view, "› 11/15/2026  Nov 2026  chargeback escrow  Chargeback Escrow     -$120.00") ||
		!strings.Contains(view, "  08/05/2026  Aug 2026  advance            Paid                   $360.00") {
		t.Errorf("the line's entries:\n%s", view)
	}

	tt.keys("o")
	tt.golden("payments_policy")
	if diff := gocmp.Diff([]string{"policy 523"}, b.business.detailCalls); diff != "" {
		t.Errorf("policy requests (-want +got):\n%s", diff)
	}
	tt.keys("right")
	if view := tt.view(); !strings.Contains(view, "Signed illustration") {
		t.Errorf("the policy's requirements from the payments screen:\n%s", view)
	}
	tt.keys("esc")
	if s := tt.payments(); s.entry == nil || s.entry.policy != nil || !strings.Contains(tt.view(), "Policy · o opens it") {
		t.Errorf("esc did not come back to the entry:\n%s", tt.view())
	}
	tt.keys("esc")
	if s := tt.payments(); s.entry != nil || !strings.Contains(tt.view(), "›  11/15/2026  TL-01023") {
		t.Errorf("esc did not come back to the list:\n%s", tt.view())
	}
	// The business screen, whose policy answers went by, has nothing open.
	if tt.business().detail != nil {
		t.Error("the payments screen's policy opened on the business screen")
	}

	// An entry that cannot be loaded says why.
	pay.entries = pay.entries[:0]
	tt.keys("enter")
	if view := tt.view(); !strings.Contains(view, "Entry #9059\n") || !strings.Contains(view, "Error: Cashflow entry not found (HTTP 404)") {
		t.Errorf("a failed entry:\n%s", view)
	}
}

// A staff member acting for nobody is told to choose an associate; acting for one, the
// payments are that associate's, through the backend that acts for it.
func TestStaffPayments(t *testing.T) {
	tt, b := staffTester(t, "")
	tt.keys("6")
	tt.golden("payments_staff")
	if len(b.payments.listCalls) != 0 || b.payments.dashCalls != 0 {
		t.Errorf("requests for a staff member acting for nobody: %v, %d", b.payments.listCalls, b.payments.dashCalls)
	}

	tt.keys("a")
	tt.typeText("a2001")
	tt.keys("enter") // Cal Smithers
	if tt.root().active != screenPayments {
		t.Fatalf("acting left the payments screen for %v", tt.root().active)
	}
	if len(b.payments.listCalls) != 1 || b.payments.dashCalls != 1 {
		t.Errorf("acting for A2001: %d list and %d dashboard requests, want 1 and 1", len(b.payments.listCalls), b.payments.dashCalls)
	}
	if view := tt.view(); !strings.Contains(view, "Sam Staffer as Cal Smith") || !strings.Contains(view, "Pending $187.50") {
		t.Errorf("acting for A2001:\n%s", view)
	}
}

// The balances that cannot be loaded say why above a cashflow that could.
func TestPaymentsDashboardError(t *testing.T) {
	b := demoBackend()
	b.payments.dashErr = &sdk.Error{Status: 503, Message: "Payments are not available yet"}
	tt := newTester(t, b)
	tt.keys("6")
	view := tt.view()
	if !strings.Contains(view, "Balances  Payments are not available yet (HTTP 503)") || !strings.Contains(view, "TL-01019") {
		t.Errorf("a failed dashboard:\n%s", view)
	}
	if tt.root().Err() != nil {
		t.Error("a 503 ended the TUI")
	}
}

// A policy's answers go to the screen that opened it only: the business screen's policy and
// the one the payments screen opened from an entry never get each other's, even for the
// same policy.
func TestPolicyAnswersGoToTheirScreen(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("6", "down", "enter", "o") // the payments screen's policy: TL-01023, #523
	tt.keys("5", "enter")              // the business screen's: TL-01000, #500
	pay, biz := tt.payments().entry.policy, tt.business().detail
	if pay == nil || biz == nil || pay.id != 523 || biz.id != 500 {
		t.Fatalf("open policies: %+v, %+v", pay, biz)
	}
	stray := []oas.Requirement{{ID: 1, Name: "Stray", Status: oas.RequirementStatusOpen}}
	tt.send(policyLoadedMsg{screen: screenPayments, id: 500, tab: tabRequirements, data: stray},
		policyLoadedMsg{screen: screenBusiness, id: 523, tab: tabRequirements, data: stray})
	if biz.loaded[tabRequirements] || biz.requirements != nil || pay.loaded[tabRequirements] || pay.requirements != nil {
		t.Errorf("an answer for the other screen was taken: business %v, payments %v", biz.requirements, pay.requirements)
	}
	tt.send(policyLoadedMsg{screen: screenBusiness, id: 500, tab: tabRequirements, data: stray})
	if !biz.loaded[tabRequirements] || len(biz.requirements) != 1 || pay.loaded[tabRequirements] {
		t.Errorf("the business screen's answer: business %v, payments %v", biz.requirements, pay.requirements)
	}
}

// An entry of a policy in force shows the line and the policy as the CLI's explain does
// (paydisplay's fields): no Lapsed field, no lapse month.
func TestPaymentsEntryInForce(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("6")
	tt.filter("status=eq:paid TL-01001")
	tt.keys("enter")
	v := tt.payments().entry
	if v == nil || v.detail == nil || v.detail.Entry.Kind != oas.EntryKindAdvance || v.detail.Policy.Value.LapsedOn.Set {
		t.Fatalf("opened %+v", v)
	}
	view := tt.view()
	for _, f := range append(paydisplay.LineFields(&v.detail.Line.Value), paydisplay.PolicyFields(&v.detail.Policy.Value, v.detail.LapseMonth)...) {
		if want := fmt.Sprintf("%-17s%s", f[0], f[1]); !strings.Contains(view, want) {
			t.Errorf("the entry lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "Lapse") {
		t.Errorf("a policy in force shows a lapse:\n%s", view)
	}
}
