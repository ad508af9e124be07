package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/payout"
)

// demoBank is a bank of the demo's payout accounts, with a routing number it really has.
type demoBank struct{ name, routing string }

var demoBanks = map[string][2]demoBank{
	// JPMorgan Chase (New York) and Wells Fargo (California): valid ABA routing numbers.
	"USA": {{"JPMorgan Chase Bank", "021000021"}, {"Wells Fargo Bank", "121000248"}},
	// Royal Bank of Canada (institution 003) and TD Canada Trust (004): transit-institution.
	"Canada": {{"Royal Bank of Canada", "00012-003"}, {"TD Canada Trust", "00452-004"}},
}

// demoPayoutAccounts gives the demo RMD two payout accounts entered by herself, so that
// staff have something to review: the one in use (Approved, Checking) and a new one
// waiting for staff (Pending For Admin, Savings). The account numbers are sealed with the
// key id beside them, as the store does. Each needs its supporting document (a void
// cheque), so without put (which stores a file's content) there are none: a document row
// without content would be a broken link. The demo agent has none, so that its payout tab
// shows the empty state.
func demoPayoutAccounts(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, rmd int, o Options, put func(id string, data []byte) error) error {
	if put == nil {
		return nil
	}
	a := &as[rmd]
	country := a.place.country
	banks := demoBanks[country]
	staff := int64(len(as) + 1) // copyUsers
	accounts := []struct {
		bank             demoBank
		accountType      string
		status           string
		active           bool
		decidedBy        *int64
		createdDaysAgo   int
		decidedDaysLater int
	}{
		{banks[0], "Checking", payout.Approved, true, &staff, 400, 2},
		{banks[1], "Savings", payout.PendingForAdmin, false, nil, 3, 0},
	}
	for _, acct := range accounts {
		digits := 10
		if country == "Canada" {
			digits = 7
		}
		number := fmt.Sprintf("%d%0*d", 1+r.IntN(9), digits-1, r.Int64N(pow10(digits-1)))
		last4 := payout.Last4(number)
		doc, err := storeFile(ctx, tx, r, put, "document", "application/pdf", voidChequePDF(a.first+" "+a.last, acct.bank, last4))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE files SET owner_user_id = $2 WHERE id = $1`, doc, a.id); err != nil {
			return fmt.Errorf("seed payout accounts: %w", err)
		}
		created := o.Now.AddDate(0, 0, -acct.createdDaysAgo).Truncate(time.Second)
		if _, err := tx.Exec(ctx, `INSERT INTO payout_accounts (associate_id, country, bank_name, routing_number, account_sealed,
				key_id, account_last4, account_type, holder, document_file_id, status, active, entered_by, decided_by,
				created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
			a.id, country, acct.bank.name, acct.bank.routing, o.Keys.Seal([]byte(number)), o.Keys.ID(), last4,
			acct.accountType, payout.Owner, doc, acct.status, acct.active, a.id, acct.decidedBy,
			created, created.AddDate(0, 0, acct.decidedDaysLater)); err != nil {
			return fmt.Errorf("seed payout accounts: %w", err)
		}
	}
	return nil
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// voidChequePDF is a one-page void cheque: the holder, the bank and the account's last
// four digits (a whole account number would be one more copy of it in the clear).
func voidChequePDF(holder string, bank demoBank, last4 string) []byte {
	esc := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace
	lines := []string{
		"BT /F1 28 Tf 230 560 Td (VOID) Tj ET",
		fmt.Sprintf("BT /F1 14 Tf 72 700 Td (%s) Tj ET", esc(holder)),
		fmt.Sprintf("BT /F1 12 Tf 72 670 Td (%s) Tj ET", esc(bank.name)),
		fmt.Sprintf("BT /F1 12 Tf 72 520 Td (Routing %s   Account ending %s) Tj ET", esc(bank.routing), esc(last4)),
		"72 540 m 540 540 l S",
	}
	stream := strings.Join(lines, "\n")
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return pdf(objects)
}
