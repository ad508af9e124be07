package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/payout"
	"github.com/associateportal/portal/server/secret"
)

// OwnerLinkValid is how long the owner's approval link of an Authorized account works.
const OwnerLinkValid = 7 * 24 * time.Hour

// PayoutAccount is a stored payout account; the account number itself never leaves the
// store (only its last four digits).
type PayoutAccount struct {
	ID, AssociateID                  int64
	AssociateCode, AssociateName     string
	AssociateEmail                   string // where the associate's mail about it goes
	Country, BankName, RoutingNumber string
	Last4, AccountType, Holder       string
	HolderName, OwnerEmail           string
	DocumentFileID                   string
	Status, RejectionReason, Note    string
	Active                           bool
	EnteredBy                        int64
	EnteredByName                    string
	CreatedAt, UpdatedAt             time.Time
}

const payoutColumns = `p.id, p.associate_id, a.code, a.first_name || ' ' || a.last_name, p.country, p.bank_name, p.routing_number,
	p.account_last4, p.account_type, p.holder, coalesce(p.holder_name, ''), coalesce(p.owner_email, ''), p.document_file_id,
	p.status, coalesce(p.rejection_reason, ''), coalesce(p.note, ''), p.active, p.entered_by,
	coalesce(e.first_name || ' ' || e.last_name, ''), p.created_at, p.updated_at, a.email
	FROM payout_accounts p JOIN associates a ON a.id = p.associate_id LEFT JOIN users e ON e.id = p.entered_by`

func scanPayout(r pgx.Row, p *PayoutAccount) error { return r.Scan(payoutDest(p)...) }

// payoutDest are the scan targets of payoutColumns.
func payoutDest(p *PayoutAccount) []any {
	return []any{&p.ID, &p.AssociateID, &p.AssociateCode, &p.AssociateName, &p.Country, &p.BankName, &p.RoutingNumber,
		&p.Last4, &p.AccountType, &p.Holder, &p.HolderName, &p.OwnerEmail, &p.DocumentFileID,
		&p.Status, &p.RejectionReason, &p.Note, &p.Active, &p.EnteredBy, &p.EnteredByName, &p.CreatedAt, &p.UpdatedAt,
		&p.AssociateEmail}
}

func (s *Store) payoutWhere(ctx context.Context, where string, args ...any) (PayoutAccount, error) {
	var p PayoutAccount
	err := scanPayout(s.db.QueryRow(ctx, `SELECT `+payoutColumns+` WHERE `+where, args...), &p)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, errs.NotFoundf("No such payout account")
	}
	return p, translate(err)
}

// PayoutAccounts lists an associate's accounts: the one in use first, then newest first.
func (s *Store) PayoutAccounts(ctx context.Context, associateID int64) ([]PayoutAccount, error) {
	rows, err := s.db.Query(ctx, `SELECT `+payoutColumns+` WHERE p.associate_id = $1 ORDER BY p.active DESC, p.id DESC`, associateID)
	return collect(rows, err, func(r pgx.Rows, p *PayoutAccount) error { return scanPayout(r, p) })
}

// PayoutAccountOf is one account of an associate; another's is not found.
func (s *Store) PayoutAccountOf(ctx context.Context, associateID, id int64) (PayoutAccount, error) {
	return s.payoutWhere(ctx, `p.id = $1 AND p.associate_id = $2`, id, associateID)
}

// PayoutReview is one account, for staff.
func (s *Store) PayoutReview(ctx context.Context, id int64) (PayoutAccount, error) {
	return s.payoutWhere(ctx, `p.id = $1`, id)
}

// PayoutReviewListing is the whitelist of staff's payout-account list.
var PayoutReviewListing = listing.FromContract(lists.ListPayoutReviews, map[string]listing.Column{
	"id":             {SQL: "p.id"},
	"status":         {SQL: "p.status"},
	"associate_code": {SQL: "a.code"},
	"updated_at":     {SQL: "p.updated_at"},
	"created_at":     {SQL: "p.created_at"},
})

