package comp

import (
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var propertySeed = flag.Uint64("comp.seed", 0, "run the property tests for this one seed only")

// propertyCases is how many random policies the property tests draw.
const propertyCases = 5000

// ladderCodes are the default levels in order.
var ladderCodes = []string{"TA", "A", "SA", "MD", "SMD", "RMD", "SRMD", "ERMD"}

// randomPerson draws a person: mostly the default ladder, sometimes any rate and seniority;
// one in five is not Active.
func randomPerson(rng *rand.Rand, id int64) Person {
	p := levels[ladderCodes[rng.IntN(len(ladderCodes))]]
	if rng.IntN(8) == 0 {
		p.RateBP, p.Senior = rng.Int32N(MaxRateBP+1), rng.IntN(3) == 0
	}
	p.ID, p.Code, p.Active = id, fmt.Sprintf("P%d", id), rng.IntN(5) != 0
	return p
}

// randomCase draws a policy and rules from a seed: one or two writers whose chains share
// their upper part (sometimes one writer is in the other's upline), a trainer half the
// time, premiums and rates from 0 to the maxima.
func randomCase(seed uint64) (Policy, Rules) {
	rng := rand.New(rand.NewPCG(seed, 0x636f6d70))
	id := int64(0)
	people := func(n int) []Person {
		out := make([]Person, n)
		for i := range out {
			id++
			out[i] = randomPerson(rng, id)
		}
		return out
	}
	top := people(rng.IntN(14))
	var p Policy
	switch rng.IntN(4) {
	case 0:
		p.TargetPremiumCents = rng.Int64N(1000)
	case 1:
		p.TargetPremiumCents = rng.Int64N(MaxPremiumCents + 1)
	default:
		p.TargetPremiumCents = rng.Int64N(10_000_000)
	}
	if rng.IntN(3) == 0 {
		p.CommissionRateBP = rng.Int32N(MaxCommissionRateBP + 1)
	} else {
		p.CommissionRateBP = []int32{5000, 8000, 10000, 11000, 12500}[rng.IntN(5)]
	}
	w1 := append(people(1+rng.IntN(6)), top...)
	if rng.IntN(2) == 0 {
		p.Writers = []Writer{{ShareBP: 10000, Chain: w1}}
	} else {
		w2 := append(people(1+rng.IntN(6)), top...)
		if rng.IntN(5) == 0 && len(w1) > 1 {
			w2 = slices.Clone(w1[1+rng.IntN(len(w1)-1):])
		}
		s := 1 + rng.Int32N(9999)
		p.Writers = []Writer{{ShareBP: s, Chain: w1}, {ShareBP: 10000 - s, Chain: w2}}
	}
	if rng.IntN(2) == 0 {
		t := people(1)[0]
		p.Trainer = &t
	}
	r := DefaultRules()
	if rng.IntN(3) == 0 {
		r.GenerationBP = make([]int32, rng.IntN(MaxGenerations+1))
		for i := range r.GenerationBP {
			r.GenerationBP[i] = rng.Int32N(MaxRateBP/10 + 1)
		}
		r.TrainingBP = rng.Int32N(MaxRateBP + 1)
	}
	return p, r
}

// clonePolicy is a deep copy, to check that Calculate leaves its input alone.
func clonePolicy(p Policy) Policy {
	q := p
	q.Writers = slices.Clone(p.Writers)
	for i := range q.Writers {
		q.Writers[i].Chain = slices.Clone(p.Writers[i].Chain)
	}
	if p.Trainer != nil {
		t := *p.Trainer
		q.Trainer = &t
	}
	return q
}

// exact is the oracle's rounding, through math/big: round_half_up(x × bp / 10000).
func exact(x int64, bp int32) int64 {
	n := new(big.Int).Mul(big.NewInt(x), big.NewInt(int64(bp)))
	n.Mul(n, big.NewInt(2))
	n.Add(n, big.NewInt(10000))
	return n.Quo(n, big.NewInt(20000)).Int64()
}

func seeds() []uint64 {
	if *propertySeed != 0 {
		return []uint64{*propertySeed}
	}
	out := make([]uint64, propertyCases)
	for i := range out {
		out[i] = uint64(i + 1)
	}
	return out
}

// quickDiff is cmp.Diff with reflect.DeepEqual first: thousands of random cases stay fast.
func quickDiff(want, got any, opts ...cmp.Option) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	return cmp.Diff(want, got, opts...)
}

