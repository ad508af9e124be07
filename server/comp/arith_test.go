package comp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
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
