-- W-9 TINs name the master key they are sealed under, as payout account numbers do
-- (payout_accounts.key_id), so that the key can be rotated value by value
-- (portald rotate-key, store.RotateKeys).
--
-- The id is derived from the master key, which the database never sees: rows sealed before
-- this migration cannot be labelled here and keep NULL, which means "sealed before key ids
-- existed". Such a value is opened with whichever key portald has that opens it (the current
-- one, else a previous one); the next rotate-key re-seals it under the current key and writes
-- the id. The seed, and every later writer, writes the id with the value.
ALTER TABLE w9_documents ADD COLUMN tin_key_id text;
