package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/listing"
)

// cashflowColumns are the cashflow list's fields; `e` is the entry, `a` its associate, `p`
// its policy (NULLs for pool shares and carries).
var cashflowColumns = map[string]listing.Column{
	"id":             {SQL: "e.id"},
	"period":         {SQL: "e.period"},
	"occurred_on":    {SQL: "e.occurred_on"},
	"category":       {SQL: "e.category"},
	"bonus_type":     {SQL: "e.bonus_type"},
	"status":         {SQL: "e.status"},
	"direction":      {SQL: "e.direction"},
	"policy_id":      {SQL: "e.policy_id", Nullable: true},
	"policy_number":  {SQL: "p.policy_number", Nullable: true},
	"associate_code": {SQL: "a.code"},
	"amount_cents":   {SQL: "e.amount_cents"},
}

// CashflowListing is the whitelist of the cashflow list and its download.
var CashflowListing = listing.FromContract(lists.ListCashflow, cashflowColumns)

// ChargebackListing is the whitelist of the chargebacks list (the cashflow's chargebacks).
var ChargebackListing = listing.FromContract(lists.ListChargebacks, pick(cashflowColumns,
	"id", "period", "occurred_on", "category", "status", "policy_id", "policy_number", "associate_code", "amount_cents"))

func pick(cols map[string]listing.Column, names ...string) map[string]listing.Column {
	out := make(map[string]listing.Column, len(names))
	for _, n := range names {
		out[n] = cols[n]
	}
	return out
}

const cashflowFrom = `cashflow_entries e JOIN associates a ON a.id = e.associate_id LEFT JOIN policies p ON p.id = e.policy_id`

const cashflowRowColumns = `e.id, a.code, a.first_name || ' ' || a.last_name, e.policy_id, p.policy_number, e.category, e.bonus_type,
	e.status, e.direction, e.kind, e.amount_cents, e.earning_cents, e.period, e.occurred_on, e.pay_run_id IS NOT NULL`

// CashflowRow is one entry of the ledger as lists show it.
type CashflowRow struct {
	ID            int64
	AssociateCode string
	AssociateName string
	PolicyID      *int64
	PolicyNumber  *string
	Category      string
	BonusType     string
	Status        string
	Direction     string
	Kind          string
	AmountCents   int64
	EarningCents  int64
	Period        time.Time
	OccurredOn    time.Time
	Settled       bool
}

func (r *CashflowRow) dest() []any {
	return []any{&r.ID, &r.AssociateCode, &r.AssociateName, &r.PolicyID, &r.PolicyNumber, &r.Category, &r.BonusType,
		&r.Status, &r.Direction, &r.Kind, &r.AmountCents, &r.EarningCents, &r.Period, &r.OccurredOn, &r.Settled}
}

// CashflowSortValue is a row's value of a sortable field, for cursors.
func CashflowSortValue(r *CashflowRow, field string) any {
	switch field {
	case "id":
		return r.ID
	case "occurred_on":
		return r.OccurredOn
	case "period":
		return r.Period
	case "amount_cents":
		return r.AmountCents
	case "status":
		return r.Status
	case "category":
		return r.Category
	case "bonus_type":
		return r.BonusType
	}
	panic("store: no sort value for cashflow field " + field)
}

// paymentsScope limits rows whose associate is in column to the caller's own (an associate,
// or staff acting for one) or, for staff with payments.read acting for nobody, everyone's.
// The associate is a bind parameter: one statement for every associate, planned once
// (generic plan) rather than at every page.
func paymentsScope(p *auth.Principal, args *listing.Args, column string) (string, error) {
	if p.IsAssociate() {
		return column + " = " + args.Add(p.AssociateID), nil
	}
	if p.Can(auth.PermPaymentsRead) {
		return "TRUE", nil
	}
	return "", errPaymentsRead
}

// errPaymentsRead refuses staff without payments.read.
var errPaymentsRead = errs.Coded(errs.Forbidden, errs.CodeStaffPermission, "Staff need the %s permission to see payments",
	auth.PermPaymentsRead)

// ListCashflow hands the caller's entries of one page to each; chargebacksOnly keeps the
// Chargeback and Chargeback Escrow entries (the chargebacks list).
func (s *Store) ListCashflow(ctx context.Context, p *auth.Principal, q listing.Query, chargebacksOnly bool, each func(*CashflowRow)) error {
	var args listing.Args
	scope, err := paymentsScope(p, &args, "e.associate_id")
	if err != nil {
		return err
	}
	if chargebacksOnly {
		scope += ` AND e.kind IN ('chargeback_escrow', 'chargeback')`
	}
	rows, err := s.db.Query(ctx, `SELECT `+cashflowRowColumns+` FROM `+cashflowFrom+`
		WHERE `+scope+` AND `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), args.Query()...)
	var r CashflowRow
	return stream(rows, err, &r, r.dest(), each)
}

