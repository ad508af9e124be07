package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/ledger"
)

// The compensation engine's writes (ADR 0007). Each runs in one transaction that locks what
// it takes: the outbox events (FOR UPDATE SKIP LOCKED, so several workers share them) and the
// policies they touch, or the policies whose escrow it releases. What it writes is decided by
// package ledger from what is stored, read after those locks: an event whose source has
// entries writes nothing, a release already written is not due again. So a job that runs
// again, on this or another instance, or after a crash that rolled its transaction back,
// leaves the same ledger as one clean run; the entries' unique (source, line, kind) refuses
// the transaction of a writer that would break that rule, rather than skip its rows.

// policyEvent is one row of the outbox.
type policyEvent struct {
	ID         int64
	PolicyID   int64
	Kind       string
	OccurredOn time.Time
	FreeLook   bool
}

// DrainPolicyEvents takes up to batch unprocessed approvals and lapses, writes their entries
// and marks them processed, in one transaction; it answers how many it took (0: none left
// that this worker may take). A lapse waits until its policy's approval is processed. An
// event whose policy the calculator refuses is set aside (failed_at, with the reason) in a
// transaction of its own, and counts as taken: the others go on.
func (s *Store) DrainPolicyEvents(ctx context.Context, batch int) (int, error) {
	n, err := s.drainBatch(ctx, batch)
	var bad *eventError
	if errors.As(err, &bad) {
		_, ferr := s.db.Exec(ctx, `UPDATE policy_events SET failed_at = now(), failure = $2 WHERE id = $1`, bad.id, bad.Error())
		return 1, translate(ferr)
	}
	return n, err
}

// DrainAll drains the outbox batch by batch until it is empty; it answers how many events
// it took (set-aside ones included).
func (s *Store) DrainAll(ctx context.Context, batch int) (int, error) {
	total := 0
	for {
		n, err := s.DrainPolicyEvents(ctx, batch)
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// eventError is an event the engine cannot compute: its policy's data, not the database.
type eventError struct {
	id  int64
	err error
}

func (e *eventError) Error() string { return fmt.Sprintf("policy event %d: %v", e.id, e.err) }
func (e *eventError) Unwrap() error { return e.err }

func (s *Store) drainBatch(ctx context.Context, batch int) (int, error) {
	n := 0
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.db.Query(ctx, `SELECT e.id, e.policy_id, e.kind, e.occurred_on, e.free_look FROM policy_events e
			WHERE e.processed_at IS NULL AND e.failed_at IS NULL
			  AND (e.kind = 'approved' OR NOT EXISTS (SELECT 1 FROM policy_events a
			       WHERE a.policy_id = e.policy_id AND a.kind = 'approved' AND a.processed_at IS NULL))
			ORDER BY e.id LIMIT $1 FOR UPDATE SKIP LOCKED`, batch)
		events, err := collect(rows, err, func(r pgx.Rows, e *policyEvent) error {
			return r.Scan(&e.ID, &e.PolicyID, &e.Kind, &e.OccurredOn, &e.FreeLook)
		})
		if err != nil || len(events) == 0 {
			return err
		}
		// Every policy of the batch, locked in one statement in id order (as the escrow
		// release and processing lock theirs), against a release or a payment of the same
		// policy at the same time.
		policies := make([]int64, 0, len(events))
		for _, e := range events {
			if !slices.Contains(policies, e.PolicyID) {
				policies = append(policies, e.PolicyID)
			}
		}
		if err := tx.lockPolicies(ctx, policies); err != nil {
			return err
		}
		// An event is written in one transaction with its processed_at: entries of its source
		// mean a replay (processed_at cleared by hand), which writes nothing.
		sources := make([]string, len(events))
		ids := make([]int64, len(events))
		for i, e := range events {
			sources[i], ids[i] = eventSource(e), e.ID
		}
		rows, err = tx.db.Query(ctx, `SELECT DISTINCT source FROM cashflow_entries WHERE source = ANY($1)`, sources)
		done, err := collect(rows, err, func(r pgx.Rows, v *string) error { return r.Scan(v) })
		if err != nil {
			return err
		}
		var approvals, lapses []policyEvent
		for _, e := range events {
			switch {
			case slices.Contains(done, eventSource(e)):
			case e.Kind == "approved":
				approvals = append(approvals, e)
			default:
				lapses = append(lapses, e)
			}
		}
		entries, err := tx.approvalsBatch(ctx, approvals)
		if err != nil {
			return err
		}
		// The running chargeback exposure gains the approved lines and loses the lapsed ones.
		var exposure exposureChange
		if err := exposure.approvals(entries); err != nil {
			return err
		}
		for _, e := range lapses {
			more, lines, err := tx.lapseEntries(ctx, e)
			if err != nil {
				return err
			}
			if err := exposure.lapse(lines); err != nil {
				return &eventError{e.ID, err}
			}
			entries = append(entries, more...)
		}
		if err := tx.insertEntries(ctx, entries); err != nil {
			return err
		}
		if err := exposure.write(ctx, tx); err != nil {
			return err
		}
		// The provider's money may have come in before the approval was drained.
		if err := tx.payProcessedPolicies(ctx, policies); err != nil {
			return err
		}
		_, err = tx.db.Exec(ctx, `UPDATE policy_events SET processed_at = now() WHERE id = ANY($1)`, ids)
		n = len(events)
		return translate(err)
	})
	return n, err
}

