-- Payments: the cashflow ledger the compensation engine writes, the bonus pools it runs
-- monthly, the payments received from providers, and the pay runs that net each
-- associate's earnings against its chargeback debt. ADR 0007 has the design.

-- A lapse may be a free-look cancellation: the policy then keeps nothing (month 0).
ALTER TABLE policy_events ADD COLUMN free_look boolean NOT NULL DEFAULT false;

-- The ledger. Append-only: an entry's amount, owner, line and explanation never change and
-- no entry is ever deleted (the trigger below refuses it, whoever asks); corrections are new
-- entries. Only three things move, each once: a Pending entry becomes Paid when the
-- provider's money for it is processed, and an entry is settled by one pay run and matched
-- to one provider payment.
--
-- Every earning line E of a policy has an advance entry (Pending, 75 %) and an escrow entry
-- (Escrow, the rest). A release of escrow is a pair: the escrow going out (Escrow, −part) and
-- the money coming in (Pending, +part). A lapse writes the Chargeback Escrow taken back
-- (−, it reduces the escrow held), the escrow released at once (a pair again) and the debit
-- (Chargeback, −). So for every line: the entries add up to what the line keeps, and the
-- escrow still held is the sum of its Escrow and Chargeback Escrow entries.
CREATE TABLE cashflow_entries (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    associate_id  bigint   NOT NULL REFERENCES associates (id),
    policy_id     bigint   REFERENCES policies (id),
    -- The line of the policy's calculation (its position in the calculator's answer) the
    -- entry belongs to; NULL for pool shares.
    line_no       smallint,
    category      text     NOT NULL CHECK (category IN ('Personal', 'Override', 'Generation', 'Bonus')),
    bonus_type    text     NOT NULL CHECK (bonus_type IN ('Builder RMD Bonus', 'Builder RMD Infinity Bonus',
        'Gross Income Bonus', 'MD Bonus Pool', 'Override Bonus', 'RMD Bonus Pool', 'Unpaid Generations Bonus',
        'Revenue Bonus', 'Split', 'Training', 'Writing')),
    status        text     NOT NULL CHECK (status IN ('Pending', 'Paid', 'Escrow', 'Chargeback', 'Chargeback Escrow')),
    kind          text     NOT NULL CHECK (kind IN ('advance', 'escrow', 'release_out', 'release_in',
        'chargeback_escrow', 'lapse_release_out', 'lapse_release_in', 'chargeback', 'pool')),
    -- Compensation (what is earned or released) or Chargeback (what a lapse takes back),
    -- as the spec's filter names them.
    direction     text     NOT NULL CHECK (direction IN ('Compensation', 'Chargeback')),
    amount_cents  bigint   NOT NULL,
    -- E: the whole earning of the entry's line (a pool share for a pool entry).
    earning_cents bigint   NOT NULL CHECK (earning_cents >= 0),
    -- The month the entry counts in (its first day) and the day it happened.
    period        date     NOT NULL CHECK (period = date_trunc('month', period)::date),
    occurred_on   date     NOT NULL,
    -- What wrote it, once: 'approved:<event>', 'release:<policy>:<part>', 'lapsed:<event>',
    -- 'pool:<run>'. With line_key and kind it is unique: a job that runs
    -- again cannot write an entry twice.
    source        text     NOT NULL,
    line_key      text     NOT NULL,
    -- Why, in full, as of when it was written (comp.Explanation and the entry's own part).
    explanation   jsonb    NOT NULL,
    payment_id    bigint,
    pay_run_id    bigint,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (source, line_key, kind),
    CHECK ((direction = 'Chargeback') = (kind IN ('chargeback_escrow', 'chargeback'))),
    CHECK (policy_id IS NOT NULL OR kind = 'pool')
);
CREATE INDEX cashflow_entries_associate ON cashflow_entries (associate_id, occurred_on DESC, id DESC);
CREATE INDEX cashflow_entries_associate_period ON cashflow_entries (associate_id, period, category);
CREATE INDEX cashflow_entries_policy ON cashflow_entries (policy_id, line_no, id);
CREATE INDEX cashflow_entries_unsettled ON cashflow_entries (associate_id) WHERE pay_run_id IS NULL AND status IN ('Paid', 'Chargeback');
CREATE INDEX cashflow_entries_pending ON cashflow_entries (policy_id) WHERE status = 'Pending';
CREATE INDEX cashflow_entries_escrow ON cashflow_entries (policy_id) WHERE kind = 'escrow';
CREATE INDEX cashflow_entries_occurred ON cashflow_entries (occurred_on DESC, id DESC);

CREATE FUNCTION cashflow_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
        RAISE EXCEPTION 'cashflow entries are never deleted; write a correcting entry'
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF (NEW.id, NEW.associate_id, NEW.policy_id, NEW.line_no, NEW.category, NEW.bonus_type, NEW.kind,
        NEW.direction, NEW.amount_cents, NEW.earning_cents, NEW.period, NEW.occurred_on, NEW.source,
        NEW.line_key, NEW.explanation, NEW.created_at)
       IS DISTINCT FROM
       (OLD.id, OLD.associate_id, OLD.policy_id, OLD.line_no, OLD.category, OLD.bonus_type, OLD.kind,
        OLD.direction, OLD.amount_cents, OLD.earning_cents, OLD.period, OLD.occurred_on, OLD.source,
        OLD.line_key, OLD.explanation, OLD.created_at) THEN
        RAISE EXCEPTION 'cashflow entry % is append-only: only its status, payment and pay run move', OLD.id
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.status IS DISTINCT FROM OLD.status AND NOT (OLD.status = 'Pending' AND NEW.status = 'Paid') THEN
        RAISE EXCEPTION 'cashflow entry %: % cannot become %', OLD.id, OLD.status, NEW.status
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF OLD.pay_run_id IS NOT NULL AND NEW.pay_run_id IS DISTINCT FROM OLD.pay_run_id
       OR OLD.payment_id IS NOT NULL AND NEW.payment_id IS DISTINCT FROM OLD.payment_id THEN
        RAISE EXCEPTION 'cashflow entry % is already settled', OLD.id USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER cashflow_entries_append_only BEFORE UPDATE OR DELETE ON cashflow_entries
    FOR EACH ROW EXECUTE FUNCTION cashflow_entries_append_only();