// CashflowExportSQL is the query of a cashflow download (columns of lists.CashflowExport).
func CashflowExportSQL(p *auth.Principal, q listing.Query) (string, []any, error) {
	var args listing.Args
	scope, err := paymentsScope(p, &args, "e.associate_id")
	if err != nil {
		return "", nil, err
	}
	sql := `SELECT e.id, a.code, a.first_name || ' ' || a.last_name, e.policy_id, p.policy_number, e.category, e.bonus_type,
		e.status, e.direction, e.kind, e.amount_cents, e.earning_cents, to_char(e.period, 'YYYY-MM-DD'),
		to_char(e.occurred_on, 'YYYY-MM-DD'), (e.pay_run_id IS NOT NULL)::text
		FROM ` + cashflowFrom + ` WHERE ` + scope + ` AND ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy()
	return sql, args.Query(), nil
}

// CashflowDetail is one entry with its explanation and the entries of its line.
type CashflowDetail struct {
	Row         CashflowRow
	Why         ledger.Why
	Text        string
	LapsedOn    *time.Time
	LineEntries []CashflowRow
}

// CashflowEntry answers one entry the caller may see (others: 404, as for an entry that
// does not exist).
func (s *Store) CashflowEntry(ctx context.Context, p *auth.Principal, id int64) (CashflowDetail, error) {
	var d CashflowDetail
	var args listing.Args
	idArg := args.Add(id)
	scope, err := paymentsScope(p, &args, "e.associate_id")
	if err != nil {
		return d, err
	}
	var raw, line []byte
	var lineNo *int32
	dest := append(d.Row.dest(), &raw, &line, &lineNo, &d.LapsedOn)
	err = s.db.QueryRow(ctx, `SELECT `+cashflowRowColumns+`, e.explanation, cl.explanation, e.line_no, p.lapsed_on FROM `+cashflowFrom+`
		LEFT JOIN cashflow_lines cl ON cl.policy_id = e.policy_id AND cl.line_no = e.line_no
		WHERE e.id = `+idArg+` AND `+scope, args.Values...).Scan(dest...)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return d, errs.NotFoundf("Cashflow entry %d not found", id)
		}
		return d, translate(err)
	}
	if d.Why, err = readWhy(raw, line); err != nil {
		return d, err
	}
	d.Text = d.Why.Text(d.Row.AmountCents)
	if d.Row.PolicyID != nil && lineNo != nil {
		rows, err := s.db.Query(ctx, `SELECT `+cashflowRowColumns+` FROM `+cashflowFrom+`
			WHERE e.policy_id = $1 AND e.line_no = $2 ORDER BY e.occurred_on, e.id`, *d.Row.PolicyID, *lineNo)
		d.LineEntries, err = collect(rows, err, func(r pgx.Rows, row *CashflowRow) error { return r.Scan(row.dest()...) })
		if err != nil {
			return d, err
		}
	} else {
		d.LineEntries = []CashflowRow{d.Row}
	}
	return d, nil
}

// PaymentsDashboard is an associate's money at a glance.
type PaymentsDashboard struct {
	AssociateCode, AssociateName string
	Start, End                   time.Time
	Earnings                     map[comp.Category]int64
	ChargebacksCents             int64
	PendingCents, EscrowCents    int64
	PaidCents, DebtCents         int64
	Calendar                     []EscrowMonth
	Exposure                     Exposure
	Months                       []MonthMoney
}

// EscrowMonth is escrow due to be released in a month.
type EscrowMonth struct {
	Month time.Time
	Cents int64
	Lines int
}

// Exposure is what a lapse this month of every policy in its first 12 months would reclaim.
type Exposure struct {
	Cents, FromEscrowCents, DebitCents int64
	Policies                           int
}

// MonthMoney is one month's compensation and chargebacks.
type MonthMoney struct {
	Month                              time.Time
	CompensationCents, ChargebackCents int64
}

// PaymentsAssociate resolves whose payments a caller sees: its own, or for staff with
// payments.read acting for nobody, the associate named by code (required then).
func (s *Store) PaymentsAssociate(ctx context.Context, p *auth.Principal, code string) (int64, error) {
	if p.IsAssociate() {
		if code != "" && code != p.Code {
			return 0, errs.NotFoundf("Associate %s not found", code)
		}
		return p.AssociateID, nil
	}
	if !p.Can(auth.PermPaymentsRead) {
		return 0, errPaymentsRead
	}
	if code == "" {
		return 0, errs.Validation(errs.Field("associate_code", "Associate code is required"))
	}
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM associates WHERE code = upper($1)`, code).Scan(&id)
	if errs.Is(translate(err), errs.NotFound) {
		return 0, errs.NotFoundf("Associate %s not found", code)
	}
	return id, translate(err)
}

