// Package ledger turns the calculator's lines into cashflow entries: the advance and the
// escrow of an approval, the three releases of escrow, the chargebacks of a lapse and the
// shares of a bonus pool, each with the explanation it is stored with. Like comp it is pure
// (no database, no clock): the store reads the state, asks this package what to write, and
// writes it once.
//
// The entries of one earning line E (see migration 0011):
//
//	advance            Pending   +A            A = R(E × advance rate)
//	escrow             Escrow    +S            S = E − A
//	release_out/in k   Escrow −part, Pending +part   at the start of policy month 9+k
//	chargeback_escrow  Chargeback Escrow −x    on a lapse: the reclaim taken from escrow held
//	lapse_release_*    Escrow −y, Pending +y   escrow held beyond the reclaim, released at once
//	chargeback         Chargeback −z           the rest of the reclaim, netted against later pay
//
// so the entries of a line add up to what it keeps, and its escrow held is the sum of its
// Escrow and Chargeback Escrow entries.
package ledger

import (
	"fmt"
	"strconv"
	"time"

	"github.com/associateportal/portal/server/comp"
)

// Statuses of entries.
const (
	StatusPending          = "Pending"
	StatusPaid             = "Paid"
	StatusEscrow           = "Escrow"
	StatusChargeback       = "Chargeback"
	StatusChargebackEscrow = "Chargeback Escrow"
)

// Directions: the spec's "Compensation vs Chargeback".
const (
	Compensation = "Compensation"
	Chargeback   = "Chargeback"
)

// Kind is what an entry is within its line.
type Kind string

// The kinds of entries.
const (
	KindAdvance          Kind = "advance"
	KindEscrow           Kind = "escrow"
	KindReleaseOut       Kind = "release_out"
	KindReleaseIn        Kind = "release_in"
	KindChargebackEscrow Kind = "chargeback_escrow"
	KindLapseReleaseOut  Kind = "lapse_release_out"
	KindLapseReleaseIn   Kind = "lapse_release_in"
	KindChargeback       Kind = "chargeback"
	KindPool             Kind = "pool"
)

// Direction is Compensation or Chargeback for entries of the kind.
func (k Kind) Direction() string {
	switch k {
	case KindChargebackEscrow, KindChargeback:
		return Chargeback
	}
	return Compensation
}

// Policy is what an entry's explanation says of its policy.
type Policy struct {
	ID          int64     `json:"id"`
	Number      string    `json:"number"`
	Provider    string    `json:"provider"`
	Product     string    `json:"product"`
	SubmittedOn time.Time `json:"submittedOn"` // the sale date: the chain and levels of this day
	ApprovedOn  time.Time `json:"approvedOn"`
}

// Entry is one cashflow entry to write.
type Entry struct {
	AssociateID  int64
	PolicyID     int64 // 0 for pool shares
	LineNo       int   // the line of the policy's calculation; -1 when none
	Category     comp.Category
	BonusType    comp.BonusType
	Status       string
	Kind         Kind
	AmountCents  int64
	EarningCents int64
	OccurredOn   time.Time
	Source       string
	LineKey      string
	Why          Why
}

// Period is the first day of the entry's month.
func (e Entry) Period() time.Time { return MonthOf(e.OccurredOn) }

// Direction is Compensation or Chargeback.
func (e Entry) Direction() string { return e.Kind.Direction() }

// Day is the date of an instant as the server records dates: its UTC day at midnight.
func Day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// MonthOf is the first day of t's month.
func MonthOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// AddMonths is the day n months after d, on the last day of the month when d's day does
// not exist there (Jan 31 + 1 month = Feb 28 or 29).
func AddMonths(d time.Time, n int) time.Time {
	first := time.Date(d.Year(), d.Month()+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(d.Day(), last), 0, 0, 0, 0, time.UTC)
}

// PolicyMonth is the policy month a day falls in: month 1 starts on the approval date and
// month k on AddMonths(approved, k−1). A day before the approval is month 0.
func PolicyMonth(approved, day time.Time) int {
	if day.Before(approved) {
		return 0
	}
	m := (day.Year()-approved.Year())*12 + int(day.Month()-approved.Month()) + 1
	for m > 1 && AddMonths(approved, m-1).After(day) {
		m--
	}
	return m
}

// ReleaseDue is the day escrow part k (1..3) is released: the start of policy month 9+k.
func ReleaseDue(approved time.Time, part int) time.Time { return AddMonths(approved, 8+part) }

// Parts is the number of escrow parts.
const Parts = 3

// Approval is the advance and escrow entries of each line of a policy approved on a day.
func Approval(source string, pol Policy, lines []comp.Line, advanceBP int32) ([]Entry, error) {
	out := make([]Entry, 0, 2*len(lines))
	for i, l := range lines {
		advance, escrow, err := comp.Advance(l.AmountCents, advanceBP)
		if err != nil {
			return nil, err
		}
		base := Entry{
			AssociateID: l.Person.ID, PolicyID: pol.ID, LineNo: i, Category: l.Category, BonusType: l.BonusType,
			EarningCents: l.AmountCents, OccurredOn: pol.ApprovedOn, Source: source, LineKey: strconv.Itoa(i),
		}
		why := Why{Line: &l.Why, Policy: &pol, EarningCents: l.AmountCents, AdvanceBP: advanceBP,
			AdvanceCents: advance, EscrowCents: escrow}
		a := base
		a.Status, a.Kind, a.AmountCents, a.Why = StatusPending, KindAdvance, advance, why
		a.Why.Kind = KindAdvance
		out = append(out, a)
		if escrow > 0 {
			s := base
			s.Status, s.Kind, s.AmountCents, s.Why = StatusEscrow, KindEscrow, escrow, why
			s.Why.Kind = KindEscrow
			out = append(out, s)
		}
	}
	return out, nil
}

