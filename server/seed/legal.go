package seed

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// demoAgreement is the text of the demo's associate agreement.
const demoAgreement = `1. Appointment. The Company appoints the Associate as an independent associate to market the insurance and financial products of the providers the Company contracts with, in the states and provinces where the Associate holds a license in force.

2. Independence. The Associate is an independent contractor and not an employee. The Associate sets the hours and the manner of the work, pays its own expenses and taxes, and holds the licenses and appointments its work requires.

3. Conduct. The Associate deals honestly with every client, recommends only what suits the client's needs and means, and follows the rules of each provider and of every state or province where it does business.

4. Compensation. The Associate is paid the commissions and overrides of the compensation plan in force, as the portal shows them. Commission advanced on a policy that lapses is charged back by the months the policy was in force.

5. Privacy. The Associate keeps clients' information confidential, uses it only to serve them, and keeps it safe as the law of each jurisdiction requires.

6. Term. This agreement runs until either party ends it in writing. Commissions earned before the end are paid as the plan provides.`

// demoConduct is the text of the demo's code of conduct.
const demoConduct = `Associates treat clients, colleagues and providers with respect. Associates never pressure a client into a purchase, never misstate what a product does or costs, and never promise returns a product does not guarantee.

Associates report any complaint, error or suspected fraud to the Company within five business days.`

// demoLegalDocuments gives the demo associates agreements waiting for their signature.
func demoLegalDocuments(ctx context.Context, tx pgx.Tx, as []assoc, rmd, agent int) error {
	rows := [][]any{
		{as[agent].id, "Independent Associate Agreement", "2026-11", demoAgreement},
		{as[rmd].id, "Independent Associate Agreement", "2026-11", demoAgreement},
		{as[rmd].id, "Code of Conduct", "2026-01", demoConduct},
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"legal_documents"}, []string{"associate_id", "title", "version", "body"},
		pgx.CopyFromRows(rows))
	return err
}
