package store

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/listing"
)

// The staff side of payments: carriers' statements imported as provider payments, their
// processing (which makes the policies' Pending entries Paid), and the pay runs that net
// each associate's payable earnings against its chargebacks.

// Provider payment statuses.
const (
	PaymentReceived       = "Received"
	PaymentActionRequired = "Action Required"
	PaymentReadyToPay     = "Ready To Pay"
	PaymentProcessed      = "Processed"
)

// paymentMoves are the moves of a provider payment.
var paymentMoves = map[string][]string{
	PaymentReceived:       {PaymentActionRequired, PaymentReadyToPay},
	PaymentActionRequired: {PaymentReadyToPay},
	PaymentReadyToPay:     {PaymentActionRequired, PaymentProcessed},
	PaymentProcessed:      nil,
}

// NextPaymentStatuses are the statuses a provider payment may move to.
func NextPaymentStatuses(status string) []string { return paymentMoves[status] }

// StatementResult is what an import made.
type StatementResult struct {
	ID                          int64
	Rows, Ready, ActionRequired int
}

// ImportStatement imports a carrier's statement as provider payments, all rows or none:
// a bad row is a 422 naming it. Each payment is matched to the provider's policy of that
// number: matched in full (the payments received for the policy reach its commissionable
// amount) it is Ready To Pay; unknown, not approved or short, Action Required with why.
func (s *Store) ImportStatement(ctx context.Context, p *auth.Principal, providerID int64, fileName, text string, today time.Time) (StatementResult, error) {
	var res StatementResult
	rows, bad := ledger.ParseStatement(text, today)
	if len(bad) > 0 {
		fields := make([]errs.FieldError, len(bad))
		for i, b := range bad {
			fields[i] = errs.Field(b.Field, "%s", b.Message)
		}
		return res, errs.Validation(fields...)
	}
	err := s.InTx(ctx, func(tx *Store) error {
		var exists bool
		if err := tx.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM providers WHERE id = $1)`, providerID).Scan(&exists); err != nil {
			return translate(err)
		}
		if !exists {
			return errs.Validation(errs.Field("provider_id", "Provider not found"))
		}
		// The same payments once per provider: a retried import, or the same file saved
		// again with other line ends or a byte-order mark, is refused.
		digest := statementDigest(rows)
		if _, err := tx.db.Exec(ctx, xactLock, lockStatements, strconv.FormatInt(providerID, 10)); err != nil {
			return translate(err)
		}
		var prior int64
		var priorAt time.Time
		err := tx.db.QueryRow(ctx, `SELECT id, created_at FROM provider_statements WHERE provider_id = $1 AND digest = $2`,
			providerID, digest).Scan(&prior, &priorAt)
		switch {
		case err == nil:
			return errs.Conflictf("This statement was imported already on %s (statement %d); nothing was imported again",
				priorAt.UTC().Format("01/02/2006"), prior)
		case !errs.Is(translate(err), errs.NotFound):
			return translate(err)
		}
		if err := tx.db.QueryRow(ctx, `INSERT INTO provider_statements (provider_id, file_name, rows, imported_by, digest)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, providerID, fileName, len(rows), p.UserID, digest).Scan(&res.ID); err != nil {
			return translate(err)
		}
		received := map[int64]int64{} // by policy, this statement's rows so far
		for _, r := range rows {
			var policyID *int64
			var status string
			var premium, before int64
			var rate int32
			err := tx.db.QueryRow(ctx, `SELECT p.id, p.status, p.target_premium_cents, pr.commission_rate_bp,
					(SELECT coalesce(sum(amount_cents), 0) FROM provider_payments pp WHERE pp.policy_id = p.id)
				FROM policies p JOIN products pr ON pr.id = p.product_id
				WHERE p.provider_id = $1 AND p.policy_number = $2`, providerID, r.PolicyNumber).Scan(&policyID, &status, &premium, &rate, &before)
			st, reason := PaymentReadyToPay, ""
			switch {
			case errs.Is(translate(err), errs.NotFound):
				st, reason = PaymentActionRequired, fmt.Sprintf("No policy %s with this provider", r.PolicyNumber)
			case err != nil:
				return translate(err)
			default:
				due := comp.Commissionable(premium, rate)
				received[*policyID] += r.AmountCents
				got := before + received[*policyID]
				switch {
				case status != "Approved":
					st, reason = PaymentActionRequired, fmt.Sprintf("Policy %s is %s, not Approved", r.PolicyNumber, status)
				case got < due:
					st, reason = PaymentActionRequired, fmt.Sprintf("Short: %s received of the %s commission due",
						comp.FormatCents(got), comp.FormatCents(due))
				}
			}
			if st == PaymentReadyToPay {
				res.Ready++
			} else {
				res.ActionRequired++
			}
			if _, err := tx.db.Exec(ctx, `INSERT INTO provider_payments (statement_id, provider_id, row_no, policy_number, policy_id,
					amount_cents, paid_on, status, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, nullif($9, ''))`,
				res.ID, providerID, r.No, r.PolicyNumber, policyID, r.AmountCents, r.PaidOn, st, reason); err != nil {
				return translate(err)
			}
		}
		res.Rows = len(rows)
		return nil
	})
	return res, err
}

