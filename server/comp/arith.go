package comp

import "math/bits"

// bpScale is 100 % in basis points.
const bpScale = 10000

// Round is amount × bp / 10000 rounded half-up to the cent, exactly: the one rounding rule
// of money (amount and bp not negative, within the bounds validate enforces).
func Round(amount int64, bp int32) int64 { return mulDivRound(amount, int64(bp), bpScale) }

// Split divides an amount by shares in basis points: all but the last get Round(amount,
// share), the last the rest, so the parts always add up to the amount.
func Split(amount int64, sharesBP []int32) []int64 {
	out := make([]int64, len(sharesBP))
	rest := amount
	for i, s := range sharesBP[:len(sharesBP)-1] {
		out[i] = Round(amount, s)
		rest -= out[i]
	}
	out[len(sharesBP)-1] = rest
	return out
}

// Commissionable is C = Round(target premium, commission rate): what a policy pays
// commission on.
func Commissionable(targetPremiumCents int64, commissionRateBP int32) int64 {
	return Round(targetPremiumCents, commissionRateBP)
}

// mulDivRound is round_half_up(a × b / d), computed exactly over 128 bits. a and b are
// not negative, d is positive, and the quotient must fit in an int64: the bounds that
// validate enforces keep every use far below that (at most 10^13 × 10^4 / 10^4).
func mulDivRound(a, b, d int64) int64 {
	q, r := mulDiv(a, b, d)
	if r >= uint64(d)-r { // 2r ≥ d, without overflow
		q++
	}
	return int64(q)
}

// mulDiv is a × b / d rounded down, and the remainder, computed exactly over 128 bits
// (a, b ≥ 0, d > 0, and a × b / d < 2^64; bits.Div64 panics otherwise).
func mulDiv(a, b, d int64) (q, r uint64) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return bits.Div64(hi, lo, uint64(d))
}
