-- The escrow release job's queue: a policy and a day one of its escrow parts falls due
-- (the start of policy months 10, 11 and 12). Written when its escrow entries are (a trigger),
-- taken and deleted by the job that writes the releases (FOR UPDATE SKIP LOCKED), so that an
-- hourly run reads the parts due, not every approved policy (which took seconds a batch at a
-- million associates).
CREATE TABLE escrow_due (
    policy_id bigint NOT NULL,
    due_on    date   NOT NULL,
    PRIMARY KEY (policy_id, due_on)
);
CREATE INDEX escrow_due_on ON escrow_due (due_on, policy_id);

CREATE FUNCTION escrow_due_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO escrow_due (policy_id, due_on)
    SELECT DISTINCT n.policy_id, (n.occurred_on + make_interval(months => 8 + k))::date
    FROM new_rows n, generate_series(1, 3) k
    WHERE n.kind = 'escrow'
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE TRIGGER escrow_due_insert AFTER INSERT ON cashflow_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION escrow_due_insert();

-- The parts not released yet of the entries written before.
INSERT INTO escrow_due (policy_id, due_on)
SELECT DISTINCT s.policy_id, (s.occurred_on + make_interval(months => 8 + k))::date
FROM cashflow_entries s CROSS JOIN generate_series(1, 3) k
WHERE s.kind = 'escrow'
  AND NOT EXISTS (SELECT 1 FROM cashflow_entries r WHERE r.policy_id = s.policy_id AND r.line_no = s.line_no
                  AND r.kind = 'release_out' AND r.source = 'release:' || s.policy_id || ':' || k)
ON CONFLICT DO NOTHING;