// statementDigest is the SHA-256 of a statement's payments as read (number, cents, day), so
// that the same payments written differently are the same statement.
func statementDigest(rows []ledger.StatementRow) []byte {
	h := sha256.New()
	for _, r := range rows {
		fmt.Fprintf(h, "%s\x1f%d\x1f%s\n", r.PolicyNumber, r.AmountCents, r.PaidOn.Format(time.DateOnly))
	}
	return h.Sum(nil)
}

// ProviderPaymentListing is the whitelist of the provider payments list.
var ProviderPaymentListing = listing.FromContract(lists.ListProviderPayments, map[string]listing.Column{
	"id":            {SQL: "pp.id"},
	"status":        {SQL: "pp.status"},
	"provider_id":   {SQL: "pp.provider_id"},
	"statement_id":  {SQL: "pp.statement_id"},
	"policy_number": {SQL: "pp.policy_number"},
	"paid_on":       {SQL: "pp.paid_on"},
	"amount_cents":  {SQL: "pp.amount_cents"},
})

// ProviderPayment is one payment received from a provider.
type ProviderPayment struct {
	ID, StatementID, ProviderID int64
	ProviderName                string
	RowNo                       int
	PolicyNumber                string
	PolicyID                    *int64
	AmountCents                 int64
	PaidOn                      time.Time
	Status                      string
	Reason                      *string
}

func (r *ProviderPayment) dest() []any {
	return []any{&r.ID, &r.StatementID, &r.ProviderID, &r.ProviderName, &r.RowNo, &r.PolicyNumber, &r.PolicyID,
		&r.AmountCents, &r.PaidOn, &r.Status, &r.Reason}
}

const providerPaymentColumns = `pp.id, pp.statement_id, pp.provider_id, pv.name, pp.row_no, pp.policy_number, pp.policy_id,
	pp.amount_cents, pp.paid_on, pp.status, pp.reason`

// ProviderPaymentSortValue is a row's value of a sortable field, for cursors.
func ProviderPaymentSortValue(r *ProviderPayment, field string) any {
	switch field {
	case "id":
		return r.ID
	case "paid_on":
		return r.PaidOn
	case "amount_cents":
		return r.AmountCents
	case "status":
		return r.Status
	}
	panic("store: no sort value for provider payment field " + field)
}

// ListProviderPayments hands one page of provider payments to each (staff).
func (s *Store) ListProviderPayments(ctx context.Context, q listing.Query, each func(*ProviderPayment)) error {
	var args listing.Args
	rows, err := s.db.Query(ctx, `SELECT `+providerPaymentColumns+` FROM provider_payments pp JOIN providers pv ON pv.id = pp.provider_id
		WHERE `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), args.Query()...)
	var r ProviderPayment
	return stream(rows, err, &r, r.dest(), each)
}

// ProcessResult is what processing paid.
type ProcessResult struct {
	Payments, Entries int
	PaidCents         int64
}

// EntityProviderPayment is the change-log kind of a provider payment: every move, with the
// staff member who made it.
const EntityProviderPayment = "provider_payment"

