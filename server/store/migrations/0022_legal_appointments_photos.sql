-- Legal documents: agreements an associate signs (Pending → Signed, or Revoked by staff).
-- The text is kept on the row as it was given, so that the fingerprint of what was signed
-- (SHA-256 of title, version and body, server/legaldoc) stays checkable; the signed PDF copy
-- is a file of its own.
CREATE TABLE legal_documents (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    associate_id      bigint NOT NULL REFERENCES associates (id),
    title             text   NOT NULL,
    version           text   NOT NULL,
    body              text   NOT NULL,
    status            text   NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Signed', 'Revoked')),
    created_at        timestamptz NOT NULL DEFAULT now(),
    signed_at         timestamptz,
    ip                inet,
    user_agent        text,
    signature_file_id text REFERENCES files (id),
    fingerprint       text,
    copy_file_id      text REFERENCES files (id),
    revoked_at        timestamptz,
    revoked_by        bigint REFERENCES users (id),
    revoke_reason     text,
    CHECK (status <> 'Signed' OR (signed_at IS NOT NULL AND signature_file_id IS NOT NULL AND copy_file_id IS NOT NULL)),
    CHECK ((status = 'Revoked') = (revoked_at IS NOT NULL))
);
CREATE INDEX legal_documents_associate ON legal_documents (associate_id, id);
-- A signature signs one thing.
CREATE UNIQUE INDEX legal_documents_signature ON legal_documents (signature_file_id);

-- Requests to be appointed in the other country, reviewed by staff (appointments.review).
CREATE TABLE appointment_requests (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    associate_id  bigint NOT NULL REFERENCES associates (id),
    country       text   NOT NULL CHECK (country IN ('USA', 'Canada')),
    states        text[] NOT NULL CHECK (cardinality(states) > 0),
    note          text,
    status        text   NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected')),
    requested_by  bigint NOT NULL REFERENCES users (id),
    decided_by    bigint REFERENCES users (id),
    decision_note text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    decided_at    timestamptz,
    CHECK ((status = 'Pending') = (decided_at IS NULL))
);
-- One request waits at a time.
CREATE UNIQUE INDEX appointment_requests_pending ON appointment_requests (associate_id) WHERE status = 'Pending';
CREATE INDEX appointment_requests_associate ON appointment_requests (associate_id, id);

-- Signed PDF copies and the WebP renditions of photos are files of their own.
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
    CHECK (purpose IN ('signature', 'photo', 'document', 'export', 'legal_copy'));
