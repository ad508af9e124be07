-- Payout accounts: the bank accounts commissions are deposited to, under maker-checker.
-- The account number is sealed with the master key (key_id names the key, so that it can
-- be rotated); only its last four digits are kept in the clear.
CREATE TABLE payout_accounts (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    associate_id     bigint NOT NULL REFERENCES associates (id),
    country          text   NOT NULL CHECK (country IN ('USA', 'Canada')),
    bank_name        text   NOT NULL,
    routing_number   text   NOT NULL,
    account_sealed   bytea  NOT NULL,
    key_id           text   NOT NULL,
    account_last4    text   NOT NULL,
    account_type     text   NOT NULL CHECK (account_type IN ('Checking', 'Savings')),
    holder           text   NOT NULL CHECK (holder IN ('Owner', 'Authorized')),
    holder_name      text,
    owner_email      text,
    document_file_id text   NOT NULL REFERENCES files (id),
    status           text   NOT NULL CHECK (status IN ('Approved', 'Pending For Admin', 'Pending For Owner',
                                                       'Pending For Associate', 'Rejected By Admin', 'Rejected By Owner')),
    rejection_reason text CHECK (rejection_reason IN ('Unmatched Supporting Document', 'Invalid Supporting Document',
                                                     'Duplicate Information', 'Other')),
    note             text,
    active           boolean NOT NULL DEFAULT false,
    -- The maker: who entered or last changed it (the staff member in admin mode). The maker
    -- never approves it.
    entered_by       bigint NOT NULL REFERENCES users (id),
    decided_by       bigint REFERENCES users (id),
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK (NOT active OR status = 'Approved'),
    CHECK ((holder = 'Authorized') = (owner_email IS NOT NULL))
);
CREATE UNIQUE INDEX payout_accounts_active ON payout_accounts (associate_id) WHERE active;
CREATE INDEX payout_accounts_associate ON payout_accounts (associate_id, id);
CREATE INDEX payout_accounts_review ON payout_accounts (status, updated_at, id);

-- The owner's approval link of an Authorized account.
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
    CHECK (purpose IN ('password_reset', 'email_change', 'payout_owner'));
ALTER TABLE account_tokens ADD COLUMN payout_account_id bigint REFERENCES payout_accounts (id);
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_check CHECK (
    (purpose = 'email_change') = (new_email IS NOT NULL)
    AND (purpose = 'payout_owner') = (payout_account_id IS NOT NULL));
