-- The chargeback exposure as running figures: what a lapse would reclaim from an associate's
-- lines in force, and the part of it the escrow still held would cover, for each policy month
-- 1..11 (from month 12 a lapse reclaims nothing). The figures depend on the policy month,
-- so they are kept per approval day: a dashboard works out each day's policy month as of
-- today and sums that month's element of a few hundred rows, instead of reading every line
-- of the last 13 months (millions for the top of a large organisation).
--
-- The engine appends the rows in the transaction that writes the ledger (store/engine.go):
-- + a line's figures when its approval is written, − when its lapse is. Rows are appended,
-- never updated, so concurrent drains do not wait on each other; the running-figures job
-- folds each associate's rows into one per key (fresh marks the rows not folded yet).
CREATE TABLE chargeback_exposure (
    associate_id      bigint   NOT NULL,
    approved_on       date     NOT NULL,
    policies          integer  NOT NULL,
    reclaim_cents     bigint[] NOT NULL, -- element m: reclaimed by a lapse in policy month m
    from_escrow_cents bigint[] NOT NULL, -- element m: the part of it taken from the escrow held
    fresh             boolean  NOT NULL DEFAULT true
);
CREATE INDEX chargeback_exposure_associate ON chargeback_exposure (associate_id, approved_on);
CREATE INDEX chargeback_exposure_fresh ON chargeback_exposure (associate_id) WHERE fresh;

-- The other running figures are folded the same way.
ALTER TABLE cashflow_totals ADD COLUMN fresh boolean NOT NULL DEFAULT true;
CREATE INDEX cashflow_totals_fresh ON cashflow_totals (associate_id) WHERE fresh;
ALTER TABLE escrow_schedule ADD COLUMN fresh boolean NOT NULL DEFAULT true;
CREATE INDEX escrow_schedule_fresh ON escrow_schedule (associate_id) WHERE fresh;

-- The policy month a day falls in (ledger.PolicyMonth): month 1 starts on the approval day and
-- month k on the approval day k − 1 months later (on the month's last day when the day does
-- not exist there); a day before the approval is month 0.
CREATE FUNCTION policy_month(approved date, day date) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE WHEN day < approved THEN 0 ELSE
        k - CASE WHEN k > 1 AND approved + make_interval(months => k - 1) > day THEN 1 ELSE 0 END END
    FROM (SELECT ((extract(year FROM day) - extract(year FROM approved)) * 12
                  + extract(month FROM day) - extract(month FROM approved))::int + 1 AS k) c
$$;

-- Element-wise sum of equal-length arrays, for folding the exposure rows.
CREATE FUNCTION bigint_array_add(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
CREATE AGGREGATE sum_elements(bigint[]) (SFUNC = bigint_array_add, STYPE = bigint[]);

-- The lines written before this migration whose lapse is not in the ledger: E from the
-- advance entry, the escrow S = E − advance; in month m the reclaim is E − R(E × m / 12)
-- and the escrow held is S less the parts released at the start of months 10 and 11
-- (comp.Chargeback over comp.EscrowHeld).
WITH a AS (
    SELECT e.associate_id, e.occurred_on AS approved_on, e.policy_id, e.earning_cents AS earning,
           e.earning_cents - e.amount_cents AS escrow
    FROM cashflow_entries e
    WHERE e.kind = 'advance' AND e.line_no IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM policy_events l WHERE l.policy_id = e.policy_id AND l.kind = 'lapsed'
                      AND l.processed_at IS NOT NULL)
), p AS (
    SELECT associate_id, approved_on, count(DISTINCT policy_id)::int AS policies FROM a GROUP BY 1, 2
), x AS (
    SELECT a.associate_id, a.approved_on, m, sum(r.reclaim) AS reclaim,
           sum(least(r.reclaim, a.escrow - CASE WHEN m >= 10 THEN a.escrow / 3 ELSE 0 END
                                         - CASE WHEN m >= 11 THEN a.escrow / 3 ELSE 0 END)) AS from_escrow
    FROM a CROSS JOIN generate_series(1, 11) m
    CROSS JOIN LATERAL (SELECT a.earning - (a.earning * m + 6) / 12 AS reclaim) r
    GROUP BY 1, 2, 3
)
INSERT INTO chargeback_exposure (associate_id, approved_on, policies, reclaim_cents, from_escrow_cents, fresh)
SELECT x.associate_id, x.approved_on, p.policies, array_agg(x.reclaim::bigint ORDER BY x.m),
       array_agg(x.from_escrow::bigint ORDER BY x.m), false
FROM x JOIN p USING (associate_id, approved_on)
GROUP BY x.associate_id, x.approved_on, p.policies;
