package jobs_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

func TestMain(m *testing.M) {
	if os.Getenv("JOBS_TEST_DRAIN_DSN") != "" {
		drainChild()
		return
	}
	testdb.Main(m)
}

// organisation is a seeded organisation whose approvals and lapses wait in the outbox.
var organisation = &testdb.Prepare{Name: "jobs_org_" + testdb.Sources("server/seed", "server/store"), Fn: func(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := seed.Run(ctx, pool, seed.Options{Associates: 400, Policies: 900, Seed: 7, Keys: testKeys()})
	return err
}}

func testKeys() *secret.Keys {
	keys, err := secret.New([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		panic(err)
	}
	return keys
}

// today is after every seeded approval's 12 months, so every escrow is due.
var today = time.Now().UTC().AddDate(2, 0, 0)

func newRunner(t *testing.T, pool *pgxpool.Pool, now func() time.Time) *jobs.Runner {
	t.Helper()
	r, err := jobs.New(jobs.Options{Pool: pool, Store: store.New(pool), Now: now, NoPeriodic: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := r.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop(context.Background()) })
	return r
}

// settle waits until River has no job left to run or running.
func settle(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var left int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			var failed int
			_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE state = 'discarded' OR errors IS NOT NULL`).Scan(&failed)
			if failed > 0 {
				var errText string
				_ = pool.QueryRow(context.Background(), `SELECT errors::text FROM river_job WHERE errors IS NOT NULL LIMIT 1`).Scan(&errText)
				t.Fatalf("%d jobs failed: %s", failed, errText)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("River jobs did not finish in 2 minutes")
}

// ledgerOf is the ledger as comparable text lines, in a stable order (ids aside), then the
// running chargeback exposure kept with it.
func ledgerOf(t *testing.T, pool *pgxpool.Pool) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT associate_id, coalesce(policy_id, 0), coalesce(line_no, -1), kind, status,
		amount_cents, earning_cents, occurred_on, source, line_key FROM cashflow_entries
		ORDER BY policy_id, line_no, source, kind, line_key`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a, p, amount, earning int64
		var line int
		var kind, status, source, key string
		var on time.Time
		if err := rows.Scan(&a, &p, &line, &kind, &status, &amount, &earning, &on, &source, &key); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %d %d %s %s %d %d %s %s %s", a, p, line, kind, status, amount, earning, on.Format(time.DateOnly), source, key))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// The running chargeback exposure, summed per key (however its rows are folded).
	rows, err = pool.Query(context.Background(), `SELECT associate_id, approved_on, sum(policies), sum_elements(reclaim_cents)::text,
			sum_elements(from_escrow_cents)::text
		FROM chargeback_exposure GROUP BY 1, 2
		HAVING sum(policies) <> 0 OR sum_elements(reclaim_cents) <> array_fill(0::bigint, ARRAY[11])
		    OR sum_elements(from_escrow_cents) <> array_fill(0::bigint, ARRAY[11])
		ORDER BY 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, policies int64
		var on time.Time
		var reclaim, fromEscrow string
		if err := rows.Scan(&a, &on, &policies, &reclaim, &fromEscrow); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("exposure %d %s %d %s %s", a, on.Format(time.DateOnly), policies, reclaim, fromEscrow))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func sameLedger(t *testing.T, want, got []string, what string) {
	t.Helper()
	if len(want) != len(got) {
		t.Fatalf("%s: %d entries, a clean run wrote %d", what, len(got), len(want))
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("%s: entry %d is %q, a clean run wrote %q", what, i, got[i], want[i])
		}
	}
}

// cleanRun is the ledger of one runner draining the outbox and releasing escrow once.
func cleanRun(t *testing.T) []string {
	t.Helper()
	pool := testdb.NewFrom(t, organisation)
	r := newRunner(t, pool, func() time.Time { return today })
	ctx := context.Background()
	if err := r.Enqueue(ctx, jobs.DrainArgs{}); err != nil {
		t.Fatal(err)
	}
	settle(t, pool)
	if err := r.Enqueue(ctx, jobs.ReleaseArgs{}); err != nil {
		t.Fatal(err)
	}
	settle(t, pool)
	return ledgerOf(t, pool)
}

// TestEngineInvariants drains a seeded organisation's approvals and lapses through River,
// releases its escrow, and holds the ledger to DOMAIN.md: every approved policy's lines are
// the calculator's, advance + escrow = earning, a lapsed line keeps exactly E × m / 12 and
// never gives back more than it was paid, every entry is explained, and running every job
// again changes nothing.
func TestEngineInvariants(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	r := newRunner(t, pool, func() time.Time { return today })
	if err := r.Enqueue(ctx, jobs.DrainArgs{}); err != nil {
		t.Fatal(err)
	}
	settle(t, pool)
	if err := r.Enqueue(ctx, jobs.ReleaseArgs{}); err != nil {
		t.Fatal(err)
	}
	settle(t, pool)

	var unprocessed, approved, lapsed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE processed_at IS NULL), count(*) FILTER (WHERE kind = 'approved'),
		count(*) FILTER (WHERE kind = 'lapsed') FROM policy_events`).Scan(&unprocessed, &approved, &lapsed); err != nil {
		t.Fatal(err)
	}
	if unprocessed != 0 || approved < 50 || lapsed < 5 {
		t.Fatalf("events: %d unprocessed, %d approvals, %d lapses", unprocessed, approved, lapsed)
	}

	// Every approved policy: its advance entries are the calculator's lines, one for one.
	rows, err := pool.Query(ctx, `SELECT p.id, p.approved_on, p.lapsed_on, coalesce(e.free_look, false) FROM policies p
		LEFT JOIN policy_events e ON e.policy_id = p.id AND e.kind = 'lapsed' WHERE p.approved_on IS NOT NULL ORDER BY p.id`)
	if err != nil {
		t.Fatal(err)
	}
	type pol struct {
		id       int64
		approved time.Time
		lapsed   *time.Time
		freeLook bool
	}
	var pols []pol
	for rows.Next() {
		var p pol
		if err := rows.Scan(&p.id, &p.approved, &p.lapsed, &p.freeLook); err != nil {
			t.Fatal(err)
		}
		pols = append(pols, p)
	}
	rows.Close()
	lapsedLines, releasedParts := 0, 0
	for _, p := range pols {
		want, err := st.CommissionOf(ctx, p.id)
		if err != nil {
			t.Fatal(err)
		}
		type line struct {
			associate, earning, advance, escrow, total, paidIn, debits int64
			count                                                      int
		}
		lines := map[int]*line{}
		erows, err := pool.Query(ctx, `SELECT e.line_no, e.associate_id, e.kind, e.amount_cents, e.earning_cents,
				e.explanation || jsonb_build_object('line', cl.explanation->'line', 'policy', cl.explanation->'policy')
			FROM cashflow_entries e JOIN cashflow_lines cl ON cl.policy_id = e.policy_id AND cl.line_no = e.line_no
			WHERE e.policy_id = $1`, p.id)
		if err != nil {
			t.Fatal(err)
		}
		for erows.Next() {
			var no int
			var a, amount, earning int64
			var kind string
			var raw []byte
			if err := erows.Scan(&no, &a, &kind, &amount, &earning, &raw); err != nil {
				t.Fatal(err)
			}
			l := lines[no]
			if l == nil {
				l = &line{associate: a, earning: earning}
				lines[no] = l
			}
			l.count++
			l.total += amount
			switch ledger.Kind(kind) {
			case ledger.KindAdvance:
				l.advance = amount
			case ledger.KindEscrow:
				l.escrow = amount
			case ledger.KindReleaseIn:
				releasedParts++
			case ledger.KindChargeback:
				l.debits += amount
			}
			if amount > 0 && (kind == "advance" || kind == "release_in" || kind == "lapse_release_in") {
				l.paidIn += amount
			}
			var why ledger.Why
			if err := json.Unmarshal(raw, &why); err != nil || why.Kind != ledger.Kind(kind) || why.Line == nil ||
				!strings.Contains(why.Text(amount), why.Policy.Number) {
				t.Fatalf("policy %d line %d %s: explanation %s", p.id, no, kind, raw)
			}
		}
		erows.Close()
		if len(lines) != len(want) {
			t.Fatalf("policy %d: %d lines in the ledger, the calculator answers %d", p.id, len(lines), len(want))
		}
		for i, w := range want {
			l := lines[i]
			if l == nil || l.associate != w.Person.ID || l.earning != w.AmountCents {
				t.Fatalf("policy %d line %d: ledger %+v, calculator %d to %s", p.id, i, l, w.AmountCents, w.Person.Code)
			}
			if l.advance+l.escrow != l.earning || l.advance != comp.Round(l.earning, comp.DefaultAdvanceBP) {
				t.Errorf("policy %d line %d: advance %d + escrow %d, earning %d", p.id, i, l.advance, l.escrow, l.earning)
			}
			keep := l.earning
			if p.lapsed != nil {
				lapsedLines++
				m := 0
				if !p.freeLook {
					m = ledger.PolicyMonth(p.approved, *p.lapsed)
				}
				if m < 12 {
					keep = (l.earning*int64(m)*2 + 12) / 24 // E × m / 12, rounded half up
				}
				if -l.debits > l.paidIn {
					t.Errorf("policy %d line %d: a debit of %d exceeds the %d paid on it", p.id, i, -l.debits, l.paidIn)
				}
			}
			if l.total != keep {
				t.Errorf("policy %d line %d (lapsed %v): the entries add up to %d, want %d", p.id, i, p.lapsed, l.total, keep)
			}
		}
	}
	if lapsedLines == 0 || releasedParts == 0 {
		t.Fatalf("nothing lapsed (%d lines) or released (%d parts): the run proves little", lapsedLines, releasedParts)
	}

	// Two years on, every escrow of a policy in force is released and the queue is empty.
	var stillHeld, queued int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM (SELECT 1 FROM cashflow_entries e JOIN policies p ON p.id = e.policy_id
			WHERE p.lapsed_on IS NULL GROUP BY e.policy_id, e.line_no
			HAVING sum(e.amount_cents) FILTER (WHERE e.status IN ('Escrow', 'Chargeback Escrow')) <> 0) h),
		(SELECT count(*) FROM escrow_due)`).Scan(&stillHeld, &queued); err != nil {
		t.Fatal(err)
	}
	if stillHeld != 0 || queued != 0 {
		t.Errorf("two years on: %d lines in force still hold escrow, %d parts queued", stillHeld, queued)
	}

	// The dashboard's running totals and escrow calendar are the entries' sums.
	if err := st.CheckRunningFigures(ctx); err != nil {
		t.Fatalf("after the drain and releases: %v", err)
	}

	// Running every job again changes nothing: every event drained again, and every escrow
	// part queued again, released or not.
	before := ledgerOf(t, pool)
	if _, err := pool.Exec(ctx, `UPDATE policy_events SET processed_at = NULL`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO escrow_due (policy_id, due_on)
		SELECT DISTINCT policy_id, (occurred_on + make_interval(months => 8 + k))::date
		FROM cashflow_entries, generate_series(1, 3) k WHERE kind = 'escrow'`); err != nil {
		t.Fatal(err)
	}
	for _, args := range []interface{ Kind() string }{jobs.DrainArgs{}, jobs.ReleaseArgs{}, jobs.DrainArgs{}} {
		if err := r.Enqueue(ctx, args); err != nil {
			t.Fatal(err)
		}
		settle(t, pool)
	}
	sameLedger(t, before, ledgerOf(t, pool), "after running every job again")
	if err := st.CheckRunningFigures(ctx); err != nil {
		t.Fatalf("after the replay: %v", err)
	}
}

