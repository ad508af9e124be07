package store

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/netip"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
)

// Memo is a published notice waiting for acknowledgement.
type Memo struct {
	ID                int64
	Title             string
	Body              string
	PublishedAt       time.Time
	RequiresSignature bool
}

// W9 is a W-9 document waiting for the associate's acknowledgement. The TIN is only
// ever shown masked.
type W9 struct {
	ID                int64
	Title             string
	Name              string
	BusinessName      string
	EntityType        string
	TINKind           string
	TINLast4          string
	Address           string
	RequiresSignature bool
	CreatedAt         time.Time
}

// TINMasked is the TIN as the API shows it.
func (w W9) TINMasked() string {
	if w.TINKind == "EIN" {
		return "**-***" + w.TINLast4
	}
	return "***-**-" + w.TINLast4
}

// PendingAcknowledgements lists what the associate still has to acknowledge, oldest first.
func (s *Store) PendingAcknowledgements(ctx context.Context, p *auth.Principal) ([]Memo, []W9, error) {
	if !p.IsAssociate() {
		return []Memo{}, []W9{}, nil
	}
	rows, err := s.db.Query(ctx, `
		SELECT m.id, m.title, m.body, m.published_at, m.requires_signature FROM memos m
		WHERE `+pendingMemo("$1")+`
		ORDER BY m.published_at, m.id`, p.AssociateID)
	memos, err := collect(rows, err, func(r pgx.Rows, m *Memo) error {
		return r.Scan(&m.ID, &m.Title, &m.Body, &m.PublishedAt, &m.RequiresSignature)
	})
	if err != nil {
		return nil, nil, err
	}
	rows, err = s.db.Query(ctx, `
		SELECT id, title, name, coalesce(business_name, ''), entity_type, tin_kind, tin_last4, coalesce(address, ''),
		       requires_signature, created_at
		FROM w9_documents WHERE associate_id = $1 AND acknowledged_at IS NULL ORDER BY created_at, id`, p.AssociateID)
	w9s, err := collect(rows, err, func(r pgx.Rows, w *W9) error {
		return r.Scan(&w.ID, &w.Title, &w.Name, &w.BusinessName, &w.EntityType, &w.TINKind, &w.TINLast4, &w.Address,
			&w.RequiresSignature, &w.CreatedAt)
	})
	if err != nil {
		return nil, nil, err
	}
	return memos, w9s, nil
}

// Acknowledgement is what is stored with an acknowledgement besides the item.
type Acknowledgement struct {
	Signature string // file id, "" when unsigned
	IP        netip.Addr
	UserAgent string
	At        time.Time
}

// publishedMemo is the condition on memos m that a memo is out.
const publishedMemo = `m.status = 'Published' AND m.published_at <= now()`

// pendingMemo is the condition on memos m that the associate (an SQL expression) has a
// published memo still to acknowledge.
func pendingMemo(associate string) string {
	return publishedMemo + ` AND NOT EXISTS (SELECT 1 FROM memo_acknowledgements ma WHERE ma.associate_id = ` +
		associate + ` AND ma.memo_id = m.id)`
}

// acknowledgementsPending is the condition that the associate (an SQL expression) has a
// memo or a W-9 document still to acknowledge: the gate of auth.Principal.
func acknowledgementsPending(associate string) string {
	return `(EXISTS (SELECT 1 FROM memos m WHERE ` + pendingMemo(associate) + `)
		OR EXISTS (SELECT 1 FROM w9_documents w WHERE w.associate_id = ` + associate + ` AND w.acknowledged_at IS NULL))`
}

// lockAssociate makes the acknowledgements of an associate one at a time: every
// statement after it sees what the one before committed. Two racing tries of the same
// acknowledgement then answer alike (the second finds the first done), and two racing
// acknowledgements with one signature file cannot both find it unused (a signature file
// belongs to the user, who is one associate).
func (s *Store) lockAssociate(ctx context.Context, associateID int64) error {
	_, err := s.db.Exec(ctx, xactLock, lockAcknowledgements, strconv.FormatInt(associateID, 10))
	return translate(err)
}

