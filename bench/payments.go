package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/store"
)

// payments measures the compensation engine and the payments screens on the benchmark
// organisation (issue 10):
//
//	(a) the commission run of N approved policies end to end through River (two workers),
//	    next to the same drain in one plain loop, each over N approvals of the seeded outbox;
//	(b) the cashflow list, page 1 of the associate with the most entries, against a
//	    hand-written handler;
//	(c) the payments dashboard of that associate, one request at a time;
//	(d) the CSV download of the cashflow against COPY … TO STDOUT.
//
// Part (a) takes approvals the seed left in the outbox (the rest is parked meanwhile); the
// first run then drains the whole backlog, which (b) to (d) need. When the outbox holds too
// few (an earlier run drained it), approved policies are copied into new ones whose
// approvals (a) computes (freshApprovals).
func payments(args []string) error {
	fs := flag.NewFlagSet("payments", flag.ExitOnError)
	var size orgSize
	size.flags(fs)
	portald := fs.String("portald", "bin/portald", "the portald binary")
	reps := fs.Int("reps", 60, "timed repetitions per latency figure")
	events := fs.Int("events", 100_000, "approvals per commission run in part (a)")
	out := fs.String("out", ".bench/payments.md", "where to write the results")
	only := fs.String("only", "abcd", "which parts to measure (a, b, c, d or a combination)")
	var o runOpts
	o.wrkFlags(fs)
	_ = fs.Parse(args)
	ctx := context.Background()
	org, err := openOrg(ctx, size)
	if err != nil {
		return err
	}
	defer org.close()
	abs, _ := filepath.Abs(size.dataDir)
	if o.postmaster, err = postmasterPID(filepath.Join(abs, "pg")); err != nil {
		return err
	}
	res := &report{}
	res.line("# Payments benchmark %s", time.Now().UTC().Format(time.RFC3339))
	res.line("")
	res.line("%d associates; one machine (%s); load average %s.", org.associates, cpuInfo(), loadAverage())
	res.line("")
	if strings.Contains(*only, "a") {
		if err := engineRun(ctx, res, org, *events); err != nil {
			return err
		}
	}
	if !strings.ContainsAny(*only, "bcd") {
		// (a) alone leaves the rest of the seeded outbox for a later run of (a).
		return res.finish(*out)
	}
	if err := drainBacklog(ctx, res, org); err != nil {
		return err
	}
	// The running figures folded, as the engine's job keeps them (a no-op when it has).
	start := time.Now()
	folded, err := store.New(org.pool).FoldRunningFigures(ctx, jobs.Batch)
	if err != nil {
		return err
	}
	if folded > 0 {
		res.line("The running figures of %d associates were folded in %s.", folded, time.Since(start).Round(time.Second))
		res.line("")
	}
	var entries int64
	var top int64
	if err := org.pool.QueryRow(ctx, `SELECT count(*) FROM cashflow_entries`).Scan(&entries); err != nil {
		return err
	}
	if err := org.pool.QueryRow(ctx, `SELECT associate_id FROM cashflow_entries GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`).Scan(&top); err != nil {
		return err
	}
	var topEntries int64
	var topCode string
	if err := org.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM cashflow_entries WHERE associate_id = $1), code FROM associates WHERE id = $1`,
		top).Scan(&topEntries, &topCode); err != nil {
		return err
	}
	res.line("The ledger holds %d entries; %s has the most (%d).", entries, topCode, topEntries)
	res.line("")
	if strings.ContainsAny(*only, "bcd") {
		ours, base, stop, err := startServers(*portald, org.dsn, abs, o.pool)
		if err != nil {
			return err
		}
		defer stop()
		token, _, err := benchUser(ctx, org.pool, top)
		if err != nil {
			return err
		}
		if strings.Contains(*only, "b") {
			if err := cashflowList(res, ours, base, token, o); err != nil {
				return err
			}
		}
		if strings.Contains(*only, "c") {
			if err := paymentsDashboard(res, ours, token, *reps); err != nil {
				return err
			}
		}
		if strings.Contains(*only, "d") {
			if err := cashflowDownload(res, ours, base, token); err != nil {
				return err
			}
		}
	}
	return res.finish(*out)
}

// parked marks outbox events set aside while part (a) runs on the others.
const parked = `'-infinity'::timestamptz`

// engineRun is part (a).
func engineRun(ctx context.Context, res *report, o *org, n int) error {
	res.line("## (a) Commission run of approved policies: River against one plain loop")
	res.line("")
	var waiting int
	if err := o.pool.QueryRow(ctx, `SELECT count(*) FROM policy_events WHERE processed_at IS NULL AND kind = 'approved'`).Scan(&waiting); err != nil {
		return err
	}
	// A warm-up of a tenth, then n through River and n in one loop.
	if need := n*21/10 - waiting; need > 0 {
		made, err := freshApprovals(ctx, o.pool, need)
		if err != nil {
			return err
		}
		res.line("The outbox held %d approvals: %d more were made by copying approved policies (writers, trainer, "+
			"sale and approval dates), so that each run computes approvals of its own.", waiting, made)
		res.line("")
	}
	if _, err := o.pool.Exec(ctx, `UPDATE policy_events SET processed_at = `+parked+` WHERE processed_at IS NULL`); err != nil {
		return err
	}
	unpark := func() error {
		_, err := o.pool.Exec(ctx, `UPDATE policy_events SET processed_at = NULL WHERE id IN (
			SELECT id FROM policy_events WHERE processed_at = `+parked+` AND kind = 'approved' ORDER BY id LIMIT $1)`, n)
		return err
	}
	defer func() {
		_, _ = o.pool.Exec(context.WithoutCancel(ctx), `UPDATE policy_events SET processed_at = NULL WHERE processed_at = `+parked)
	}()
	countEntries := func() (int64, error) {
		var c int64
		err := o.pool.QueryRow(ctx, `SELECT count(*) FROM cashflow_entries`).Scan(&c)
		return c, err
	}

	// The running figures as portald keeps them: its job folds what the drains appended every
	// five minutes, so a run starts with at most that many rows to fold, not every row the
	// earlier runs of this benchmark appended (15 million on this database once: inserting
	// beside them cost the drains more than beside folded ones).
	start := time.Now()
	folded, err := store.New(o.pool).FoldRunningFigures(ctx, jobs.Batch)
	if err != nil {
		return err
	}
	if folded > 0 {
		res.line("First, as portald's job does every five minutes, the running figures of %d associates were folded (%s).",
			folded, time.Since(start).Round(time.Second))
		res.line("")
	}

	// A first drain reads the ledger's indexes from disk, the next ones from the cache: a
	// warm-up of a tenth as many approvals goes first, not counted.
	if _, err := o.pool.Exec(ctx, `UPDATE policy_events SET processed_at = NULL WHERE id IN (
			SELECT id FROM policy_events WHERE processed_at = `+parked+` AND kind = 'approved' ORDER BY id LIMIT $1)`, n/10); err != nil {
		return err
	}
	if _, err := store.New(o.pool).DrainAll(ctx, jobs.Batch); err != nil {
		return err
	}

	// Through River: two workers, each draining batches until the outbox is empty.
	if err := unpark(); err != nil {
		return err
	}
	pool, err := store.Connect(ctx, o.dsn, 8)
	if err != nil {
		return err
	}
	defer pool.Close()
	runner, err := jobs.New(jobs.Options{Pool: pool, Store: store.New(pool), NoPeriodic: true, Workers: 2})
	if err != nil {
		return err
	}
	if err := runner.Start(ctx); err != nil {
		return err
	}
	before, err := countEntries()
	if err != nil {
		return err
	}
	start = time.Now()
	for range 2 {
		if err := runner.Enqueue(ctx, jobs.DrainArgs{}); err != nil {
			return err
		}
	}
	for {
		var left, running int
		if err := o.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM policy_events WHERE processed_at IS NULL),
			(SELECT count(*) FROM river_job WHERE kind = 'policy_events' AND state IN ('available', 'running', 'retryable'))`).
			Scan(&left, &running); err != nil {
			return err
		}
		if left == 0 && running == 0 {
			break
		}
		// Not more often: the counts take CPU from the run being measured.
		time.Sleep(200 * time.Millisecond)
	}
	river := time.Since(start)
	if err := runner.Stop(ctx); err != nil {
		return err
	}
	after, err := countEntries()
	if err != nil {
		return err
	}

	// One plain loop over the next n approvals, the same store calls without River.
	if err := unpark(); err != nil {
		return err
	}
	start = time.Now()
	if _, err := store.New(o.pool).DrainAll(ctx, jobs.Batch); err != nil {
		return err
	}
	plain := time.Since(start)
	res.line("| run | approvals | entries written | seconds | approvals/s |")
	res.line("|---|---|---|---|---|")
	res.line("| River, 2 workers (`policy_events` jobs, batches of %d) | %d | %d | %.1f | %.0f |", jobs.Batch, n, after-before,
		river.Seconds(), float64(n)/river.Seconds())
	res.line("| one plain loop of `DrainPolicyEvents` | %d | — | %.1f | %.0f |", n, plain.Seconds(), float64(n)/plain.Seconds())
	res.line("")
	return nil
}