// Line is the state of one earning line, read back from its entries.
type Line struct {
	AssociateID  int64
	PolicyID     int64
	LineNo       int
	Category     comp.Category
	BonusType    comp.BonusType
	EarningCents int64 // E
	EscrowCents  int64 // S, the escrow first held
	HeldCents    int64 // escrow still held: its Escrow and Chargeback Escrow entries
	Released     [Parts]bool
	Why          Why // the approval's explanation (line and policy)
}

// Release is the pair of entries releasing part k (1..3) of a line's escrow on its due day.
func Release(l Line, part int) []Entry {
	amount := comp.EscrowParts(l.EscrowCents)[part-1]
	if amount == 0 {
		return nil
	}
	due := ReleaseDue(l.Why.Policy.ApprovedOn, part)
	why := l.Why
	why.Part, why.EscrowCents, why.PartCents, why.DueOn = part, l.EscrowCents, amount, &due
	out := Entry{
		AssociateID: l.AssociateID, PolicyID: l.PolicyID, LineNo: l.LineNo, Category: l.Category,
		BonusType: l.BonusType, EarningCents: l.EarningCents, OccurredOn: due,
		Source: fmt.Sprintf("release:%d:%d", l.PolicyID, part), LineKey: strconv.Itoa(l.LineNo),
	}
	in := out
	out.Status, out.Kind, out.AmountCents, out.Why = StatusEscrow, KindReleaseOut, -amount, why
	out.Why.Kind = KindReleaseOut
	in.Status, in.Kind, in.AmountCents, in.Why = StatusPending, KindReleaseIn, amount, why
	in.Why.Kind = KindReleaseIn
	return []Entry{out, in}
}

// DueParts are the parts of a line's escrow due by a day (their month has started) and not
// released yet, for a policy in force then: a policy that lapsed on lapsedOn (nil: in
// force) releases only the parts due on or before that day.
func DueParts(l Line, day time.Time, lapsedOn *time.Time) []int {
	var out []int
	for k := 1; k <= Parts; k++ {
		due := ReleaseDue(l.Why.Policy.ApprovedOn, k)
		if l.Released[k-1] || due.After(day) || lapsedOn != nil && due.After(*lapsedOn) {
			continue
		}
		out = append(out, k)
	}
	return out
}

// Lapse is what a lapse in policy month m (0: free look) writes for a line whose due
// releases are already written: the Chargeback Escrow, the escrow released at once and the
// debit, by comp.Chargeback over the escrow actually held.
func Lapse(source string, l Line, lapsedOn time.Time, month int, freeLook bool) ([]Entry, error) {
	res, err := comp.Chargeback(l.EarningCents, l.HeldCents, month)
	if err != nil {
		return nil, err
	}
	why := l.Why
	why.LapsedOn, why.Month, why.FreeLook = &lapsedOn, month, freeLook
	why.KeptCents, why.HeldCents = res.KeptCents, l.HeldCents
	why.ReclaimCents = l.EarningCents - res.KeptCents
	base := Entry{
		AssociateID: l.AssociateID, PolicyID: l.PolicyID, LineNo: l.LineNo, Category: l.Category,
		BonusType: l.BonusType, EarningCents: l.EarningCents, OccurredOn: lapsedOn,
		Source: source, LineKey: strconv.Itoa(l.LineNo),
	}
	var out []Entry
	add := func(kind Kind, status string, amount int64) {
		if amount == 0 {
			return
		}
		e := base
		e.Kind, e.Status, e.AmountCents, e.Why = kind, status, amount, why
		e.Why.Kind = kind
		out = append(out, e)
	}
	add(KindChargebackEscrow, StatusChargebackEscrow, res.ChargebackEscrowCents)
	add(KindLapseReleaseOut, StatusEscrow, -res.ReleasedCents)
	add(KindLapseReleaseIn, StatusPending, res.ReleasedCents)
	add(KindChargeback, StatusChargeback, res.DebitCents)
	return out, nil
}

// Qualifier is one associate's metric in a pool run.
type Qualifier struct {
	AssociateID int64
	Code        string
	Value       int64
}

// PoolRun is one month's run of one bonus pool.
type PoolRun struct {
	ID        int64
	BonusType comp.BonusType
	Metric    string
	PoolCents int64
	Period    time.Time // the month shared
}

// Pool is the entries sharing a pool among its qualifiers (comp.SharePool), on the last
// day of the month shared.
func Pool(run PoolRun, qs []Qualifier) ([]Entry, error) {
	metrics := make([]comp.Metric, len(qs))
	var total int64
	for i, q := range qs {
		metrics[i] = comp.Metric{Code: q.Code, Value: q.Value}
		total += q.Value
	}
	shares, err := comp.SharePool(run.PoolCents, metrics)
	if err != nil {
		return nil, err
	}
	on := AddMonths(run.Period, 1).AddDate(0, 0, -1)
	out := make([]Entry, 0, len(qs))
	for i, q := range qs {
		if shares[i] == 0 {
			continue
		}
		out = append(out, Entry{
			AssociateID: q.AssociateID, LineNo: -1, Category: comp.CategoryBonus, BonusType: run.BonusType,
			Status: StatusPending, Kind: KindPool, AmountCents: shares[i], EarningCents: shares[i], OccurredOn: on,
			Source: fmt.Sprintf("pool:%d", run.ID), LineKey: q.Code,
			Why: Why{Kind: KindPool, Pool: &PoolWhy{BonusType: run.BonusType, Metric: run.Metric, PoolCents: run.PoolCents,
				ValueCents: q.Value, TotalCents: total, Qualifiers: len(qs), Period: run.Period}},
		})
	}
	return out, nil
}
