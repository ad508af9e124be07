// Package shared holds what the payments commands share: the JSON fields of the
// contract's payments schemas, the cashflow list and an entry's explanation, the dashboard,
// and the lists of pay statements, provider payments and pay runs. Money shows as USD and
// rates as percentages, both formatted from the API's integer cents and basis points (never
// through a float).
package shared

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/paydisplay"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

// The JSON fields, in the contract's order, of each thing the payments commands show.
var (
	EntryFields           = cmdutil.JSONFields(sdk.CashflowEntry{})
	DetailFields          = cmdutil.JSONFields(oas.CashflowEntryDetail{})
	DashboardFields       = cmdutil.JSONFields(oas.PaymentsDashboard{})
	StatementFields       = cmdutil.JSONFields(sdk.PayStatement{})
	ProviderPaymentFields = cmdutil.JSONFields(sdk.ProviderPayment{})
	PayRunFields          = cmdutil.JSONFields(sdk.PayRun{})
	ImportFields          = cmdutil.JSONFields(oas.StatementImport{})
	ProcessFields         = cmdutil.JSONFields(oas.ProcessResult{})
)

func n64(v int64) string { return strconv.FormatInt(v, 10) }

// EntryStatusColor colours an entry status: Paid green, Escrow yellow, the chargebacks red,
// Pending plain.
func EntryStatusColor(cs *iostreams.ColorScheme, s string) string {
	switch oas.EntryStatus(strings.TrimSpace(s)) {
	case oas.EntryStatusPaid:
		return cs.Green(s)
	case oas.EntryStatusEscrow:
		return cs.Yellow(s)
	case oas.EntryStatusChargeback, oas.EntryStatusChargebackEscrow:
		return cs.Red(s)
	}
	return s
}

// ProviderPaymentStatusColor colours a provider payment's status: Action Required yellow,
// Ready To Pay and Processed green.
func ProviderPaymentStatusColor(cs *iostreams.ColorScheme, s string) string {
	switch oas.ProviderPaymentStatus(strings.TrimSpace(s)) {
	case oas.ProviderPaymentStatusActionRequired:
		return cs.Yellow(s)
	case oas.ProviderPaymentStatusReadyToPay, oas.ProviderPaymentStatusProcessed:
		return cs.Green(s)
	}
	return s
}

// negativeRed colours an amount red when it is negative ("-$18.75").
func negativeRed(cs *iostreams.ColorScheme) func(string) string {
	return func(s string) string {
		if strings.HasPrefix(strings.TrimSpace(s), "-") {
			return cs.Red(s)
		}
		return s
	}
}

// AddEntryListFlags declares the flags of a list of cashflow entries (the cashflow list, the
// chargebacks) on cmd for the generated parameters params: those of every list, --json over
// the entry's fields, and a --csv of the cashflow download's columns (lists.CashflowExport),
// so that both lists write what `portal payments cashflow export` does.
func AddEntryListFlags(cmd *cobra.Command, l *cmdutil.ListFlags, params any) {
	l.Add(cmd, params, EntryFields)
	l.Exporter.SetCSV(lists.CashflowExport, nil)
}

// EntryRecords converts cashflow entries for --json, --jq and --csv.
func EntryRecords(rows []sdk.CashflowEntry) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(rows, EntryFields)
}

// EntryTSVColumns are the columns of the cashflow and chargeback lists when piped, in order
// (documented in docs/cli.md): the contract's raw values, money in cents.
var EntryTSVColumns = []string{"id", "occurred_on", "period", "associate_code", "policy_number", "category", "bonus_type",
	"kind", "status", "direction", "amount_cents", "earning_cents", "settled"}

// PrintEntries prints cashflow entries as a table on a terminal, as tab-separated values
// otherwise.
func PrintEntries(ios *iostreams.IOStreams, rows []sdk.CashflowEntry) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range rows {
			e := &rows[i]
			t.AddRow(n64(e.ID), text.FormatISODate(e.OccurredOn), text.FormatISODate(e.Period), e.AssociateCode, e.PolicyNumber.Or(""),
				string(e.Category), string(e.BonusType), string(e.Kind), string(e.Status), string(e.Direction), n64(e.AmountCents),
				n64(e.EarningCents), strconv.FormatBool(e.Settled))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "DATE", "PERIOD", "ASSOCIATE", "POLICY", "TYPE", "KIND", "STATUS", "AMOUNT")
	t.SetColumnColor(0, cs.Gray)
	t.SetColumnColor(7, func(s string) string { return EntryStatusColor(cs, s) })
	t.SetColumnColor(8, negativeRed(cs))
	for i := range rows {
		e := &rows[i]
		t.AddRow(n64(e.ID), text.FormatDate(e.OccurredOn), text.FormatMonth(e.Period), e.AssociateCode, e.PolicyNumber.Or(""),
			string(e.BonusType), paydisplay.KindText(e.Kind), string(e.Status), text.FormatDollars(e.AmountCents))
	}
	return t.Render()
}

