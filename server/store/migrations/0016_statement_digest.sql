-- A statement imported twice (a retried request whose first answer was lost, or the same
-- file sent again) would record the carrier's payments twice: each statement keeps the
-- SHA-256 of its text, and a provider takes one statement of the same text once.
ALTER TABLE provider_statements ADD COLUMN digest bytea;
CREATE UNIQUE INDEX provider_statements_digest ON provider_statements (provider_id, digest);
