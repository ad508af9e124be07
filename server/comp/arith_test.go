package comp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMulDivRound(t *testing.T) {
	cases := []struct{ a, b, d, want int64 }{
		{1, 5000, 10000, 1}, // 0.5 rounds up
		{1, 4999, 10000, 0},
		{3, 1, 2, 2},
		{5, 1, 2, 3},
		{0, 7500, 10000, 0},
		{MaxPremiumCents, MaxCommissionRateBP, 10000, 10_000_000_000_000},
		{math.MaxInt64, math.MaxInt64, math.MaxInt64, math.MaxInt64},
		{math.MaxInt64, 10000, 10001, 9_222_449_791_875_588_248}, // remainder 1,752 of 10,001: down
	}
	for _, tc := range cases {
		if got := mulDivRound(tc.a, tc.b, tc.d); got != tc.want {
			t.Errorf("mulDivRound(%d, %d, %d) = %d, want %d", tc.a, tc.b, tc.d, got, tc.want)
		}
	}
	// against math/big on random operands whose products exceed 64 bits
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10_000 {
		d := 1 + rng.Int64N(math.MaxInt64)
		a := rng.Int64N(math.MaxInt64)
		b := rng.Int64N(d) // a × b / d < a fits
		x := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
		x.Mul(x, big.NewInt(2))
		x.Add(x, big.NewInt(d))
		x.Quo(x, new(big.Int).Mul(big.NewInt(d), big.NewInt(2))) // floor((2ab + d) / 2d)
		if got := mulDivRound(a, b, d); got != x.Int64() {
			t.Fatalf("mulDivRound(%d, %d, %d) = %d, want %d", a, b, d, got, x.Int64())
		}
	}
}

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		amount int64
		shares []int32
		want   []int64
	}{
		{100_000, []int32{10000}, []int64{100_000}},
		{100_000, []int32{5000, 5000}, []int64{50_000, 50_000}},
		{100_001, []int32{5000, 5000}, []int64{50_001, 50_000}}, // half-up, the last the rest
		{99_999, []int32{3333, 6667}, []int64{33_330, 66_669}},
		{1, []int32{5000, 5000}, []int64{1, 0}},
		{0, []int32{5000, 5000}, []int64{0, 0}},
	} {
		got := Split(c.amount, c.shares)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Split(%d, %v) (-want +got):\n%s", c.amount, c.shares, diff)
		}
		var sum int64
		for _, v := range got {
			sum += v
		}
		if sum != c.amount {
			t.Errorf("Split(%d, %v) adds up to %d", c.amount, c.shares, sum)
		}
	}
}

func TestRoundHalfUp(t *testing.T) {
	for _, c := range []struct {
		amount int64
		bp     int32
		want   int64
	}{
		{100_000, 7500, 75_000},
		{1, 5000, 1}, // 0.5 → 1
		{1, 4999, 0}, // 0.4999 → 0
		{3, 2500, 1}, // 0.75 → 1
		{100_000, 11000, 110_000},
		{1_000_000_000_000, 100000, 1_000_000_000_000 * 10},
	} {
		if got := Round(c.amount, c.bp); got != c.want {
			t.Errorf("Round(%d, %d) = %d; want %d", c.amount, c.bp, got, c.want)
		}
	}
}
