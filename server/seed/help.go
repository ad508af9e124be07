package seed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/content"
)

// The help centre's categories and articles, and the public pages (issue 12): 40 articles
// in 8 categories, a few in French, two still Draft and two Unpublished.

var helpCategories = []struct{ slug, name string }{
	{"getting-started", "Getting started"},
	{"business", "Business and policies"},
	{"payments", "Payments and commissions"},
	{"team", "Your team"},
	{"licensing", "Licensing and appointments"},
	{"account", "Your account"},
	{"events-store", "Events and the store"},
	{"en-francais", "En français"},
}

// helpArticle is one seeded article: its category (index), title, state and text.
type helpArticle struct {
	category int
	title    string
	status   string
	language string
	body     string
}

var helpArticles = []helpArticle{
	{0, "Welcome to the Associate Portal", content.Published, "en", `The portal is where you run your business: your **policies and clients**, your **team**, your **payments**, events and the store.

## Your first day

1. Read and acknowledge the memos waiting on your dashboard.
2. Complete your account: photo, address and payout information.
3. Add your first client and submit your first policy.

Questions? Search the help centre or ask your upline.`},
	{0, "Acknowledging memos and W-9 documents", content.Published, "en", `Before the portal opens every page, you acknowledge each memo and W-9 document waiting for you. Memos come first; then W-9 documents.

Read each one, then sign with your name or draw your signature. Once everything is acknowledged, every page opens.`},
	{0, "Finding your way around", content.Published, "en", `The top menu leads to the **Dashboard**, **Business**, **Team**, **Associates**, **Reports**, **Payments** and **Events**. Each area has its own sidebar.

Press the theme switch in the header to choose light, dark or automatic mode.`},
	{0, "Using the portal from a terminal", content.Published, "en", "The `portal` command line tool does what the web does for scripts: `portal clients list`, `portal business list --csv`, `portal help search escrow`.\n\nLog in once with `portal auth login`; the token is kept in your system's keyring."},
	{0, "Staying safe with your login", content.Published, "en", `Use a long passphrase you use nowhere else. The portal signs you out of other devices when you change your password, and you can end any session from **Account → Sessions**.

Never share your login with anyone, even your upline.`},
	{1, "Submitting a new policy", content.Published, "en", `Open **Business → New business**, choose the client, the provider and the product, and enter the face amount and target premium.

Split a policy with a second writer by giving each a share; the shares add up to 100 %. A trainer may be named for a new associate's first policies.`},
	{1, "Policy statuses explained", content.Published, "en", `A policy moves through these states:

- **Pending**: submitted, waiting for the provider.
- **Action Required**: the provider needs something from you; see its requirements.
- **Ready To Pay**: issued; waiting for the first premium.
- **Approved**: in force; commission is calculated.
- **Archived**: closed.`},
	{1, "Answering a requirement", content.Published, "en", `When a policy shows **Action Required**, open it and read its requirements. Send what the provider asks for (a signed form, a medical exam, a payment) and staff mark the requirement received.`},
	{1, "Adding and editing clients", content.Published, "en", `Open **Business → Clients → New client**. A client needs a name, and a phone or email to reach them. Clients you add are yours; your uplines see them read-only.`},
	{1, "Product providers and their materials", content.Published, "en", `Each provider's page lists its contacts, training videos, useful links and attachments such as forms and brochures. Staff keep them current.`},
	{2, "How your commission is calculated", content.Published, "en", `Commission on a policy is its **target premium × the product's commission rate × your level's rate**. Uplines earn the difference between their rate and the rate below them (an override).

Open a cashflow line to see its explanation, step by step.`},
	{2, "Advances and escrow", content.Published, "en", `When a policy is approved, **75 %** of your commission is advanced and **25 %** is held in escrow. Escrow is released in three parts in policy months 10, 11 and 12.

If the policy lapses earlier, the unreleased escrow covers part of the chargeback.`},
	{2, "Chargebacks", content.Published, "en", `A policy that lapses in its first year charges back the advance not yet earned, month by month. The chargeback is taken from escrow first, then from your next pay statements.`},
	{2, "Reading your pay statement", content.Published, "en", `A pay statement lists what was paid in a pay run: advances, escrow released, bonuses, and chargebacks taken. Download it as a PDF from **Payments → Statements**.`},
	{2, "Bonus pools", content.Published, "en", `Builder RMD bonuses are pools shared each month among the associates who qualify, in proportion to their metric (personal BV, premium or earnings).`},
	{2, "Changing where you are paid", content.Published, "en", `Add a bank account under **Account → Payout information**. A new account or new numbers need a void cheque or bank letter, and staff review every change before it is used.`},
	{3, "Team views: Personal, Base Shop and more", content.Published, "en", `The team pages show your organisation in views:

- **Personal**: the associates you recruited.
- **Base Shop**: your whole downline up to the next RMD.
- **RMD Super Base / Super Team**: for senior associates, the organisation including downline RMDs.
- **Infinity**: everyone below you.`},
	{3, "Recruiting with your registration link", content.Published, "en", `Share your registration link from your dashboard. A recruit who registers with it joins your team; you are their upline.`},
	{3, "Reading the hierarchy", content.Published, "en", `The hierarchy shows each associate's upline chain and downline tree. Search for a code or name to jump to them.`},
	{3, "Levels and promotions", content.Published, "en", `Your level decides your contract rate. Promotions follow production and recruiting targets; your level history is on your associate page.`},
	{3, "Exporting your team", content.Published, "en", `Every team list downloads as CSV or Excel with the filters you chose. Large teams download in the background; the link arrives when the file is ready.`},
	{4, "Adding a license", content.Published, "en", `Enter each state or province license with its number and expiry date. Business can only be written where a license is in force.`},
	{4, "Provider appointments", content.Published, "en", `An appointment with a provider lets you sell its products. Appointments are requested through staff once your license is in force.`},
	{4, "Working in Canada and the USA", content.Published, "en", `Associates of one country may ask to be appointed in the other under **Account → International appointment**. Staff review each request.`},
	{4, "Continuing education reminders", content.Draft, "en", `Each state and province sets its own continuing education hours. The portal will remind you 60 days before a license expires.`},
	{4, "Errors and omissions coverage", content.Published, "en", `Errors and omissions (E&O) insurance protects you against claims of a mistake in your advice. Keep your certificate current in your documents.`},
	{5, "Updating your personal details", content.Published, "en", `Change your phone, address, spouse or basic information from **Account**. Every change is kept in your change log.`},
	{5, "Changing your email address", content.Published, "en", `Enter the new address; a confirmation link is sent to it. The change takes effect when you follow the link within 24 hours.`},
	{5, "Your photo", content.Published, "en", `Upload a JPEG, PNG or WebP photo of yourself. It shows in the header, team lists and the hierarchy. Your initials show when there is none.`},
	{5, "Signing your agreements", content.Published, "en", `Agreements waiting for you are under **Account → Legal documents**. Read each, sign with your name or a drawn signature, and download the signed PDF.`},
	{5, "Resetting a forgotten password", content.Published, "en", `On the login page choose **Forgot password** and enter your email. The link in the email works once, for one hour.`},
	{6, "Registering for an event", content.Published, "en", `Open **Events**, choose an upcoming event and press **Register**. Your QR code for check-in is on the event page; add the event to your calendar from there.`},
	{6, "Checking in at an event", content.Published, "en", `Show your QR code at the door; staff scan it once. You can also be checked in by name.`},
	{6, "Ordering from the store", content.Published, "en", `Add products to your cart, choose sizes, and pay by card at checkout. Your orders and their delivery are under **Account → Purchase history**.`},
	{6, "Store returns", content.Unpublished, "en", `Unworn items may be returned within 30 days. Contact support with your order number.`},
	{6, "Event refunds", content.Unpublished, "en", `Paid events are refunded when cancelled at least 7 days before they start.`},
	{7, "Bienvenue sur le portail", content.Published, "fr", `Le portail est l'endroit où vous gérez vos **polices**, vos **clients**, votre **équipe** et vos **paiements**.

Commencez par lire et accepter les notes de service qui vous attendent sur votre tableau de bord.`},
	{7, "Comprendre vos commissions", content.Published, "fr", `La commission d'une police est la **prime cible × le taux du produit × le taux de votre niveau**. À l'approbation, 75 % est avancé et 25 % est retenu en fiducie, libéré aux mois 10, 11 et 12.`},
	{7, "Travailler au Canada", content.Published, "fr", `Chaque province exige son propre permis. Ajoutez vos permis dans votre compte avant de soumettre des affaires dans une province.`},
	{7, "Modifier vos renseignements bancaires", content.Draft, "fr", `Ajoutez un compte bancaire avec un chèque annulé; le personnel vérifie chaque changement avant qu'il soit utilisé.`},
}