// TestTwoInstances runs two runners on one database, each asked to drain and release
// several times at once: the ledger is the one of a single clean run.
func TestTwoInstances(t *testing.T) {
	want := cleanRun(t)
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	a := newRunner(t, pool, func() time.Time { return today })
	b := newRunner(t, pool, func() time.Time { return today })
	var wg sync.WaitGroup
	for _, r := range []*jobs.Runner{a, b, a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := r.Enqueue(ctx, jobs.DrainArgs{}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	settle(t, pool)
	for _, r := range []*jobs.Runner{a, b} {
		if err := r.Enqueue(ctx, jobs.ReleaseArgs{}); err != nil {
			t.Fatal(err)
		}
	}
	settle(t, pool)
	// Two drains that ran at once must both have done work for this to test anything.
	var workers int
	if err := pool.QueryRow(ctx, `SELECT count(DISTINCT attempted_by[1]) FROM river_job WHERE kind = 'policy_events'`).Scan(&workers); err != nil {
		t.Fatal(err)
	}
	t.Logf("drain jobs ran on %d clients", workers)
	sameLedger(t, want, ledgerOf(t, pool), "two instances")
}

// TestKilledMidRun kills a process draining the outbox (SIGKILL) after it committed some
// batches, then drains again: the ledger is the one of a single clean run.
func TestKilledMidRun(t *testing.T) {
	want := cleanRun(t)
	ctx := context.Background()
	pool, dsn := testdb.NewWithDSN(t, organisation)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "JOBS_TEST_DRAIN_DSN="+dsn)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once some batches are in and some are not.
	var total int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM policy_events`).Scan(&total); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		var done int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM policy_events WHERE processed_at IS NOT NULL`).Scan(&done); err != nil {
			t.Fatal(err)
		}
		if done > 0 {
			if done >= total {
				t.Fatalf("the child drained all %d events before it could be killed", total)
			}
			t.Logf("killing the child with %d of %d events processed", done, total)
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the child processed nothing in a minute")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()

	r := newRunner(t, pool, func() time.Time { return today })
	for _, args := range []interface{ Kind() string }{jobs.DrainArgs{}, jobs.ReleaseArgs{}} {
		if err := r.Enqueue(ctx, args); err != nil {
			t.Fatal(err)
		}
		settle(t, pool)
	}
	sameLedger(t, want, ledgerOf(t, pool), "after a SIGKILL mid-run")
}

// drainChild is the child process of TestKilledMidRun: it drains the outbox in small
// batches, slowly, until it is killed.
func drainChild() {
	ctx := context.Background()
	pool, err := store.Connect(ctx, os.Getenv("JOBS_TEST_DRAIN_DSN"), 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	st := store.New(pool)
	batch, _ := strconv.Atoi(os.Getenv("JOBS_TEST_BATCH"))
	if batch == 0 {
		batch = 25
	}
	for {
		n, err := st.DrainPolicyEvents(ctx, batch)
		if err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
		if n == 0 {
			os.Exit(0)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBonusPools runs the pools of the month with the most approved production: each pool
// with qualifiers is shared to the cent among associates who qualify, by their metric; a
// second run of the month writes nothing.
func TestBonusPools(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	if err := jobs.CatchUp(ctx, st, today); err != nil {
		t.Fatal(err)
	}
	// Lower the bars so that the small organisation has qualifiers in every pool.
	if _, err := pool.Exec(ctx, `UPDATE bonus_pools SET min_metric = 1, min_level = 'TA', builder_only = false`); err != nil {
		t.Fatal(err)
	}
	var month time.Time
	if err := pool.QueryRow(ctx, `SELECT date_trunc('month', approved_on)::date FROM policies WHERE approved_on IS NOT NULL
		GROUP BY 1 ORDER BY sum(bv_cents) DESC LIMIT 1`).Scan(&month); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM bonus_pool_runs WHERE period = $1 AND qualifiers = 0`, month); err != nil {
		t.Fatal(err)
	}
	if _, err := st.RunBonusPools(ctx, month); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT r.bonus_type, r.pool_cents, r.qualifiers,
			(SELECT coalesce(sum(amount_cents), 0) FROM cashflow_entries e WHERE e.source = 'pool:' || r.id),
			(SELECT count(*) FROM cashflow_entries e WHERE e.source = 'pool:' || r.id)
		FROM bonus_pool_runs r WHERE r.period = $1`, month)
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for rows.Next() {
		var bonus string
		var size, total int64
		var qualifiers, entries int
		if err := rows.Scan(&bonus, &size, &qualifiers, &total, &entries); err != nil {
			t.Fatal(err)
		}
		if qualifiers > 0 {
			shared++
			if total != size || entries == 0 || entries > qualifiers {
				t.Errorf("%s: %d shared in %d entries among %d qualifiers; the pool is %d", bonus, total, entries, qualifiers, size)
			}
		}
	}
	rows.Close()
	if shared < 3 {
		t.Fatalf("only %d pools had qualifiers in %s", shared, month.Format("2006-01"))
	}
	before := ledgerOf(t, pool)
	if n, err := st.RunBonusPools(ctx, month); err != nil || n != 0 {
		t.Fatalf("a second run of %s ran %d pools: %v", month.Format("2006-01"), n, err)
	}
	sameLedger(t, before, ledgerOf(t, pool), "after running the pools again")
}

// BenchmarkDrain measures the outbox drain of the seeded organisation, per event (make bench
// has the figures at scale).
func BenchmarkDrain(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		pool := testdb.NewFrom(b, organisation)
		st := store.New(pool)
		var events int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM policy_events`).Scan(&events); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		if _, err := st.DrainAll(ctx, jobs.Batch); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/float64(events), "µs/event")
	}
}

// TestEscrowReleasesAsMonthsStart moves the engine's clock over a policy's months 9 to 12:
// its escrow is released a third at a time on the days policy months 10, 11 and 12 start,
// never before, and the queue of due parts empties.
func TestEscrowReleasesAsMonthsStart(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	if _, err := st.DrainAll(ctx, jobs.Batch); err != nil {
		t.Fatal(err)
	}
	// The most recently approved policy in force with escrow.
	var policy int64
	var approved time.Time
	if err := pool.QueryRow(ctx, `SELECT p.id, p.approved_on FROM policies p WHERE p.lapsed_on IS NULL
		AND EXISTS (SELECT 1 FROM cashflow_entries e WHERE e.policy_id = p.id AND e.kind = 'escrow')
		ORDER BY p.approved_on DESC, p.id LIMIT 1`).Scan(&policy, &approved); err != nil {
		t.Fatal(err)
	}
	held := func() (held, escrow int64) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT coalesce(sum(amount_cents) FILTER (WHERE status IN ('Escrow', 'Chargeback Escrow')), 0),
			coalesce(sum(amount_cents) FILTER (WHERE kind = 'escrow'), 0) FROM cashflow_entries WHERE policy_id = $1`, policy).Scan(&held, &escrow); err != nil {
			t.Fatal(err)
		}
		return held, escrow
	}
	_, escrow := held()
	lines, err := pool.Query(ctx, `SELECT amount_cents FROM cashflow_entries WHERE policy_id = $1 AND kind = 'escrow'`, policy)
	if err != nil {
		t.Fatal(err)
	}
	var perLine []int64
	for lines.Next() {
		var v int64
		if err := lines.Scan(&v); err != nil {
			t.Fatal(err)
		}
		perLine = append(perLine, v)
	}
	lines.Close()
	for _, c := range []struct {
		day   time.Time
		month int
	}{
		{ledger.ReleaseDue(approved, 1).AddDate(0, 0, -1), 9},
		{ledger.ReleaseDue(approved, 1), 10},
		{ledger.ReleaseDue(approved, 2).AddDate(0, 0, -1), 10},
		{ledger.ReleaseDue(approved, 2), 11},
		{ledger.ReleaseDue(approved, 3), 12},
	} {
		if _, err := st.ReleaseEscrow(ctx, c.day, jobs.Batch); err != nil {
			t.Fatal(err)
		}
		var want int64
		for _, s := range perLine {
			want += comp.EscrowHeld(s, c.month)
		}
		if got, _ := held(); got != want {
			t.Errorf("on %s (policy month %d) %d of the %d escrow is held; want %d", c.day.Format(time.DateOnly), c.month, got, escrow, want)
		}
	}
	var queued int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM escrow_due WHERE policy_id = $1`, policy).Scan(&queued); err != nil || queued != 0 {
		t.Errorf("%d parts of the policy still queued after month 12 (%v)", queued, err)
	}
	if err := st.CheckRunningFigures(ctx); err != nil {
		t.Errorf("after the releases: %v", err)
	}
}

// TestABadPolicyIsSetAside: an approval whose policy the calculator refuses (a premium past
// its bound, written around the API) is set aside with the reason; every other event is
// drained, and the bad policy has no entry.
func TestABadPolicyIsSetAside(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	var bad int64
	if err := pool.QueryRow(ctx, `UPDATE policies SET target_premium_cents = $1
		WHERE id = (SELECT min(policy_id) FROM policy_events WHERE kind = 'approved') RETURNING id`,
		comp.MaxPremiumCents+1).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if err := jobs.CatchUp(ctx, st, today); err != nil {
		t.Fatalf("one bad policy stopped the drain: %v", err)
	}
	var failure string
	var waiting, entries int
	if err := pool.QueryRow(ctx, `SELECT (SELECT failure FROM policy_events WHERE policy_id = $1 AND kind = 'approved'),
		(SELECT count(*) FROM policy_events WHERE processed_at IS NULL AND policy_id <> $1),
		(SELECT count(*) FROM cashflow_entries WHERE policy_id = $1)`, bad).Scan(&failure, &waiting, &entries); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(failure, "cannot be calculated") || waiting != 0 || entries != 0 {
		t.Errorf("the bad policy's approval: %q; %d other events left; %d entries on it", failure, waiting, entries)
	}
}

// TestBonusPoolsWaitAndCatchUp: a month's pools wait until the approvals before its end are
// drained, and months missed (portald down at their turn) are run late, oldest first.
func TestBonusPoolsWaitAndCatchUp(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	var latest time.Time
	if err := pool.QueryRow(ctx, `SELECT date_trunc('month', max(approved_on))::date FROM policies`).Scan(&latest); err != nil {
		t.Fatal(err)
	}
	// Undrained approvals: nothing runs.
	if n, err := st.RunBonusPoolsThrough(ctx, latest); err != nil || n != 0 {
		t.Fatalf("with the outbox full, %d pools ran (%v)", n, err)
	}
	if _, err := st.DrainAll(ctx, jobs.Batch); err != nil {
		t.Fatal(err)
	}
	first := ledger.AddMonths(latest, -2)
	if _, err := st.RunBonusPoolsThrough(ctx, first); err != nil {
		t.Fatal(err)
	}
	// Two months later the missed month is run too.
	if _, err := st.RunBonusPoolsThrough(ctx, latest); err != nil {
		t.Fatal(err)
	}
	var months []time.Time
	rows, err := pool.Query(ctx, `SELECT DISTINCT period FROM bonus_pool_runs ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var m time.Time
		if err := rows.Scan(&m); err != nil {
			t.Fatal(err)
		}
		months = append(months, m)
	}
	rows.Close()
	want := []time.Time{first, ledger.AddMonths(first, 1), latest}
	if diff := cmp.Diff(want, months); diff != "" {
		t.Errorf("months run (-want +got):\n%s", diff)
	}
}

// TestExposureFollowsTheLedger drains the organisation, then walks the calendar from its
// first approval to 13 months after today, releasing the escrow due on each day: the running
// chargeback exposure (kept per approval day by the drain) equals at every step the one
// summed line by line from the ledger, before and after its rows are folded, and draining
// again adds nothing.
func TestExposureFollowsTheLedger(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	if _, err := st.DrainAll(ctx, 37); err != nil { // several batches, several rows per key
		t.Fatal(err)
	}
	var first time.Time
	var lapsed int
	if err := pool.QueryRow(ctx, `SELECT min(approved_on), count(*) FILTER (WHERE lapsed_on IS NOT NULL) FROM policies
		WHERE approved_on IS NOT NULL`).Scan(&first, &lapsed); err != nil {
		t.Fatal(err)
	}
	if lapsed == 0 {
		t.Fatal("no lapse in the organisation: the test proves little")
	}
	var sawReclaim, sawDebit, sawEscrow bool
	end := ledger.AddMonths(ledger.Day(time.Now()), 13)
	for day, step := first, 0; !day.After(end); day, step = day.AddDate(0, 0, 19), step+1 {
		if _, err := st.ReleaseEscrow(ctx, day, jobs.Batch); err != nil {
			t.Fatal(err)
		}
		if step%4 == 3 {
			if _, err := st.FoldRunningFigures(ctx, 50); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := st.ExposureMismatches(ctx, day); err != nil || n != 0 {
			t.Fatalf("on %s, %d associates' running exposure differs from their lines (%v)", day.Format(time.DateOnly), n, err)
		}
		var reclaim, fromEscrow int64
		if err := pool.QueryRow(ctx, `SELECT coalesce(sum(x.reclaim_cents[policy_month(x.approved_on, $1)]), 0),
				coalesce(sum(x.from_escrow_cents[policy_month(x.approved_on, $1)]), 0)
			FROM chargeback_exposure x WHERE policy_month(x.approved_on, $1) BETWEEN 1 AND 11`, day).Scan(&reclaim, &fromEscrow); err != nil {
			t.Fatal(err)
		}
		sawReclaim = sawReclaim || reclaim > 0
		sawEscrow = sawEscrow || fromEscrow > 0
		sawDebit = sawDebit || reclaim > fromEscrow
	}
	if !sawReclaim || !sawEscrow || !sawDebit {
		t.Fatalf("the walk never saw an exposure (%v), a part from escrow (%v) or a debit (%v)", sawReclaim, sawEscrow, sawDebit)
	}
	var fresh int
	if _, err := st.FoldRunningFigures(ctx, 50); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM chargeback_exposure WHERE fresh) + (SELECT count(*) FROM cashflow_totals WHERE fresh)`).
		Scan(&fresh); err != nil || fresh != 0 {
		t.Fatalf("%d rows left unfolded (%v)", fresh, err)
	}
	if err := st.CheckRunningFigures(ctx); err != nil {
		t.Fatalf("folded: %v", err)
	}
	before := ledgerOf(t, pool)
	if _, err := pool.Exec(ctx, `UPDATE policy_events SET processed_at = NULL`); err != nil {
		t.Fatal(err)
	}
	if _, err := st.DrainPolicyEvents(ctx, jobs.Batch); err != nil {
		t.Fatal(err)
	}
	sameLedger(t, before, ledgerOf(t, pool), "after draining again")
}

// TestExposureMigration: migration 0018's backfill, run over a drained ledger, writes the
// same running exposure the drain wrote (per associate and approval day).
func TestExposureMigration(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	if err := jobs.CatchUp(ctx, store.New(pool), time.Now()); err != nil {
		t.Fatal(err)
	}
	drained := ledgerOf(t, pool)
	backfill := migrationPart(t, 18, "-- The lines written before this migration", "")
	if _, err := pool.Exec(ctx, `DELETE FROM chargeback_exposure`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, backfill); err != nil {
		t.Fatal(err)
	}
	sameLedger(t, drained, ledgerOf(t, pool), "backfilled")
}

// migrationPart is the SQL of a migration from the line after the comment that starts with
// from (a backfill), up to to (the end when empty); the test fails when there is none.
func migrationPart(t *testing.T, version int, from, to string) string {
	t.Helper()
	ms, err := store.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version != version {
			continue
		}
		_, part, found := strings.Cut(m.SQL, from)
		if to != "" {
			part, _, _ = strings.Cut(part, to)
		}
		if found && strings.TrimSpace(part) != "" {
			return "--" + part
		}
	}
	t.Fatalf("migration %04d has no part from %q", version, from)
	return ""
}

// TestEscrowCalendarMigration: migration 0033's backfill, run over a drained ledger with
// releases and lapses, schedules the same escrow parts the triggers did.
func TestEscrowCalendarMigration(t *testing.T) {
	ctx := context.Background()
	pool := testdb.NewFrom(t, organisation)
	st := store.New(pool)
	// Halfway through the seeded escrow: some parts released, some lapsed, some still due.
	if err := jobs.CatchUp(ctx, st, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := st.CheckRunningFigures(ctx); err != nil {
		t.Fatalf("drained: %v", err)
	}
	backfill := migrationPart(t, 33, "-- The parts still scheduled", "DROP TRIGGER")
	tag, err := pool.Exec(ctx, `UPDATE cashflow_totals SET due1_cents = 0, due2_cents = 0, due3_cents = 0, due1_lines = 0,
		due2_lines = 0, due3_lines = 0 WHERE (due1_lines, due2_lines, due3_lines) <> (0, 0, 0)`)
	if err != nil || tag.RowsAffected() == 0 {
		t.Fatalf("no escrow was scheduled to take away (%v): the backfill would prove nothing", err)
	}
	if err := st.CheckRunningFigures(ctx); err == nil {
		t.Fatal("the calendar taken away, the check still passes")
	}
	if _, err := pool.Exec(ctx, backfill); err != nil {
		t.Fatal(err)
	}
	if err := st.CheckRunningFigures(ctx); err != nil {
		t.Fatalf("backfilled: %v", err)
	}
}

// flakySender delivers to the outbox, but refuses one address for good and turns another
// away once before taking it, as SMTP servers answer 550 and 451.
type flakySender struct {
	outbox *mail.Outbox
	mu     sync.Mutex
	tries  map[string]int
}

func (f *flakySender) Send(ctx context.Context, m mail.Message) error {
	f.mu.Lock()
	f.tries[m.To.Address]++
	n := f.tries[m.To.Address]
	f.mu.Unlock()
	switch {
	case m.To.Address == "refused@example.com":
		return &mail.SendError{MessageID: m.ID, Code: 550, Permanent: true, Err: fmt.Errorf("550 no such user")}
	case m.To.Address == "later@example.com" && n == 1:
		return &mail.SendError{MessageID: m.ID, Code: 451, Err: fmt.Errorf("451 try again later")}
	}
	return f.outbox.Send(ctx, m)
}

// TestMailJobs: a queued message is delivered once; a refused one (5xx) is given up at
// once, not retried; one turned away for now (4xx) is retried and delivered.
func TestMailJobs(t *testing.T) {
	ctx := context.Background()
	pool := testdb.New(t)
	dir := t.TempDir()
	outbox, err := mail.NewOutbox(dir, mail.Address{})
	if err != nil {
		t.Fatal(err)
	}
	sender := &flakySender{outbox: outbox, tries: map[string]int{}}
	r, err := jobs.New(jobs.Options{Pool: pool, Store: store.New(pool), NoPeriodic: true, Mail: sender, Keys: testKeys()})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop(context.Background()) })
	for _, to := range []string{"ann@example.com", "refused@example.com", "later@example.com"} {
		if err := r.SendMail(ctx, mail.Message{ID: "welcome." + to, To: mail.Address{Name: "Ann Lee", Address: to},
			Content: mail.Welcome{Name: "Ann Lee", Code: "AL0001", LoginLink: "https://portal.example/login"}}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for {
		var left int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'mail'
			AND state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d mail jobs still waiting after a minute", left)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var queues []string
	if err := pool.QueryRow(ctx, `SELECT array_agg(DISTINCT queue || ' ' || max_attempts) FROM river_job WHERE kind = 'mail'`).Scan(&queues); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mail 8"}, queues); diff != "" {
		t.Errorf("mail jobs' queue and attempts (-want +got):\n%s", diff)
	}
	var clear int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'mail' AND args::text LIKE '%portal.example%'`).Scan(&clear); err != nil || clear != 0 {
		t.Errorf("%d mail jobs show their links in the clear (%v)", clear, err)
	}
	rows, err := pool.Query(ctx, `SELECT substr(args->>'id', strpos(args->>'id', '.') + 1), state, attempt FROM river_job WHERE kind = 'mail' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var to, state string
		var attempt int
		if err := rows.Scan(&to, &state, &attempt); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s %s %d", to, state, attempt))
	}
	rows.Close()
	want := []string{"ann@example.com completed 1", "later@example.com completed 2", "refused@example.com cancelled 1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mail jobs (-want +got):\n%s", diff)
	}
	sent, err := mail.ListOutbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	var delivered []string
	for _, e := range sent {
		if e.Err != nil {
			t.Fatalf("%s: %v", e.File, e.Err)
		}
		delivered = append(delivered, e.To.String()+" "+strings.Join(e.Links, " "))
	}
	slices.Sort(delivered)
	if diff := cmp.Diff([]string{`"Ann Lee" <ann@example.com> https://portal.example/login`,
		`"Ann Lee" <later@example.com> https://portal.example/login`}, delivered); diff != "" {
		t.Errorf("the outbox (-want +got):\n%s", diff)
	}
}
