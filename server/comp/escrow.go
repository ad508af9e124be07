package comp

// DefaultAdvanceBP is DOMAIN.md's default advance, 75 % of an earning. It seeds the data;
// the engine passes the organisation's own rate to Advance.
const DefaultAdvanceBP = 7500

// The policy months at whose start the three escrow parts are released, and the months
// over which a policy earns its commission.
const (
	firstReleaseMonth = 10
	earningMonths     = 12
)

// Advance splits an earning E into the advance paid on approval, R(E × advanceBP), and the
// escrow held, E − advance.
func Advance(earning int64, advanceBP int32) (advance, escrow int64, err error) {
	if earning < 0 {
		return 0, 0, invalid("earning", "must not be negative")
	}
	if advanceBP < 0 || advanceBP > bpScale {
		return 0, 0, invalid("advanceBP", "must be between 0 and 100 %%")
	}
	advance = mulDivRound(earning, int64(advanceBP), bpScale)
	return advance, earning - advance, nil
}

// EscrowParts are the three parts an escrow S is released in at the start of policy months
// 10, 11 and 12: S/3 rounded down twice, the last part the rest (6250 → 2083, 2083, 2084).
func EscrowParts(escrow int64) [3]int64 {
	part := escrow / 3
	return [3]int64{part, part, escrow - 2*part}
}

// EscrowHeld is how much of an escrow S is still held during policy month m (1 starts on
// the approval date; 0 is the free look), the parts due at the start of months 10, 11 and
// 12 being released: S before month 10, then S less the parts released, 0 from month 12.
func EscrowHeld(escrow int64, month int) int64 {
	held := escrow
	for i, part := range EscrowParts(escrow) {
		if month >= firstReleaseMonth+i {
			held -= part
		}
	}
	return held
}

// Lapse is what becomes of one line when its policy lapses, as signed entry amounts.
type Lapse struct {
	KeptCents             int64 // earned: E × m / 12 rounded half up (0 on a free look, E after month 12)
	ChargebackEscrowCents int64 // ≤ 0: escrow still held taken back (status Chargeback Escrow)
	ReleasedCents         int64 // ≥ 0: escrow held beyond the reclaim, released at once
	DebitCents            int64 // ≤ 0: the rest of the reclaim (status Chargeback), netted against later pay
}

// Chargeback settles a line of earning E when its policy lapses in policy month m (0 for a
// free-look cancellation), with escrowHeld of the line's escrow still held (see EscrowHeld).
// The policy earns evenly over 12 months, so the line keeps R(E × m / 12) and the reclaim
// E − kept is taken first from the escrow held; escrow beyond the reclaim is released at
// once and the rest of the reclaim is a debit. After month 12 nothing is reclaimed.
func Chargeback(earning, escrowHeld int64, month int) (Lapse, error) {
	switch {
	case earning < 0:
		return Lapse{}, invalid("earning", "must not be negative")
	case escrowHeld < 0 || escrowHeld > earning:
		return Lapse{}, invalid("escrowHeld", "must be between 0 and the earning")
	case month < 0:
		return Lapse{}, invalid("month", "must not be negative")
	}
	kept := earning
	if month < earningMonths {
		kept = mulDivRound(earning, int64(month), earningMonths)
	}
	reclaim := earning - kept
	fromEscrow := min(reclaim, escrowHeld)
	return Lapse{
		KeptCents:             kept,
		ChargebackEscrowCents: -fromEscrow,
		ReleasedCents:         escrowHeld - fromEscrow,
		DebitCents:            -(reclaim - fromEscrow),
	}, nil
}
