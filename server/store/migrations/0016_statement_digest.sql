-- A statement imported twice (a retried request whose first answer was lost, or the same
-- file sent again) would record the carrier's payments twice: each statement keeps the
-- SHA-256 of its payments as read (policy number, cents, day: the same rows with other line
-- ends or a byte-order mark are the same statement), and a provider takes it once.
ALTER TABLE provider_statements ADD COLUMN digest bytea;
CREATE UNIQUE INDEX provider_statements_digest ON provider_statements (provider_id, digest);