// lockPolicies locks policies in id order (the one order every writer of the ledger uses).
func (s *Store) lockPolicies(ctx context.Context, ids []int64) error {
	_, err := s.db.Exec(ctx, `SELECT 1 FROM policies WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids)
	return translate(err)
}

// eventSource is the source of the entries an event writes: approved:<id> or lapsed:<id>.
func eventSource(e policyEvent) string { return fmt.Sprintf("%s:%d", e.Kind, e.ID) }

// CommissionOf is what the calculator answers for a policy as of its sale date, whoever
// may see it (the engine and its tests).
func (s *Store) CommissionOf(ctx context.Context, id int64) ([]comp.Line, error) {
	pol, err := s.loadPolicy(ctx, id, false)
	if err != nil {
		return nil, err
	}
	c, err := s.policyCommission(ctx, &pol)
	return c.Lines, err
}

// policyLines reads back the earning lines of a policy from its entries.
func (s *Store) policyLines(ctx context.Context, policyID int64) ([]ledger.Line, error) {
	rows, err := s.db.Query(ctx, `SELECT e.line_no, e.associate_id, e.category, e.bonus_type, e.kind, e.status, e.amount_cents,
			e.earning_cents, e.explanation, cl.explanation
		FROM cashflow_entries e LEFT JOIN cashflow_lines cl ON cl.policy_id = e.policy_id AND cl.line_no = e.line_no
		WHERE e.policy_id = $1 AND e.line_no IS NOT NULL ORDER BY e.line_no, e.id`, policyID)
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	var out []ledger.Line
	for rows.Next() {
		var (
			lineNo              int
			kind, status        string
			amount, earning     int64
			associate           int64
			category, bonusType string
			explanation, line   []byte
		)
		if err := rows.Scan(&lineNo, &associate, &category, &bonusType, &kind, &status, &amount, &earning, &explanation, &line); err != nil {
			return nil, translate(err)
		}
		for len(out) <= lineNo {
			out = append(out, ledger.Line{LineNo: len(out), PolicyID: policyID})
		}
		l := &out[lineNo]
		switch ledger.Kind(kind) {
		case ledger.KindAdvance:
			l.AssociateID, l.Category, l.BonusType, l.EarningCents = associate, comp.Category(category), comp.BonusType(bonusType), earning
			why, err := readWhy(explanation, line)
			if err != nil {
				return nil, fmt.Errorf("entry explanation of policy %d line %d: %w", policyID, lineNo, err)
			}
			l.Why = why
		case ledger.KindEscrow:
			l.EscrowCents = amount
		case ledger.KindReleaseOut:
			var why ledger.Why
			if err := json.Unmarshal(explanation, &why); err != nil {
				return nil, err
			}
			if why.Part >= 1 && why.Part <= ledger.Parts {
				l.Released[why.Part-1] = true
			}
		}
		if status == ledger.StatusEscrow || status == ledger.StatusChargebackEscrow {
			l.HeldCents += amount
		}
	}
	if err := rows.Err(); err != nil {
		return nil, translate(err)
	}
	for i := range out {
		out[i].Why.Kind = ""
		if out[i].Why.Policy == nil {
			return nil, fmt.Errorf("policy %d line %d has no advance entry", policyID, i)
		}
	}
	return out, nil
}

// lapseEntries are the escrow releases due before a lapse and not written yet, then the
// lapse's chargebacks, for every line of the policy; and the lines as they were approved.
func (s *Store) lapseEntries(ctx context.Context, e policyEvent) ([]ledger.Entry, []ledger.Line, error) {
	lines, err := s.policyLines(ctx, e.PolicyID)
	if err != nil {
		return nil, nil, err
	}
	var out []ledger.Entry
	source := eventSource(e)
	for _, l := range lines {
		lapsed := e.OccurredOn
		for _, k := range ledger.DueParts(l, lapsed, &lapsed) {
			out = append(out, ledger.Release(l, k)...)
			part := comp.EscrowParts(l.EscrowCents)[k-1]
			l.HeldCents -= part
			l.Released[k-1] = true
		}
		month := 0
		if !e.FreeLook {
			month = ledger.PolicyMonth(l.Why.Policy.ApprovedOn, lapsed)
		}
		more, err := ledger.Lapse(source, l, lapsed, month, e.FreeLook)
		if err != nil {
			return nil, nil, &eventError{e.ID, err}
		}
		out = append(out, more...)
	}
	return out, lines, nil
}

// ReleaseEscrow writes the escrow releases due by today for policies in force on their due
// days: it takes up to batch due parts from the queue (escrow_due, filled when escrow is
// written) per transaction, writes what is due and deletes them; it answers how many release
// pairs it wrote. A lapsed policy's parts due after its lapse write nothing and leave the
// queue.
func (s *Store) ReleaseEscrow(ctx context.Context, today time.Time, batch int) (int, error) {
	written := 0
	for {
		var taken int
		err := s.InTx(ctx, func(tx *Store) error {
			type due struct {
				policy int64
				on     time.Time
			}
			rows, err := tx.db.Query(ctx, `SELECT policy_id, due_on FROM escrow_due WHERE due_on <= $1
				ORDER BY due_on, policy_id LIMIT $2 FOR UPDATE SKIP LOCKED`, today, batch)
			dues, err := collect(rows, err, func(r pgx.Rows, d *due) error { return r.Scan(&d.policy, &d.on) })
			if err != nil || len(dues) == 0 {
				return err
			}
			taken = len(dues)
			ids := make([]int64, 0, len(dues))
			ons := make([]time.Time, 0, len(dues))
			for _, d := range dues {
				if !slices.Contains(ids, d.policy) {
					ids = append(ids, d.policy)
				}
				ons = append(ons, d.on)
			}
			// The policies, locked against a lapse being settled at the same time.
			rows, err = tx.db.Query(ctx, `SELECT id, lapsed_on FROM policies WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids)
			if err != nil {
				return translate(err)
			}
			lapsed := map[int64]*time.Time{}
			for rows.Next() {
				var id int64
				var on *time.Time
				if err := rows.Scan(&id, &on); err != nil {
					rows.Close()
					return translate(err)
				}
				lapsed[id] = on
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return translate(err)
			}
			var entries []ledger.Entry
			for _, id := range ids {
				lines, err := tx.policyLines(ctx, id)
				if err != nil {
					return err
				}
				for _, l := range lines {
					for _, k := range ledger.DueParts(l, today, lapsed[id]) {
						entries = append(entries, ledger.Release(l, k)...)
					}
				}
			}
			written += len(entries) / 2
			if err := tx.insertEntries(ctx, entries); err != nil {
				return err
			}
			policies := make([]int64, len(dues))
			for i, d := range dues {
				policies[i] = d.policy
			}
			if _, err := tx.db.Exec(ctx, `DELETE FROM escrow_due d USING unnest($1::bigint[], $2::date[]) AS t (policy_id, due_on)
				WHERE d.policy_id = t.policy_id AND d.due_on = t.due_on`, policies, ons); err != nil {
				return translate(err)
			}
			// Escrow released after the provider's money came in is payable at once.
			return tx.payProcessedPolicies(ctx, ids)
		})
		if err != nil || taken < batch {
			return written, err
		}
	}
}

