package comp

import "math/bits"

// bpScale is 100 % in basis points.
const bpScale = 10000

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
