-- An event the engine cannot compute (its policy's data breaks a bound of the calculator) is
-- set aside with the reason, so that one bad policy does not stop everyone's pay: the drain
-- takes the others; staff correct the data and clear failed_at to have it taken up again
-- (docs/operations.md).
ALTER TABLE policy_events ADD COLUMN failed_at timestamptz, ADD COLUMN failure text;