// DetailRecord converts an entry's explanation for --json, --jq and --csv, and for the
// "field:<TAB>value" lines of a pipe.
func DetailRecord(d *oas.CashflowEntryDetail) (cmdutil.Record, error) {
	return cmdutil.ToRecord(d, DetailFields)
}

// PrintDetail prints an entry with its explanation, the line it belongs to (rule, level,
// rates in percent, amounts, the upline chain), the policy behind it and every entry of
// the line: sections on a terminal, "field:<TAB>value" lines of the contract's fields when
// piped (the nested values as compact JSON).
func PrintDetail(ios *iostreams.IOStreams, d *oas.CashflowEntryDetail) error {
	if !ios.IsStdoutTTY() {
		rec, err := DetailRecord(d)
		if err != nil {
			return err
		}
		return cmdutil.PrintFields(ios, rec, DetailFields)
	}
	cs := ios.ColorScheme()
	out := ios.Out
	e := &d.Entry
	fmt.Fprintf(out, "%s %s %s %s\n", cs.Bold("Entry #"+n64(e.ID)), EntryStatusColor(cs, string(e.Status)),
		negativeRed(cs)(text.FormatDollars(e.AmountCents)), cs.Gray("· "+string(e.Direction)))
	sub := fmt.Sprintf("%s · %s · %s · period %s · %s · %s (%s)", e.Category, e.BonusType, paydisplay.KindText(e.Kind),
		text.FormatMonth(e.Period), text.FormatDate(e.OccurredOn), e.AssociateName, e.AssociateCode)
	if e.Settled {
		sub += " · on a pay statement"
	}
	fmt.Fprintf(out, "%s\n", cs.Gray(sub))

	width := max(ios.TerminalWidth(), 40)
	if x := strings.TrimSpace(d.Explanation); x != "" {
		fmt.Fprintf(out, "\n%s\n", cs.Bold("Why"))
		for _, w := range text.Wrap(x, width) {
			fmt.Fprintln(out, w)
		}
	}
	field := func(label, value string) {
		if value != "" {
			fmt.Fprintf(out, "%-18s%s\n", label+":", value)
		}
	}
	if l, ok := d.Line.Get(); ok {
		fmt.Fprintf(out, "\n%s\n", cs.Bold("Line"))
		for _, f := range paydisplay.LineFields(&l) {
			field(f[0], f[1])
		}
	}
	if p, ok := d.Policy.Get(); ok {
		fmt.Fprintf(out, "\n%s\n", cs.Bold("Policy"))
		for _, f := range paydisplay.PolicyFields(&p, d.LapseMonth) {
			field(f[0], f[1])
		}
	}

	fmt.Fprintf(out, "\n%s %s\n", cs.Bold("Entries of the line"), cs.Gray(fmt.Sprintf("· earning %s", text.FormatDollars(e.EarningCents))))
	if len(d.LineEntries) == 0 {
		fmt.Fprintln(out, cs.Gray("None."))
		return nil
	}
	t := tableprinter.New(ios, "", "ID", "DATE", "PERIOD", "KIND", "STATUS", "AMOUNT")
	t.SetColumnColor(5, func(s string) string { return EntryStatusColor(cs, s) })
	t.SetColumnColor(6, negativeRed(cs))
	for i := range d.LineEntries {
		le := &d.LineEntries[i]
		mark := ""
		if le.ID == e.ID {
			mark = "›"
		}
		t.AddRow(mark, n64(le.ID), text.FormatDate(le.OccurredOn), text.FormatMonth(le.Period), paydisplay.KindText(le.Kind), string(le.Status),
			text.FormatDollars(le.AmountCents))
	}
	return t.Render()
}

// DashboardRecord converts the dashboard for --json, --jq and --csv.
func DashboardRecord(d *oas.PaymentsDashboard) (cmdutil.Record, error) {
	return cmdutil.ToRecord(d, DashboardFields)
}

