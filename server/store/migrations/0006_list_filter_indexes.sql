-- Indexes for the filters a person types into a list, at a million rows (issue 7).
--
-- `startswith` is a range of lower(col) in byte order (listing.Filter.sql):
--   lower(col) COLLATE ucs_basic >= lower(p) AND lower(col) COLLATE ucs_basic < <p, last character + 1>
-- which a btree on (lower(col) COLLATE ucs_basic) serves, in a plan made for the value and in
-- the generic plan of a prepared statement alike (ucs_basic is C ordering: code points).
-- Equality stays `col = $1`. Lists end in a deterministic order (clients: id; team: the
-- hierarchy path), so an index that also yields that order lets a first page stop after
-- limit + 1 rows; one that does not must fetch every match and sort.

-- Clients, ordered by id. A state with a last-name prefix: walk the state's entries in id
-- order and test the name inside the index, fetching only the rows that match (a prefix of
-- two letters takes the first 100 of ~1,000 Texan matches from ~7,000 index entries, and
-- every value gets the same good plan). It starts with (state, id), so it also serves the
-- state alone in id order and replaces clients_state.
CREATE INDEX clients_state_id_last_name ON clients (state, id, (lower(last_name) COLLATE ucs_basic));
DROP INDEX clients_state;
-- A last-name prefix alone, or with a state when the caller sees only part of the
-- organisation (most walked rows would then be invisible): the matches directly.
CREATE INDEX clients_last_name_prefix ON clients ((lower(last_name) COLLATE ucs_basic), state);
CREATE INDEX clients_first_name_prefix ON clients ((lower(first_name) COLLATE ucs_basic));
-- Last name =: clients_last_name (last_name, id). Contains: the trigram indexes of 0001.

-- Team lists, in hierarchy order within a subtree (a btree range of path). With the filter's
-- value first, the rows that pass come out in path order: a first page stops after 101 of
-- them, and a value nobody has answers at once instead of walking the whole organisation.
CREATE INDEX associates_state_tree ON associates (state, path);
CREATE INDEX associates_status_tree ON associates (status, path);
-- The level filter compares levels.code through a join, which no index of associates can
-- serve; written as `t.level_id = (SELECT id FROM levels WHERE code = $1)` it walks this one.
CREATE INDEX associates_level_tree ON associates (level_id, path);
-- Code prefixes (codes are initials and a number: two letters match ~1% of everybody);
-- path second lets a subtree's condition be checked in the index. Code =: the unique index.
-- Name contains: associates_name_trgm.
CREATE INDEX associates_code_prefix ON associates ((lower(code) COLLATE ucs_basic), path);

-- Statistics of the new expressions, so that the planner can tell a rare prefix from a
-- common one before autovacuum gets to it.
ANALYZE clients, associates;
