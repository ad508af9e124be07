package comp

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// levels is DOMAIN.md's default ladder.
var levels = map[string]Person{
	"TA":   {Level: "TA", LevelName: "Training Associate", RateBP: 2500},
	"A":    {Level: "A", LevelName: "Associate", RateBP: 3500},
	"SA":   {Level: "SA", LevelName: "Senior Associate", RateBP: 4500},
	"MD":   {Level: "MD", LevelName: "Marketing Director", RateBP: 5500},
	"SMD":  {Level: "SMD", LevelName: "Senior Marketing Director", RateBP: 6500},
	"RMD":  {Level: "RMD", LevelName: "RMD", RateBP: 7500, Senior: true},
	"SRMD": {Level: "SRMD", LevelName: "Senior RMD", RateBP: 8000, Senior: true},
	"ERMD": {Level: "ERMD", LevelName: "Executive RMD", RateBP: 8500, Senior: true},
}

// chain builds a chain from "CODE:LEVEL" entries, writer first; a trailing "!" marks a
// person not Active. IDs follow the order, from first.
func chain(first int64, entries ...string) []Person {
	out := make([]Person, len(entries))
	for i, e := range entries {
		var code, level string
		active := true
		if e[len(e)-1] == '!' {
			e, active = e[:len(e)-1], false
		}
		for j := range e {
			if e[j] == ':' {
				code, level = e[:j], e[j+1:]
			}
		}
		p, ok := levels[level]
		if !ok {
			panic("unknown level in " + e)
		}
		p.ID, p.Code, p.Active = first+int64(i), code, active
		out[i] = p
	}
	return out
}

// workedChain is the chain of DOMAIN.md's worked example: G3 is Suspended.
func workedChain() []Person {
	return chain(1, "W:TA", "U1:SA", "U2:A", "U3:MD", "L:RMD", "X:SMD", "G1:SRMD", "G2:RMD", "G3:ERMD!", "G4:RMD")
}

// row is what a test table says of a line; Why is checked in explain_test.go.
type row struct {
	Code       string
	BonusType  BonusType
	Category   Category
	Generation int
	Base       int64
	Rate       int32
	Amount     int64
	Writer     string
}

func rows(t *testing.T, lines []Line) []row {
	t.Helper()
	out := []row{}
	for _, l := range lines {
		writer := ""
		if l.WriterID != 0 {
			writer = l.Why.Chain[0]
		}
		out = append(out, row{l.Person.Code, l.BonusType, l.Category, l.Generation, l.BaseCents, l.RateBP, l.AmountCents, writer})
	}
	return out
}

func one(ch []Person) []Writer { return []Writer{{ShareBP: 10000, Chain: ch}} }

// worked is the worked example's policy: $1,000.00 at 100 %, so C = 100,000 cents.
func worked() Policy {
	return Policy{TargetPremiumCents: 100_000, CommissionRateBP: 10000, Writers: one(workedChain())}
}

func workedRows(base int64, personal BonusType, writer string) []row {
	pct := func(bp int64) int64 { return base * bp / 10000 }
	return []row{
		{writer, personal, CategoryPersonal, 0, base, 2500, pct(2500), writer},
		{"U1", BonusOverride, CategoryOverride, 0, base, 2000, pct(2000), writer},
		{"U3", BonusOverride, CategoryOverride, 0, base, 1000, pct(1000), writer},
		{"L", BonusOverride, CategoryOverride, 0, base, 2000, pct(2000), writer},
		{"G1", BonusOverride, CategoryGeneration, 1, base, 600, pct(600), writer},
		{"G2", BonusOverride, CategoryGeneration, 2, base, 400, pct(400), writer},
		{"G4", BonusOverride, CategoryGeneration, 4, base, 200, pct(200), writer},
		{"G4", BonusUnpaidGenerations, CategoryGeneration, 3, base, 300, pct(300), writer},
	}
}