// MoveProviderPayment moves a provider payment; moving it to Processed processes it. A
// reason goes with Action Required; a move on clears it (the matter is settled).
func (s *Store) MoveProviderPayment(ctx context.Context, p *auth.Principal, id int64, to, reason string) (ProviderPayment, error) {
	var out ProviderPayment
	err := s.InTx(ctx, func(tx *Store) error {
		err := tx.db.QueryRow(ctx, `SELECT `+providerPaymentColumns+` FROM provider_payments pp JOIN providers pv ON pv.id = pp.provider_id
			WHERE pp.id = $1 FOR UPDATE OF pp`, id).Scan(out.dest()...)
		if errs.Is(translate(err), errs.NotFound) {
			return errs.NotFoundf("Provider payment %d not found", id)
		}
		if err != nil {
			return translate(err)
		}
		if next := paymentMoves[out.Status]; !slices.Contains(next, to) {
			return errs.Transition("payment", out.Status, to, next)
		}
		if to != PaymentActionRequired && out.PolicyID == nil {
			return errs.Conflictf("Payment %d matches no policy; it stays in Action Required", id)
		}
		switch to {
		case PaymentProcessed:
			if _, err := tx.processPayment(ctx, p, out); err != nil {
				return err
			}
		default:
			if to != PaymentActionRequired {
				reason = ""
			} else if reason == "" && out.Reason != nil {
				reason = *out.Reason
			}
			if _, err := tx.db.Exec(ctx, `UPDATE provider_payments SET status = $2, reason = nullif($3, ''), updated_at = now()
				WHERE id = $1`, id, to, reason); err != nil {
				return translate(err)
			}
			changes := []changelog.Change{{Field: "status", Old: out.Status, New: to}}
			if old := deref(out.Reason); old != reason {
				changes = append(changes, changelog.Change{Field: "reason", Old: old, New: reason})
			}
			if err := tx.logChanges(ctx, p, EntityProviderPayment, id, 0, changelog.Update, changes); err != nil {
				return err
			}
		}
		return tx.db.QueryRow(ctx, `SELECT `+providerPaymentColumns+` FROM provider_payments pp JOIN providers pv ON pv.id = pp.provider_id
			WHERE pp.id = $1`, id).Scan(out.dest()...)
	})
	return out, err
}

// processPayment marks a locked payment Processed and makes its policy's Pending entries
// Paid, matched to it.
func (s *Store) processPayment(ctx context.Context, p *auth.Principal, pay ProviderPayment) (ProcessResult, error) {
	var res ProcessResult
	// The policy, against a release or a lapse writing Pending entries at the same time.
	if err := s.lockPolicies(ctx, []int64{*pay.PolicyID}); err != nil {
		return res, err
	}
	if _, err := s.db.Exec(ctx, `UPDATE provider_payments SET status = 'Processed', reason = NULL, processed_at = now(),
		updated_at = now() WHERE id = $1`, pay.ID); err != nil {
		return res, translate(err)
	}
	if err := s.logChanges(ctx, p, EntityProviderPayment, pay.ID, 0, changelog.Update,
		[]changelog.Change{{Field: "status", Old: pay.Status, New: PaymentProcessed}}); err != nil {
		return res, err
	}
	res.Payments = 1
	err := s.db.QueryRow(ctx, `WITH paid AS (UPDATE cashflow_entries SET status = 'Paid', payment_id = $1
			WHERE policy_id = $2 AND status = 'Pending' RETURNING amount_cents)
		SELECT count(*), coalesce(sum(amount_cents), 0) FROM paid`, pay.ID, *pay.PolicyID).Scan(&res.Entries, &res.PaidCents)
	return res, translate(err)
}

// ProcessPayments processes every Ready To Pay payment, in one transaction.
func (s *Store) ProcessPayments(ctx context.Context, p *auth.Principal) (ProcessResult, error) {
	var total ProcessResult
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.db.Query(ctx, `SELECT `+providerPaymentColumns+` FROM provider_payments pp JOIN providers pv ON pv.id = pp.provider_id
			WHERE pp.status = 'Ready To Pay' ORDER BY pp.id FOR UPDATE OF pp`)
		pays, err := collect(rows, err, func(r pgx.Rows, p *ProviderPayment) error { return r.Scan(p.dest()...) })
		if err != nil {
			return err
		}
		// Their policies at once, in id order, as every writer of the ledger locks them.
		var policies []int64
		for _, pay := range pays {
			policies = append(policies, *pay.PolicyID)
		}
		if err := tx.lockPolicies(ctx, policies); err != nil {
			return err
		}
		for _, pay := range pays {
			res, err := tx.processPayment(ctx, p, pay)
			if err != nil {
				return err
			}
			total.Payments += res.Payments
			total.Entries += res.Entries
			total.PaidCents += res.PaidCents
		}
		return nil
	})
	return total, err
}