CREATE TRIGGER cashflow_entries_no_truncate BEFORE TRUNCATE ON cashflow_entries
    FOR EACH STATEMENT EXECUTE FUNCTION cashflow_entries_append_only();

-- The monthly bonus pools, as data: a pool of pool_cents shared among the associates at or
-- above min_level (and of kind builder_only → Builder) whose metric for the month is at
-- least min_metric, in proportion to the metric: personal_bv and personal_premium are the
-- approved production credited to them that month; earnings are their compensation entries
-- of the month.
CREATE TABLE bonus_pools (
    bonus_type   text    PRIMARY KEY CHECK (bonus_type IN ('Builder RMD Bonus', 'Builder RMD Infinity Bonus',
        'Gross Income Bonus', 'MD Bonus Pool', 'RMD Bonus Pool', 'Revenue Bonus')),
    pool_cents   bigint  NOT NULL CHECK (pool_cents >= 0),
    metric       text    NOT NULL CHECK (metric IN ('personal_bv', 'personal_premium', 'earnings')),
    min_level    text    NOT NULL REFERENCES levels (code),
    builder_only boolean NOT NULL DEFAULT false,
    min_metric   bigint  NOT NULL DEFAULT 1 CHECK (min_metric >= 1)
);
INSERT INTO bonus_pools (bonus_type, pool_cents, metric, min_level, builder_only, min_metric) VALUES
    ('Builder RMD Bonus',          2500000, 'personal_bv',      'RMD', true,  100000),
    ('Builder RMD Infinity Bonus', 1500000, 'earnings',         'RMD', true,  100000),
    ('Gross Income Bonus',         1000000, 'earnings',         'MD',  false, 50000),
    ('MD Bonus Pool',              1000000, 'personal_bv',      'MD',  false, 50000),
    ('RMD Bonus Pool',             2000000, 'personal_bv',      'RMD', false, 50000),
    ('Revenue Bonus',               500000, 'personal_premium', 'SA',  false, 100000);

-- One run of one pool for one month, done once.
CREATE TABLE bonus_pool_runs (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    bonus_type   text   NOT NULL REFERENCES bonus_pools (bonus_type),
    period       date   NOT NULL CHECK (period = date_trunc('month', period)::date),
    pool_cents   bigint NOT NULL,
    qualifiers   integer NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (bonus_type, period)
);

-- A carrier's commission statement, imported by staff: one row per payment.
CREATE TABLE provider_statements (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    provider_id  bigint NOT NULL REFERENCES providers (id),
    file_name    text   NOT NULL,
    rows         integer NOT NULL,
    imported_by  bigint NOT NULL REFERENCES users (id),
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- Money received from a provider for a policy. Received → Ready To Pay (matched in full) or
-- Action Required (with the reason) → Processed; processing releases the policy's Pending
-- entries to Paid.
CREATE TABLE provider_payments (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    statement_id  bigint NOT NULL REFERENCES provider_statements (id),
    provider_id   bigint NOT NULL REFERENCES providers (id),
    row_no        integer NOT NULL,
    policy_number text   NOT NULL,
    policy_id     bigint REFERENCES policies (id),
    amount_cents  bigint NOT NULL CHECK (amount_cents > 0),
    paid_on       date   NOT NULL,
    status        text   NOT NULL CHECK (status IN ('Received', 'Action Required', 'Ready To Pay', 'Processed')),
    reason        text,
    processed_at  timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (statement_id, row_no)
);
CREATE INDEX provider_payments_status ON provider_payments (status, id);
CREATE INDEX provider_payments_policy ON provider_payments (policy_id);

-- A pay run nets each associate's entries not yet on a statement, up to the end of its
-- month: the payable earnings (Paid: the provider's money is in; pool shares) and the
-- chargeback debits. A positive net is paid and settles them; a negative net pays nothing
-- and leaves them all to the next run (the debt carries forward).
CREATE TABLE pay_runs (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    period      date   NOT NULL UNIQUE CHECK (period = date_trunc('month', period)::date),
    paid_cents  bigint NOT NULL,
    associates  integer NOT NULL,
    created_by  bigint REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE pay_statements (
    id                bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    pay_run_id        bigint NOT NULL REFERENCES pay_runs (id),
    associate_id      bigint NOT NULL REFERENCES associates (id),
    earnings_cents    bigint NOT NULL,
    chargebacks_cents bigint NOT NULL,
    net_cents         bigint NOT NULL,
    paid_cents        bigint NOT NULL CHECK (paid_cents >= 0),
    carried_cents     bigint NOT NULL CHECK (carried_cents <= 0 AND (paid_cents = 0 OR carried_cents = 0)),
    entries           integer NOT NULL,
    PRIMARY KEY (pay_run_id, associate_id)
);
CREATE INDEX pay_statements_associate ON pay_statements (associate_id, pay_run_id DESC);
ALTER TABLE cashflow_entries
    ADD CONSTRAINT cashflow_entries_payment FOREIGN KEY (payment_id) REFERENCES provider_payments (id),
    ADD CONSTRAINT cashflow_entries_pay_run FOREIGN KEY (pay_run_id) REFERENCES pay_runs (id);
