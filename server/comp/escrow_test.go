package comp

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAdvance(t *testing.T) {
	cases := []struct {
		earning, advance, escrow int64
		bp                       int32
	}{
		{25_000, 18_750, 6_250, DefaultAdvanceBP}, // DOMAIN's W
		{1, 1, 0, DefaultAdvanceBP},               // 0.75 → 1
		{2, 2, 0, DefaultAdvanceBP},               // 1.5 → 2
		{3, 2, 1, DefaultAdvanceBP},               // 2.25 → 2
		{0, 0, 0, DefaultAdvanceBP},
		{10_001, 10_001, 0, 10000},
		{10_001, 0, 10_001, 0},
		{MaxPremiumCents * 70, 52_500_000_000_000, 17_500_000_000_000, DefaultAdvanceBP},
	}
	for _, tc := range cases {
		a, s, err := Advance(tc.earning, tc.bp)
		if err != nil || a != tc.advance || s != tc.escrow {
			t.Errorf("Advance(%d, %d) = %d, %d, %v; want %d, %d", tc.earning, tc.bp, a, s, err, tc.advance, tc.escrow)
		}
	}
	for _, bad := range []struct {
		earning int64
		bp      int32
		field   string
	}{{-1, 7500, "earning"}, {100, -1, "advanceBP"}, {100, 10001, "advanceBP"}} {
		var ie *InputError
		if _, _, err := Advance(bad.earning, bad.bp); !errors.As(err, &ie) || ie.Field != bad.field {
			t.Errorf("Advance(%d, %d): got %v, want an error on %s", bad.earning, bad.bp, err, bad.field)
		}
	}
}

func TestEscrowParts(t *testing.T) {
	cases := map[int64][3]int64{
		6_250: {2_083, 2_083, 2_084}, // DOMAIN
		6_251: {2_083, 2_083, 2_085},
		6_249: {2_083, 2_083, 2_083},
		0:     {0, 0, 0},
		1:     {0, 0, 1},
		2:     {0, 0, 2},
	}
	for s, want := range cases {
		if got := EscrowParts(s); got != want {
			t.Errorf("EscrowParts(%d) = %v, want %v", s, got, want)
		}
	}
}

func TestEscrowHeld(t *testing.T) {
	want := map[int]int64{0: 6_250, 1: 6_250, 4: 6_250, 9: 6_250, 10: 4_167, 11: 2_084, 12: 0, 13: 0, 40: 0}
	for m, held := range want {
		if got := EscrowHeld(6_250, m); got != held {
			t.Errorf("EscrowHeld(6250, month %d) = %d, want %d", m, got, held)
		}
	}
}

// TestChargebackDomainTable reproduces DOMAIN.md's lapse table for W's 25,000: the escrow
// held is 6,250 until month 10, when the first part (2,083) is released, leaving 4,167; at
// month 11 the second part leaves 2,084 (so 1 cent is released at once); from month 12
// nothing is held.
func TestChargebackDomainTable(t *testing.T) {
	cases := []struct {
		month int
		held  int64
		want  Lapse
	}{
		{0, 6_250, Lapse{KeptCents: 0, ChargebackEscrowCents: -6_250, ReleasedCents: 0, DebitCents: -18_750}},
		{4, 6_250, Lapse{KeptCents: 8_333, ChargebackEscrowCents: -6_250, ReleasedCents: 0, DebitCents: -10_417}},
		{10, 4_167, Lapse{KeptCents: 20_833, ChargebackEscrowCents: -4_167, ReleasedCents: 0, DebitCents: 0}},
		{11, 2_084, Lapse{KeptCents: 22_917, ChargebackEscrowCents: -2_083, ReleasedCents: 1, DebitCents: 0}},
		{12, 0, Lapse{KeptCents: 25_000, ChargebackEscrowCents: 0, ReleasedCents: 0, DebitCents: 0}},
	}
	for _, tc := range cases {
		if held := EscrowHeld(6_250, tc.month); held != tc.held {
			t.Errorf("month %d: EscrowHeld = %d, want %d", tc.month, held, tc.held)
		}
		got, err := Chargeback(25_000, tc.held, tc.month)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("lapse in month %d (-want +got):\n%s", tc.month, diff)
		}
	}
}

func TestChargeback(t *testing.T) {
	cases := []struct {
		name          string
		earning, held int64
		month         int
		want          Lapse
	}{
		{"after month 12 nothing is reclaimed", 25_000, 0, 13, Lapse{KeptCents: 25_000}},
		{"escrow still held after month 12 is released", 25_000, 2_084, 20, Lapse{KeptCents: 25_000, ReleasedCents: 2_084}},
		{"half a cent earned rounds up", 6, 0, 1, Lapse{KeptCents: 1, DebitCents: -5}},            // 0.5
		{"less than half a cent earned", 5, 5, 1, Lapse{KeptCents: 0, ChargebackEscrowCents: -5}}, // 0.416…
		{"no earning", 0, 0, 3, Lapse{}},
		{"all escrow, reclaim short of it", 1_200, 1_200, 6, Lapse{KeptCents: 600, ChargebackEscrowCents: -600, ReleasedCents: 600}},
		{"large earning", 1_000_000_000_000_000, 0, 7, Lapse{KeptCents: 583_333_333_333_333, DebitCents: -416_666_666_666_667}},
	}
	for _, tc := range cases {
		got, err := Chargeback(tc.earning, tc.held, tc.month)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
		// Whatever the month, what is kept plus what is taken back is the earning, and the
		// escrow is either taken back or released.
		if sum := got.KeptCents - got.ChargebackEscrowCents - got.DebitCents; sum != tc.earning {
			t.Errorf("%s: kept + reclaimed = %d, want %d", tc.name, sum, tc.earning)
		}
		if got.ReleasedCents-got.ChargebackEscrowCents != tc.held {
			t.Errorf("%s: released + taken from escrow = %d, want the %d held", tc.name, got.ReleasedCents-got.ChargebackEscrowCents, tc.held)
		}
	}

	for _, bad := range []struct {
		earning, held int64
		month         int
		field         string
	}{
		{-1, 0, 1, "earning"}, {100, -1, 1, "escrowHeld"}, {100, 101, 1, "escrowHeld"}, {100, 25, -1, "month"},
	} {
		var ie *InputError
		if _, err := Chargeback(bad.earning, bad.held, bad.month); !errors.As(err, &ie) || ie.Field != bad.field {
			t.Errorf("Chargeback(%d, %d, %d): got %v, want an error on %s", bad.earning, bad.held, bad.month, err, bad.field)
		}
	}
}