// checkSignature verifies that a signature file is the caller's uploaded SVG and signs
// nothing else (an acknowledgement or an agreement): one signature file per act. It runs in the
// acknowledging transaction, after lockAssociate.
func (s *Store) checkSignature(ctx context.Context, p *auth.Principal, required bool, id string) error {
	if id == "" {
		if required {
			return errs.Validation(errs.Field("signature", "Signature is required"))
		}
		return nil
	}
	var purpose string
	var owner *int64
	var uploaded bool
	err := s.db.QueryRow(ctx, `SELECT purpose, owner_user_id, uploaded_at IS NOT NULL FROM files WHERE id = $1`, id).
		Scan(&purpose, &owner, &uploaded)
	if err != nil && !errs.Is(translate(err), errs.NotFound) {
		return translate(err)
	}
	if err != nil || purpose != "signature" || owner == nil || *owner != p.UserID {
		return errs.Validation(errs.Field("signature", "Signature is not a signature you uploaded"))
	}
	if !uploaded {
		return errs.Validation(errs.Field("signature", "Signature has not been uploaded yet"))
	}
	var used bool
	if err := s.db.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM memo_acknowledgements WHERE signature_file_id = $1)
		    OR EXISTS (SELECT 1 FROM w9_documents WHERE signature_file_id = $1)
		    OR EXISTS (SELECT 1 FROM legal_documents WHERE signature_file_id = $1)`, id).Scan(&used); err != nil {
		return translate(err)
	}
	if used {
		return errs.Validation(errs.Field("signature", "Signature is already used by another acknowledgement; sign again"))
	}
	return nil
}

// AcknowledgeMemo stores the acknowledgement of a published memo with a hash of what
// was acknowledged.
func (s *Store) AcknowledgeMemo(ctx context.Context, p *auth.Principal, id int64, a Acknowledgement) (time.Time, error) {
	var at time.Time
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockAssociate(ctx, p.AssociateID); err != nil {
			return err
		}
		var m Memo
		var doneAt *time.Time
		var doneSignature string
		err := tx.db.QueryRow(ctx, `
			SELECT m.id, m.title, m.body, m.published_at, m.requires_signature, ma.acknowledged_at, coalesce(ma.signature_file_id, '')
			FROM memos m LEFT JOIN memo_acknowledgements ma ON ma.memo_id = m.id AND ma.associate_id = $2
			WHERE m.id = $1 AND `+publishedMemo+`
			FOR SHARE OF m`, id, p.AssociateID).Scan(&m.ID, &m.Title, &m.Body, &m.PublishedAt, &m.RequiresSignature, &doneAt, &doneSignature)
		if err != nil {
			if errs.Is(translate(err), errs.NotFound) {
				return errs.NotFoundf("Memo %d not found", id)
			}
			return translate(err)
		}
		if doneAt != nil {
			// The same acknowledgement again (a retry after a lost answer) answers as the
			// first did; another one is a conflict.
			if doneSignature == a.Signature {
				at = *doneAt
				return nil
			}
			return errs.Conflictf("This memo is already acknowledged")
		}
		if err := tx.checkSignature(ctx, p, m.RequiresSignature, a.Signature); err != nil {
			return err
		}
		sum := sha256.Sum256(fmt.Appendf(nil, "memo\n%d\n%s\n%s\n%s", m.ID, m.PublishedAt.UTC().Format(time.RFC3339Nano), m.Title, m.Body))
		return translate(tx.db.QueryRow(ctx, `
			INSERT INTO memo_acknowledgements (memo_id, associate_id, ip, user_agent, signature_file_id, content_sha256)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING acknowledged_at`,
			id, p.AssociateID, addrOrNil(a.IP), a.UserAgent, nullable(a.Signature), sum[:]).Scan(&at))
	})
	return at, err
}

// AcknowledgeW9 stores the acknowledgement of one of the associate's W-9 documents.
func (s *Store) AcknowledgeW9(ctx context.Context, p *auth.Principal, id int64, a Acknowledgement) (time.Time, error) {
	var at time.Time
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.lockAssociate(ctx, p.AssociateID); err != nil {
			return err
		}
		var w W9
		var ackedAt *time.Time
		var ackedSignature string
		err := tx.db.QueryRow(ctx, `
			SELECT id, title, name, coalesce(business_name, ''), entity_type, tin_kind, tin_last4, coalesce(address, ''),
			       requires_signature, created_at, acknowledged_at, coalesce(signature_file_id, '')
			FROM w9_documents WHERE id = $1 AND associate_id = $2 FOR UPDATE`, id, p.AssociateID,
		).Scan(&w.ID, &w.Title, &w.Name, &w.BusinessName, &w.EntityType, &w.TINKind, &w.TINLast4, &w.Address,
			&w.RequiresSignature, &w.CreatedAt, &ackedAt, &ackedSignature)
		if err != nil {
			if errs.Is(translate(err), errs.NotFound) {
				return errs.NotFoundf("W-9 document %d not found", id)
			}
			return translate(err)
		}
		if ackedAt != nil {
			if ackedSignature == a.Signature { // a retry after a lost answer
				at = *ackedAt
				return nil
			}
			return errs.Conflictf("This W-9 document is already acknowledged")
		}
		// Memos come first: a W-9 waits until every published memo is acknowledged.
		var memosPending bool
		if err := tx.db.QueryRow(ctx, `
			SELECT EXISTS (SELECT 1 FROM memos m WHERE `+pendingMemo("$1")+`)`,
			p.AssociateID).Scan(&memosPending); err != nil {
			return translate(err)
		}
		if memosPending {
			return errs.Conflictf("Memos come first: acknowledge your pending memos before your W-9 documents")
		}
		if err := tx.checkSignature(ctx, p, w.RequiresSignature, a.Signature); err != nil {
			return err
		}
		sum := sha256.Sum256(fmt.Appendf(nil, "w9\n%d\n%s\n%s\n%s\n%s\n%s\n%s", w.ID, w.Title, w.Name, w.BusinessName,
			w.EntityType, w.TINMasked(), w.Address))
		return translate(tx.db.QueryRow(ctx, `
			UPDATE w9_documents SET acknowledged_at = now(), ip = $2, user_agent = $3, signature_file_id = $4, content_sha256 = $5
			WHERE id = $1 RETURNING acknowledged_at`,
			id, addrOrNil(a.IP), a.UserAgent, nullable(a.Signature), sum[:]).Scan(&at))
	})
	return at, err
}

func addrOrNil(ip netip.Addr) *netip.Addr {
	if ip.IsValid() {
		return &ip
	}
	return nil
}

// W9Input is a W-9 as staff enter it for an associate: the TIN already checked
// (tax.Normalize) and sealed under the key named KeyID.
type W9Input struct {
	Title, Name, BusinessName, EntityType, TINKind, TINLast4, Address string
	TINSealed                                                         []byte
	KeyID                                                             string
	RequiresSignature                                                 bool
}

// AddW9 gives the caller's associate a W-9 waiting for its acknowledgement, with the
// change-log row (the TIN masked).
func (s *Store) AddW9(ctx context.Context, p *auth.Principal, in W9Input) (W9, error) {
	var w W9
	err := s.InTx(ctx, func(tx *Store) error {
		err := tx.db.QueryRow(ctx, `INSERT INTO w9_documents (associate_id, title, name, business_name, entity_type,
				tin_encrypted, tin_key_id, tin_last4, tin_kind, address, requires_signature)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
			RETURNING id, title, name, coalesce(business_name, ''), entity_type, tin_kind, tin_last4, coalesce(address, ''),
				requires_signature, created_at`,
			p.AssociateID, in.Title, in.Name, nullable(in.BusinessName), in.EntityType, in.TINSealed, in.KeyID, in.TINLast4,
			in.TINKind, nullable(in.Address), in.RequiresSignature).
			Scan(&w.ID, &w.Title, &w.Name, &w.BusinessName, &w.EntityType, &w.TINKind, &w.TINLast4, &w.Address,
				&w.RequiresSignature, &w.CreatedAt)
		if err != nil {
			return translate(err)
		}
		return tx.logChanges(ctx, p, changelog.Account, p.AssociateID, p.AssociateID, changelog.Create,
			[]changelog.Change{{Field: "w9", New: w.Title + " · " + w.TINMasked()}})
	})
	return w, err
}