// helpSlug is a title's slug: lower-case words of letters and digits joined by hyphens
// (accents dropped).
func helpSlug(title string) string {
	fold := strings.NewReplacer("à", "a", "â", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "î", "i", "ô", "o", "û", "u", "ù", "u", "'", " ")
	words := strings.FieldsFunc(fold.Replace(strings.ToLower(title)), func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9')
	})
	return strings.Join(words, "-")
}

var publicPages = []struct{ slug, title, body string }{
	{"terms", "Terms of use", `These terms govern your use of the Associate Portal.

## Who may use the portal

The portal is for licensed associates of the organisation and the staff who support them. Your login is personal; you are responsible for what is done with it.

## What you may do

Use the portal to run your business: record clients and policies, follow your team and your payments, and take part in events. Do not copy clients' information out of the portal except to serve them.

## Changes

We may change these terms; the date below says when they last changed.`},
	{"privacy", "Privacy notice", `We keep the personal information of associates and their clients to run the business and pay commissions, as the laws of the USA and Canada require.

- **What we keep**: names, contact details, licenses, policies, payments and tax documents.
- **Why**: to place business with providers, pay compensation and meet our legal duties.
- **Your rights**: ask to see or correct what we hold about you by writing to privacy@example.com.

Tax identification numbers are stored sealed and are never shown in full.`},
	{"opportunity", "The opportunity", `Build a business of your own helping families protect their income and plan their future.

## What associates do

Associates help clients with life insurance, annuities and money management, and build a team of their own.

## How you grow

- Earn commission on every policy you write, with advances on approval.
- Earn overrides on your team's business as you are promoted.
- Share in monthly bonus pools as a Builder RMD.

Ask the associate who shared this page for a registration link.`},
}

