package api_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// pendingPolicy is an approved policy of the demo agent whose entries are still Pending,
// with its provider, number and commissionable amount.
func pendingPolicy(t *testing.T, env *servertest.Env, skip int) (id, provider int64, number string, due int64) {
	t.Helper()
	var premium int64
	var rate int32
	err := env.Pool.QueryRow(context.Background(), `SELECT p.id, p.provider_id, p.policy_number, p.target_premium_cents, pr.commission_rate_bp
		FROM policies p JOIN products pr ON pr.id = p.product_id
		WHERE p.status = 'Approved' AND p.lapsed_on IS NULL
		  AND EXISTS (SELECT 1 FROM cashflow_entries e WHERE e.policy_id = p.id AND e.status = 'Pending')
		  AND NOT EXISTS (SELECT 1 FROM provider_payments pp WHERE pp.policy_id = p.id)
		ORDER BY p.id OFFSET $1 LIMIT 1`, skip).Scan(&id, &provider, &number, &premium, &rate)
	if err != nil {
		t.Fatal(err)
	}
	return id, provider, number, comp.Commissionable(premium, rate)
}

func dollars(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// A statement imports all rows or none; matched payments are Ready To Pay, unknown and short
// ones Action Required with the reason; processing makes the policy's Pending entries Paid.
func TestStatementImportAndProcessing(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	staff := login(t, env, seed.DemoStaff)
	full, provider, number, due := pendingPolicy(t, env, 0)
	var shortNumber string
	if err := env.Pool.QueryRow(ctx, `SELECT policy_number FROM policies WHERE provider_id = $1 AND status = 'Approved' AND id <> $2
		ORDER BY id LIMIT 1`, provider, full).Scan(&shortNumber); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	post := func(csv string) reply {
		return do(t, env, "POST", "/api/payments/statements", staff,
			map[string]any{"provider_id": provider, "file_name": "acme-nov.csv", "csv": csv}, nil)
	}
	count := func() (n int) {
		if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM provider_payments`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// A corpus of bad statements: each names its bad rows and imports nothing.
	for _, c := range []struct{ csv, field string }{
		{"", "csv"},
		{"number,amount,date\nX,1.00," + today, "csv"},
		{"policy_number,amount,date\n", "csv"},
		{"policy_number,amount,date\n" + number + ",12.345," + today, "rows[1].amount"},
		{"policy_number,amount,date\n" + number + ",-5.00," + today, "rows[1].amount"},
		{"policy_number,amount,date\n" + number + ",0," + today, "rows[1].amount"},
		{"policy_number,amount,date\n" + number + ",1e3," + today, "rows[1].amount"},
		{"policy_number,amount,date\n" + number + ",10.00,tomorrow", "rows[1].date"},
		{"policy_number,amount,date\n" + number + ",10.00,2999-01-01", "rows[1].date"},
		{"policy_number,amount,date\n" + number + ",10.00," + today + "\n,10.00," + today, "rows[2].policy_number"},
		{"policy_number,amount,date\n" + number + ",10.00", "rows[1]"},
		{"policy_number,amount,date\n\"unterminated,10.00," + today, "rows[1]"},
		{"policy_number,amount,date\n" + strings.Repeat("N", 41) + ",10.00," + today, "rows[1].policy_number"},
		{"policy_number,amount,date\nA\x00B,10.00," + today, "csv"}, // refused as text before it is read
	} {
		r := post(c.csv)
		if r.Status != 422 {
			t.Errorf("%q: %d %s; want 422", c.csv, r.Status, r.Body)
			continue
		}
		e := r.apiError(t)
		found := false
		for _, f := range e.Errors {
			found = found || f.Field == c.field
		}
		if !found {
			t.Errorf("%q: errors %+v do not name %s", c.csv, e.Errors, c.field)
		}
	}
	if n := count(); n != 0 {
		t.Fatalf("bad statements imported %d payments", n)
	}
	csv := fmt.Sprintf("Policy_Number, Amount, Date\n%s,%s,%s\nNO-SUCH-POLICY,10.00,%s\n%s,$1.00,%s\n",
		number, dollars(due), today, today, shortNumber, today)
	r := post(csv)
	var res oas.StatementImport
	r.json(t, &res)
	if r.Status != 201 || res.Rows != 3 || res.ReadyToPay != 1 || res.ActionRequired != 2 {
		t.Fatalf("import: %d %s", r.Status, r.Body)
	}
	// The same statement again (a retry whose answer was lost, or the file saved again with
	// Windows line ends and a byte-order mark): refused, nothing recorded twice.
	for _, again := range []string{csv, "\uFEFF" + strings.ReplaceAll(csv, "\n", "\r\n")} {
		if r := post(again); r.Status != 409 || !strings.Contains(r.apiError(t).Message, "imported already") {
			t.Errorf("the same statement again: %d %s", r.Status, r.Body)
		}
	}
	if n := count(); n != 3 {
		t.Errorf("%d payments after the statement was sent twice; want its 3", n)
	}
	list := do(t, env, "GET", fmt.Sprintf("/api/payments/provider-payments?filter[statement_id][eq]=%d&order[id]=ASC", res.ID), staff, nil, nil)
	var pays oas.ProviderPaymentList
	list.json(t, &pays)
	if len(pays.Data) != 3 || pays.Data[0].Status != oas.ProviderPaymentStatusReadyToPay ||
		!strings.Contains(pays.Data[1].Reason.Or(""), "No policy NO-SUCH-POLICY") || !strings.HasPrefix(pays.Data[2].Reason.Or(""), "Short") {
		t.Fatalf("payments: %s", list.Body)
	}
	// An unmatched payment cannot be paid; an invalid move names the allowed ones.
	if r := do(t, env, "POST", fmt.Sprintf("/api/payments/provider-payments/%d/status", pays.Data[1].ID), staff,
		map[string]string{"status": "Ready To Pay"}, nil); r.Status != 409 {
		t.Errorf("an unmatched payment moved to Ready To Pay: %d", r.Status)
	}
	if r := do(t, env, "POST", fmt.Sprintf("/api/payments/provider-payments/%d/status", pays.Data[1].ID), staff,
		map[string]string{"status": "Processed"}, nil); r.Status != 409 || !strings.Contains(r.apiError(t).Message, "Ready To Pay") {
		t.Errorf("Action Required → Processed: %d %s", r.Status, r.Body)
	}
	var pendingBefore int64
	if err := env.Pool.QueryRow(ctx, `SELECT coalesce(sum(amount_cents), 0) FROM cashflow_entries WHERE policy_id = $1 AND status = 'Pending'`,
		full).Scan(&pendingBefore); err != nil {
		t.Fatal(err)
	}
	p := do(t, env, "POST", "/api/payments/process", staff, nil, nil)
	var proc oas.ProcessResult
	p.json(t, &proc)
	if p.Status != 200 || proc.Payments != 1 || proc.PaidCents != pendingBefore || proc.EntriesPaid == 0 {
		t.Fatalf("process: %d %s (pending was %d)", p.Status, p.Body, pendingBefore)
	}
	var left, paid int64
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'Pending'), coalesce(sum(amount_cents) FILTER (WHERE status = 'Paid'), 0)
		FROM cashflow_entries WHERE policy_id = $1`, full).Scan(&left, &paid); err != nil {
		t.Fatal(err)
	}
	if left != 0 || paid != pendingBefore {
		t.Errorf("after processing: %d entries still Pending, %d Paid of %d", left, paid, pendingBefore)
	}
	if err := env.Store.CheckRunningFigures(ctx); err != nil {
		t.Errorf("after processing: %v", err)
	}
	// Every move is in the change log with the staff member; a move on clears the reason.
	var logged int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM change_logs l JOIN users u ON u.id = l.actor_user_id
		WHERE l.entity = 'provider_payment' AND l.entity_id = $1 AND l.field = 'status' AND l.new_value = 'Processed'
		  AND u.email = $2`, pays.Data[0].ID, seed.DemoStaff).Scan(&logged); err != nil || logged != 1 {
		t.Errorf("the processing of payment %d is logged %d times (%v)", pays.Data[0].ID, logged, err)
	}
	short := do(t, env, "POST", fmt.Sprintf("/api/payments/provider-payments/%d/status", pays.Data[2].ID), staff,
		map[string]string{"status": "Ready To Pay"}, nil)
	var moved oas.ProviderPayment
	short.json(t, &moved)
	if short.Status != 200 || moved.Reason.Set {
		t.Errorf("the short payment moved on: %d, reason %v", short.Status, moved.Reason)
	}
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM change_logs WHERE entity = 'provider_payment' AND entity_id = $1
		AND field = 'reason' AND new_value IS NULL`, pays.Data[2].ID).Scan(&logged); err != nil || logged != 1 {
		t.Errorf("the cleared reason is logged %d times (%v)", logged, err)
	}
	// Processing again finds only the payment just moved on.
	p = do(t, env, "POST", "/api/payments/process", staff, nil, nil)
	p.json(t, &proc)
	if proc.Payments != 1 {
		t.Errorf("a second processing processed %d payments; want the one moved on", proc.Payments)
	}
	p = do(t, env, "POST", "/api/payments/process", staff, nil, nil)
	p.json(t, &proc)
	if proc.Payments != 0 {
		t.Errorf("a third processing processed %d payments", proc.Payments)
	}
	// Associates have no access to the staff operations.
	agent := ready(t, env, seed.DemoAgent)
	if r := do(t, env, "POST", "/api/payments/process", agent, nil, nil); r.Status != 403 {
		t.Errorf("an associate processes payments: %d", r.Status)
	}
}