// insertEntries writes entries. Its callers write only what the stored ledger says is not
// written yet (see the top of this file); an entry written twice (same source, line and
// kind) fails the transaction (errs.Conflict) rather than being skipped in silence. A
// statement without ON CONFLICT also spares each row a speculative insertion: 7 % of a
// batch's insert (docs/benchmarks.md).
func (s *Store) insertEntries(ctx context.Context, entries []ledger.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	n := len(entries)
	var (
		associate, policy, amount, earning = make([]int64, n), make([]*int64, n), make([]int64, n), make([]int64, n)
		lineNo                             = make([]*int32, n)
		category, bonus, status, kind, dir = make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		period, occurred                   = make([]time.Time, n), make([]time.Time, n)
		source, lineKey, why               = make([]string, n), make([]string, n), make([]string, n)
	)
	for i, e := range entries {
		associate[i], amount[i], earning[i] = e.AssociateID, e.AmountCents, e.EarningCents
		if e.PolicyID != 0 {
			policy[i] = &entries[i].PolicyID
		}
		if e.LineNo >= 0 {
			v := int32(e.LineNo)
			lineNo[i] = &v
		}
		category[i], bonus[i], status[i], kind[i], dir[i] = string(e.Category), string(e.BonusType), e.Status, string(e.Kind), e.Direction()
		period[i], occurred[i] = e.Period(), e.OccurredOn
		source[i], lineKey[i] = e.Source, e.LineKey
		own := e.Why
		if e.PolicyID != 0 && e.LineNo >= 0 {
			own = own.Own() // the line's part is in cashflow_lines
		}
		b, err := json.Marshal(own)
		if err != nil {
			return err
		}
		why[i] = string(b)
	}
	if err := s.insertLines(ctx, entries); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `INSERT INTO cashflow_entries (associate_id, policy_id, line_no, category, bonus_type, status, kind,
			direction, amount_cents, earning_cents, period, occurred_on, source, line_key, explanation)
		SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::text[],
			$8::text[], $9::bigint[], $10::bigint[], $11::date[], $12::date[], $13::text[], $14::text[], $15::jsonb[])`,
		associate, policy, lineNo, category, bonus, status, kind, dir, amount, earning, period, occurred, source, lineKey, why)
	return translate(err)
}

