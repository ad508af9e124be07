-- A login attempt is counted before its password is checked (check and count in one
-- step under a per-key lock, store/auth.go). The id lets an attempt take back its own
-- rows: a login that succeeds, or one the server was too busy to check. The time index
-- serves the daily pruning. Keys from now on: 'user:<id>' for an account (its email and
-- its code count together), 'login:<lower text>' for a login that names nobody, 'ip:<address>'.
ALTER TABLE login_failures ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
CREATE INDEX login_failures_failed_at ON login_failures (failed_at);

-- One signature file per acknowledgement: acknowledging looks up whether a file already
-- signs another one (store/acknowledgements.go, under a lock per associate).
CREATE INDEX memo_acknowledgements_signature ON memo_acknowledgements (signature_file_id) WHERE signature_file_id IS NOT NULL;
CREATE INDEX w9_documents_signature ON w9_documents (signature_file_id) WHERE signature_file_id IS NOT NULL;