// A pay run nets each associate's payable earnings against its chargebacks: a debt larger
// than the earnings pays nothing and carries, the next month's earnings pay the net; a month
// runs once.
func TestPayRunsNetOverSeveralPeriods(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	staff := login(t, env, seed.DemoStaff)
	var agentID int64
	if err := env.Pool.QueryRow(ctx, `SELECT id FROM associates WHERE code = $1`, seed.DemoAgtCode).Scan(&agentID); err != nil {
		t.Fatal(err)
	}
	// Settle whatever the seed left, so the test's entries are alone.
	if _, err := env.Pool.Exec(ctx, `UPDATE cashflow_entries SET status = 'Paid' WHERE associate_id = $1 AND status = 'Pending'`, agentID); err != nil {
		t.Fatal(err)
	}
	run := func(period string, want int) oas.PayRun {
		t.Helper()
		r := do(t, env, "POST", "/api/payments/pay-runs", staff, map[string]string{"period": period}, nil)
		if r.Status != want {
			t.Fatalf("pay run %s: %d %s; want %d", period, r.Status, r.Body, want)
		}
		var out oas.PayRun
		if want == 201 {
			r.json(t, &out)
		}
		return out
	}
	statement := func(runID int64) oas.PayStatement {
		t.Helper()
		r := do(t, env, "GET", fmt.Sprintf("/api/payments/pay-statements?filter[pay_run_id][eq]=%d&filter[associate_code][eq]=%s",
			runID, seed.DemoAgtCode), staff, nil, nil)
		var l oas.PayStatementList
		r.json(t, &l)
		if len(l.Data) != 1 {
			t.Fatalf("statements of run %d: %s", runID, r.Body)
		}
		return l.Data[0]
	}
	// Everything up to September is paid out first.
	first := run("2026-09-01", 201)
	before := statement(first.ID)
	if before.NetCents < 0 {
		t.Skipf("the seed left the agent in debt (%d); the scenario needs a clean start", before.NetCents)
	}
	insert := func(on string, kind, status string, amount int64, key string) {
		t.Helper()
		dir := "Compensation"
		if kind == "chargeback" {
			dir = "Chargeback"
		}
		if _, err := env.Pool.Exec(ctx, `INSERT INTO cashflow_entries (associate_id, policy_id, line_no, category, bonus_type, status, kind,
				direction, amount_cents, earning_cents, period, occurred_on, source, line_key, explanation)
			SELECT $1, (SELECT min(id) FROM policies), 0, 'Personal', 'Writing', $2, $3, $4, $5::bigint, abs($5::bigint), date_trunc('month', $6::date), $6::date,
				'test:' || $7, '0', '{"kind":"advance"}'`, agentID, status, kind, dir, amount, on, key); err != nil {
			t.Fatal(err)
		}
	}
	// What the seed already left payable in a month (releases of escrow), besides the test's.
	payable := func(from, to string) (sum int64) {
		t.Helper()
		if err := env.Pool.QueryRow(ctx, `SELECT coalesce(sum(amount_cents), 0) FROM cashflow_entries
			WHERE associate_id = $1 AND pay_run_id IS NULL AND occurred_on BETWEEN $2 AND $3
			  AND (direction = 'Compensation' AND (status = 'Paid' OR kind = 'pool') OR status = 'Chargeback')`,
			agentID, from, to).Scan(&sum); err != nil {
			t.Fatal(err)
		}
		return sum
	}
	octBase := payable("2026-10-01", "2026-10-31")
	insert("2026-10-05", "advance", "Paid", 10_000, "oct-earning")
	debit := -(octBase + 10_000 + 15_000) // October nets to -15,000
	insert("2026-10-20", "chargeback", "Chargeback", debit, "oct-debit")
	oct := run("2026-10-01", 201)
	s := statement(oct.ID)
	if s.EarningsCents != octBase+10_000 || s.ChargebacksCents != debit || s.NetCents != -15_000 || s.PaidCents != 0 || s.CarriedCents != -15_000 {
		t.Fatalf("October: %+v; want earnings %d, chargebacks %d, nothing paid, -15,000 carried", s, octBase+10_000, debit)
	}
	run("2026-10-01", 409)
	run("2026-09-01", 409) // pay runs go forward
	novBase := payable("2026-11-01", "2026-11-30")
	insert("2026-11-03", "advance", "Paid", 40_000-novBase, "nov-earning") // November nets to 25,000
	nov := run("2026-11-01", 201)
	s = statement(nov.ID)
	if s.NetCents != 25_000 || s.PaidCents != 25_000 || s.CarriedCents != 0 || s.EarningsCents+s.ChargebacksCents != 25_000 {
		t.Fatalf("November: %+v; want October's carried -15,000 netted with November's 40,000: 25,000 paid", s)
	}
	var unsettled int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM cashflow_entries WHERE associate_id = $1 AND source LIKE 'test:%' AND pay_run_id IS NULL`,
		agentID).Scan(&unsettled); err != nil {
		t.Fatal(err)
	}
	if unsettled != 0 {
		t.Errorf("%d of the test's entries are not on a statement after November", unsettled)
	}
	if err := env.Store.CheckRunningFigures(ctx); err != nil {
		t.Errorf("after the pay runs: %v", err)
	}
	// The agent sees its own statements, nobody else's.
	agent := ready(t, env, seed.DemoAgent)
	r := do(t, env, "GET", "/api/payments/pay-statements", agent, nil, nil)
	var mine oas.PayStatementList
	r.json(t, &mine)
	for _, st := range mine.Data {
		if st.AssociateCode != seed.DemoAgtCode {
			t.Fatalf("the agent sees %s's statement", st.AssociateCode)
		}
	}
	if len(mine.Data) < 3 {
		t.Errorf("the agent sees %d statements; want its three", len(mine.Data))
	}
	run("2026-12-15", 422)
	run("2999-01-01", 422)
}

// The ledger refuses to lose or rewrite an entry, whoever asks.
func TestLedgerIsAppendOnly(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	for _, sql := range []string{
		`DELETE FROM cashflow_entries WHERE id = (SELECT min(id) FROM cashflow_entries)`,
		`UPDATE cashflow_entries SET amount_cents = amount_cents + 1 WHERE id = (SELECT min(id) FROM cashflow_entries)`,
		`UPDATE cashflow_entries SET explanation = '{}' WHERE id = (SELECT min(id) FROM cashflow_entries)`,
		`UPDATE cashflow_entries SET status = 'Pending' WHERE id = (SELECT min(id) FROM cashflow_entries WHERE status = 'Escrow')`,
		`TRUNCATE cashflow_entries`,
		`UPDATE cashflow_lines SET explanation = '{}' WHERE policy_id = (SELECT min(policy_id) FROM cashflow_lines)`,
		`DELETE FROM cashflow_lines WHERE policy_id = (SELECT min(policy_id) FROM cashflow_lines)`,
	} {
		if _, err := env.Pool.Exec(ctx, sql); err == nil || !strings.Contains(err.Error(), "cashflow ") {
			t.Errorf("%s: %v; want it refused", sql, err)
		}
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE cashflow_entries SET status = 'Paid' WHERE id = (SELECT min(id) FROM cashflow_entries WHERE status = 'Pending')`); err != nil {
		t.Errorf("Pending → Paid refused: %v", err)
	}
}