func TestCalculateProperties(t *testing.T) {
	for _, seed := range seeds() {
		p, r := randomCase(seed)
		if err := checkProperties(p, r); err != nil {
			t.Fatalf("seed %d (go test ./server/comp -run TestCalculateProperties -comp.seed=%d): %v", seed, seed, err)
		}
	}
}

// checkProperties answers the first property that Calculate breaks on p and r.
func checkProperties(p Policy, r Rules) error {
	before, rulesBefore := clonePolicy(p), slices.Clone(r.GenerationBP)
	lines, err := Calculate(p, r)
	if err != nil {
		return fmt.Errorf("refused: %v", err)
	}
	// (f) deterministic, and the input is left as it was
	again, _ := Calculate(p, r)
	if diff := quickDiff(lines, again); diff != "" {
		return fmt.Errorf("two runs differ (-first +second):\n%s", diff)
	}
	if diff := quickDiff(before, p); diff != "" {
		return fmt.Errorf("the policy changed (-before +after):\n%s", diff)
	}
	if diff := quickDiff(rulesBefore, r.GenerationBP); diff != "" {
		return fmt.Errorf("the rules changed (-before +after):\n%s", diff)
	}

	// (b) no line of 0 or less
	for _, l := range lines {
		if l.AmountCents <= 0 {
			return fmt.Errorf("a line of %d: %+v", l.AmountCents, l)
		}
	}

	// (c) the shares add up to C, and every line of a writer is on its share
	c := exact(p.TargetPremiumCents, p.CommissionRateBP)
	ci := make([]int64, len(p.Writers))
	rest := c
	for i := range p.Writers[:len(p.Writers)-1] {
		ci[i] = exact(c, p.Writers[i].ShareBP)
		rest -= ci[i]
	}
	ci[len(ci)-1] = rest
	var sum int64
	for _, x := range ci {
		sum += x
	}
	if sum != c {
		return fmt.Errorf("shares %v add up to %d, not C = %d", ci, sum, c)
	}

	// the lines, in order: each writer's, then the training line
	next := 0
	for i, w := range p.Writers {
		end := next
		for end < len(lines) && lines[end].WriterID == w.Chain[0].ID {
			end++
		}
		if err := checkWriter(lines[next:end], w, ci[i], r); err != nil {
			return fmt.Errorf("writer %s: %v", w.Chain[0].Code, err)
		}
		next = end
	}
	training := lines[next:]
	wantTraining := int64(0)
	if p.Trainer != nil {
		wantTraining = exact(c, r.TrainingBP)
	}
	switch {
	case wantTraining == 0 && len(training) != 0:
		return fmt.Errorf("unexpected lines at the end: %+v", training)
	case wantTraining > 0 && (len(training) != 1 || training[0].BonusType != BonusTraining ||
		training[0].AmountCents != wantTraining || training[0].BaseCents != c || training[0].Person != *p.Trainer):
		return fmt.Errorf("training: got %+v, want one line of %d on %d", training, wantTraining, c)
	}
	return nil
}

