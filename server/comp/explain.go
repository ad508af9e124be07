package comp

import (
	"fmt"
	"strconv"
	"strings"
)

// Explanation is why a line pays what it pays. It holds everything its sentence needs, so
// it can be stored with the cashflow entry and shown later without the policy.
type Explanation struct {
	Rule                Rule   `json:"rule"`
	Level               string `json:"level"`                 // the earner's level as of the sale date
	EarnerRateBP        int32  `json:"earnerRateBP"`          // the earner's level rate
	BelowRateBP         int32  `json:"belowRateBP,omitempty"` // overrides: the highest rate already paid below
	RateBP              int32  `json:"rateBP"`                // the rate applied to BaseCents
	Generation          int    `json:"generation,omitempty"`
	BaseCents           int64  `json:"baseCents"`           // the writer's share Ci (C for Training)
	CommissionableCents int64  `json:"commissionableCents"` // the policy's whole C
	ShareBP             int32  `json:"shareBP"`             // the writer's share of C
	AmountCents         int64  `json:"amountCents"`
	// Chain holds the codes from the writer up to the earner (the trainer alone for
	// Training).
	Chain []string `json:"chain"`
	// Leader is, on generation lines, the code of the writer's leader the generations count
	// from.
	Leader string `json:"leader,omitempty"`
	// Inactive is, on an Unpaid Generations Bonus line, the code of the inactive leader
	// whose generation share rolled up.
	Inactive string `json:"inactive,omitempty"`
}

// Text is the explanation as a sentence in plain English, amounts as $1,234.56 and rates
// as 12.5 %.
func (e Explanation) Text() string {
	earner, writer := "", ""
	if n := len(e.Chain); n > 0 {
		earner, writer = e.Chain[n-1], e.Chain[0]
	}
	who := earner
	if e.Level != "" {
		who += " (" + e.Level + ")"
	}
	base := FormatCents(e.BaseCents) + " commissionable"
	if e.ShareBP != bpScale && e.Rule != RuleTraining {
		base = fmt.Sprintf("%s, %s's %s share of %s commissionable",
			FormatCents(e.BaseCents), writer, FormatBP(e.ShareBP), FormatCents(e.CommissionableCents))
	}
	chain := fmt.Sprintf(" (writer %s; chain %s)", writer, strings.Join(e.Chain, " → "))
	amount := FormatCents(e.AmountCents)
	switch e.Rule {
	case RuleWriting, RuleSplit:
		return fmt.Sprintf("%s: %s wrote the policy: %s of %s = %s.", e.Rule, who, FormatBP(e.RateBP), base, amount)
	case RuleOverride:
		return fmt.Sprintf("Override: %s %s − %s already paid below = %s of %s = %s%s.",
			who, FormatBP(e.EarnerRateBP), FormatBP(e.BelowRateBP), FormatBP(e.RateBP), base, amount, chain)
	case RuleGeneration:
		return fmt.Sprintf("Generation %d: %s is generation %d above the writer's leader %s: %s of %s = %s%s.",
			e.Generation, who, e.Generation, e.Leader, FormatBP(e.RateBP), base, amount, chain)
	case RuleUnpaidGenerations:
		return fmt.Sprintf("Unpaid Generations Bonus: %s receives generation %d's %s of %s = %s, because %s (generation %d above %s) is not active%s.",
			who, e.Generation, FormatBP(e.RateBP), base, amount, e.Inactive, e.Generation, e.Leader, chain)
	case RuleTraining:
		return fmt.Sprintf("Training: %s, field trainer of the policy: %s of %s = %s.", who, FormatBP(e.RateBP), base, amount)
	}
	return fmt.Sprintf("%s: %s %s of %s = %s.", e.Rule, who, FormatBP(e.RateBP), base, amount)
}

// FormatCents writes cents as dollars: -123456 → "-$1,234.56".
func FormatCents(c int64) string {
	sign := ""
	u := uint64(c)
	if c < 0 {
		sign, u = "-", -u
	}
	digits := strconv.FormatUint(u/100, 10)
	var b strings.Builder
	b.WriteString(sign + "$")
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	fmt.Fprintf(&b, ".%02d", u%100)
	return b.String()
}

// FormatBP writes basis points as a percentage without trailing zeros: 1250 → "12.5 %".
func FormatBP(bp int32) string {
	sign := ""
	u := int64(bp)
	if u < 0 {
		sign, u = "-", -u
	}
	s := strconv.FormatInt(u/100, 10)
	if f := u % 100; f != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%02d", f), "0")
	}
	return sign + s + " %"
}
