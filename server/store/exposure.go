package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/server/ledger"
)

// exposureChange is what a drain adds to the running chargeback exposure (migration 0018):
// per associate and approval day, + the lines an approval writes, − the lines a lapse
// settles; a policy counts once per associate whatever its lines.
type exposureChange struct {
	figures map[exposureKey]*ledger.Exposure
	counted map[[2]int64]bool // (associate, policy)
}

type exposureKey struct {
	associate int64
	day       time.Time
}

// line adds (sign 1) or takes off (−1) one earning line of E whose escrow first held S.
func (c *exposureChange) line(associate, policy int64, approved time.Time, earning, escrow, sign int64) error {
	if c.figures == nil {
		c.figures, c.counted = map[exposureKey]*ledger.Exposure{}, map[[2]int64]bool{}
	}
	k := exposureKey{associate, ledger.Day(approved)}
	x := c.figures[k]
	if x == nil {
		x = &ledger.Exposure{}
		c.figures[k] = x
	}
	if pair := [2]int64{associate, policy}; !c.counted[pair] {
		c.counted[pair] = true
		x.Policies += int(sign)
	}
	return x.AddLine(earning, escrow, sign)
}

// approvals adds the lines whose advance entries are among entries.
func (c *exposureChange) approvals(entries []ledger.Entry) error {
	for _, e := range entries {
		if e.Kind != ledger.KindAdvance || e.PolicyID == 0 || e.LineNo < 0 {
			continue
		}
		if err := c.line(e.AssociateID, e.PolicyID, e.OccurredOn, e.EarningCents, e.EarningCents-e.AmountCents, 1); err != nil {
			return err
		}
	}
	return nil
}

// lapse takes off the lines of a policy whose lapse is written.
func (c *exposureChange) lapse(lines []ledger.Line) error {
	for _, l := range lines {
		if err := c.line(l.AssociateID, l.PolicyID, l.Why.Policy.ApprovedOn, l.EarningCents, l.EscrowCents, -1); err != nil {
			return err
		}
	}
	return nil
}

// write appends the change, one row per associate and approval day.
func (c *exposureChange) write(ctx context.Context, s *Store) error {
	if len(c.figures) == 0 {
		return nil
	}
	n := len(c.figures)
	associate, day, policies := make([]int64, 0, n), make([]time.Time, 0, n), make([]int32, 0, n)
	reclaim, fromEscrow := make([]string, 0, n), make([]string, 0, n)
	for k, x := range c.figures {
		associate, day, policies = append(associate, k.associate), append(day, k.day), append(policies, int32(x.Policies))
		reclaim, fromEscrow = append(reclaim, arrayLiteral(x.Reclaim[:])), append(fromEscrow, arrayLiteral(x.FromEscrow[:]))
	}
	_, err := s.db.Exec(ctx, `INSERT INTO chargeback_exposure (associate_id, approved_on, policies, reclaim_cents, from_escrow_cents)
		SELECT a, d, p, r::bigint[], f::bigint[] FROM unnest($1::bigint[], $2::date[], $3::int[], $4::text[], $5::text[]) AS u(a, d, p, r, f)`,
		associate, day, policies, reclaim, fromEscrow)
	return translate(err)
}

// arrayLiteral is PostgreSQL's text form of an array of integers.
func arrayLiteral(v []int64) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range v {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(n, 10))
	}
	b.WriteByte('}')
	return b.String()
}

// exposureOf answers an associate's exposure as of today: each approval day's figures of
// the policy month today falls in, summed over the days of the last 13 months.
func (s *Store) exposureOf(ctx context.Context, id int64, today time.Time) (Exposure, error) {
	var x Exposure
	var fromEscrow, reclaim int64
	err := s.db.QueryRow(ctx, `SELECT coalesce(sum(x.policies), 0)::int, coalesce(sum(x.from_escrow_cents[m.m]), 0)::bigint,
			coalesce(sum(x.reclaim_cents[m.m]), 0)::bigint
		FROM chargeback_exposure x CROSS JOIN LATERAL (SELECT policy_month(x.approved_on, $3::date) AS m) m
		WHERE x.associate_id = $1 AND x.approved_on >= $2 AND m.m BETWEEN 1 AND $4`,
		id, ledger.MonthOf(ledger.AddMonths(today, -13)), today, ledger.ExposureMonths).Scan(&x.Policies, &fromEscrow, &reclaim)
	x.FromEscrowCents, x.DebitCents, x.Cents = -fromEscrow, -(reclaim - fromEscrow), -reclaim
	return x, translate(err)
}

// exposureReference sums the exposure per associate from the ledger itself, line by line
// (the lines of policies in force approved in the last 13 months and in policy months 1-11
// as of $2, with the escrow they actually hold): what the running figures are held to.
const exposureReference = `WITH l AS (
		SELECT e.associate_id, e.policy_id, p.approved_on, e.earning_cents AS earning,
		       coalesce(sum(e.amount_cents) FILTER (WHERE e.status IN ('Escrow', 'Chargeback Escrow')), 0) AS held
		FROM cashflow_entries e JOIN policies p ON p.id = e.policy_id
		WHERE e.line_no IS NOT NULL AND p.lapsed_on IS NULL AND e.period >= $1
		GROUP BY e.associate_id, e.policy_id, e.line_no, p.approved_on, e.earning_cents
	), r AS (
		SELECT associate_id, policy_id, least(greatest(held, 0), earning) AS held,
		       earning - (earning * policy_month(approved_on, $2::date) + 6) / 12 AS reclaim
		FROM l WHERE policy_month(approved_on, $2::date) BETWEEN 1 AND 11
	)
	SELECT associate_id, count(DISTINCT policy_id)::int AS policies, sum(least(reclaim, held))::bigint AS from_escrow,
	       sum(reclaim)::bigint AS reclaim
	FROM r GROUP BY associate_id`

