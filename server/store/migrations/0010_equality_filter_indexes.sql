-- Indexes for the text `eq` filters of the client list that none served (issue 7): first
-- name, city and email. Equality stays `col = $1` (exact, as the contract says); the list
-- ends in id order, so (col, id) hands a first page its 101 rows in that order and stops,
-- as clients_last_name (last_name, id) does for the last name.
--
-- Measured at 1,000,000 clients (200 first names, 60 cities), top of the organisation,
-- first page (docs/benchmarks.md, issue 7):
-- - first name = a common name walked the primary key and dropped ~20,000 rows (7–9 ms);
--   a name nobody has read every row (116–211 ms). Now 0.24 ms and 0.03 ms. Writing the
--   filter as `lower(col) = lower($1) AND col = $1` so that clients_first_name_prefix serves
--   it gives the same answers but fetches every match and sorts them (20–25 ms for a common
--   name), so the filter has its own index.
-- - city = a common city 0.7–1.0 ms, one nobody has 97–100 ms; now 0.3 ms and 0.03 ms.
-- - email = an address: the trigram index of 0001 serves `=` but reads the entries of
--   every trigram of "@example.org" (100–160 ms); now 0.08 ms. Addresses are nearly
--   unique, so email alone.
-- Team lists need nothing more: code = is the unique index of codes (CheckLookups
-- upper-cases the values), level = and the state and status enums have the (…, path)
-- indexes of 0006, and country and kind hold two or three values.
CREATE INDEX clients_first_name ON clients (first_name, id);
CREATE INDEX clients_city ON clients (city, id);
CREATE INDEX clients_email ON clients (email);

ANALYZE clients;