// PrintDashboard prints the payments dashboard: on a terminal, the period's earnings by
// category, the balances, the escrow releases to come, the chargeback exposure and the last
// 12 months; piped, "field:<TAB>value" lines of the contract's fields (the nested values as
// compact JSON).
func PrintDashboard(ios *iostreams.IOStreams, d *oas.PaymentsDashboard) error {
	if !ios.IsStdoutTTY() {
		rec, err := DashboardRecord(d)
		if err != nil {
			return err
		}
		return cmdutil.PrintFields(ios, rec, DashboardFields)
	}
	cs := ios.ColorScheme()
	out := ios.Out
	red := negativeRed(cs)
	fmt.Fprintf(out, "%s %s\n", cs.Bold("Payments"), cs.Gray(fmt.Sprintf("· %s (%s) · %s – %s", d.AssociateName, d.AssociateCode,
		text.FormatDate(d.PeriodStart), text.FormatDate(d.PeriodEnd))))

	fmt.Fprintf(out, "\n%s\n", cs.Bold("Earnings"))
	t := tableprinter.New(ios, "CATEGORY", "AMOUNT")
	for _, c := range d.Earnings {
		t.AddRow(string(c.Category), text.FormatDollars(c.AmountCents))
	}
	t.AddRow(cs.Bold("Total"), cs.Bold(text.FormatDollars(d.EarningsCents)))
	t.SetColumnColor(1, red)
	t.AddRow("Chargebacks", text.FormatDollars(d.ChargebacksCents))
	if err := t.Render(); err != nil {
		return err
	}

	b := d.Balances
	fmt.Fprintf(out, "\n%s\n", cs.Bold("Balances"))
	for _, f := range paydisplay.BalanceFields(&b) {
		fmt.Fprintf(out, "%-17s%s\n", f[0]+":", red(f[1]))
	}

	fmt.Fprintf(out, "\n%s\n", cs.Bold("Escrow releases to come"))
	if len(d.EscrowCalendar) == 0 {
		fmt.Fprintln(out, cs.Gray("No escrow held."))
	} else {
		t := tableprinter.New(ios, "MONTH", "AMOUNT", "LINES")
		for _, r := range d.EscrowCalendar {
			t.AddRow(text.FormatMonth(r.Month), text.FormatDollars(r.AmountCents), strconv.Itoa(r.Lines))
		}
		if err := t.Render(); err != nil {
			return err
		}
	}

	x := d.Exposure
	inForce := fmt.Sprintf("· %d policies in their first 12 months", x.Policies)
	if x.Policies == 1 {
		inForce = "· 1 policy in its first 12 months"
	}
	fmt.Fprintf(out, "\n%s %s\n", cs.Bold("Chargeback exposure"), cs.Gray(inForce))
	fmt.Fprintf(out, "A lapse this month of every policy in force would reclaim %s: %s from escrow, %s as a debit.\n",
		text.FormatDollars(x.AmountCents), text.FormatDollars(x.FromEscrowCents), text.FormatDollars(x.DebitCents))

	if len(d.Months) > 0 {
		fmt.Fprintf(out, "\n%s\n", cs.Bold("Last 12 months"))
		t := tableprinter.New(ios, "MONTH", "COMPENSATION", "CHARGEBACKS", "NET")
		t.SetColumnColor(2, red)
		t.SetColumnColor(3, red)
		for _, m := range d.Months {
			t.AddRow(text.FormatMonth(m.Month), text.FormatDollars(m.CompensationCents), text.FormatDollars(m.ChargebackCents),
				text.FormatDollars(m.CompensationCents+m.ChargebackCents))
		}
		return t.Render()
	}
	return nil
}

// StatementRecords converts pay statements for --json, --jq and --csv.
func StatementRecords(rows []sdk.PayStatement) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(rows, StatementFields)
}

// StatementTSVColumns are the columns of the pay statements when piped (docs/cli.md).
var StatementTSVColumns = []string{"pay_run_id", "period", "associate_code", "associate_name", "earnings_cents",
	"chargebacks_cents", "net_cents", "paid_cents", "carried_cents", "entries"}

// PrintStatements prints pay statements as a table on a terminal, as tab-separated values
// otherwise.
func PrintStatements(ios *iostreams.IOStreams, rows []sdk.PayStatement) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for _, s := range rows {
			t.AddRow(n64(s.PayRunID), text.FormatISODate(s.Period), s.AssociateCode, s.AssociateName, n64(s.EarningsCents),
				n64(s.ChargebacksCents), n64(s.NetCents), n64(s.PaidCents), n64(s.CarriedCents), strconv.Itoa(s.Entries))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "PERIOD", "ASSOCIATE", "EARNINGS", "CHARGEBACKS", "NET", "PAID", "CARRIED", "ENTRIES", "PAY RUN")
	for _, i := range []int{2, 3, 4, 5, 6} {
		t.SetColumnColor(i, negativeRed(cs))
	}
	t.SetColumnColor(8, cs.Gray)
	for _, s := range rows {
		t.AddRow(text.FormatMonth(s.Period), fmt.Sprintf("%s (%s)", s.AssociateName, s.AssociateCode), text.FormatDollars(s.EarningsCents),
			text.FormatDollars(s.ChargebacksCents), text.FormatDollars(s.NetCents), text.FormatDollars(s.PaidCents),
			text.FormatDollars(s.CarriedCents), strconv.Itoa(s.Entries), "#"+n64(s.PayRunID))
	}
	return t.Render()
}

