package ledger

import (
	"strings"
	"testing"
	"time"

	"github.com/associateportal/portal/server/comp"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestPolicyMonth(t *testing.T) {
	approved := day("2026-01-31")
	for _, c := range []struct {
		on   string
		want int
	}{
		{"2026-01-30", 0}, {"2026-01-31", 1}, {"2026-02-27", 1}, {"2026-02-28", 2}, {"2026-03-30", 2},
		{"2026-03-31", 3}, {"2026-10-30", 9}, {"2026-10-31", 10}, {"2027-01-31", 13},
	} {
		if got := PolicyMonth(approved, day(c.on)); got != c.want {
			t.Errorf("PolicyMonth(%s, %s) = %d, want %d", approved.Format(time.DateOnly), c.on, got, c.want)
		}
	}
	if got := ReleaseDue(approved, 1); !got.Equal(day("2026-10-31")) {
		t.Errorf("part 1 due %s, want 2026-10-31 (month 10 starts)", got.Format(time.DateOnly))
	}
	if got := ReleaseDue(day("2026-05-31"), 1); !got.Equal(day("2027-02-28")) {
		t.Errorf("part 1 of a May 31 approval due %s, want 2027-02-28", got.Format(time.DateOnly))
	}
}

// state reads a line back from its entries, as the store does.
func state(l Line, entries []Entry) Line {
	l.HeldCents = 0
	for _, e := range entries {
		if e.Status == StatusEscrow || e.Status == StatusChargebackEscrow {
			l.HeldCents += e.AmountCents
		}
		if e.Kind == KindReleaseOut {
			l.Released[e.Why.Part-1] = true
		}
	}
	return l
}

func sum(entries []Entry, keep func(Entry) bool) int64 {
	var s int64
	for _, e := range entries {
		if keep(e) {
			s += e.AmountCents
		}
	}
	return s
}

// TestWorkedLapses runs DOMAIN.md's table: W's 25,000 advanced 18,750 with 6,250 in escrow,
// lapsing in months 0, 4, 10, 11 and 12.
func TestWorkedLapses(t *testing.T) {
	approved := day("2026-01-15")
	pol := Policy{ID: 7, Number: "P-7", Provider: "Acme Life", Product: "Term 20", SubmittedOn: day("2026-01-02"), ApprovedOn: approved}
	line := comp.Line{Person: comp.Person{ID: 42, Code: "W"}, BonusType: comp.BonusWriting, Category: comp.CategoryPersonal,
		AmountCents: 25_000, Why: comp.Explanation{Rule: comp.RuleWriting, Chain: []string{"W"}, RateBP: 2500, BaseCents: 100_000, ShareBP: 10_000, AmountCents: 25_000}}
	approval, err := Approval("approved:1", pol, []comp.Line{line}, comp.DefaultAdvanceBP)
	if err != nil {
		t.Fatal(err)
	}
	if len(approval) != 2 || approval[0].AmountCents != 18_750 || approval[1].AmountCents != 6_250 ||
		approval[0].Status != StatusPending || approval[1].Status != StatusEscrow {
		t.Fatalf("approval entries %+v", approval)
	}
	for _, c := range []struct {
		month                         int
		freeLook                      bool
		kept, escrow, released, debit int64
	}{
		{0, true, 0, -6_250, 0, -18_750},
		{4, false, 8_333, -6_250, 0, -10_417},
		{10, false, 20_833, -4_167, 0, 0},
		{11, false, 22_917, -2_083, 1, 0},
		{12, false, 25_000, 0, 0, 0},
	} {
		lapsed := AddMonths(approved, c.month-1).AddDate(0, 0, 3)
		if c.freeLook {
			lapsed = approved.AddDate(0, 0, 5)
		}
		if !c.freeLook && PolicyMonth(approved, lapsed) != c.month {
			t.Fatalf("lapse day %s is in month %d", lapsed.Format(time.DateOnly), PolicyMonth(approved, lapsed))
		}
		entries := append([]Entry(nil), approval...)
		l := state(Line{AssociateID: 42, PolicyID: 7, Category: line.Category, BonusType: line.BonusType,
			EarningCents: 25_000, EscrowCents: 6_250, Why: approval[0].Why}, entries)
		for _, k := range DueParts(l, lapsed, &lapsed) {
			entries = append(entries, Release(l, k)...)
		}
		l = state(l, entries)
		lapse, err := Lapse("lapsed:2", l, lapsed, c.month, c.freeLook)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, lapse...)
		of := func(k Kind) int64 { return sum(lapse, func(e Entry) bool { return e.Kind == k }) }
		if got := sum(entries, func(Entry) bool { return true }); got != c.kept {
			t.Errorf("month %d: the line's entries add up to %d, want it to keep %d", c.month, got, c.kept)
		}
		if of(KindChargebackEscrow) != c.escrow || of(KindLapseReleaseIn) != c.released || of(KindChargeback) != c.debit {
			t.Errorf("month %d: chargeback escrow %d, released %d, debit %d; want %d, %d, %d", c.month,
				of(KindChargebackEscrow), of(KindLapseReleaseIn), of(KindChargeback), c.escrow, c.released, c.debit)
		}
		if held := state(l, entries).HeldCents; held != 0 {
			t.Errorf("month %d: %d still held in escrow after the lapse", c.month, held)
		}
		for _, e := range lapse {
			if e.Direction() == Chargeback && e.AmountCents > 0 {
				t.Errorf("month %d: a chargeback entry of %d", c.month, e.AmountCents)
			}
			if text := e.Why.Text(e.AmountCents); !strings.Contains(text, "P-7") || !strings.Contains(text, "lapsed") && !strings.Contains(text, "free look") {
				t.Errorf("month %d: %s explained as %q", c.month, e.Kind, text)
			}
		}
	}
}

