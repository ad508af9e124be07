-- The ledger's references to associates and policies, checked once per statement instead of
-- once per row (issue 10, benchmark (a)). A foreign key checks every inserted row on its own:
-- a lookup and a row lock (FOR KEY SHARE) per entry, 14 an approval, though a batch of 500
-- approvals names ~1,500 associates and 500 policies. The rows a statement writes are now
-- checked together after it (a statement trigger over its new rows): every associate and
-- policy they name is locked FOR KEY SHARE once, as the foreign key did, and a name that
-- does not exist fails the statement with the foreign key's error. The other side of the
-- foreign key (an associate or policy the ledger names cannot be deleted, nor its id
-- changed) is kept by the triggers on associates and policies below. The entries' insert of
-- a batch: 394 → 287 ms for 7,000 rows (docs/benchmarks.md).
ALTER TABLE cashflow_entries DROP CONSTRAINT cashflow_entries_associate_id_fkey,
    DROP CONSTRAINT cashflow_entries_policy_id_fkey;
ALTER TABLE cashflow_lines DROP CONSTRAINT cashflow_lines_associate_id_fkey,
    DROP CONSTRAINT cashflow_lines_policy_id_fkey;

CREATE FUNCTION ledger_references_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    named  bigint;
    locked bigint;
    gone   bigint;
BEGIN
    SELECT count(DISTINCT associate_id) INTO named FROM new_rows;
    SELECT count(*) INTO locked FROM (SELECT 1 FROM associates a WHERE a.id IN (SELECT associate_id FROM new_rows)
                                      FOR KEY SHARE OF a) l;
    IF locked <> named THEN
        SELECT min(n.associate_id) INTO gone FROM new_rows n
        WHERE NOT EXISTS (SELECT 1 FROM associates a WHERE a.id = n.associate_id);
        RAISE EXCEPTION '% refers to associate %, which does not exist', TG_TABLE_NAME, gone
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    SELECT count(DISTINCT policy_id) INTO named FROM new_rows;
    SELECT count(*) INTO locked FROM (SELECT 1 FROM policies p WHERE p.id IN (SELECT policy_id FROM new_rows)
                                      FOR KEY SHARE OF p) l;
    IF locked <> named THEN
        SELECT min(n.policy_id) INTO gone FROM new_rows n
        WHERE n.policy_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.id = n.policy_id);
        RAISE EXCEPTION '% refers to policy %, which does not exist', TG_TABLE_NAME, gone
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER cashflow_entries_references AFTER INSERT ON cashflow_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_references_check();
CREATE TRIGGER cashflow_lines_references AFTER INSERT ON cashflow_lines
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_references_check();

-- An associate or policy the ledger names is never deleted nor renumbered. The row lock the
-- check above takes makes a delete wait for the writer's commit, and this trigger then sees
-- its rows. Every line has its advance entry, of the same associate and policy, written in
-- the same transaction: the entries' indexes answer for both tables.
CREATE FUNCTION ledger_referenced_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        IF EXISTS (SELECT 1 FROM cashflow_entries) THEN
            RAISE EXCEPTION 'the cashflow ledger refers to %', TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
        END IF;
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.id = OLD.id THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'associates' AND EXISTS (SELECT 1 FROM cashflow_entries WHERE associate_id = OLD.id)
       OR TG_TABLE_NAME = 'policies' AND EXISTS (SELECT 1 FROM cashflow_entries WHERE policy_id = OLD.id) THEN
        RAISE EXCEPTION 'the cashflow ledger refers to % %', TG_TABLE_NAME, OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER associates_ledger_guard BEFORE DELETE OR UPDATE OF id ON associates
    FOR EACH ROW EXECUTE FUNCTION ledger_referenced_guard();
CREATE TRIGGER associates_ledger_truncate BEFORE TRUNCATE ON associates
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_referenced_guard();
CREATE TRIGGER policies_ledger_guard BEFORE DELETE OR UPDATE OF id ON policies
    FOR EACH ROW EXECUTE FUNCTION ledger_referenced_guard();
CREATE TRIGGER policies_ledger_truncate BEFORE TRUNCATE ON policies
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_referenced_guard();
