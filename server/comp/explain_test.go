package comp

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// whyOf finds the explanation of the line of a bonus type earned by a code.
func whyOf(t *testing.T, lines []Line, code string, bt BonusType) Explanation {
	t.Helper()
	for _, l := range lines {
		if l.Person.Code == code && l.BonusType == bt {
			return l.Why
		}
	}
	t.Fatalf("no %s line for %s", bt, code)
	return Explanation{}
}

func TestExplanationWorkedExample(t *testing.T) {
	p := worked()
	p.Trainer = &chain(50, "T:A")[0]
	lines, err := Calculate(p, DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	want := Explanation{
		Rule: RuleUnpaidGenerations, Level: "RMD", EarnerRateBP: 7500, RateBP: 300, Generation: 3,
		BaseCents: 100_000, CommissionableCents: 100_000, ShareBP: 10000, AmountCents: 3_000,
		Chain:  []string{"W", "U1", "U2", "U3", "L", "X", "G1", "G2", "G3", "G4"},
		Leader: "L", Inactive: "G3",
	}
	if diff := cmp.Diff(want, whyOf(t, lines, "G4", BonusUnpaidGenerations)); diff != "" {
		t.Errorf("G4's unpaid line (-want +got):\n%s", diff)
	}
	want = Explanation{
		Rule: RuleOverride, Level: "Marketing Director", EarnerRateBP: 5500, BelowRateBP: 4500, RateBP: 1000,
		BaseCents: 100_000, CommissionableCents: 100_000, ShareBP: 10000, AmountCents: 10_000,
		Chain: []string{"W", "U1", "U2", "U3"},
	}
	if diff := cmp.Diff(want, whyOf(t, lines, "U3", BonusOverride)); diff != "" {
		t.Errorf("U3's override (-want +got):\n%s", diff)
	}

	cases := []struct {
		code string
		bt   BonusType
		want string
	}{
		{"W", BonusWriting, "Writing: W (Training Associate) wrote the policy: 25 % of $1,000.00 commissionable = $250.00."},
		{"U1", BonusOverride, "Override: U1 (Senior Associate) 45 % − 25 % already paid below = 20 % of $1,000.00 commissionable = $200.00 (writer W; chain W → U1)."},
		{"U3", BonusOverride, "Override: U3 (Marketing Director) 55 % − 45 % already paid below = 10 % of $1,000.00 commissionable = $100.00 (writer W; chain W → U1 → U2 → U3)."},
		{"G1", BonusOverride, "Generation 1: G1 (Senior RMD) is generation 1 above the writer's leader L: 6 % of $1,000.00 commissionable = $60.00 (writer W; chain W → U1 → U2 → U3 → L → X → G1)."},
		{"G4", BonusUnpaidGenerations, "Unpaid Generations Bonus: G4 (RMD) receives generation 3's 3 % of $1,000.00 commissionable = $30.00, because G3 (generation 3 above L) is not active (writer W; chain W → U1 → U2 → U3 → L → X → G1 → G2 → G3 → G4)."},
		{"T", BonusTraining, "Training: T (Associate), field trainer of the policy: 5 % of $1,000.00 commissionable = $50.00."},
	}
	for _, tc := range cases {
		if diff := cmp.Diff(tc.want, whyOf(t, lines, tc.code, tc.bt).Text()); diff != "" {
			t.Errorf("%s's %s line (-want +got):\n%s", tc.code, tc.bt, diff)
		}
	}
}

func TestExplanationSplit(t *testing.T) {
	p := Policy{TargetPremiumCents: 123_457, CommissionRateBP: 9000, Writers: []Writer{
		{ShareBP: 4000, Chain: chain(1, "W:A", "U:SA")},
		{ShareBP: 6000, Chain: chain(5, "V:TA")},
	}}
	lines, err := Calculate(p, DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	// C = 1,234.57 × 90 % = 1,111.113 → $1,111.11; W's 40 % is $444.44, V has the rest.
	got := []string{}
	for _, l := range lines {
		got = append(got, l.Why.Text())
	}
	want := []string{
		"Split: W (Associate) wrote the policy: 35 % of $444.44, W's 40 % share of $1,111.11 commissionable = $155.55.",
		"Override: U (Senior Associate) 45 % − 35 % already paid below = 10 % of $444.44, W's 40 % share of $1,111.11 commissionable = $44.45 (writer W; chain W → U).",
		"Split: V (Training Associate) wrote the policy: 25 % of $666.67, V's 60 % share of $1,111.11 commissionable = $166.67.",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("texts (-want +got):\n%s", diff)
	}
}

// TestExplanationJSON holds the stored form of an explanation: the cashflow entry keeps it.
func TestExplanationJSON(t *testing.T) {
	lines, err := Calculate(worked(), DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	why := whyOf(t, lines, "G4", BonusUnpaidGenerations)
	b, err := json.Marshal(why)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"rule":"Unpaid Generations Bonus","level":"RMD","earnerRateBP":7500,"rateBP":300,"generation":3,` +
		`"baseCents":100000,"commissionableCents":100000,"shareBP":10000,"amountCents":3000,` +
		`"chain":["W","U1","U2","U3","L","X","G1","G2","G3","G4"],"leader":"L","inactive":"G3"}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
	var back Explanation
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(why, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestFormatCents(t *testing.T) {
	cases := map[int64]string{
		0: "$0.00", 5: "$0.05", 99: "$0.99", 100: "$1.00", 123456: "$1,234.56", 100000: "$1,000.00",
		99999999: "$999,999.99", 100000000: "$1,000,000.00", -123456: "-$1,234.56",
		MaxPremiumCents:          "$10,000,000,000.00",
		9223372036854775807:      "$92,233,720,368,547,758.07",
		-9223372036854775807 - 1: "-$92,233,720,368,547,758.08",
	}
	for c, want := range cases {
		if got := FormatCents(c); got != want {
			t.Errorf("FormatCents(%d) = %q, want %q", c, got, want)
		}
	}
}

func TestFormatBP(t *testing.T) {
	cases := map[int32]string{
		0: "0 %", 1: "0.01 %", 10: "0.1 %", 50: "0.5 %", 1250: "12.5 %", 7500: "75 %", 1234: "12.34 %",
		10000: "100 %", 11000: "110 %", 100000: "1000 %", -250: "-2.5 %",
	}
	for bp, want := range cases {
		if got := FormatBP(bp); got != want {
			t.Errorf("FormatBP(%d) = %q, want %q", bp, got, want)
		}
	}
}
