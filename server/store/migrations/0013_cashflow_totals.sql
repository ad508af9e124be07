-- Running totals of the ledger per associate and month, for the payments dashboard: the
-- associate at the top of a large organisation has an entry on nearly every policy, and
-- summing them at every visit does not scale. Each statement that writes entries appends
-- one row per associate, month and category it touched (triggers below, so whoever writes
-- the ledger keeps them right); nothing is updated in place, so concurrent drains never wait
-- on each other's totals. A dashboard sums a few hundred rows.
CREATE TABLE cashflow_totals (
    associate_id   bigint NOT NULL,
    period         date   NOT NULL,
    category       text   NOT NULL,
    earned_cents   bigint NOT NULL, -- advance, escrow and pool entries: what was earned
    clawback_cents bigint NOT NULL, -- chargeback and chargeback escrow entries (≤ 0)
    pending_cents  bigint NOT NULL, -- change of the Pending balance
    escrow_cents   bigint NOT NULL, -- change of the escrow held (Escrow and Chargeback Escrow)
    paid_cents     bigint NOT NULL, -- change of Paid compensation
    debt_cents     bigint NOT NULL  -- change of the chargebacks not yet on a pay statement
);
CREATE INDEX cashflow_totals_associate ON cashflow_totals (associate_id, period);

-- What one entry adds to the totals (sign -1 takes an entry's old state off).
CREATE FUNCTION cashflow_entry_totals(kind text, status text, direction text, amount bigint, pay_run_id bigint, sign integer)
RETURNS TABLE (earned bigint, clawback bigint, pending bigint, escrow bigint, paid bigint, debt bigint)
LANGUAGE sql IMMUTABLE AS $$
    SELECT sign * CASE WHEN kind IN ('advance', 'escrow', 'pool') THEN amount ELSE 0 END,
           sign * CASE WHEN kind IN ('chargeback_escrow', 'chargeback') THEN amount ELSE 0 END,
           sign * CASE WHEN status = 'Pending' THEN amount ELSE 0 END,
           sign * CASE WHEN status IN ('Escrow', 'Chargeback Escrow') THEN amount ELSE 0 END,
           sign * CASE WHEN status = 'Paid' AND direction = 'Compensation' THEN amount ELSE 0 END,
           sign * CASE WHEN status = 'Chargeback' AND pay_run_id IS NULL THEN amount ELSE 0 END
$$;

CREATE FUNCTION cashflow_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO cashflow_totals
    SELECT n.associate_id, n.period, n.category, sum(t.earned), sum(t.clawback), sum(t.pending), sum(t.escrow),
           sum(t.paid), sum(t.debt)
    FROM new_rows n, cashflow_entry_totals(n.kind, n.status, n.direction, n.amount_cents, n.pay_run_id, 1) t
    GROUP BY n.associate_id, n.period, n.category;
    RETURN NULL;
END $$;
CREATE TRIGGER cashflow_totals_insert AFTER INSERT ON cashflow_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cashflow_totals_insert();

CREATE FUNCTION cashflow_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO cashflow_totals
    SELECT d.associate_id, d.period, d.category, sum(t.earned), sum(t.clawback), sum(t.pending), sum(t.escrow),
           sum(t.paid), sum(t.debt)
    FROM (SELECT associate_id, period, category, kind, status, direction, amount_cents, pay_run_id, -1 AS sign FROM old_rows
          UNION ALL
          SELECT associate_id, period, category, kind, status, direction, amount_cents, pay_run_id, 1 FROM new_rows) d,
         cashflow_entry_totals(d.kind, d.status, d.direction, d.amount_cents, d.pay_run_id, d.sign) t
    GROUP BY d.associate_id, d.period, d.category
    HAVING sum(t.pending) <> 0 OR sum(t.escrow) <> 0 OR sum(t.paid) <> 0 OR sum(t.debt) <> 0;
    RETURN NULL;
END $$;
CREATE TRIGGER cashflow_totals_update AFTER UPDATE ON cashflow_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cashflow_totals_update();

-- The entries written before this migration.
INSERT INTO cashflow_totals
SELECT e.associate_id, e.period, e.category, sum(t.earned), sum(t.clawback), sum(t.pending), sum(t.escrow), sum(t.paid),
       sum(t.debt)
FROM cashflow_entries e, cashflow_entry_totals(e.kind, e.status, e.direction, e.amount_cents, e.pay_run_id, 1) t
GROUP BY e.associate_id, e.period, e.category;