// ProviderPaymentRecords converts provider payments for --json, --jq and --csv.
func ProviderPaymentRecords(rows []sdk.ProviderPayment) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(rows, ProviderPaymentFields)
}

// ProviderPaymentTSVColumns are the columns of the provider payments when piped
// (docs/cli.md).
var ProviderPaymentTSVColumns = []string{"id", "statement_id", "provider_id", "provider_name", "row_no", "policy_number",
	"policy_id", "amount_cents", "paid_on", "status", "reason"}

// PrintProviderPayments prints provider payments as a table on a terminal, as
// tab-separated values otherwise.
func PrintProviderPayments(ios *iostreams.IOStreams, rows []sdk.ProviderPayment) error {
	policyID := func(p *sdk.ProviderPayment) string {
		if id, ok := p.PolicyID.Get(); ok {
			return n64(id)
		}
		return ""
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range rows {
			p := &rows[i]
			t.AddRow(n64(p.ID), n64(p.StatementID), n64(p.ProviderID), p.ProviderName, strconv.Itoa(p.RowNo), p.PolicyNumber,
				policyID(p), n64(p.AmountCents), text.FormatISODate(p.PaidOn), string(p.Status), p.Reason.Or(""))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "STATEMENT", "PROVIDER", "ROW", "POLICY", "AMOUNT", "PAID ON", "STATUS", "REASON")
	t.SetColumnColor(0, cs.Gray)
	t.SetColumnColor(7, func(s string) string { return ProviderPaymentStatusColor(cs, s) })
	for i := range rows {
		p := &rows[i]
		t.AddRow(n64(p.ID), "#"+n64(p.StatementID), p.ProviderName, strconv.Itoa(p.RowNo), p.PolicyNumber,
			text.FormatDollars(p.AmountCents), text.FormatDate(p.PaidOn), string(p.Status), p.Reason.Or(""))
	}
	return t.Render()
}

// PayRunRecords converts pay runs for --json, --jq and --csv.
func PayRunRecords(rows []sdk.PayRun) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(rows, PayRunFields)
}

// PayRunTSVColumns are the columns of the pay runs when piped (docs/cli.md).
var PayRunTSVColumns = []string{"id", "period", "paid_cents", "associates", "created_at"}

// PrintPayRuns prints pay runs as a table on a terminal, as tab-separated values otherwise.
func PrintPayRuns(ios *iostreams.IOStreams, rows []sdk.PayRun) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for _, r := range rows {
			t.AddRow(n64(r.ID), text.FormatISODate(r.Period), n64(r.PaidCents), strconv.Itoa(r.Associates), r.CreatedAt.UTC().Format(time.RFC3339))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "PERIOD", "PAID", "ASSOCIATES", "RUN AT")
	t.SetColumnColor(0, cs.Gray)
	for _, r := range rows {
		t.AddRow(n64(r.ID), text.FormatMonth(r.Period), text.FormatDollars(r.PaidCents), strconv.Itoa(r.Associates), text.FormatDateTime(r.CreatedAt))
	}
	return t.Render()
}

// PrintProviderPayment reports a moved provider payment: the payment with --json/--jq/--csv,
// a confirmation on a terminal, the ID alone when piped.
func PrintProviderPayment(ios *iostreams.IOStreams, e *cmdutil.Exporter, p *sdk.ProviderPayment) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(p, ProviderPaymentFields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if ios.IsStdoutTTY() {
		cs := ios.ColorScheme()
		_, err := fmt.Fprintf(ios.Out, "%s Moved payment %s (%s, row %d of statement #%d, %s) · %s\n", cs.SuccessIcon(),
			cs.Bold("#"+n64(p.ID)), p.PolicyNumber, p.RowNo, p.StatementID, text.FormatDollars(p.AmountCents),
			ProviderPaymentStatusColor(cs, string(p.Status)))
		return err
	}
	_, err := fmt.Fprintln(ios.Out, p.ID)
	return err
}