// PayoutReviewSortValue is a row's value of a sortable field, for cursors.
func PayoutReviewSortValue(a *PayoutAccount, field string) any {
	switch field {
	case "id":
		return a.ID
	case "updated_at":
		return a.UpdatedAt
	case "created_at":
		return a.CreatedAt
	}
	panic("store: no sort value for payout account field " + field)
}

// ListPayoutReviews hands one page of payout accounts (every associate's: staff) to each.
func (s *Store) ListPayoutReviews(ctx context.Context, q listing.Query, each func(*PayoutAccount)) error {
	var args listing.Args
	rows, err := s.db.Query(ctx, `SELECT `+payoutColumns+` WHERE `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args),
		args.Query()...)
	var a PayoutAccount
	return stream(rows, err, &a, payoutDest(&a), each)
}

// PayoutMail makes the mail of a change: to the associate, and (owner) to the account's
// owner with the approval link's token.
type PayoutMail struct {
	Change func(a PayoutAccount) mail.Message
	Owner  func(a PayoutAccount, token string) mail.Message
}

// checkDocument makes sure a supporting document is one the caller uploaded for this,
// and is a pdf or an image.
func (s *Store) checkDocument(ctx context.Context, p *auth.Principal, id string) error {
	var ct *string
	err := s.db.QueryRow(ctx, `SELECT content_type FROM files WHERE id = $1 AND purpose = 'document'
		AND owner_user_id = $2 AND uploaded_at IS NOT NULL`, id, p.UserID).Scan(&ct)
	if errors.Is(err, pgx.ErrNoRows) {
		return errs.Validation(errs.Field("document", "Upload the supporting document first"))
	}
	if err != nil {
		return translate(err)
	}
	switch deref(ct) {
	case "application/pdf", "image/jpeg", "image/png", "image/webp":
		return nil
	}
	return errs.Validation(errs.Field("document", "The supporting document must be a pdf, jpg, png or webp file"))
}