// ExposureMismatches counts the associates whose running chargeback exposure as of today
// differs from the one summed line by line from the ledger: 0 when the engine kept it right
// (with the escrow due by today released and every lapse drained).
func (s *Store) ExposureMismatches(ctx context.Context, today time.Time) (int64, error) {
	var n int64
	err := s.db.QueryRow(ctx, `SELECT count(*) FROM (
			SELECT x.associate_id, sum(x.policies)::int AS policies, sum(x.from_escrow_cents[m.m])::bigint AS from_escrow,
			       sum(x.reclaim_cents[m.m])::bigint AS reclaim
			FROM chargeback_exposure x CROSS JOIN LATERAL (SELECT policy_month(x.approved_on, $2::date) AS m) m
			WHERE x.approved_on >= $1 AND m.m BETWEEN 1 AND 11 GROUP BY 1) t
		FULL JOIN (`+exposureReference+`) e USING (associate_id)
		WHERE (t.policies, t.from_escrow, t.reclaim) IS DISTINCT FROM (e.policies, e.from_escrow, e.reclaim)
		  AND NOT (e.associate_id IS NULL AND t.policies = 0 AND t.from_escrow = 0 AND t.reclaim = 0)`,
		ledger.MonthOf(ledger.AddMonths(today, -13)), today).Scan(&n)
	return n, translate(err)
}

// foldings are the running figures' tables with their keys and summed columns: folding
// replaces an associate's rows by one per key (the sums), leaving out keys that sum to
// nothing.
var foldings = []struct{ table, keys, cols, sums, nonZero string }{
	{"cashflow_totals", "associate_id, period, category",
		"earned_cents, clawback_cents, pending_cents, escrow_cents, paid_cents, debt_cents, due1_cents, due2_cents, due3_cents, " +
			"due1_lines, due2_lines, due3_lines",
		"sum(earned_cents), sum(clawback_cents), sum(pending_cents), sum(escrow_cents), sum(paid_cents), sum(debt_cents), " +
			"sum(due1_cents), sum(due2_cents), sum(due3_cents), sum(due1_lines), sum(due2_lines), sum(due3_lines)",
		"sum(earned_cents) <> 0 OR sum(clawback_cents) <> 0 OR sum(pending_cents) <> 0 OR sum(escrow_cents) <> 0 OR sum(paid_cents) <> 0 " +
			"OR sum(debt_cents) <> 0 OR sum(due1_cents) <> 0 OR sum(due2_cents) <> 0 OR sum(due3_cents) <> 0 OR sum(due1_lines) <> 0 " +
			"OR sum(due2_lines) <> 0 OR sum(due3_lines) <> 0"},
	{"chargeback_exposure", "associate_id, approved_on", "policies, reclaim_cents, from_escrow_cents",
		"sum(policies), sum_elements(reclaim_cents), sum_elements(from_escrow_cents)",
		"sum(policies) <> 0 OR sum_elements(reclaim_cents) <> array_fill(0::bigint, ARRAY[11]) OR sum_elements(from_escrow_cents) <> array_fill(0::bigint, ARRAY[11])"},
}

// FoldRunningFigures folds the rows the ledger's writers appended to the running figures
// (cashflow_totals, which holds the escrow calendar, and chargeback_exposure) into one row
// per key, for up to batch associates per table and transaction, in one pass over the
// associates with rows to fold; it answers how many associates it folded. One folder runs at a time (an advisory
// lock; another caller returns at once). Writers keep appending meanwhile: rows they add
// after a fold began are folded by the next one.
func (s *Store) FoldRunningFigures(ctx context.Context, batch int) (int, error) {
	folded := 0
	for _, f := range foldings {
		for {
			n := 0
			err := s.InTx(ctx, func(tx *Store) error {
				var mine bool
				if err := tx.db.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext('fold running figures'))`).Scan(&mine); err != nil || !mine {
					return translate(err)
				}
				err := tx.db.QueryRow(ctx, `WITH k AS MATERIALIZED (SELECT DISTINCT associate_id FROM `+f.table+` WHERE fresh LIMIT $1),
						d AS (DELETE FROM `+f.table+` t USING k WHERE t.associate_id = k.associate_id RETURNING t.*),
						s AS (INSERT INTO `+f.table+` (`+f.keys+`, `+f.cols+`, fresh)
						      SELECT `+f.keys+`, `+f.sums+`, false FROM d GROUP BY `+f.keys+`
						      HAVING `+f.nonZero+`)
					SELECT count(*) FROM k`, batch).Scan(&n)
				return translate(err)
			})
			if err != nil {
				return folded, err
			}
			folded += n
			// One pass: a batch short of full took every associate with rows to fold; rows
			// the drains append meanwhile wait for the next fold (a busy drain appends for
			// the same uplines again and again).
			if n < batch {
				break
			}
		}
	}
	return folded, nil
}