func TestCalculateWorkedExample(t *testing.T) {
	trained := worked()
	trained.Trainer = &chain(50, "T:A")[0]

	split := worked()
	w2 := append(chain(20, "W2:A"), workedChain()[2:]...) // a second writer under U2
	split.Writers = []Writer{{ShareBP: 5000, Chain: workedChain()}, {ShareBP: 5000, Chain: w2}}

	cases := []struct {
		name   string
		policy Policy
		want   []row
	}{
		{"DOMAIN table", worked(), workedRows(100_000, BonusWriting, "W")},
		{"with a field trainer", trained, append(workedRows(100_000, BonusWriting, "W"),
			row{"T", BonusTraining, CategoryBonus, 0, 100_000, 500, 5_000, ""})},
		{"50/50 split", split, append(workedRows(50_000, BonusSplit, "W"),
			row{"W2", BonusSplit, CategoryPersonal, 0, 50_000, 3500, 17_500, "W2"},
			// U2 is an Associate too: 35 ≤ 35 earns nothing.
			row{"U3", BonusOverride, CategoryOverride, 0, 50_000, 2000, 10_000, "W2"},
			row{"L", BonusOverride, CategoryOverride, 0, 50_000, 2000, 10_000, "W2"},
			row{"G1", BonusOverride, CategoryGeneration, 1, 50_000, 600, 3_000, "W2"},
			row{"G2", BonusOverride, CategoryGeneration, 2, 50_000, 400, 2_000, "W2"},
			row{"G4", BonusOverride, CategoryGeneration, 4, 50_000, 200, 1_000, "W2"},
			row{"G4", BonusUnpaidGenerations, CategoryGeneration, 3, 50_000, 300, 1_500, "W2"},
		)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := Calculate(tc.policy, DefaultRules())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, rows(t, lines)); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
		})
	}

	// DOMAIN: personal + overrides = 75,000 = C × 75 %.
	lines, _ := Calculate(worked(), DefaultRules())
	var stretch int64
	for _, l := range lines {
		if l.Category == CategoryPersonal || l.Category == CategoryOverride {
			stretch += l.AmountCents
		}
	}
	if stretch != 75_000 {
		t.Errorf("personal + overrides = %d, want 75,000", stretch)
	}
}