// insertLines stores the line part of the explanations of the lines whose advance is among
// entries, once per line.
func (s *Store) insertLines(ctx context.Context, entries []ledger.Entry) error {
	var policy, associate []int64
	var lineNo []int32
	var why []string
	for _, e := range entries {
		if e.Kind != ledger.KindAdvance || e.PolicyID == 0 || e.LineNo < 0 {
			continue
		}
		b, err := json.Marshal(ledger.LineWhy{Line: e.Why.Line, Policy: e.Why.Policy})
		if err != nil {
			return err
		}
		policy, associate, lineNo, why = append(policy, e.PolicyID), append(associate, e.AssociateID), append(lineNo, int32(e.LineNo)), append(why, string(b))
	}
	if len(policy) == 0 {
		return nil
	}
	_, err := s.db.Exec(ctx, `INSERT INTO cashflow_lines (policy_id, line_no, associate_id, explanation)
		SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[], $4::jsonb[]) ON CONFLICT DO NOTHING`,
		policy, lineNo, associate, why)
	return translate(err)
}

// readWhy reads an entry's explanation and completes it with its line's (NULL for pool
// shares).
func readWhy(entry, line []byte) (ledger.Why, error) {
	var w ledger.Why
	if err := json.Unmarshal(entry, &w); err != nil {
		return w, err
	}
	if line == nil {
		return w, nil
	}
	var l ledger.LineWhy
	if err := json.Unmarshal(line, &l); err != nil {
		return w, err
	}
	return w.WithLine(l), nil
}

// poolDef is one bonus pool's data.
type poolDef struct {
	BonusType   string
	PoolCents   int64
	Metric      string
	MinLevel    string
	BuilderOnly bool
	MinMetric   int64
}

// approvedIn is the writers' shares of the policies approved in month $1 and in force at its
// end.
const approvedIn = ` FROM policies p JOIN policy_writers w ON w.policy_id = p.id
	WHERE p.approved_on >= $1 AND p.approved_on < $1::date + interval '1 month'
	  AND (p.lapsed_on IS NULL OR p.lapsed_on >= $1::date + interval '1 month') GROUP BY 1`

// poolMetric is the SQL of each metric: associate id and value for month $1 — the BV and
// premium of the business approved that month, or what was earned that month.
var poolMetric = map[string]string{
	"personal_bv":      `SELECT w.associate_id, sum(w.bv_cents)` + approvedIn,
	"personal_premium": `SELECT w.associate_id, sum(w.premium_cents)` + approvedIn,
	"earnings":         `SELECT associate_id, sum(amount_cents) FROM cashflow_entries WHERE period = $1 AND kind IN ('advance', 'escrow') GROUP BY 1`,
}

