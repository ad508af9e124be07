package shared

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func on(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// W's line of the domain's worked example: E = 25,000 cents, the advance 18,750, the escrow
// 6,250 released 2,083 / 2,083 / 2,084; a lapse in month 4 reclaims the escrow and 10,417.
func sampleEntries() []sdk.CashflowEntry {
	e := func(id int64, kind oas.EntryKind, st oas.EntryStatus, amount int64, day time.Time) sdk.CashflowEntry {
		dir := oas.EntryDirectionCompensation
		if amount < 0 {
			dir = oas.EntryDirectionChargeback
		}
		return sdk.CashflowEntry{ID: id, AssociateCode: "W100", AssociateName: "Wes Writer", PolicyID: oas.NewOptInt64(42),
			PolicyNumber: oas.NewOptString("TL-100"), Category: oas.EarningCategoryPersonal, BonusType: oas.BonusTypeWriting,
			Status: st, Direction: dir, Kind: kind, AmountCents: amount, EarningCents: 25000, Period: on(day.Year(), day.Month(), 1),
			OccurredOn: day, Settled: st == oas.EntryStatusPaid}
	}
	return []sdk.CashflowEntry{
		e(1, oas.EntryKindAdvance, oas.EntryStatusPaid, 18750, on(2026, 1, 5)),
		e(2, oas.EntryKindEscrow, oas.EntryStatusEscrow, 6250, on(2026, 1, 5)),
		e(3, oas.EntryKindChargebackEscrow, oas.EntryStatusChargebackEscrow, -6250, on(2026, 4, 20)),
		e(4, oas.EntryKindChargeback, oas.EntryStatusChargeback, -10417, on(2026, 4, 20)),
	}
}

func TestPrintEntriesPiped(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintEntries(ios, sampleEntries()[2:]); err != nil {
		t.Fatal(err)
	}
	want := "3\t2026-04-20\t2026-04-01\tW100\tTL-100\tPersonal\tWriting\tchargeback_escrow\tChargeback Escrow\tChargeback\t-6250\t25000\tfalse\n" +
		"4\t2026-04-20\t2026-04-01\tW100\tTL-100\tPersonal\tWriting\tchargeback\tChargeback\tChargeback\t-10417\t25000\tfalse\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		if n := len(strings.Split(l, "\t")); n != len(EntryTSVColumns) {
			t.Errorf("%d columns, EntryTSVColumns names %d", n, len(EntryTSVColumns))
		}
	}
}

