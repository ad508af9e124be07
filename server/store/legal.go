package store

import (
	"context"
	"net/netip"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/legaldoc"
)

// Legal document statuses.
const (
	LegalPending = "Pending"
	LegalSigned  = "Signed"
	LegalRevoked = "Revoked"
)

// LegalDocument is an agreement an associate signs: its text as given, and once signed
// when, from where, with which signature, the fingerprint of what was signed and the PDF
// copy.
type LegalDocument struct {
	ID              int64
	AssociateID     int64
	Title           string
	Version         string
	Body            string
	Status          string
	CreatedAt       time.Time
	SignedAt        *time.Time
	IP              string
	UserAgent       string
	SignatureFileID string
	Fingerprint     string
	CopyFileID      string
	RevokedAt       *time.Time
	RevokeReason    string
}

const legalColumns = `id, associate_id, title, version, body, status, created_at, signed_at, coalesce(host(ip), ''),
	coalesce(user_agent, ''), coalesce(signature_file_id, ''), coalesce(fingerprint, ''), coalesce(copy_file_id, ''),
	revoked_at, coalesce(revoke_reason, '')`

func scanLegal(r pgx.Row, d *LegalDocument) error {
	return r.Scan(&d.ID, &d.AssociateID, &d.Title, &d.Version, &d.Body, &d.Status, &d.CreatedAt, &d.SignedAt, &d.IP,
		&d.UserAgent, &d.SignatureFileID, &d.Fingerprint, &d.CopyFileID, &d.RevokedAt, &d.RevokeReason)
}

// LegalDocuments lists an associate's agreements: those waiting for a signature first,
// then the newest.
func (s *Store) LegalDocuments(ctx context.Context, associateID int64) ([]LegalDocument, error) {
	rows, err := s.db.Query(ctx, `SELECT `+legalColumns+` FROM legal_documents WHERE associate_id = $1
		ORDER BY status = 'Pending' DESC, id DESC`, associateID)
	return collect(rows, err, func(r pgx.Rows, d *LegalDocument) error { return scanLegal(r, d) })
}

// LegalDocumentOf is one of an associate's agreements; another's is not found.
func (s *Store) LegalDocumentOf(ctx context.Context, associateID, id int64) (LegalDocument, error) {
	return s.legalWhere(ctx, `id = $1 AND associate_id = $2`, id, associateID)
}

func (s *Store) legalWhere(ctx context.Context, where string, args ...any) (LegalDocument, error) {
	var d LegalDocument
	err := scanLegal(s.db.QueryRow(ctx, `SELECT `+legalColumns+` FROM legal_documents WHERE `+where, args...), &d)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return d, errs.NotFoundf("Legal document not found")
		}
		return d, translate(err)
	}
	return d, nil
}

// AddLegalDocument gives an associate an agreement to sign.
func (s *Store) AddLegalDocument(ctx context.Context, associateID int64, title, version, body string) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `INSERT INTO legal_documents (associate_id, title, version, body) VALUES ($1, $2, $3, $4)
		RETURNING id`, associateID, title, version, body).Scan(&id)
	return id, translate(err)
}

// LegalSigning is what signs an agreement: the uploaded signature, the fingerprint of the
// text the signer was shown, and where the request came from.
type LegalSigning struct {
	Signature   string
	Fingerprint string
	IP          netip.Addr
	UserAgent   string
}

// LegalCopy makes the PDF copy of an agreement as signed (SignedAt, IP and UserAgent set)
// and stores its bytes under a new file id, which it answers with the size and SHA-256.
type LegalCopy func(d LegalDocument) (id string, size int64, sha []byte, err error)

// SignLegalDocument signs a Pending agreement: the fingerprint must be the text's (a text
// changed since it was shown is not signed), the signature the caller's own unused SVG; the
// PDF copy is made and recorded with the signature, in one transaction. The same signing
// again (a retry whose answer was lost) answers the signed document.
func (s *Store) SignLegalDocument(ctx context.Context, p *auth.Principal, id int64, in LegalSigning, makeCopy LegalCopy) (LegalDocument, error) {
	var out LegalDocument
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockAssociate(ctx, p.AssociateID); err != nil {
			return err
		}
		d, err := tx.legalWhere(ctx, `id = $1 AND associate_id = $2 FOR UPDATE`, id, p.AssociateID)
		if err != nil {
			return err
		}
		if d.Status == LegalSigned && d.SignatureFileID == in.Signature {
			out = d
			return nil
		}
		if d.Status != LegalPending {
			return errs.Conflictf("This document is %s and cannot be signed", d.Status)
		}
		if in.Fingerprint != legaldoc.Fingerprint(d.Title, d.Version, d.Body) {
			return errs.Conflictf("This document has changed since it was shown to you; read it again before signing")
		}
		if err := tx.checkSignature(ctx, p, true, in.Signature); err != nil {
			return err
		}
		var now time.Time
		if err := tx.db.QueryRow(ctx, `SELECT now()`).Scan(&now); err != nil {
			return translate(err)
		}
		d.SignedAt, d.IP, d.UserAgent, d.SignatureFileID = &now, "", in.UserAgent, in.Signature
		if in.IP.IsValid() {
			d.IP = in.IP.String()
		}
		d.Fingerprint = in.Fingerprint
		copyID, size, sha, err := makeCopy(d)
		if err != nil {
			return err
		}
		if _, err := tx.db.Exec(ctx, `INSERT INTO files (id, owner_user_id, purpose, content_type, size, sha256, uploaded_at)
			VALUES ($1, $2, 'legal_copy', 'application/pdf', $3, $4, now())`, copyID, p.UserID, size, sha); err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE legal_documents SET status = 'Signed', signed_at = $2, ip = $3, user_agent = $4,
				signature_file_id = $5, fingerprint = $6, copy_file_id = $7
			WHERE id = $1`, id, now, addrOrNil(in.IP), in.UserAgent, in.Signature, in.Fingerprint, copyID); err != nil {
			return translate(err)
		}
		if err := tx.logChanges(ctx, p, changelog.LegalDocument, id, p.AssociateID, changelog.Update,
			[]changelog.Change{{Field: "status", Old: LegalPending, New: LegalSigned}}); err != nil {
			return err
		}
		out, err = tx.legalWhere(ctx, `id = $1`, id)
		return err
	})
	return out, err
}

// RevokeLegalDocument revokes an associate's agreement, Pending or Signed (staff, with the
// reason); the signed copy stays downloadable.
func (s *Store) RevokeLegalDocument(ctx context.Context, p *auth.Principal, id int64, reason string) (LegalDocument, error) {
	var out LegalDocument
	err := s.InTx(ctx, func(tx *Store) error {
		d, err := tx.legalWhere(ctx, `id = $1 AND associate_id = $2 FOR UPDATE`, id, p.AssociateID)
		if err != nil {
			return err
		}
		if d.Status == LegalRevoked {
			return errs.Conflictf("This document is already revoked")
		}
		if _, err := tx.db.Exec(ctx, `UPDATE legal_documents SET status = 'Revoked', revoked_at = now(), revoked_by = $2,
			revoke_reason = $3 WHERE id = $1`, id, p.UserID, reason); err != nil {
			return translate(err)
		}
		if err := tx.logChanges(ctx, p, changelog.LegalDocument, id, p.AssociateID, changelog.Update, []changelog.Change{
			{Field: "status", Old: d.Status, New: LegalRevoked}, {Field: "revoke_reason", New: reason}}); err != nil {
			return err
		}
		out, err = tx.legalWhere(ctx, `id = $1`, id)
		return err
	})
	return out, err
}