// RunBonusPoolsThrough runs the bonus pools of every month from the one after the last run
// (the given month when none ran yet) through the given month, oldest first, a month only
// once the approvals and lapses before its end are all drained (its metrics are final); it
// answers how many pools it ran. A month down while its turn came is run late, not lost.
func (s *Store) RunBonusPoolsThrough(ctx context.Context, through time.Time) (int, error) {
	through = ledger.MonthOf(through)
	var last *time.Time
	if err := s.db.QueryRow(ctx, `SELECT max(period) FROM bonus_pool_runs`).Scan(&last); err != nil {
		return 0, translate(err)
	}
	month := through
	if last != nil && last.Before(through) {
		month = ledger.AddMonths(*last, 1)
	}
	ran := 0
	for ; !month.After(through); month = ledger.AddMonths(month, 1) {
		var waiting bool
		if err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM policy_events WHERE processed_at IS NULL AND failed_at IS NULL
			AND occurred_on < $1::date + interval '1 month')`, month).Scan(&waiting); err != nil {
			return ran, translate(err)
		}
		if waiting {
			return ran, nil // the next run, once drained
		}
		n, err := s.RunBonusPools(ctx, month)
		ran += n
		if err != nil {
			return ran, err
		}
	}
	return ran, nil
}

// RunBonusPools runs every bonus pool not run yet for a month (its first day), each in its
// own transaction; it answers how many pools it ran.
func (s *Store) RunBonusPools(ctx context.Context, month time.Time) (int, error) {
	month = ledger.MonthOf(month)
	rows, err := s.db.Query(ctx, `SELECT bonus_type, pool_cents, metric, min_level, builder_only, min_metric FROM bonus_pools
		WHERE NOT EXISTS (SELECT 1 FROM bonus_pool_runs r WHERE r.bonus_type = bonus_pools.bonus_type AND r.period = $1)
		ORDER BY bonus_type`, month)
	pools, err := collect(rows, err, func(r pgx.Rows, p *poolDef) error {
		return r.Scan(&p.BonusType, &p.PoolCents, &p.Metric, &p.MinLevel, &p.BuilderOnly, &p.MinMetric)
	})
	if err != nil {
		return 0, err
	}
	ran := 0
	for _, p := range pools {
		err := s.InTx(ctx, func(tx *Store) error {
			var runID int64
			err := tx.db.QueryRow(ctx, `INSERT INTO bonus_pool_runs (bonus_type, period, pool_cents, qualifiers) VALUES ($1, $2, $3, 0)
				ON CONFLICT (bonus_type, period) DO NOTHING RETURNING id`, p.BonusType, month, p.PoolCents).Scan(&runID)
			if errs.Is(translate(err), errs.NotFound) {
				return nil // another instance ran it
			}
			if err != nil {
				return translate(err)
			}
			rows, err := tx.db.Query(ctx, `WITH m (associate_id, value) AS (`+poolMetric[p.Metric]+`)
				SELECT a.id, a.code, m.value FROM m JOIN associates a ON a.id = m.associate_id JOIN levels l ON l.id = a.level_id
				WHERE a.status = 'Active' AND m.value >= $2
				  AND l.rank >= (SELECT rank FROM levels WHERE code = $3) AND (NOT $4 OR a.kind = 'Builder')
				ORDER BY a.code`, month, p.MinMetric, p.MinLevel, p.BuilderOnly)
			qs, err := collect(rows, err, func(r pgx.Rows, q *ledger.Qualifier) error { return r.Scan(&q.AssociateID, &q.Code, &q.Value) })
			if err != nil || len(qs) == 0 {
				ran++
				return err
			}
			entries, err := ledger.Pool(ledger.PoolRun{ID: runID, BonusType: comp.BonusType(p.BonusType), Metric: p.Metric,
				PoolCents: p.PoolCents, Period: month}, qs)
			if err != nil {
				return err
			}
			if err := tx.insertEntries(ctx, entries); err != nil {
				return err
			}
			_, err = tx.db.Exec(ctx, `UPDATE bonus_pool_runs SET qualifiers = $2 WHERE id = $1`, runID, len(qs))
			ran++
			return translate(err)
		})
		if err != nil {
			return ran, fmt.Errorf("bonus pool %s for %s: %w", p.BonusType, month.Format("2006-01"), err)
		}
	}
	return ran, nil
}
