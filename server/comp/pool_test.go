package comp

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSharePool(t *testing.T) {
	cases := []struct {
		name    string
		pool    int64
		metrics []Metric
		want    []int64
	}{
		{"DOMAIN: $10,000.00 over 1, 1, 1", 1_000_000, []Metric{{"B", 1}, {"A", 1}, {"C", 1}}, []int64{333_333, 333_334, 333_333}},
		{"in proportion", 1_000_000, []Metric{{"A", 1}, {"B", 3}}, []int64{250_000, 750_000}},
		{"largest fractional parts first", 100, []Metric{{"A", 1}, {"B", 2}, {"C", 4}}, []int64{14, 29, 57}}, // 14.28, 28.57, 57.14
		{"two cents left, ties by code", 2, []Metric{{"C", 1}, {"B", 1}, {"A", 1}}, []int64{0, 1, 1}},
		{"a metric of 0 gets nothing", 101, []Metric{{"A", 0}, {"B", 1}, {"C", 1}}, []int64{0, 51, 50}},
		{"one qualifier takes the pool", 12_345, []Metric{{"A", 7}}, []int64{12_345}},
		{"empty pool", 0, []Metric{{"A", 7}, {"B", 3}}, []int64{0, 0}},
		{"huge metrics", math.MaxInt64, []Metric{{"A", math.MaxInt64 / 2}, {"B", math.MaxInt64 / 2}}, []int64{math.MaxInt64/2 + 1, math.MaxInt64 / 2}},
	}
	for _, tc := range cases {
		got, err := SharePool(tc.pool, tc.metrics)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestSharePoolRefuses(t *testing.T) {
	cases := []struct {
		name    string
		pool    int64
		metrics []Metric
		field   string
	}{
		{"negative pool", -1, []Metric{{"A", 1}}, "pool"},
		{"no qualifier", 100, nil, "metrics"},
		{"negative metric", 100, []Metric{{"A", 1}, {"B", -1}}, "metrics[1].value"},
		{"metrics add up to 0", 100, []Metric{{"A", 0}, {"B", 0}}, "metrics"},
		{"metrics overflow", 100, []Metric{{"A", math.MaxInt64}, {"B", 1}}, "metrics"},
		{"duplicate code", 100, []Metric{{"A", 1}, {"A", 2}}, "metrics[1].code"},
	}
	for _, tc := range cases {
		var ie *InputError
		if _, err := SharePool(tc.pool, tc.metrics); !errors.As(err, &ie) || ie.Field != tc.field {
			t.Errorf("%s: got %v, want an error on %s", tc.name, err, tc.field)
		}
	}
}

// TestSharePoolRandom checks on random pools that the shares add up to the pool and that
// each is its exact share rounded down or up by one cent, never further.
func TestSharePoolRandom(t *testing.T) {
	for seed := uint64(1); seed <= 2000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		pool := rng.Int64N(1 << rng.IntN(50))
		metrics := make([]Metric, 1+rng.IntN(12))
		for i := range metrics {
			metrics[i] = Metric{Code: string(rune('A' + i)), Value: rng.Int64N(1 << rng.IntN(40))}
		}
		metrics[rng.IntN(len(metrics))].Value++ // the total is never 0
		got, err := SharePool(pool, metrics)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		total, sum := new(big.Int), int64(0)
		for _, m := range metrics {
			total.Add(total, big.NewInt(m.Value))
		}
		for i, m := range metrics {
			sum += got[i]
			floor := new(big.Int).Mul(big.NewInt(pool), big.NewInt(m.Value))
			floor.Quo(floor, total)
			if d := got[i] - floor.Int64(); d != 0 && d != 1 {
				t.Fatalf("seed %d: %s gets %d, exact share rounds down to %d", seed, m.Code, got[i], floor.Int64())
			}
		}
		if sum != pool {
			t.Fatalf("seed %d: shares add up to %d, not the pool %d", seed, sum, pool)
		}
	}
}