// TestLateLapse: a lapse recorded after the escrow of later months was already released
// takes the reclaim from what is still held, and the rest as a debit.
func TestLateLapse(t *testing.T) {
	approved := day("2025-01-10")
	pol := Policy{ID: 1, Number: "N", SubmittedOn: approved, ApprovedOn: approved}
	approval, _ := Approval("approved:1", pol, []comp.Line{{Person: comp.Person{ID: 1}, Category: comp.CategoryPersonal, BonusType: comp.BonusWriting, AmountCents: 25_000}}, 7500)
	l := state(Line{AssociateID: 1, PolicyID: 1, EarningCents: 25_000, EscrowCents: 6_250, Why: approval[0].Why}, approval)
	entries := append([]Entry(nil), approval...)
	today := day("2026-01-20") // all three parts are due
	for _, k := range DueParts(l, today, nil) {
		entries = append(entries, Release(l, k)...)
	}
	l = state(l, entries)
	if l.HeldCents != 0 || len(DueParts(l, today, nil)) != 0 {
		t.Fatalf("after the releases: held %d, due %v", l.HeldCents, DueParts(l, today, nil))
	}
	lapsed := day("2025-06-01") // month 5, recorded late
	lapse, err := Lapse("lapsed:9", l, lapsed, PolicyMonth(approved, lapsed), false)
	if err != nil {
		t.Fatal(err)
	}
	entries = append(entries, lapse...)
	if got := sum(entries, func(Entry) bool { return true }); got != 10_417 {
		t.Errorf("kept %d, want 25,000 × 5/12 = 10,417", got)
	}
	if len(lapse) != 1 || lapse[0].Kind != KindChargeback || lapse[0].AmountCents != -14_583 {
		t.Errorf("lapse entries %+v, want one debit of -14,583", lapse)
	}
}

func TestDuePartsStopAtTheLapse(t *testing.T) {
	approved := day("2025-01-10")
	l := Line{EscrowCents: 6_250, Why: Why{Policy: &Policy{ApprovedOn: approved}}}
	lapsed := day("2025-11-15") // month 11: parts 1 and 2 were due while in force
	if got := DueParts(l, day("2026-06-01"), &lapsed); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("due parts %v, want [1 2]", got)
	}
	if got := DueParts(l, day("2025-10-09"), nil); len(got) != 0 {
		t.Errorf("due before month 10: %v", got)
	}
}

