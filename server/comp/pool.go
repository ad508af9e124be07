package comp

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Metric is one qualifier of a bonus pool and its metric (BV, premium, recruits…).
type Metric struct {
	Code  string
	Value int64
}

// SharePool shares a pool (cents) between qualifiers in proportion to their metrics: each
// gets pool × value / total rounded down, and the cents left over go one each to the
// largest fractional parts, ties to the smaller code, so the shares add up to the pool.
// The shares are in the order of metrics.
func SharePool(pool int64, metrics []Metric) ([]int64, error) {
	if pool < 0 {
		return nil, invalid("pool", "must not be negative")
	}
	if len(metrics) == 0 {
		return nil, invalid("metrics", "a pool needs at least one qualifier")
	}
	var total int64
	seen := map[string]bool{}
	for i, m := range metrics {
		field := fmt.Sprintf("metrics[%d]", i)
		if m.Value < 0 {
			return nil, invalid(field+".value", "must not be negative")
		}
		if m.Value > math.MaxInt64-total {
			return nil, invalid("metrics", "the metrics add up to more than %d", int64(math.MaxInt64))
		}
		if seen[m.Code] {
			return nil, invalid(field+".code", "%s already qualifies", m.Code)
		}
		seen[m.Code] = true
		total += m.Value
	}
	if total == 0 {
		return nil, invalid("metrics", "the metrics add up to 0; there is nothing to share by")
	}

	out := make([]int64, len(metrics))
	rem := make([]uint64, len(metrics))
	left := pool
	for i, m := range metrics {
		q, r := mulDiv(pool, m.Value, total) // value ≤ total, so q ≤ pool
		out[i], rem[i] = int64(q), r
		left -= out[i]
	}
	order := make([]int, len(metrics))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(rem[b], rem[a]); c != 0 {
			return c
		}
		return cmp.Compare(metrics[a].Code, metrics[b].Code)
	})
	for _, i := range order[:left] { // left < len(metrics): each remainder is below total
		out[i]++
	}
	return out, nil
}