// GetPaymentsDashboard answers an associate's dashboard for a period, as of today.
func (s *Store) GetPaymentsDashboard(ctx context.Context, id int64, start, end, today time.Time) (PaymentsDashboard, error) {
	d := PaymentsDashboard{Start: start, End: end, Earnings: map[comp.Category]int64{}}
	err := s.db.QueryRow(ctx, `SELECT code, first_name || ' ' || last_name FROM associates WHERE id = $1`, id).Scan(&d.AssociateCode, &d.AssociateName)
	if err != nil {
		return d, translate(err)
	}
	// The running totals (migration 0013) answer whole months; a period that starts or ends
	// inside a month (but today) is summed from the entries.
	whole := start.Equal(ledger.MonthOf(start)) && (!end.Before(today) || ledger.AddMonths(ledger.MonthOf(end), 1).AddDate(0, 0, -1).Equal(end))
	byCategory := `SELECT category, sum(earned_cents), sum(clawback_cents) FROM cashflow_totals
		WHERE associate_id = $1 AND period BETWEEN date_trunc('month', $2::date) AND $3 GROUP BY 1`
	if !whole {
		byCategory = `SELECT category, coalesce(sum(amount_cents) FILTER (WHERE kind IN ('advance', 'escrow', 'pool')), 0),
				coalesce(sum(amount_cents) FILTER (WHERE kind IN ('chargeback_escrow', 'chargeback')), 0)
			FROM cashflow_entries WHERE associate_id = $1 AND occurred_on BETWEEN $2 AND $3 GROUP BY 1`
	}
	rows, err := s.db.Query(ctx, byCategory, id, start, end)
	if err != nil {
		return d, translate(err)
	}
	for rows.Next() {
		var c string
		var earned, clawback int64
		if err := rows.Scan(&c, &earned, &clawback); err != nil {
			rows.Close()
			return d, translate(err)
		}
		d.Earnings[comp.Category(c)] = earned
		d.ChargebacksCents += clawback
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return d, translate(err)
	}
	if err := s.db.QueryRow(ctx, `SELECT coalesce(sum(pending_cents), 0), coalesce(sum(escrow_cents), 0),
			coalesce(sum(paid_cents), 0), coalesce(sum(debt_cents), 0)
		FROM cashflow_totals WHERE associate_id = $1`, id).Scan(&d.PendingCents, &d.EscrowCents, &d.PaidCents, &d.DebtCents); err != nil {
		return d, translate(err)
	}
	// The escrow release calendar and the exposure, from the lines still in their first
	// 12 months.
	first := ledger.MonthOf(ledger.AddMonths(end, -11))
	rows, err = s.db.Query(ctx, `SELECT period, sum(earned_cents), sum(clawback_cents)
		FROM cashflow_totals WHERE associate_id = $1 AND period BETWEEN $2 AND $3 GROUP BY 1`, id, first, ledger.MonthOf(end))
	months, err := collect(rows, err, func(r pgx.Rows, m *MonthMoney) error {
		return r.Scan(&m.Month, &m.CompensationCents, &m.ChargebackCents)
	})
	if err != nil {
		return d, err
	}
	byMonth := map[time.Time]MonthMoney{}
	for _, m := range months {
		byMonth[m.Month.UTC()] = m
	}
	for m := first; !m.After(end); m = ledger.AddMonths(m, 1) {
		mm := byMonth[m]
		mm.Month = m
		d.Months = append(d.Months, mm)
	}
	// The exposure: what a lapse today of each line in its first 12 months would reclaim
	// (running figures per approval day, migration 0018).
	if d.Exposure, err = s.exposureOf(ctx, id, today); err != nil {
		return d, err
	}
	// The escrow still held, by the month it falls due (from this month, 12 months on); parts
	// due earlier this month and not released yet count in this month. The parts are kept on
	// their lines' months (migration 0033): the associate's totals rows are read whole, a few
	// hundred once folded.
	rows, err = s.db.Query(ctx, `SELECT c.month, sum(c.cents), sum(c.lines)::int FROM (`+escrowCalendar+`) c
		WHERE c.associate_id = $1 AND c.month BETWEEN $2 AND $3 GROUP BY 1 HAVING sum(c.cents) <> 0 ORDER BY 1`,
		id, ledger.MonthOf(today), ledger.MonthOf(ledger.AddMonths(today, 12)))
	d.Calendar, err = collect(rows, err, func(r pgx.Rows, m *EscrowMonth) error { return r.Scan(&m.Month, &m.Cents, &m.Lines) })
	return d, err
}