// checkWriter checks the lines of one writer's share ci against the rules, worked out
// again here the plain way.
func checkWriter(lines []Line, w Writer, ci int64, r Rules) error {
	ch := w.Chain
	at := map[int64]int{}
	for i, p := range ch {
		at[p.ID] = i
	}
	leader := -1
	for i, p := range ch {
		if p.Senior {
			leader = i
			break
		}
	}
	top := leader
	if leader < 0 {
		top = len(ch) - 1
	}

	// ordered up the chain; every line on the writer's share
	last := 0
	for _, l := range lines {
		i, ok := at[l.Person.ID]
		if !ok || i < last {
			return fmt.Errorf("line out of order or off the chain: %+v", l)
		}
		last = i
		if l.BaseCents != ci {
			return fmt.Errorf("line on %d, not the share %d: %+v", l.BaseCents, ci, l)
		}
		if l.Why.AmountCents != l.AmountCents || !slices.Equal(l.Why.Chain, codes(ch[:i+1])) {
			return fmt.Errorf("explanation does not match its line: %+v", l)
		}
	}

	// (a) personal + overrides = R(Ci × the highest rate of the writer and the active
	// uplines up to the leader); overrides only to active people on that stretch
	highest := ch[0].RateBP
	for _, u := range ch[1 : top+1] {
		if u.Active {
			highest = max(highest, u.RateBP)
		}
	}
	var stretch int64
	for _, l := range lines {
		switch l.Category {
		case CategoryPersonal:
			if at[l.Person.ID] != 0 {
				return fmt.Errorf("personal line to an upline: %+v", l)
			}
			stretch += l.AmountCents
		case CategoryOverride:
			if i := at[l.Person.ID]; i == 0 || i > top || !l.Person.Active {
				return fmt.Errorf("override off the stretch or to someone inactive: %+v", l)
			}
			stretch += l.AmountCents
		}
	}
	if want := exact(ci, highest); stretch != want {
		return fmt.Errorf("personal + overrides = %d, want R(%d × %d bp) = %d", stretch, ci, highest, want)
	}

	// (d) generations: an active generation-g leader earns its rate; an inactive one's
	// amount goes to the nearest active senior above it, or nowhere
	type key struct {
		bt BonusType
		g  int
	}
	want := map[key]Line{}
	if leader >= 0 {
		g := 0
		for j := leader + 1; j < len(ch) && g < len(r.GenerationBP); j++ {
			if !ch[j].Senior {
				continue
			}
			g++
			amount := exact(ci, r.GenerationBP[g-1])
			if amount == 0 {
				continue
			}
			if ch[j].Active {
				want[key{BonusOverride, g}] = Line{Person: ch[j], AmountCents: amount}
				continue
			}
			for k := j + 1; k < len(ch); k++ {
				if ch[k].Senior && ch[k].Active {
					want[key{BonusUnpaidGenerations, g}] = Line{Person: ch[k], AmountCents: amount, Why: Explanation{Inactive: ch[j].Code}}
					break
				}
			}
		}
	}
	got := map[key]Line{}
	var total int64
	for _, l := range lines {
		if l.Category != CategoryGeneration {
			continue
		}
		k := key{l.BonusType, l.Generation}
		if _, dup := got[k]; dup {
			return fmt.Errorf("two %s lines for generation %d", l.BonusType, l.Generation)
		}
		got[k] = Line{Person: l.Person, AmountCents: l.AmountCents, Why: Explanation{Inactive: l.Why.Inactive}}
		total += l.AmountCents
	}
	if diff := quickDiff(want, got, cmp.AllowUnexported(key{})); diff != "" {
		return fmt.Errorf("generation lines (-want +got):\n%s", diff)
	}

	// (e) the generation lines never pay more than each generation's rate once
	var ceiling int64
	for _, bp := range r.GenerationBP {
		ceiling += exact(ci, bp)
	}
	if total > ceiling {
		return fmt.Errorf("generation lines pay %d, more than the %d of all generation rates", total, ceiling)
	}
	return nil
}

func codes(ps []Person) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Code
	}
	return out
}

// TestPropertiesCatchMistakes makes sure the property checks are not vacuous: a policy
// whose lines are tampered with in each way is caught.
func TestPropertiesCatchMistakes(t *testing.T) {
	p, r := worked(), DefaultRules()
	good, err := Calculate(p, r)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkWriter(good, p.Writers[0], 100_000, r); err != nil {
		t.Fatalf("the worked example fails the checks: %v", err)
	}
	tamper := map[string]func(ls []Line) []Line{
		"an override a cent short": func(ls []Line) []Line { ls[1].AmountCents--; return ls },
		"the unpaid line dropped":  func(ls []Line) []Line { return ls[:len(ls)-1] },
		"the unpaid line on G2 instead of G4": func(ls []Line) []Line {
			unpaid := ls[7]
			unpaid.Person = p.Writers[0].Chain[7]
			return append(ls[:6:6], unpaid, ls[6])
		},
		"an inactive leader paid": func(ls []Line) []Line {
			g3 := ls[6]
			g3.Person, g3.Generation, g3.AmountCents = p.Writers[0].Chain[8], 3, 3_000
			return append(ls[:6:6], g3, ls[6])
		},
		"generation 4 paid twice": func(ls []Line) []Line { return append(ls, ls[6]) },
		"lines out of order":      func(ls []Line) []Line { ls[1], ls[2] = ls[2], ls[1]; return ls },
	}
	for name, f := range tamper {
		if err := checkWriter(f(slices.Clone(good)), p.Writers[0], 100_000, r); err == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