// freshApprovals copies n approved policies picked at random, with their writers and
// trainer, into new policies approved the same day, and puts their approvals in the outbox:
// what an earlier run of part (a) drained is computed again on new rows, with the chains,
// levels and ledger of the database as they are. It answers how many it made.
func freshApprovals(ctx context.Context, pool *pgxpool.Pool, n int) (int, error) {
	tag, err := pool.Exec(ctx, `WITH src AS (
			SELECT id AS old, nextval(pg_get_serial_sequence('policies', 'id')) AS new FROM policies
			WHERE approved_on IS NOT NULL AND lapsed_on IS NULL ORDER BY random() LIMIT $1),
		p AS (INSERT INTO policies (id, provider_id, policy_number, client_id, product_id, writer_id, trainer_id,
				face_amount_cents, target_premium_cents, bv_cents, status, submitted_on, issued_on, approved_on)
			SELECT s.new, p.provider_id, p.policy_number || '-R' || s.new, p.client_id, p.product_id, p.writer_id, p.trainer_id,
				p.face_amount_cents, p.target_premium_cents, p.bv_cents, 'Approved', p.submitted_on, p.issued_on, p.approved_on
			FROM src s JOIN policies p ON p.id = s.old),
		w AS (INSERT INTO policy_writers (policy_id, position, associate_id, share_bp, bv_cents, premium_cents)
			SELECT s.new, w.position, w.associate_id, w.share_bp, w.bv_cents, w.premium_cents
			FROM src s JOIN policy_writers w ON w.policy_id = s.old)
		INSERT INTO policy_events (policy_id, kind, occurred_on)
		SELECT s.new, 'approved', p.approved_on FROM src s JOIN policies p ON p.id = s.old`, n)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `ANALYZE policies, policy_writers, policy_events`)
	return int(tag.RowsAffected()), err
}

