package paydisplay

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
)

func on(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// An override line names the rate paid below it, a generation line its generation, and the
// chain shows from the writer up; a free-look lapse is month 0 (a policy in force:
// TestPolicyFieldsLapsed).
func TestLineAndPolicyFields(t *testing.T) {
	l := oas.EntryLine{Rule: "Generation", Level: "RMD", EarnerRateBp: 7500, BelowRateBp: oas.NewOptInt(7500), RateBp: 400,
		Generation: oas.NewOptInt(2), BaseCents: 50000, CommissionableCents: 100000, ShareBp: 5000, EarningCents: 2000,
		Chain: []string{"W100", "U200", "L500", "G600", "G700"}, Inactive: oas.NewOptString("G650")}
	got := LineFields(&l)
	want := [][2]string{{"Rule", "Generation"}, {"Level", "RMD"}, {"Earner's rate", "75%"}, {"Paid below", "75%"}, {"Rate", "4%"},
		{"Generation", "2"}, {"Commissionable", "$1,000.00"}, {"Share", "50%"}, {"Base", "$500.00"}, {"Earning", "$20.00"},
		{"Chain", "W100 → U200 → L500 → G600 → G700"}, {"Inactive", "G650"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("line (-want +got):\n%s", diff)
	}
	p := oas.EntryPolicy{ID: 7, PolicyNumber: "FA-7", ProviderName: "Pioneer", ProductName: "Fixed 5", SubmittedOn: on(2026, 1, 2),
		ApprovedOn: on(2026, 1, 9)}
	if got := PolicyFields(&p, oas.NewOptInt(0)); got[len(got)-1] != [2]string{"Lapse month", "0 (free look)"} {
		t.Errorf("free look: %v", got)
	}
}

// The policy behind a line in force has no Lapsed field; a lapsed one has its date and the
// policy month of the lapse.
func TestPolicyFieldsLapsed(t *testing.T) {
	p := oas.EntryPolicy{ID: 42, PolicyNumber: "TL-100", ProviderName: "Great Lakes", ProductName: "Term 20", SubmittedOn: on(2025, 12, 28),
		ApprovedOn: on(2026, 1, 5)}
	want := [][2]string{{"Number", "TL-100 (#42)"}, {"Provider", "Great Lakes"}, {"Product", "Term 20"}, {"Submitted", "12/28/2025"},
		{"Approved", "01/05/2026"}}
	if diff := cmp.Diff(want, PolicyFields(&p, oas.OptInt{})); diff != "" {
		t.Errorf("in force (-want +got):\n%s", diff)
	}
	p.LapsedOn = oas.NewOptDate(on(2026, 4, 20))
	want = append(want, [2]string{"Lapsed", "04/20/2026"}, [2]string{"Lapse month", "4 of 12"})
	if diff := cmp.Diff(want, PolicyFields(&p, oas.NewOptInt(4))); diff != "" {
		t.Errorf("lapsed (-want +got):\n%s", diff)
	}
}

// More cents than a float64 holds exactly are formatted from the integer.
func TestBalanceFields(t *testing.T) {
	b := oas.PaymentsBalances{PendingCents: 18750, EscrowCents: 6250, PaidCents: 9007199254740993, ChargebackDebtCents: -10417}
	want := [][2]string{{"Pending", "$187.50"}, {"Escrow", "$62.50"}, {"Paid", "$90,071,992,547,409.93"}, {"Chargeback debt", "-$104.17"}}
	if diff := cmp.Diff(want, BalanceFields(&b)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestKindText(t *testing.T) {
	for k, want := range map[oas.EntryKind]string{oas.EntryKindAdvance: "advance", oas.EntryKindChargebackEscrow: "chargeback escrow",
		oas.EntryKindReleaseOut: "release out"} {
		if got := KindText(k); got != want {
			t.Errorf("KindText(%q) = %q, want %q", k, got, want)
		}
	}
}