// SavePayoutAccount adds an account (id 0) or changes one the associate may change, and
// sends it to staff (Pending For Admin), with the change-log rows (the account number
// masked) and the mail to the associate, in one transaction.
func (s *Store) SavePayoutAccount(ctx context.Context, p *auth.Principal, keys *secret.Keys, id int64, in payout.Input, m PayoutMail) (PayoutAccount, error) {
	var out PayoutAccount
	err := s.InTx(ctx, func(tx *Store) error {
		if in.DocumentID != "" {
			if err := tx.checkDocument(ctx, p, in.DocumentID); err != nil {
				return err
			}
		}
		sealed := keys.Seal([]byte(in.AccountNumber))
		var holderName, ownerEmail *string
		if in.Holder == payout.Authorized {
			holderName, ownerEmail = &in.HolderName, &in.OwnerEmail
		}
		action, changes := changelog.Create, []changelog.Change(nil)
		if id == 0 {
			if err := tx.db.QueryRow(ctx, `INSERT INTO payout_accounts (associate_id, country, bank_name, routing_number,
					account_sealed, key_id, account_last4, account_type, holder, holder_name, owner_email, document_file_id,
					status, entered_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
				p.AssociateID, in.Country, in.BankName, in.RoutingNumber, sealed, keys.ID(), payout.Last4(in.AccountNumber),
				in.AccountType, in.Holder, holderName, ownerEmail, in.DocumentID, payout.PendingForAdmin, p.UserID).Scan(&id); err != nil {
				return translate(err)
			}
		} else {
			old, err := tx.payoutWhere(ctx, `p.id = $1 AND p.associate_id = $2 FOR UPDATE OF p`, id, p.AssociateID)
			if err != nil {
				return err
			}
			if !payout.Editable(old.Status) {
				return errs.Conflictf("This account is %s and cannot be changed; add a new one instead", old.Status)
			}
			var sealedOld []byte
			var keyID string
			if err := tx.db.QueryRow(ctx, `SELECT account_sealed, key_id FROM payout_accounts WHERE id = $1`, id).Scan(&sealedOld, &keyID); err != nil {
				return translate(err)
			}
			oldNumber, err := keys.OpenWith(keyID, sealedOld)
			if err != nil {
				return errs.Wrap(errs.Internal, err, "The account's number cannot be read")
			}
			if in.DocumentID == "" {
				// The document shows the numbers staff check: new numbers need a new one.
				if in.RoutingNumber != old.RoutingNumber || in.AccountNumber != string(oldNumber) {
					return errs.Validation(errs.Field("document", "Upload the void cheque of the new numbers"))
				}
				in.DocumentID = old.DocumentFileID // a change without a new document keeps the account's
			}
			before := payout.Input{BankName: old.BankName, RoutingNumber: old.RoutingNumber, AccountNumber: string(oldNumber),
				AccountType: old.AccountType, Holder: old.Holder, HolderName: old.HolderName, OwnerEmail: old.OwnerEmail,
				DocumentID: old.DocumentFileID}
			changes = changelog.Diff(before.Fields(), in.Fields(), "account_number")
			action = changelog.Update
			if _, err := tx.db.Exec(ctx, `UPDATE payout_accounts SET bank_name = $2, routing_number = $3, account_sealed = $4,
					key_id = $5, account_last4 = $6, account_type = $7, holder = $8, holder_name = $9, owner_email = $10,
					document_file_id = $11, status = $12, rejection_reason = NULL, note = NULL, entered_by = $13, decided_by = NULL,
					updated_at = now()
				WHERE id = $1`, id, in.BankName, in.RoutingNumber, sealed, keys.ID(), payout.Last4(in.AccountNumber),
				in.AccountType, in.Holder, holderName, ownerEmail, in.DocumentID, payout.PendingForAdmin, p.UserID); err != nil {
				return translate(err)
			}
			changes = append(changes, changelog.Change{Field: "status", Old: old.Status, New: payout.PendingForAdmin})
		}
		if err := tx.logChanges(ctx, p, changelog.PayoutAccount, id, p.AssociateID, action, changes); err != nil {
			return err
		}
		var err error
		out, err = tx.payoutWhere(ctx, `p.id = $1`, id)
		if err != nil {
			return err
		}
		return tx.queueMail(ctx, m.Change(out))
	})
	return out, err
}

// DecidePayoutAccount applies staff's decision (payout.Decide: maker-checker included),
// makes an approved account the one in use, asks the owner of an Authorized one, logs
// and mails the associate, in one transaction.
func (s *Store) DecidePayoutAccount(ctx context.Context, p *auth.Principal, id int64, d payout.Decision, m PayoutMail) (PayoutAccount, error) {
	var out PayoutAccount
	err := s.InTx(ctx, func(tx *Store) error {
		old, err := tx.payoutWhere(ctx, `p.id = $1 FOR UPDATE OF p`, id)
		if err != nil {
			return err
		}
		move, err := payout.Decide(old.Status, old.Holder, old.EnteredBy, p.UserID, d)
		if err != nil {
			return err
		}
		reason := nilIfEmpty(d.Reason)
		if move.To != payout.RejectedByAdmin {
			reason = nil
		}
		if err := tx.movePayout(ctx, old, move, reason, nilIfEmpty(d.Note), p.UserID); err != nil {
			return err
		}
		changes := []changelog.Change{{Field: "status", Old: old.Status, New: move.To}}
		if reason != nil {
			changes = append(changes, changelog.Change{Field: "rejection_reason", New: *reason})
		}
		if d.Note != "" {
			changes = append(changes, changelog.Change{Field: "note", New: d.Note})
		}
		if err := tx.logChanges(ctx, p, changelog.PayoutAccount, id, old.AssociateID, changelog.Update, changes); err != nil {
			return err
		}
		out, err = tx.payoutWhere(ctx, `p.id = $1`, id)
		if err != nil {
			return err
		}
		msgs := []mail.Message{m.Change(out)}
		if move.Owner {
			var userID int64
			if err := tx.db.QueryRow(ctx, `SELECT id FROM users WHERE associate_id = $1`, old.AssociateID).Scan(&userID); err != nil {
				return translate(err)
			}
			token, hash := auth.NewToken()
			if _, err := tx.db.Exec(ctx, `INSERT INTO account_tokens (purpose, user_id, token_hash, payout_account_id, expires_at)
				VALUES ('payout_owner', $1, $2, $3, now() + make_interval(secs => $4))`, userID, hash, id, OwnerLinkValid.Seconds()); err != nil {
				return translate(err)
			}
			msgs = append(msgs, m.Owner(out, token))
		}
		return tx.queueMail(ctx, msgs...)
	})
	return out, err
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// movePayout writes a move; an account becoming the one in use retires the previous one
// (which stays Approved, no longer active).
func (s *Store) movePayout(ctx context.Context, a PayoutAccount, move payout.Move, reason, note *string, decidedBy int64) error {
	if move.Active {
		if _, err := s.db.Exec(ctx, `UPDATE payout_accounts SET active = false, updated_at = now() WHERE associate_id = $1 AND active`, a.AssociateID); err != nil {
			return translate(err)
		}
	}
	var by *int64
	if decidedBy != 0 {
		by = &decidedBy
	}
	_, err := s.db.Exec(ctx, `UPDATE payout_accounts SET status = $2, active = $3, rejection_reason = $4, note = $5,
		decided_by = coalesce($6, decided_by), updated_at = now() WHERE id = $1`, a.ID, move.To, move.Active, reason, note, by)
	return translate(err)
}

// PayoutOwnerRequest is the account an owner's link asks about, without using the link.
func (s *Store) PayoutOwnerRequest(ctx context.Context, token string) (PayoutAccount, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT payout_account_id FROM account_tokens WHERE token_hash = $1 AND purpose = 'payout_owner'
		AND used_at IS NULL AND expires_at > now()`, auth.HashToken(token)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return PayoutAccount{}, errLinkInvalid
	}
	if err != nil {
		return PayoutAccount{}, translate(err)
	}
	return s.payoutWhere(ctx, `p.id = $1`, id)
}

// AnswerPayoutOwner takes the owner's answer with the link's token (used once): approved
// makes the account the one in use; either way the associate is told.
func (s *Store) AnswerPayoutOwner(ctx context.Context, token string, approve bool, m PayoutMail) (PayoutAccount, error) {
	var out PayoutAccount
	err := s.InTx(ctx, func(tx *Store) error {
		var id int64
		err := tx.db.QueryRow(ctx, `UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = 'payout_owner'
			AND used_at IS NULL AND expires_at > now() RETURNING payout_account_id`, auth.HashToken(token)).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return errLinkInvalid
		}
		if err != nil {
			return translate(err)
		}
		old, err := tx.payoutWhere(ctx, `p.id = $1 FOR UPDATE OF p`, id)
		if err != nil {
			return err
		}
		move, err := payout.OwnerAnswer(old.Status, approve)
		if err != nil {
			return err
		}
		if err := tx.movePayout(ctx, old, move, nil, nil, 0); err != nil {
			return err
		}
		owner := &auth.Principal{} // the owner has no login: the row names nobody
		if err := tx.logChanges(ctx, owner, changelog.PayoutAccount, id, old.AssociateID, changelog.Update,
			[]changelog.Change{{Field: "status", Old: old.Status, New: move.To}}); err != nil {
			return err
		}
		out, err = tx.payoutWhere(ctx, `p.id = $1`, id)
		if err != nil {
			return err
		}
		return tx.queueMail(ctx, m.Change(out))
	})
	return out, err
}