// payProcessedPolicies makes Paid the Pending entries of policies whose provider payment was
// processed already (escrow released after the money came in).
func (s *Store) payProcessedPolicies(ctx context.Context, policyIDs []int64) error {
	if len(policyIDs) == 0 {
		return nil
	}
	_, err := s.db.Exec(ctx, `UPDATE cashflow_entries e SET status = 'Paid', payment_id = pp.id
		FROM (SELECT DISTINCT ON (policy_id) policy_id, id FROM provider_payments
		      WHERE policy_id = ANY($1) AND status = 'Processed' ORDER BY policy_id, id DESC) pp
		WHERE e.policy_id = pp.policy_id AND e.status = 'Pending'`, policyIDs)
	return translate(err)
}

// firstPayRun is the earliest month a pay run may be for.
var firstPayRun = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// PayRun is one month's pay run.
type PayRun struct {
	ID         int64
	Period     time.Time
	PaidCents  int64
	Associates int
	CreatedAt  time.Time
}

// CreatePayRun nets, per associate, the entries not on a statement yet up to the end of the
// month: payable earnings (Paid, and pool shares) against chargeback debits. A positive net
// is paid and settles them (pool shares become Paid); a negative one pays nothing and
// leaves them to the next run. A month runs once.
func (s *Store) CreatePayRun(ctx context.Context, p *auth.Principal, period, today time.Time) (PayRun, error) {
	var run PayRun
	if !period.Equal(ledger.MonthOf(period)) {
		return run, errs.Validation(errs.Field("period", "Period must be the first day of a month"))
	}
	if period.After(today) {
		return run, errs.Validation(errs.Field("period", "Period cannot be in the future"))
	}
	if period.Before(firstPayRun) {
		return run, errs.Validation(errs.Field("period", "Period must be %s or later", firstPayRun.Format("January 2006")))
	}
	end := ledger.AddMonths(period, 1).AddDate(0, 0, -1)
	err := s.InTx(ctx, func(tx *Store) error {
		// The ledger holds still while its entries are totalled and settled: no entry is
		// written or paid between the statements and the settling (reads go on), and two pay
		// runs never total the same entries.
		if _, err := tx.db.Exec(ctx, `LOCK TABLE cashflow_entries IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return translate(err)
		}
		var last *time.Time
		if err := tx.db.QueryRow(ctx, `SELECT max(period) FROM pay_runs`).Scan(&last); err != nil {
			return translate(err)
		}
		if last != nil && period.Before(*last) {
			return errs.Conflictf("Pay runs go forward: the last was for %s", last.Format("January 2006"))
		}
		err := tx.db.QueryRow(ctx, `INSERT INTO pay_runs (period, paid_cents, associates, created_by) VALUES ($1, 0, 0, $2)
			ON CONFLICT (period) DO NOTHING RETURNING id, created_at`, period, p.UserID).Scan(&run.ID, &run.CreatedAt)
		if errs.Is(translate(err), errs.NotFound) {
			return errs.Conflictf("The pay run for %s was already made", period.Format("January 2006"))
		}
		if err != nil {
			return translate(err)
		}
		const eligible = `pay_run_id IS NULL AND occurred_on <= $2
			AND (direction = 'Compensation' AND (status = 'Paid' OR kind = 'pool') OR status = 'Chargeback')`
		if _, err := tx.db.Exec(ctx, `INSERT INTO pay_statements (pay_run_id, associate_id, earnings_cents, chargebacks_cents,
				net_cents, paid_cents, carried_cents, entries)
			SELECT $1, associate_id, e, c, e + c, greatest(e + c, 0), least(e + c, 0), n FROM (
				SELECT associate_id, coalesce(sum(amount_cents) FILTER (WHERE direction = 'Compensation'), 0) AS e,
				       coalesce(sum(amount_cents) FILTER (WHERE status = 'Chargeback'), 0) AS c, count(*) AS n
				FROM cashflow_entries WHERE `+eligible+` GROUP BY associate_id) t`, run.ID, end); err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE cashflow_entries e SET pay_run_id = $1,
				status = CASE WHEN e.kind = 'pool' AND e.status = 'Pending' THEN 'Paid' ELSE e.status END
			FROM pay_statements s WHERE s.pay_run_id = $1 AND s.associate_id = e.associate_id AND s.net_cents >= 0
			  AND e.`+eligible, run.ID, end); err != nil {
			return translate(err)
		}
		run.Period = period
		return tx.db.QueryRow(ctx, `UPDATE pay_runs SET paid_cents = t.paid, associates = t.n
			FROM (SELECT coalesce(sum(paid_cents), 0) AS paid, count(*) AS n FROM pay_statements WHERE pay_run_id = $1) t
			WHERE id = $1 RETURNING paid_cents, associates`, run.ID).Scan(&run.PaidCents, &run.Associates)
	})
	return run, err
}