func TestPoolSharesAddUp(t *testing.T) {
	run := PoolRun{ID: 3, BonusType: comp.BonusRMDPool, Metric: "personal_bv", PoolCents: 1_000_000, Period: day("2026-10-01")}
	entries, err := Pool(run, []Qualifier{{1, "B", 1}, {2, "A", 1}, {3, "C", 1}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, e := range entries {
		got[e.LineKey] = e.AmountCents
		if !e.OccurredOn.Equal(day("2026-10-31")) || e.Period() != day("2026-10-01") {
			t.Errorf("pool entry on %s", e.OccurredOn)
		}
		if !strings.Contains(e.Why.Text(e.AmountCents), "RMD Bonus Pool for October 2026") {
			t.Errorf("pool text %q", e.Why.Text(e.AmountCents))
		}
	}
	if got["A"] != 333_334 || got["B"] != 333_333 || got["C"] != 333_333 {
		t.Errorf("shares %v, want the left-over cent to A", got)
	}
}

// TestLapseInEveryMonth lapses lines of several earnings in every policy month 0 to 13 and
// holds each to DOMAIN.md straight: the line keeps E × m / 12 rounded half up (all of E from
// month 12), no escrow stays held, and the debit never exceeds what was paid out on the line.
func TestLapseInEveryMonth(t *testing.T) {
	approved := day("2025-03-31") // a month end: months start on the 30th, 31st or 28th
	pol := Policy{ID: 3, Number: "M", SubmittedOn: approved, ApprovedOn: approved}
	for _, earning := range []int64{1, 2, 7, 12, 25_000, 99_999, 1_000_003} {
		for month := 0; month <= 13; month++ {
			lapsed := approved.AddDate(0, 0, 2) // free look
			if month > 0 {
				lapsed = AddMonths(approved, month-1).AddDate(0, 0, 1)
				if got := PolicyMonth(approved, lapsed); got != month {
					t.Fatalf("%s is in month %d, want %d", lapsed.Format(time.DateOnly), got, month)
				}
			}
			approval, err := Approval("approved:1", pol, []comp.Line{{Person: comp.Person{ID: 9}, Category: comp.CategoryOverride,
				BonusType: comp.BonusOverride, AmountCents: earning}}, comp.DefaultAdvanceBP)
			if err != nil {
				t.Fatal(err)
			}
			escrow := int64(0)
			if len(approval) == 2 {
				escrow = approval[1].AmountCents
			}
			l := state(Line{AssociateID: 9, PolicyID: 3, EarningCents: earning, EscrowCents: escrow, Why: approval[0].Why}, approval)
			entries := append([]Entry(nil), approval...)
			for _, k := range DueParts(l, lapsed, &lapsed) {
				entries = append(entries, Release(l, k)...)
			}
			l = state(l, entries)
			paidOut := sum(entries, func(e Entry) bool { return e.Status == StatusPending })
			lapse, err := Lapse("lapsed:2", l, lapsed, month, month == 0)
			if err != nil {
				t.Fatal(err)
			}
			entries = append(entries, lapse...)
			want := earning
			if month < 12 {
				want = (earning*int64(month)*2 + 12) / 24
			}
			if got := sum(entries, func(Entry) bool { return true }); got != want {
				t.Errorf("E %d, month %d: the line keeps %d, want %d", earning, month, got, want)
			}
			if held := state(l, entries).HeldCents; held != 0 {
				t.Errorf("E %d, month %d: %d still held", earning, month, held)
			}
			if debit := -sum(lapse, func(e Entry) bool { return e.Kind == KindChargeback }); debit < 0 || debit > paidOut {
				t.Errorf("E %d, month %d: a debit of %d against %d paid out", earning, month, debit, paidOut)
			}
		}
	}
}
