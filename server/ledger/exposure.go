package ledger

import (
	"github.com/associateportal/portal/server/comp"
)

// ExposureMonths are the policy months in which a lapse reclaims something: 1..11 (from
// month 12 a line keeps all it earned; month 0, the free look, is past once a line exists).
const ExposureMonths = 11

// Exposure is what a lapse would reclaim from lines in force, for each policy month
// 1..ExposureMonths (index m−1), and the part of it the escrow still held in that month
// would cover: comp.Chargeback over comp.EscrowHeld, line by line, summed.
type Exposure struct {
	Policies   int
	Reclaim    [ExposureMonths]int64
	FromEscrow [ExposureMonths]int64
}

// AddLine adds one line of earning E whose escrow first held S (sign −1 takes it off).
func (x *Exposure) AddLine(earning, escrow int64, sign int64) error {
	for m := 1; m <= ExposureMonths; m++ {
		held := comp.EscrowHeld(escrow, m)
		res, err := comp.Chargeback(earning, held, m)
		if err != nil {
			return err
		}
		x.Reclaim[m-1] += sign * (earning - res.KeptCents)
		x.FromEscrow[m-1] += sign * -res.ChargebackEscrowCents
	}
	return nil
}

// In is the exposure of a lapse in policy month m: the reclaim and the part of it from the
// escrow held (0 outside 1..ExposureMonths).
func (x *Exposure) In(m int) (reclaim, fromEscrow int64) {
	if m < 1 || m > ExposureMonths {
		return 0, 0
	}
	return x.Reclaim[m-1], x.FromEscrow[m-1]
}
