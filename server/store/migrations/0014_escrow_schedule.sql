-- The escrow release calendar as running figures: when an escrow entry is written its three
-- parts are scheduled at the months they fall due (the start of policy months 10, 11, 12:
-- the approval day plus 9, 10 and 11 months, on the month's last day when the day does not
-- exist there); a release takes its part off its month; a lapse takes off the parts it leaves
-- unreleased. Appended per statement like cashflow_totals (no waits between drains); the
-- dashboard sums an associate's rows by month.
CREATE TABLE escrow_schedule (
    associate_id bigint NOT NULL,
    month        date   NOT NULL,
    amount_cents bigint NOT NULL,
    lines        integer NOT NULL
);
CREATE INDEX escrow_schedule_associate ON escrow_schedule (associate_id, month);

-- The three parts of an escrow S: S/3 rounded down twice, the last part the rest.
CREATE FUNCTION escrow_part(escrow bigint, part integer) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN part < 3 THEN escrow / 3 ELSE escrow - 2 * (escrow / 3) END
$$;

CREATE FUNCTION escrow_schedule_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO escrow_schedule (associate_id, month, amount_cents, lines)
    SELECT associate_id, month, sum(amount), sum(lines) FROM (
        -- An escrow entry schedules its three parts.
        SELECT n.associate_id, date_trunc('month', n.occurred_on + make_interval(months => 8 + k))::date AS month,
               escrow_part(n.amount_cents, k) AS amount, 1 AS lines
        FROM new_rows n, generate_series(1, 3) k
        WHERE n.kind = 'escrow'
        UNION ALL
        -- A release takes its part off the month it was due (its day).
        SELECT n.associate_id, date_trunc('month', n.occurred_on)::date, n.amount_cents, -1
        FROM new_rows n WHERE n.kind = 'release_out'
        UNION ALL
        -- A lapse takes off every part its line had not released.
        SELECT l.associate_id, date_trunc('month', s.occurred_on + make_interval(months => 8 + k))::date,
               -escrow_part(s.amount_cents, k), -1
        FROM (SELECT DISTINCT associate_id, policy_id, line_no FROM new_rows
              WHERE kind IN ('chargeback_escrow', 'lapse_release_out')) l
        JOIN cashflow_entries s ON s.policy_id = l.policy_id AND s.line_no = l.line_no AND s.kind = 'escrow'
        CROSS JOIN generate_series(1, 3) k
        WHERE NOT EXISTS (SELECT 1 FROM cashflow_entries r WHERE r.policy_id = l.policy_id AND r.line_no = l.line_no
                          AND r.kind = 'release_out' AND r.source = 'release:' || l.policy_id || ':' || k)
    ) d
    GROUP BY associate_id, month
    HAVING sum(amount) <> 0 OR sum(lines) <> 0;
    RETURN NULL;
END $$;
CREATE TRIGGER escrow_schedule_insert AFTER INSERT ON cashflow_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION escrow_schedule_insert();

-- The entries written before this migration: the parts still held (not released, no lapse
-- settled), by the month they fall due.
INSERT INTO escrow_schedule (associate_id, month, amount_cents, lines)
SELECT s.associate_id, date_trunc('month', s.occurred_on + make_interval(months => 8 + k))::date, sum(escrow_part(s.amount_cents, k)),
       count(*)
FROM cashflow_entries s CROSS JOIN generate_series(1, 3) k
WHERE s.kind = 'escrow'
  AND NOT EXISTS (SELECT 1 FROM cashflow_entries x WHERE x.policy_id = s.policy_id AND x.line_no = s.line_no
                  AND x.kind IN ('chargeback_escrow', 'lapse_release_out'))
  AND NOT EXISTS (SELECT 1 FROM cashflow_entries r WHERE r.policy_id = s.policy_id AND r.line_no = s.line_no
                  AND r.kind = 'release_out' AND r.source = 'release:' || s.policy_id || ':' || k)
GROUP BY 1, 2;