func TestPrintEntriesTerminal(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintEntries(ios, sampleEntries()); err != nil {
		t.Fatal(err)
	}
	want := `ID  DATE        PERIOD    ASSOCIATE  POLICY  TYPE     KIND               STATUS             AMOUNT
1   01/05/2026  Jan 2026  W100       TL-100  Writing  advance            Paid               $187.50
2   01/05/2026  Jan 2026  W100       TL-100  Writing  escrow             Escrow             $62.50
3   04/20/2026  Apr 2026  W100       TL-100  Writing  chargeback escrow  Chargeback Escrow  -$62.50
4   04/20/2026  Apr 2026  W100       TL-100  Writing  chargeback         Chargeback         -$104.17
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func sampleDetail() *oas.CashflowEntryDetail {
	entries := sampleEntries()
	return &oas.CashflowEntryDetail{
		Entry:       entries[3],
		Explanation: "Chargeback: TL-100 lapsed in policy month 4, so Wes Writer keeps 4/12 of $250.00 = $83.33; the escrow held ($62.50) is reclaimed first and the rest, $104.17, is a debit netted against later pay.",
		Line: oas.NewOptEntryLine(oas.EntryLine{Rule: "Writing", Level: "Training Associate", EarnerRateBp: 2500, RateBp: 2500,
			BaseCents: 100000, CommissionableCents: 100000, ShareBp: 10000, EarningCents: 25000, Chain: []string{"W100"},
			Leader: oas.NewOptString("L500")}),
		Policy: oas.NewOptEntryPolicy(oas.EntryPolicy{ID: 42, PolicyNumber: "TL-100", ProviderName: "Great Lakes", ProductName: "Term 20",
			SubmittedOn: on(2025, 12, 28), ApprovedOn: on(2026, 1, 5), LapsedOn: oas.NewOptDate(on(2026, 4, 20))}),
		LapseMonth:  oas.NewOptInt(4),
		LineEntries: entries,
	}
}

func TestPrintDetail(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(100)
	if err := PrintDetail(ios, sampleDetail()); err != nil {
		t.Fatal(err)
	}
	want := `Entry #4 Chargeback -$104.17 · Chargeback
Personal · Writing · chargeback · period Apr 2026 · 04/20/2026 · Wes Writer (W100)

Why
Chargeback: TL-100 lapsed in policy month 4, so Wes Writer keeps 4/12 of $250.00 = $83.33; the
escrow held ($62.50) is reclaimed first and the rest, $104.17, is a debit netted against later pay.

Line
Rule:             Writing
Level:            Training Associate
Earner's rate:    25%
Rate:             25%
Commissionable:   $1,000.00
Share:            100%
Base:             $1,000.00
Earning:          $250.00
Chain:            W100
Writer's leader:  L500

Policy
Number:           TL-100 (#42)
Provider:         Great Lakes
Product:          Term 20
Submitted:        12/28/2025
Approved:         01/05/2026
Lapsed:           04/20/2026
Lapse month:      4 of 12

Entries of the line · earning $250.00
   ID  DATE        PERIOD    KIND               STATUS             AMOUNT
   1   01/05/2026  Jan 2026  advance            Paid               $187.50
   2   01/05/2026  Jan 2026  escrow             Escrow             $62.50
   3   04/20/2026  Apr 2026  chargeback escrow  Chargeback Escrow  -$62.50
›  4   04/20/2026  Apr 2026  chargeback         Chargeback         -$104.17
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestPrintDetailPiped(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintDetail(ios, sampleDetail()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	var names []string
	for _, l := range lines {
		name, _, _ := strings.Cut(l, ":\t")
		names = append(names, name)
	}
	if diff := cmp.Diff(DetailFields, names); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(lines[0], `entry:	{"amount_cents":-10417,`) || !strings.Contains(lines[0], `"amount_cents":-10417`) || lines[4] != "lapse_month:\t4" {
		t.Errorf("piped:\n%s", out.String())
	}
}

// More cents than a float64 holds exactly: every amount is formatted from the integer.
const huge = int64(9007199254740993) // 2^53 + 1

func sampleDashboard() *oas.PaymentsDashboard {
	return &oas.PaymentsDashboard{
		AssociateCode: "W100", AssociateName: "Wes Writer", PeriodStart: on(2026, 11, 1), PeriodEnd: on(2026, 11, 22),
		Earnings: []oas.CategoryAmount{{Category: oas.EarningCategoryPersonal, AmountCents: 25000},
			{Category: oas.EarningCategoryOverride, AmountCents: 20000}, {Category: oas.EarningCategoryGeneration, AmountCents: 0},
			{Category: oas.EarningCategoryBonus, AmountCents: 333334}},
		EarningsCents: 378334, ChargebacksCents: -10417,
		Balances: oas.PaymentsBalances{PendingCents: 18750, EscrowCents: 6250, PaidCents: huge, ChargebackDebtCents: -10417},
		EscrowCalendar: []oas.EscrowRelease{{Month: on(2027, 8, 1), AmountCents: 2083, Lines: 1},
			{Month: on(2027, 9, 1), AmountCents: 2083, Lines: 1}, {Month: on(2027, 10, 1), AmountCents: 2084, Lines: 1}},
		Exposure: oas.ChargebackExposure{AmountCents: 25000, FromEscrowCents: 6250, DebitCents: 18750, Policies: 1},
		Months: []oas.MonthAmount{{Month: on(2026, 10, 1), CompensationCents: 0, ChargebackCents: 0},
			{Month: on(2026, 11, 1), CompensationCents: 378334, ChargebackCents: -10417}},
	}
}

func TestPrintDashboard(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(100)
	if err := PrintDashboard(ios, sampleDashboard()); err != nil {
		t.Fatal(err)
	}
	want := `Payments · Wes Writer (W100) · 11/01/2026 – 11/22/2026

Earnings
CATEGORY     AMOUNT
Personal     $250.00
Override     $200.00
Generation   $0.00
Bonus        $3,333.34
Total        $3,783.34
Chargebacks  -$104.17

Balances
Pending:         $187.50
Escrow:          $62.50
Paid:            $90,071,992,547,409.93
Chargeback debt: -$104.17

Escrow releases to come
MONTH     AMOUNT  LINES
Aug 2027  $20.83  1
Sep 2027  $20.83  1
Oct 2027  $20.84  1

Chargeback exposure · 1 policy in its first 12 months
A lapse this month of every policy in force would reclaim $250.00: $62.50 from escrow, $187.50 as a debit.

Last 12 months
MONTH     COMPENSATION  CHARGEBACKS  NET
Oct 2026  $0.00         $0.00        $0.00
Nov 2026  $3,783.34     -$104.17     $3,679.17
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDashboardMachineOutput(t *testing.T) {
	d := sampleDashboard()
	t.Run("piped: the contract's fields, cents as they are", func(t *testing.T) {
		ios, _, out, _ := iostreams.Test()
		if err := PrintDashboard(ios, d); err != nil {
			t.Fatal(err)
		}
		// Nested objects come as compact JSON, keys sorted.
		if !strings.Contains(out.String(), "balances:\t"+`{"chargeback_debt_cents":-10417,"escrow_cents":6250,"paid_cents":9007199254740993,"pending_cents":18750}`+"\n") ||
			!strings.HasPrefix(out.String(), "associate_code:\tW100\nassociate_name:\tWes Writer\nperiod_start:\t2026-11-01\n") {
			t.Errorf("piped:\n%s", out.String())
		}
	})
	t.Run("jq reads the cents exactly", func(t *testing.T) {
		e := cmdtest.Exporter(t, DashboardFields, []string{"--jq", `[.balances.paid_cents, (.earnings | map(.amount_cents) | add)]`})
		rec, err := DashboardRecord(d)
		if err != nil {
			t.Fatal(err)
		}
		ios, _, out, _ := iostreams.Test()
		if err := e.Write(ios, rec); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff("[9007199254740993,378334]\n", out.String()); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
}

func TestPrintStatements(t *testing.T) {
	rows := []sdk.PayStatement{{PayRunID: 7, Period: on(2026, 11, 1), AssociateCode: "W100", AssociateName: "Wes Writer",
		EarningsCents: 18750, ChargebacksCents: -25000, NetCents: -6250, PaidCents: 0, CarriedCents: -6250, Entries: 3}}
	ios, _, out, _ := iostreams.Test()
	if err := PrintStatements(ios, rows); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("7\t2026-11-01\tW100\tWes Writer\t18750\t-25000\t-6250\t0\t-6250\t3\n", out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	if n := len(strings.Split(strings.TrimSpace(out.String()), "\t")); n != len(StatementTSVColumns) {
		t.Errorf("%d columns, StatementTSVColumns names %d", n, len(StatementTSVColumns))
	}
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintStatements(ios, rows); err != nil {
		t.Fatal(err)
	}
	want := `PERIOD    ASSOCIATE          EARNINGS  CHARGEBACKS  NET      PAID   CARRIED  ENTRIES  PAY RUN
Nov 2026  Wes Writer (W100)  $187.50   -$250.00     -$62.50  $0.00  -$62.50  3        #7
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}
}

func sampleProviderPayments() []sdk.ProviderPayment {
	return []sdk.ProviderPayment{
		{ID: 57, StatementID: 12, ProviderID: 3, ProviderName: "Great Lakes", RowNo: 1, PolicyNumber: "TL-100", PolicyID: oas.NewOptInt64(42),
			AmountCents: 100000, PaidOn: on(2026, 11, 3), Status: oas.ProviderPaymentStatusReadyToPay,
			NextStatuses: []oas.ProviderPaymentStatus{oas.ProviderPaymentStatusProcessed}},
		{ID: 58, StatementID: 12, ProviderID: 3, ProviderName: "Great Lakes", RowNo: 2, PolicyNumber: "TL-999", AmountCents: 5000,
			PaidOn: on(2026, 11, 3), Status: oas.ProviderPaymentStatusActionRequired, Reason: oas.NewOptString("No policy has this number")},
	}
}

func TestPrintProviderPayments(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintProviderPayments(ios, sampleProviderPayments()); err != nil {
		t.Fatal(err)
	}
	want := "57\t12\t3\tGreat Lakes\t1\tTL-100\t42\t100000\t2026-11-03\tReady To Pay\t\n" +
		"58\t12\t3\tGreat Lakes\t2\tTL-999\t\t5000\t2026-11-03\tAction Required\tNo policy has this number\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		if n := len(strings.Split(l, "\t")); n != len(ProviderPaymentTSVColumns) {
			t.Errorf("%d columns, ProviderPaymentTSVColumns names %d", n, len(ProviderPaymentTSVColumns))
		}
	}
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintProviderPayments(ios, sampleProviderPayments()); err != nil {
		t.Fatal(err)
	}
	wantTTY := `ID  STATEMENT  PROVIDER     ROW  POLICY  AMOUNT     PAID ON     STATUS           REASON
57  #12        Great Lakes  1    TL-100  $1,000.00  11/03/2026  Ready To Pay
58  #12        Great Lakes  2    TL-999  $50.00     11/03/2026  Action Required  No policy has this number
`
	if diff := cmp.Diff(wantTTY, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}
}