// drainBacklog takes up what is left in the outbox (the seed's approvals and lapses) and
// releases the escrow due, so that the ledger is whole for (b) to (d).
func drainBacklog(ctx context.Context, res *report, o *org) error {
	var left int
	if err := o.pool.QueryRow(ctx, `SELECT count(*) FROM policy_events WHERE processed_at IS NULL`).Scan(&left); err != nil {
		return err
	}
	if left == 0 {
		return nil
	}
	fmt.Printf("draining the outbox: %d events…\n", left)
	start := time.Now()
	if err := jobs.CatchUp(ctx, store.New(o.pool), time.Now()); err != nil {
		return err
	}
	if _, err := o.pool.Exec(ctx, `VACUUM ANALYZE cashflow_entries`); err != nil {
		return err
	}
	res.line("The seeded outbox's remaining %d events were drained (and escrow released) in one loop in %s.", left,
		time.Since(start).Round(time.Second))
	res.line("")
	return nil
}

// cashflowList is part (b).
func cashflowList(res *report, ours, base proc, token string, o runOpts) error {
	res.line("## (b) Cashflow list, page 1 (limit 100) of the associate with the most entries")
	res.line("")
	a, b, err := alternate(ours, base, ours.url+"/api/payments/cashflow?limit=100", base.url+"/cashflow?limit=100", token, o)
	if err != nil {
		return err
	}
	versusTable(res, "portald `GET /api/payments/cashflow`", a, b)
	l, err := latency(ours.url+"/api/payments/cashflow?limit=100", token, 60)
	if err != nil {
		return err
	}
	res.line("Ratio (req/s, portald ÷ baseline, medians of three alternating rounds): **%.2f×**. One request at a time: p50 %s, **p95 %s**.",
		a.rps/b.rps, fmtDur(l.p50), fmtDur(l.p95))
	res.line("")
	return nil
}

// paymentsDashboard is part (c).
func paymentsDashboard(res *report, ours proc, token string, reps int) error {
	res.line("## (c) Payments dashboard of the associate with the most entries, one request at a time")
	res.line("")
	l, err := latency(ours.url+"/api/payments/dashboard", token, reps)
	if err != nil {
		return err
	}
	res.line("%d requests: p50 %s, **p95 %s**, p99 %s.", l.n, fmtDur(l.p50), fmtDur(l.p95), fmtDur(l.p99))
	res.line("")
	return nil
}

// cashflowDownload is part (d).
func cashflowDownload(res *report, ours, base proc, token string) error {
	res.line("## (d) CSV download of the associate's cashflow against `COPY … TO STDOUT`")
	res.line("")
	// The first read of 4 million rows comes from disk, the next from the cache: one
	// COPY warms it, then two rounds alternate and the faster of each server counts.
	if _, err := download(base.url+"/cashflow/copy", token, base.pid); err != nil {
		return err
	}
	var d1, d2 dl
	for range 2 {
		dlURL, err := downloadURLOf(ours.url+"/api/payments/cashflow/download", token)
		if err != nil {
			return err
		}
		o, err := download(ours.url+dlURL, "", ours.pid)
		if err != nil {
			return err
		}
		b, err := download(base.url+"/cashflow/copy", token, base.pid)
		if err != nil {
			return err
		}
		if d1.secs == 0 || o.secs < d1.secs {
			d1 = o
		}
		if d2.secs == 0 || b.secs < d2.secs {
			d2 = b
		}
	}
	downloadTable(res, "portald `/api/payments/cashflow/download` (CSV)", d1, d2)
	return nil
}