// escrowCalendar is the running figures' escrow parts still scheduled, by associate and the
// month they fall due: each totals row's three parts (migration 0033), 9, 10 and 11 months
// after its period (rows with nothing scheduled add zeros, which the readers' HAVING drops).
const escrowCalendar = `SELECT t.associate_id, d.month, d.cents, d.lines
	FROM cashflow_totals t CROSS JOIN LATERAL (VALUES
		((t.period + interval '9 months')::date, t.due1_cents, t.due1_lines),
		((t.period + interval '10 months')::date, t.due2_cents, t.due2_lines),
		((t.period + interval '11 months')::date, t.due3_cents, t.due3_lines)) AS d (month, cents, lines)`

// unreleasedParts is the escrow parts still held, by associate and the month they fall due,
// from the entries themselves (the reference the escrow calendar is held to).
const unreleasedParts = `SELECT s.associate_id, date_trunc('month', s.occurred_on + make_interval(months => 8 + k))::date AS month,
		sum(escrow_part(s.amount_cents, k)) AS amount, count(*) AS lines
	FROM cashflow_entries s CROSS JOIN generate_series(1, 3) k
	WHERE s.kind = 'escrow'
	  AND NOT EXISTS (SELECT 1 FROM cashflow_entries x WHERE x.policy_id = s.policy_id AND x.line_no = s.line_no
	                  AND x.kind IN ('chargeback_escrow', 'lapse_release_out'))
	  AND NOT EXISTS (SELECT 1 FROM cashflow_entries r WHERE r.policy_id = s.policy_id AND r.line_no = s.line_no
	                  AND r.kind = 'release_out' AND r.source = 'release:' || s.policy_id || ':' || k)
	GROUP BY 1, 2`

// CheckRunningFigures holds the dashboard's running figures to the ledger they are kept
// from: nil when the totals (cashflow_totals) are the entries' sums and the escrow calendar
// (the totals' due parts) the parts the entries still hold; otherwise an error saying how
// many differ. For tests and checks by hand: it reads the whole ledger.
func (s *Store) CheckRunningFigures(ctx context.Context) error {
	totals, err := s.totalsMismatches(ctx)
	if err != nil {
		return err
	}
	schedule, err := s.scheduleMismatches(ctx)
	if err != nil {
		return err
	}
	if totals != 0 || schedule != 0 {
		return fmt.Errorf("%d running totals differ from their entries, %d months of the escrow calendar from the parts the entries hold",
			totals, schedule)
	}
	return nil
}

// scheduleMismatches counts the associates and months whose scheduled escrow releases (the
// totals' due parts) differ from the parts their entries still hold: 0 when the triggers
// kept the calendar right.
func (s *Store) scheduleMismatches(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRow(ctx, `SELECT count(*) FROM (
			SELECT associate_id, month, sum(cents) AS amount, sum(lines) AS lines FROM (`+escrowCalendar+`) c GROUP BY 1, 2
			HAVING sum(cents) <> 0 OR sum(lines) <> 0) t
		FULL JOIN (`+unreleasedParts+`) e USING (associate_id, month)
		WHERE (t.amount, t.lines) IS DISTINCT FROM (e.amount, e.lines)`).Scan(&n)
	return n, translate(err)
}

// totalsMismatches counts the associates and months whose running totals (cashflow_totals)
// differ from the sums of their entries: 0 when the ledger's triggers kept them right.
func (s *Store) totalsMismatches(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRow(ctx, `SELECT count(*) FROM (
			SELECT associate_id, period, category, sum(earned_cents) AS earned, sum(clawback_cents) AS clawback,
				sum(pending_cents) AS pending, sum(escrow_cents) AS escrow, sum(paid_cents) AS paid, sum(debt_cents) AS debt
			FROM cashflow_totals GROUP BY 1, 2, 3) t
		FULL JOIN (
			SELECT e.associate_id, e.period, e.category, sum(x.earned) AS earned, sum(x.clawback) AS clawback,
				sum(x.pending) AS pending, sum(x.escrow) AS escrow, sum(x.paid) AS paid, sum(x.debt) AS debt
			FROM cashflow_entries e, cashflow_entry_totals(e.kind, e.status, e.direction, e.amount_cents, e.pay_run_id, 1) x
			GROUP BY 1, 2, 3) e
		USING (associate_id, period, category)
		WHERE (t.earned, t.clawback, t.pending, t.escrow, t.paid, t.debt)
			IS DISTINCT FROM (e.earned, e.clawback, e.pending, e.escrow, e.paid, e.debt)
		  AND NOT (e.associate_id IS NULL AND t.earned = 0 AND t.clawback = 0 AND t.pending = 0 AND t.escrow = 0
		           AND t.paid = 0 AND t.debt = 0)`).Scan(&n)
	return n, translate(err)
}