// helpContent writes the help centre and the public pages.
func helpContent(ctx context.Context, tx pgx.Tx, now time.Time) error {
	for i, c := range helpCategories {
		if _, err := tx.Exec(ctx, `INSERT INTO help_categories (id, slug, name, position) VALUES ($1, $2, $3, $4)`,
			i+1, c.slug, c.name, i+1); err != nil {
			return fmt.Errorf("seed help categories: %w", err)
		}
	}
	rows := make([][]any, len(helpArticles))
	for i, a := range helpArticles {
		at := now.Add(-time.Duration(len(helpArticles)-i) * 36 * time.Hour)
		var published *time.Time
		if a.status != content.Draft {
			published = &at
		}
		rows[i] = []any{int64(i + 1), helpSlug(a.title), a.title, int64(a.category + 1), a.language, a.status, a.body,
			content.PlainText(a.body), published, at, at}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"help_articles"}, []string{"id", "slug", "title", "category_id", "language", "status",
		"body_markdown", "body_text", "published_at", "created_at", "updated_at"}, pgx.CopyFromRows(rows)); err != nil {
		return fmt.Errorf("seed help articles: %w", err)
	}
	for _, p := range publicPages {
		if _, err := tx.Exec(ctx, `INSERT INTO pages (slug, title, body_markdown, updated_at) VALUES ($1, $2, $3, $4)`,
			p.slug, p.title, p.body, now.AddDate(0, -2, 0)); err != nil {
			return fmt.Errorf("seed pages: %w", err)
		}
	}
	return nil
}