// The ledger's references are checked per statement (migration 0032): a row naming an
// associate or policy that does not exist is refused, with the rows beside it, and an
// associate or policy the ledger names cannot be deleted or renumbered.
func TestLedgerReferences(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	const cols = `associate_id, policy_id, line_no, category, bonus_type, status, kind, direction, amount_cents,
		earning_cents, period, occurred_on, source, line_key, explanation`
	copyOf := func(associate, policy string) string {
		return `INSERT INTO cashflow_entries (` + cols + `) SELECT ` + associate + `, ` + policy + `, line_no, category, bonus_type,
			status, kind, direction, amount_cents, earning_cents, period, occurred_on, source || ':test' || id, line_key, explanation
			FROM cashflow_entries WHERE line_no IS NOT NULL ORDER BY id LIMIT 3`
	}
	count := func() (n int64) {
		if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM cashflow_entries`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	for sql, want := range map[string]string{
		copyOf(`CASE WHEN id = (SELECT min(id) FROM cashflow_entries WHERE line_no IS NOT NULL) THEN -7 ELSE associate_id END`, `policy_id`): "cashflow_entries refers to associate -7",
		copyOf(`associate_id`, `CASE WHEN id = (SELECT min(id) FROM cashflow_entries WHERE line_no IS NOT NULL) THEN -9 ELSE policy_id END`): "cashflow_entries refers to policy -9",
		`INSERT INTO cashflow_lines (policy_id, line_no, associate_id, explanation)
			SELECT policy_id, 99, -5, explanation FROM cashflow_lines LIMIT 1`: "cashflow_lines refers to associate -5",
		`INSERT INTO cashflow_lines (policy_id, line_no, associate_id, explanation)
			SELECT -3, 0, associate_id, explanation FROM cashflow_lines LIMIT 1`: "cashflow_lines refers to policy -3",
		`DELETE FROM associates WHERE id = (SELECT associate_id FROM cashflow_entries ORDER BY id LIMIT 1)`:                        "the cashflow ledger refers to associates",
		`DELETE FROM policies WHERE id = (SELECT policy_id FROM cashflow_entries WHERE policy_id IS NOT NULL ORDER BY id LIMIT 1)`: "the cashflow ledger refers to policies",
		`TRUNCATE associates CASCADE`: "the cashflow ledger refers to associates",
		`TRUNCATE policies CASCADE`:   "the cashflow ledger refers to policies",
	} {
		_, err := env.Pool.Exec(ctx, sql)
		var pg *pgconn.PgError
		if !errors.As(err, &pg) || pg.Code != "23503" || !strings.Contains(pg.Message, want) {
			t.Errorf("%s: %v; want %q (23503)", sql, err, want)
		}
	}
	if got := count(); got != before {
		t.Errorf("the refused statements left %d entries; want %d", got, before)
	}
	// Rows that name what exists are written, and a correcting entry is one more row.
	if _, err := env.Pool.Exec(ctx, copyOf(`associate_id`, `policy_id`)); err != nil {
		t.Fatalf("entries naming existing associates and policies: %v", err)
	}
	if got := count(); got != before+3 {
		t.Errorf("%d entries after three more; want %d", got, before+3)
	}
}

// The carrier's money may be processed before the engine drains the approval: the entries
// the drain then writes are Paid at once, matched to that payment, never left Pending.
func TestPaymentProcessedBeforeTheDrain(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	res, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("EARLY-1", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	pol := res.Response
	staff := login(t, env, seed.DemoStaff)
	for _, to := range []string{"Ready To Pay", "Approved"} {
		if r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/status", pol.ID), staff, map[string]string{"status": to}, nil); r.Status != 200 {
			t.Fatalf("move to %s: %d %s", to, r.Status, r.Body)
		}
	}
	due := comp.Commissionable(pol.TargetPremiumCents, int32(pol.CommissionRateBp))
	csv := fmt.Sprintf("policy_number,amount,date\n%s,%s,%s\n", pol.PolicyNumber, dollars(due), time.Now().UTC().Format(time.DateOnly))
	if r := do(t, env, "POST", "/api/payments/statements", staff,
		map[string]any{"provider_id": pol.ProviderID, "file_name": "early.csv", "csv": csv}, nil); r.Status != 201 {
		t.Fatalf("import: %d %s", r.Status, r.Body)
	}
	p := do(t, env, "POST", "/api/payments/process", staff, nil, nil)
	var proc oas.ProcessResult
	p.json(t, &proc)
	if proc.Payments != 1 || proc.EntriesPaid != 0 {
		t.Fatalf("processing before the drain: %s", p.Body)
	}
	if err := jobs.CatchUp(ctx, env.Store, servertest.SeededAt); err != nil {
		t.Fatal(err)
	}
	var pending, paid, unmatched int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'Pending'), count(*) FILTER (WHERE status = 'Paid'),
		count(*) FILTER (WHERE status = 'Paid' AND payment_id IS NULL) FROM cashflow_entries WHERE policy_id = $1`, pol.ID).
		Scan(&pending, &paid, &unmatched); err != nil {
		t.Fatal(err)
	}
	if pending != 0 || paid == 0 || unmatched != 0 {
		t.Errorf("after the drain: %d entries Pending, %d Paid (%d without the payment)", pending, paid, unmatched)
	}
}

// Two pay runs asked at once (two staff members, or a retry beside the first) never total the
// same entries: what the statements pay is what the entries settled add up to.
func TestPayRunsAtOnce(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	staff := login(t, env, seed.DemoStaff)
	// Make the seeded earnings payable, so that both months have something to pay.
	if _, err := env.Pool.Exec(ctx, `UPDATE cashflow_entries SET status = 'Paid' WHERE status = 'Pending'`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	statuses := make([]int, 2)
	for i, period := range []string{"2026-09-01", "2026-10-01"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = do(t, env, "POST", "/api/payments/pay-runs", staff, map[string]string{"period": period}, nil).Status
		}()
	}
	wg.Wait()
	var paid, settledNet int64
	if err := env.Pool.QueryRow(ctx, `SELECT (SELECT coalesce(sum(paid_cents), 0) FROM pay_statements),
		(SELECT coalesce(sum(amount_cents), 0) FROM cashflow_entries WHERE pay_run_id IS NOT NULL)`).Scan(&paid, &settledNet); err != nil {
		t.Fatal(err)
	}
	if paid == 0 || paid != settledNet {
		t.Errorf("pay runs %v paid %d; the entries they settled add up to %d", statuses, paid, settledNet)
	}
}
