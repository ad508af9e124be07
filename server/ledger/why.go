package ledger

import (
	"fmt"
	"strings"
	"time"

	"github.com/associateportal/portal/server/comp"
)

// Why is an entry's explanation as stored with it (jsonb): the calculator's explanation of
// its line, the policy, and the entry's own part: the advance and escrow split, the release,
// the lapse, the pool or the carried debt. Written once, it never changes with later moves
// or promotions.
type Why struct {
	Kind   Kind              `json:"kind"`
	Line   *comp.Explanation `json:"line,omitempty"`
	Policy *Policy           `json:"policy,omitempty"`

	EarningCents int64 `json:"earningCents,omitempty"`
	AdvanceBP    int32 `json:"advanceBP,omitempty"`
	AdvanceCents int64 `json:"advanceCents,omitempty"`
	EscrowCents  int64 `json:"escrowCents,omitempty"`

	// Releases: part k of 3 of the escrow, due on DueOn.
	Part      int        `json:"part,omitempty"`
	PartCents int64      `json:"partCents,omitempty"`
	DueOn     *time.Time `json:"dueOn,omitempty"`

	// Lapses: the policy month of the lapse (0 on a free look), what the line keeps, the
	// escrow it still held and the reclaim.
	LapsedOn     *time.Time `json:"lapsedOn,omitempty"`
	Month        int        `json:"month,omitempty"`
	FreeLook     bool       `json:"freeLook,omitempty"`
	KeptCents    int64      `json:"keptCents,omitempty"`
	HeldCents    int64      `json:"heldCents,omitempty"`
	ReclaimCents int64      `json:"reclaimCents,omitempty"`

	Pool *PoolWhy `json:"pool,omitempty"`
}

// Own is the entry's own part of the explanation, as an entry stores it when its line's part
// (the calculator's reasons and the policy) is stored once for the line.
func (w Why) Own() Why {
	w.Line, w.Policy = nil, nil
	return w
}

// LineWhy is the part of an explanation that every entry of a line shares.
type LineWhy struct {
	Line   *comp.Explanation `json:"line"`
	Policy *Policy           `json:"policy"`
}

// WithLine completes an entry's own part with its line's.
func (w Why) WithLine(l LineWhy) Why {
	if w.Line == nil {
		w.Line = l.Line
	}
	if w.Policy == nil {
		w.Policy = l.Policy
	}
	return w
}

// PoolWhy is a pool share's part of the explanation.
type PoolWhy struct {
	BonusType  comp.BonusType `json:"bonusType"`
	Metric     string         `json:"metric"`
	PoolCents  int64          `json:"poolCents"`
	ValueCents int64          `json:"value"`
	TotalCents int64          `json:"total"`
	Qualifiers int            `json:"qualifiers"`
	Period     time.Time      `json:"period"`
}

// metricNames word the pool metrics.
var metricNames = map[string]string{
	"personal_bv":      "personal BV",
	"personal_premium": "personal premium",
	"earnings":         "earnings",
}

// Text is the explanation in words: why the line earns what it earns, then what this entry
// of the line is.
func (w Why) Text(amountCents int64) string {
	var b strings.Builder
	if w.Line != nil {
		b.WriteString(w.Line.Text())
		b.WriteByte(' ')
	}
	if p := w.Policy; p != nil && w.Line != nil {
		fmt.Fprintf(&b, "Policy %s (%s, %s), sold %s and approved %s; the chain and levels are those of the sale date. ",
			p.Number, p.Provider, p.Product, date(p.SubmittedOn), date(p.ApprovedOn))
	}
	amount := comp.FormatCents(amountCents)
	switch w.Kind {
	case KindAdvance:
		fmt.Fprintf(&b, "Advance: %s of the %s earned is paid on approval (%s); the other %s is held in escrow.",
			comp.FormatBP(w.AdvanceBP), comp.FormatCents(w.EarningCents), amount, comp.FormatCents(w.EscrowCents))
	case KindEscrow:
		fmt.Fprintf(&b, "Escrow: %s of the %s earned is held and released in three parts at the start of policy months 10, 11 and 12 while the policy is in force.",
			amount, comp.FormatCents(w.EarningCents))
	case KindReleaseOut, KindReleaseIn:
		fmt.Fprintf(&b, "Escrow release %d of 3: policy month %d started on %s with the policy in force, so %s of the %s escrow is released",
			w.Part, 9+w.Part, date(*w.DueOn), comp.FormatCents(w.PartCents), comp.FormatCents(w.EscrowCents))
		if w.Kind == KindReleaseOut {
			b.WriteString(" (it leaves escrow).")
		} else {
			b.WriteString(" to be paid.")
		}
	case KindChargebackEscrow, KindLapseReleaseOut, KindLapseReleaseIn, KindChargeback:
		b.WriteString(w.lapseText(amount))
	case KindPool:
		p := w.Pool
		fmt.Fprintf(&b, "%s for %s: the pool of %s is shared among %d qualifiers by %s; %s of a total %s gives %s.",
			p.BonusType, p.Period.Format("January 2006"), comp.FormatCents(p.PoolCents), p.Qualifiers, metricNames[p.Metric],
			comp.FormatCents(p.ValueCents), comp.FormatCents(p.TotalCents), amount)
	}
	return strings.TrimSpace(b.String())
}

func (w Why) lapseText(amount string) string {
	var when string
	if w.FreeLook {
		when = fmt.Sprintf("The policy was cancelled in its free look on %s, so the line keeps nothing of its %s", date(*w.LapsedOn), comp.FormatCents(w.EarningCents))
	} else if w.Month >= 12 {
		when = fmt.Sprintf("The policy lapsed on %s, in policy month %d: after 12 months it keeps all %s", date(*w.LapsedOn), w.Month, comp.FormatCents(w.EarningCents))
	} else {
		when = fmt.Sprintf("The policy lapsed on %s, in policy month %d, so the line keeps %s × %d/12 = %s",
			date(*w.LapsedOn), w.Month, comp.FormatCents(w.EarningCents), w.Month, comp.FormatCents(w.KeptCents))
	}
	reclaim := fmt.Sprintf("; %s is reclaimed, first from the %s still in escrow.", comp.FormatCents(w.ReclaimCents), comp.FormatCents(w.HeldCents))
	switch w.Kind {
	case KindChargebackEscrow:
		return when + reclaim + fmt.Sprintf(" Chargeback Escrow: %s taken back from escrow.", amount)
	case KindLapseReleaseOut, KindLapseReleaseIn:
		return when + reclaim + fmt.Sprintf(" The escrow held beyond the reclaim is released at once: %s.", comp.FormatCents(abs(w.HeldCents-w.ReclaimCents)))
	}
	return when + reclaim + fmt.Sprintf(" Chargeback: the rest, %s, is a debit netted against later pay.", amount)
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func date(t time.Time) string { return t.Format("01/02/2006") }