func TestPrintPayRuns(t *testing.T) {
	rows := []sdk.PayRun{{ID: 7, Period: on(2026, 11, 1), PaidCents: 123456789, Associates: 42, CreatedAt: time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)}}
	ios, _, out, _ := iostreams.Test()
	if err := PrintPayRuns(ios, rows); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("7\t2026-11-01\t123456789\t42\t2026-12-01T06:00:00Z\n", out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	if n := len(strings.Split(strings.TrimSpace(out.String()), "\t")); n != len(PayRunTSVColumns) {
		t.Errorf("%d columns, PayRunTSVColumns names %d", n, len(PayRunTSVColumns))
	}
}

func TestPrintProviderPayment(t *testing.T) {
	p := sampleProviderPayments()[0]
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	if err := PrintProviderPayment(ios, cmdtest.Exporter(t, ProviderPaymentFields, nil), &p); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("✓ Moved payment #57 (TL-100, row 1 of statement #12, $1,000.00) · Ready To Pay\n", out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	ios, _, out, _ = iostreams.Test()
	e := cmdtest.Exporter(t, ProviderPaymentFields, []string{"--json=id,status,next_statuses"})
	if err := PrintProviderPayment(ios, e, &p); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"id\": 57,\n  \"status\": \"Ready To Pay\",\n  \"next_statuses\": [\n    \"Processed\"\n  ]\n}\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("json (-want +got):\n%s", diff)
	}
}

// --csv of the cashflow list writes every field of an entry, values as the API answers them.
func TestEntriesCSV(t *testing.T) {
	e := cmdtest.Exporter(t, EntryFields, []string{"--csv"})
	recs, err := EntryRecords(sampleEntries()[:1])
	if err != nil {
		t.Fatal(err)
	}
	ios, _, out, _ := iostreams.Test()
	if err := e.Write(ios, recs); err != nil {
		t.Fatal(err)
	}
	want := "id,associate_code,associate_name,policy_id,policy_number,category,bonus_type,status,direction,kind,amount_cents,earning_cents,period,occurred_on,settled\n" +
		"1,W100,Wes Writer,42,TL-100,Personal,Writing,Paid,Compensation,advance,18750,25000,2026-01-01,2026-01-05,true\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
