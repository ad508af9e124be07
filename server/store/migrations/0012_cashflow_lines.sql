-- The explanation of an earning line, stored once: the calculator's reasons (rule, rates,
-- generation, the chain as of the sale date) and the policy, shared by every entry of the
-- line (advance, escrow, releases, chargebacks), which keep only their own part. Append-only
-- like the entries.
CREATE TABLE cashflow_lines (
    policy_id    bigint   NOT NULL REFERENCES policies (id),
    line_no      smallint NOT NULL,
    associate_id bigint   NOT NULL REFERENCES associates (id),
    explanation  jsonb    NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (policy_id, line_no)
);

CREATE FUNCTION cashflow_lines_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'cashflow lines are never changed or deleted; write a correcting entry'
        USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER cashflow_lines_append_only BEFORE UPDATE OR DELETE ON cashflow_lines
    FOR EACH ROW EXECUTE FUNCTION cashflow_lines_append_only();
CREATE TRIGGER cashflow_lines_no_truncate BEFORE TRUNCATE ON cashflow_lines
    FOR EACH STATEMENT EXECUTE FUNCTION cashflow_lines_append_only();

-- Found through the policy's line index; the two partial indexes served lookups the policy
-- index already answers, and cost every insert.
DROP INDEX cashflow_entries_pending;
DROP INDEX cashflow_entries_escrow;

-- The lists order by the day, newest first, then by id ascending (the listing engine's last
-- key): the indexes say so, or PostgreSQL sorts the associate's entries at every page.
DROP INDEX cashflow_entries_associate;
CREATE INDEX cashflow_entries_associate ON cashflow_entries (associate_id, occurred_on DESC, id);
DROP INDEX cashflow_entries_occurred;
CREATE INDEX cashflow_entries_occurred ON cashflow_entries (occurred_on DESC, id);