// PayRunListing is the whitelist of the pay run list.
var PayRunListing = listing.FromContract(lists.ListPayRuns, map[string]listing.Column{
	"id":     {SQL: "r.id"},
	"period": {SQL: "r.period"},
})

// PayRunSortValue is a row's value of a sortable field, for cursors.
func PayRunSortValue(r *PayRun, field string) any {
	switch field {
	case "id":
		return r.ID
	case "period":
		return r.Period
	}
	panic("store: no sort value for pay run field " + field)
}

// ListPayRuns hands one page of pay runs to each (staff).
func (s *Store) ListPayRuns(ctx context.Context, q listing.Query, each func(*PayRun)) error {
	var args listing.Args
	rows, err := s.db.Query(ctx, `SELECT r.id, r.period, r.paid_cents, r.associates, r.created_at FROM pay_runs r
		WHERE `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), args.Query()...)
	var r PayRun
	return stream(rows, err, &r, []any{&r.ID, &r.Period, &r.PaidCents, &r.Associates, &r.CreatedAt}, each)
}

// PayStatementListing is the whitelist of the pay statement list.
var PayStatementListing = listing.FromContract(lists.ListPayStatements, map[string]listing.Column{
	"id":             {SQL: "s.id"},
	"pay_run_id":     {SQL: "s.pay_run_id"},
	"associate_code": {SQL: "a.code"},
	"period":         {SQL: "r.period"},
	"net_cents":      {SQL: "s.net_cents"},
	"paid_cents":     {SQL: "s.paid_cents"},
})

// PayStatement is one associate's line of a pay run.
type PayStatement struct {
	ID                                        int64
	PayRunID                                  int64
	Period                                    time.Time
	AssociateCode, AssociateName              string
	EarningsCents, ChargebacksCents, NetCents int64
	PaidCents, CarriedCents                   int64
	Entries                                   int
}

// PayStatementSortValue is a row's value of a sortable field, for cursors.
func PayStatementSortValue(r *PayStatement, field string) any {
	switch field {
	case "id":
		return r.ID
	case "period":
		return r.Period
	case "net_cents":
		return r.NetCents
	case "paid_cents":
		return r.PaidCents
	}
	panic("store: no sort value for pay statement field " + field)
}

// ListPayStatements hands one page of the statements the caller may see to each: its own,
// or for staff with payments.read, everyone's.
func (s *Store) ListPayStatements(ctx context.Context, p *auth.Principal, q listing.Query, each func(*PayStatement)) error {
	var args listing.Args
	scope, err := paymentsScope(p, &args, "s.associate_id")
	if err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT s.id, s.pay_run_id, r.period, a.code, a.first_name || ' ' || a.last_name, s.earnings_cents,
			s.chargebacks_cents, s.net_cents, s.paid_cents, s.carried_cents, s.entries
		FROM pay_statements s JOIN pay_runs r ON r.id = s.pay_run_id JOIN associates a ON a.id = s.associate_id
		WHERE `+scope+` AND `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), args.Query()...)
	var r PayStatement
	return stream(rows, err, &r, []any{&r.ID, &r.PayRunID, &r.Period, &r.AssociateCode, &r.AssociateName, &r.EarningsCents,
		&r.ChargebacksCents, &r.NetCents, &r.PaidCents, &r.CarriedCents, &r.Entries}, each)
}
