-- The escrow release calendar kept in the running totals' rows (issue 10, benchmark (a)).
-- escrow_schedule (migration 0014) appended a row per associate and month a part falls due:
-- three for each month of approvals a statement wrote, 5,300 rows a batch of 500 approvals
-- beside its 2,000 rows of totals, each with two indexes. A line's three parts fall due at the
-- start of its policy months 10, 11 and 12, which are always 9, 10 and 11 months after the
-- month of its approval: the month of its escrow entry, whose totals row (associate, period,
-- category) the statement writes anyway. That row now carries the parts still scheduled of
-- the lines approved in its month, by part (due1..3: due 9, 10, 11 months after the period),
-- and how many lines each counts; the dashboard reads the calendar from the totals.
ALTER TABLE cashflow_totals
    ADD COLUMN due1_cents bigint  NOT NULL DEFAULT 0,
    ADD COLUMN due2_cents bigint  NOT NULL DEFAULT 0,
    ADD COLUMN due3_cents bigint  NOT NULL DEFAULT 0,
    ADD COLUMN due1_lines integer NOT NULL DEFAULT 0,
    ADD COLUMN due2_lines integer NOT NULL DEFAULT 0,
    ADD COLUMN due3_lines integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION cashflow_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO cashflow_totals (associate_id, period, category, earned_cents, clawback_cents, pending_cents, escrow_cents,
                                 paid_cents, debt_cents, due1_cents, due2_cents, due3_cents, due1_lines, due2_lines, due3_lines)
    SELECT associate_id, period, category, sum(earned), sum(clawback), sum(pending), sum(escrow), sum(paid), sum(debt),
           sum(d1), sum(d2), sum(d3), sum(l1), sum(l2), sum(l3)
    FROM (
        -- What each entry adds to its month; an escrow entry also schedules its three parts.
        SELECT n.associate_id, n.period, n.category, t.earned, t.clawback, t.pending, t.escrow, t.paid, t.debt,
               CASE WHEN n.kind = 'escrow' THEN escrow_part(n.amount_cents, 1) ELSE 0 END AS d1,
               CASE WHEN n.kind = 'escrow' THEN escrow_part(n.amount_cents, 2) ELSE 0 END AS d2,
               CASE WHEN n.kind = 'escrow' THEN escrow_part(n.amount_cents, 3) ELSE 0 END AS d3,
               (n.kind = 'escrow')::int AS l1, (n.kind = 'escrow')::int AS l2, (n.kind = 'escrow')::int AS l3
        FROM new_rows n, cashflow_entry_totals(n.kind, n.status, n.direction, n.amount_cents, n.pay_run_id, 1) t
        UNION ALL
        -- A release of part k (source release:<policy>:<k>, dated the day it fell due) takes
        -- it off its line's month, 8 + k months before the release's.
        SELECT n.associate_id, (n.period - make_interval(months => 8 + r.k))::date, n.category, 0, 0, 0, 0, 0, 0,
               CASE WHEN r.k = 1 THEN n.amount_cents ELSE 0 END, CASE WHEN r.k = 2 THEN n.amount_cents ELSE 0 END,
               CASE WHEN r.k = 3 THEN n.amount_cents ELSE 0 END,
               -(r.k = 1)::int, -(r.k = 2)::int, -(r.k = 3)::int
        FROM new_rows n CROSS JOIN LATERAL (SELECT split_part(n.source, ':', 3)::int AS k) r
        WHERE n.kind = 'release_out'
        UNION ALL
        -- A lapse takes off every part its line had not released.
        SELECT s.associate_id, s.period, s.category, 0, 0, 0, 0, 0, 0,
               CASE WHEN k = 1 THEN -escrow_part(s.amount_cents, 1) ELSE 0 END,
               CASE WHEN k = 2 THEN -escrow_part(s.amount_cents, 2) ELSE 0 END,
               CASE WHEN k = 3 THEN -escrow_part(s.amount_cents, 3) ELSE 0 END,
               -(k = 1)::int, -(k = 2)::int, -(k = 3)::int
        FROM (SELECT DISTINCT policy_id, line_no FROM new_rows
              WHERE kind IN ('chargeback_escrow', 'lapse_release_out')) l
        JOIN cashflow_entries s ON s.policy_id = l.policy_id AND s.line_no = l.line_no AND s.kind = 'escrow'
        CROSS JOIN generate_series(1, 3) k
        WHERE NOT EXISTS (SELECT 1 FROM cashflow_entries r WHERE r.policy_id = l.policy_id AND r.line_no = l.line_no
                          AND r.kind = 'release_out' AND r.source = 'release:' || l.policy_id || ':' || k)
    ) d
    GROUP BY associate_id, period, category;
    RETURN NULL;
END $$;

-- The parts still scheduled (not released, no lapse settled) of the entries written before,
-- on their lines' months; folded with the rest by the running-figures job.
INSERT INTO cashflow_totals (associate_id, period, category, earned_cents, clawback_cents, pending_cents, escrow_cents,
                             paid_cents, debt_cents, due1_cents, due2_cents, due3_cents, due1_lines, due2_lines, due3_lines)
SELECT s.associate_id, s.period, s.category, 0, 0, 0, 0, 0, 0,
       coalesce(sum(escrow_part(s.amount_cents, k)) FILTER (WHERE k = 1), 0),
       coalesce(sum(escrow_part(s.amount_cents, k)) FILTER (WHERE k = 2), 0),
       coalesce(sum(escrow_part(s.amount_cents, k)) FILTER (WHERE k = 3), 0),
       count(*) FILTER (WHERE k = 1), count(*) FILTER (WHERE k = 2), count(*) FILTER (WHERE k = 3)
FROM cashflow_entries s CROSS JOIN generate_series(1, 3) k
WHERE s.kind = 'escrow'
  AND NOT EXISTS (SELECT 1 FROM cashflow_entries x WHERE x.policy_id = s.policy_id AND x.line_no = s.line_no
                  AND x.kind IN ('chargeback_escrow', 'lapse_release_out'))
  AND NOT EXISTS (SELECT 1 FROM cashflow_entries r WHERE r.policy_id = s.policy_id AND r.line_no = s.line_no
                  AND r.kind = 'release_out' AND r.source = 'release:' || s.policy_id || ':' || k)
GROUP BY 1, 2, 3;

DROP TRIGGER escrow_schedule_insert ON cashflow_entries;
DROP FUNCTION escrow_schedule_insert();
DROP TABLE escrow_schedule;