func TestCalculateEdges(t *testing.T) {
	rules := DefaultRules()
	threeGenerations := Rules{GenerationBP: []int32{600, 400, 300}, TrainingBP: 500}
	maxRules := Rules{GenerationBP: []int32{10000, 10000, 10000, 10000, 10000, 10000}, TrainingBP: 10000}
	policy := func(premium int64, rate int32, ws ...Writer) Policy {
		return Policy{TargetPremiumCents: premium, CommissionRateBP: rate, Writers: ws}
	}
	w := func(share int32, ch []Person) Writer { return Writer{ShareBP: share, Chain: ch} }
	withTrainer := func(p Policy, t Person) Policy { p.Trainer = &t; return p }
	// eight generations of active RMDs above an RMD writer
	deep := chain(1, "W:RMD", "G1:RMD", "G2:RMD", "G3:RMD", "G4:RMD", "G5:RMD", "G6:RMD", "G7:RMD", "G8:RMD")
	// the maximum: an ERMD at 100 % so its writing line is the whole share
	maxChain := chain(1, "W:ERMD", "G1:ERMD", "G2:ERMD", "G3:ERMD", "G4:ERMD", "G5:ERMD", "G6:ERMD")
	for i := range maxChain {
		maxChain[i].RateBP = 10000
	}
	const maxC = 10_000_000_000_000 // 10^12 × 1,000 %

	cases := []struct {
		name   string
		policy Policy
		rules  Rules
		want   []row
	}{
		{"writer senior: no overrides, generations start above the writer",
			policy(100_000, 10000, w(10000, chain(1, "W:RMD", "A:SMD", "G1:SRMD", "G2:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
				{"G2", BonusOverride, CategoryGeneration, 2, 100_000, 400, 4_000, "W"},
			}},
		{"senior writer above a lower-rated upline: the upline earns nothing",
			policy(100_000, 10000, w(10000, chain(1, "W:SRMD", "G1:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 8000, 80_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
			}},
		{"no senior in the chain: overrides to the top, no generations",
			policy(100_000, 10000, w(10000, chain(1, "W:TA", "U1:SA", "U2:A", "U3:SMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 2500, 25_000, "W"},
				{"U1", BonusOverride, CategoryOverride, 0, 100_000, 2000, 20_000, "W"},
				{"U3", BonusOverride, CategoryOverride, 0, 100_000, 2000, 20_000, "W"},
			}},
		{"writer alone",
			policy(100_000, 10000, w(10000, chain(1, "W:MD"))), rules,
			[]row{{"W", BonusWriting, CategoryPersonal, 0, 100_000, 5500, 55_000, "W"}}},
		{"inactive writer: the personal line is paid",
			policy(100_000, 10000, w(10000, chain(1, "W:TA!", "L:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 2500, 25_000, "W"},
				{"L", BonusOverride, CategoryOverride, 0, 100_000, 5000, 50_000, "W"},
			}},
		{"inactive override upline: compression to the next active one",
			policy(100_000, 10000, w(10000, chain(1, "W:TA", "U1:SA!", "U2:A", "U3:MD", "L:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 2500, 25_000, "W"},
				{"U2", BonusOverride, CategoryOverride, 0, 100_000, 1000, 10_000, "W"},
				{"U3", BonusOverride, CategoryOverride, 0, 100_000, 2000, 20_000, "W"},
				{"L", BonusOverride, CategoryOverride, 0, 100_000, 2000, 20_000, "W"},
			}},
		{"inactive leader: its difference is not paid, generations still count from it",
			policy(100_000, 10000, w(10000, chain(1, "W:TA", "U1:SA", "L:RMD!", "G1:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 2500, 25_000, "W"},
				{"U1", BonusOverride, CategoryOverride, 0, 100_000, 2000, 20_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
			}},
		{"chain shorter than six generations",
			policy(100_000, 10000, w(10000, chain(1, "W:RMD", "G1:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
			}},
		{"more than six generations: the seventh and above earn nothing",
			policy(100_000, 10000, w(10000, deep)), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
				{"G2", BonusOverride, CategoryGeneration, 2, 100_000, 400, 4_000, "W"},
				{"G3", BonusOverride, CategoryGeneration, 3, 100_000, 300, 3_000, "W"},
				{"G4", BonusOverride, CategoryGeneration, 4, 100_000, 200, 2_000, "W"},
				{"G5", BonusOverride, CategoryGeneration, 5, 100_000, 100, 1_000, "W"},
				{"G6", BonusOverride, CategoryGeneration, 6, 100_000, 50, 500, "W"},
			}},
		{"fewer generation rates: fewer generations",
			policy(100_000, 10000, w(10000, deep)), threeGenerations,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
				{"G2", BonusOverride, CategoryGeneration, 2, 100_000, 400, 4_000, "W"},
				{"G3", BonusOverride, CategoryGeneration, 3, 100_000, 300, 3_000, "W"},
			}},
		{"no generation rates: no generations",
			policy(100_000, 10000, w(10000, deep)), Rules{},
			[]row{{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"}}},
		{"inactive generation 6 rolls up beyond generation 6",
			policy(100_000, 10000, w(10000, chain(1, "W:RMD", "G1:RMD", "G2:RMD", "G3:RMD", "G4:RMD", "G5:RMD", "G6:RMD!", "N:SMD", "G7:RMD!", "G8:SRMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
				{"G2", BonusOverride, CategoryGeneration, 2, 100_000, 400, 4_000, "W"},
				{"G3", BonusOverride, CategoryGeneration, 3, 100_000, 300, 3_000, "W"},
				{"G4", BonusOverride, CategoryGeneration, 4, 100_000, 200, 2_000, "W"},
				{"G5", BonusOverride, CategoryGeneration, 5, 100_000, 100, 1_000, "W"},
				{"G8", BonusUnpaidGenerations, CategoryGeneration, 6, 100_000, 50, 500, "W"},
			}},
		{"two inactive generations roll up to one leader, in order, after its own line",
			policy(100_000, 10000, w(10000, chain(1, "W:RMD", "G1:RMD!", "G2:RMD!", "G3:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G3", BonusOverride, CategoryGeneration, 3, 100_000, 300, 3_000, "W"},
				{"G3", BonusUnpaidGenerations, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
				{"G3", BonusUnpaidGenerations, CategoryGeneration, 2, 100_000, 400, 4_000, "W"},
			}},
		{"inactive generation with no active senior above: not paid",
			policy(100_000, 10000, w(10000, chain(1, "W:RMD", "G1:RMD", "N:MD", "G2:RMD!", "M:SMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 100_000, 7500, 75_000, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, 100_000, 600, 6_000, "W"},
			}},
		{"odd cents with a split: the last share takes the rest",
			policy(100_001, 10000, w(5000, chain(1, "W:TA")), w(5000, chain(2, "V:TA"))), rules,
			[]row{
				{"W", BonusSplit, CategoryPersonal, 0, 50_001, 2500, 12_500, "W"}, // 12,500.25
				{"V", BonusSplit, CategoryPersonal, 0, 50_000, 2500, 12_500, "V"},
			}},
		{"uneven split",
			policy(100_000, 10000, w(3333, chain(1, "W:MD")), w(6667, chain(2, "V:MD"))), rules,
			[]row{
				{"W", BonusSplit, CategoryPersonal, 0, 33_330, 5500, 18_332, "W"}, // 18,331.5 rounds up
				{"V", BonusSplit, CategoryPersonal, 0, 66_670, 5500, 36_669, "V"}, // 36,668.5 rounds up
			}},
		{"half cents round up, overrides are differences of rounded amounts",
			policy(101, 10000, w(10000, chain(1, "W:TA", "U1:SA", "U3:MD", "L:RMD", "G1:RMD"))), rules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, 101, 2500, 25, "W"},   // 25.25
				{"U1", BonusOverride, CategoryOverride, 0, 101, 2000, 20, "W"}, // 45.45 → 45
				{"U3", BonusOverride, CategoryOverride, 0, 101, 1000, 11, "W"}, // 55.55 → 56, less 45
				{"L", BonusOverride, CategoryOverride, 0, 101, 2000, 20, "W"},  // 75.75 → 76, less 56
				{"G1", BonusOverride, CategoryGeneration, 1, 101, 600, 6, "W"}, // 6.06
			}},
		{"C itself rounds half up",
			policy(1, 5000, w(10000, chain(1, "W:ERMD"))), Rules{GenerationBP: []int32{}, TrainingBP: 500},
			[]row{{"W", BonusWriting, CategoryPersonal, 0, 1, 8500, 1, "W"}}}, // C = 0.5 → 1; 0.85 → 1
		{"a product paying 110 %",
			policy(100_000, 11000, w(10000, chain(1, "W:A"))), rules,
			[]row{{"W", BonusWriting, CategoryPersonal, 0, 110_000, 3500, 38_500, "W"}}},
		{"premium 0: no line at all",
			withTrainer(policy(0, 10000, w(10000, workedChain())), chain(50, "T:A")[0]), rules,
			[]row{}},
		{"amounts that round to 0 make no line",
			policy(1, 10000, w(10000, chain(1, "W:TA", "U1:SA", "L:RMD", "G1:RMD", "G2:RMD"))), rules,
			[]row{
				{"L", BonusOverride, CategoryOverride, 0, 1, 3000, 1, "W"}, // 0.25 → 0, 0.45 → 0, 0.75 → 1
			}},
		{"maximal inputs: no overflow",
			withTrainer(policy(MaxPremiumCents, MaxCommissionRateBP, w(10000, maxChain)), maxChain[0]), maxRules,
			[]row{
				{"W", BonusWriting, CategoryPersonal, 0, maxC, 10000, maxC, "W"},
				{"G1", BonusOverride, CategoryGeneration, 1, maxC, 10000, maxC, "W"},
				{"G2", BonusOverride, CategoryGeneration, 2, maxC, 10000, maxC, "W"},
				{"G3", BonusOverride, CategoryGeneration, 3, maxC, 10000, maxC, "W"},
				{"G4", BonusOverride, CategoryGeneration, 4, maxC, 10000, maxC, "W"},
				{"G5", BonusOverride, CategoryGeneration, 5, maxC, 10000, maxC, "W"},
				{"G6", BonusOverride, CategoryGeneration, 6, maxC, 10000, maxC, "W"},
				{"W", BonusTraining, CategoryBonus, 0, maxC, 10000, maxC, ""},
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := Calculate(tc.policy, tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, rows(t, lines)); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCalculateRefuses(t *testing.T) {
	valid := func() Policy {
		return Policy{TargetPremiumCents: 100_000, CommissionRateBP: 10000,
			Writers: []Writer{{ShareBP: 5000, Chain: chain(1, "W:TA", "L:RMD")}, {ShareBP: 5000, Chain: chain(11, "V:TA", "L:RMD")}}}
	}
	cases := []struct {
		name  string
		edit  func(p *Policy, r *Rules)
		field string
	}{
		{"negative premium", func(p *Policy, r *Rules) { p.TargetPremiumCents = -1 }, "targetPremiumCents"},
		{"premium over 10^12 cents", func(p *Policy, r *Rules) { p.TargetPremiumCents = MaxPremiumCents + 1 }, "targetPremiumCents"},
		{"negative commission rate", func(p *Policy, r *Rules) { p.CommissionRateBP = -1 }, "commissionRateBP"},
		{"commission rate over 1,000 %", func(p *Policy, r *Rules) { p.CommissionRateBP = MaxCommissionRateBP + 1 }, "commissionRateBP"},
		{"no writer", func(p *Policy, r *Rules) { p.Writers = nil }, "writers"},
		{"three writers", func(p *Policy, r *Rules) {
			p.Writers = append(p.Writers, Writer{ShareBP: 1, Chain: chain(21, "Z:TA")})
		}, "writers"},
		{"share 0", func(p *Policy, r *Rules) { p.Writers[0].ShareBP, p.Writers[1].ShareBP = 0, 10000 }, "writers[0].shareBP"},
		{"share over 100 %", func(p *Policy, r *Rules) { p.Writers[1].ShareBP = 10001 }, "writers[1].shareBP"},
		{"negative share", func(p *Policy, r *Rules) { p.Writers[1].ShareBP = -5000 }, "writers[1].shareBP"},
		{"shares short of 100 %", func(p *Policy, r *Rules) { p.Writers[1].ShareBP = 4999 }, "writers"},
		{"one writer with half", func(p *Policy, r *Rules) { p.Writers = p.Writers[:1] }, "writers"},
		{"empty chain", func(p *Policy, r *Rules) { p.Writers[1].Chain = nil }, "writers[1].chain"},
		{"duplicate writer", func(p *Policy, r *Rules) { p.Writers[1].Chain = chain(1, "W:TA") }, "writers[1]"},
		{"person twice in a chain", func(p *Policy, r *Rules) {
			p.Writers[0].Chain = append(p.Writers[0].Chain, p.Writers[0].Chain[0])
		}, "writers[0].chain[2]"},
		{"negative person rate", func(p *Policy, r *Rules) { p.Writers[0].Chain[1].RateBP = -1 }, "writers[0].chain[1].rateBP"},
		{"person rate over 100 %", func(p *Policy, r *Rules) { p.Writers[1].Chain[0].RateBP = 10001 }, "writers[1].chain[0].rateBP"},
		{"trainer rate out of range", func(p *Policy, r *Rules) { p.Trainer = &Person{ID: 9, Code: "T", RateBP: -5} }, "trainer.rateBP"},
		{"seven generation rates", func(p *Policy, r *Rules) { r.GenerationBP = append(r.GenerationBP, 10) }, "rules.generationBP"},
		{"negative generation rate", func(p *Policy, r *Rules) { r.GenerationBP[2] = -300 }, "rules.generationBP[2]"},
		{"generation rate over 100 %", func(p *Policy, r *Rules) { r.GenerationBP[0] = 10001 }, "rules.generationBP[0]"},
		{"negative training rate", func(p *Policy, r *Rules) { r.TrainingBP = -1 }, "rules.trainingBP"},
		{"training rate over 100 %", func(p *Policy, r *Rules) { r.TrainingBP = 10001 }, "rules.trainingBP"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, r := valid(), DefaultRules()
			if _, err := Calculate(p, r); err != nil {
				t.Fatalf("the valid policy is refused: %v", err)
			}
			tc.edit(&p, &r)
			lines, err := Calculate(p, r)
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, %v; want an *InputError", lines, err)
			}
			if ie.Field != tc.field || ie.Message == "" {
				t.Errorf("got field %q (%s), want %q", ie.Field, ie.Message, tc.field)
			}
			if lines != nil {
				t.Errorf("lines %v with an error", lines)
			}
		})
	}
}

func TestInputErrorText(t *testing.T) {
	_, err := Calculate(Policy{TargetPremiumCents: -1}, DefaultRules())
	want := "comp: targetPremiumCents: must be between 0 and $10,000,000,000.00"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// BenchmarkCalculate is a preview of a 50/50 split with 12-deep chains, a trainer and
// an inactive generation.
func BenchmarkCalculate(b *testing.B) {
	deep := func(first int64) []Person {
		return chain(first, "W:TA", "U1:A", "U2:SA", "U3:MD", "U4:SMD", "L:RMD", "G1:SRMD", "N:SMD", "G2:RMD!", "G3:ERMD", "G4:RMD", "G5:RMD")
	}
	p := Policy{
		TargetPremiumCents: 123_456_78, CommissionRateBP: 11000,
		Writers: []Writer{{ShareBP: 5000, Chain: deep(1)}, {ShareBP: 5000, Chain: deep(101)}},
		Trainer: &chain(200, "T:MD")[0],
	}
	r := DefaultRules()
	if len(p.Writers[0].Chain) != 12 {
		b.Fatal(fmt.Sprint("chain of ", len(p.Writers[0].Chain)))
	}
	for b.Loop() {
		if _, err := Calculate(p, r); err != nil {
			b.Fatal(err)
		}
	}
}
