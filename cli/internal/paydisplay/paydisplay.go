// Package paydisplay builds what the payments commands (cli/internal/cmd/payments) and the
// TUI's payments screen both show, as plain text for either to lay out: the labelled fields
// of how a line was computed, of the policy behind it and of the balances, and the words of
// an entry kind. Money shows as USD and rates as percentages, formatted from the API's
// integer cents and basis points (never through a float).
package paydisplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk/oas"
)

// KindText is an entry kind in words: release_out → release out.
func KindText(k oas.EntryKind) string { return strings.ReplaceAll(string(k), "_", " ") }

// LineFields are the labelled values of how a line was computed, in the order shown: rates
// in percent from basis points, money in dollars from cents; the fields the line has not are
// left out.
func LineFields(l *oas.EntryLine) [][2]string {
	out := [][2]string{{"Rule", l.Rule}, {"Level", l.Level}, {"Earner's rate", text.FormatPercent(l.EarnerRateBp)}}
	if b, ok := l.BelowRateBp.Get(); ok {
		out = append(out, [2]string{"Paid below", text.FormatPercent(b)})
	}
	out = append(out, [2]string{"Rate", text.FormatPercent(l.RateBp)})
	if g, ok := l.Generation.Get(); ok {
		out = append(out, [2]string{"Generation", strconv.Itoa(g)})
	}
	out = append(out,
		[2]string{"Commissionable", text.FormatDollars(l.CommissionableCents)},
		[2]string{"Share", text.FormatPercent(l.ShareBp)},
		[2]string{"Base", text.FormatDollars(l.BaseCents)},
		[2]string{"Earning", text.FormatDollars(l.EarningCents)},
		[2]string{"Chain", strings.Join(l.Chain, " → ")}, // from the writer up: W100 → U200 → L300
	)
	if v, ok := l.Leader.Get(); ok {
		out = append(out, [2]string{"Writer's leader", v})
	}
	if v, ok := l.Inactive.Get(); ok {
		out = append(out, [2]string{"Inactive", v})
	}
	return out
}

// PolicyFields are the labelled values of the policy behind a line, with the policy month
// of a lapse (0 is a free-look cancellation); a policy in force has no Lapsed field.
func PolicyFields(p *oas.EntryPolicy, lapseMonth oas.OptInt) [][2]string {
	out := [][2]string{
		{"Number", fmt.Sprintf("%s (#%d)", p.PolicyNumber, p.ID)},
		{"Provider", p.ProviderName},
		{"Product", p.ProductName},
		{"Submitted", text.FormatDate(p.SubmittedOn)},
		{"Approved", text.FormatDate(p.ApprovedOn)},
	}
	if t, ok := p.LapsedOn.Get(); ok {
		out = append(out, [2]string{"Lapsed", text.FormatDate(t)})
	}
	if m, ok := lapseMonth.Get(); ok {
		out = append(out, [2]string{"Lapse month", lapseMonthText(m)})
	}
	return out
}

// lapseMonthText is the policy month of a lapse in words: "4 of 12", "0 (free look)".
func lapseMonthText(m int) string {
	if m == 0 {
		return "0 (free look)"
	}
	return fmt.Sprintf("%d of 12", m)
}

// BalanceFields are the labelled balances, in dollars: pending, escrow, paid, chargeback debt.
func BalanceFields(b *oas.PaymentsBalances) [][2]string {
	return [][2]string{
		{"Pending", text.FormatDollars(b.PendingCents)},
		{"Escrow", text.FormatDollars(b.EscrowCents)},
		{"Paid", text.FormatDollars(b.PaidCents)},
		{"Chargeback debt", text.FormatDollars(b.ChargebackDebtCents)},
	}
}
