-- A selective state filter (with or without a name prefix) walked the primary key and
-- dropped most rows; with (state, id) it reads only that state's clients, in id order.
CREATE INDEX IF NOT EXISTS clients_state ON clients (state, id);
