package seed_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/payout"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/tax"
	"github.com/associateportal/portal/server/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

func keys(t *testing.T) *secret.Keys {
	k, err := secret.New([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestSeedBuildsTheDemoOrganisation(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	res, err := seed.Run(ctx, pool, seed.Options{Associates: 2000, Seed: 1, Now: now, Keys: keys(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Associates != 2000 || res.Clients != 16000 {
		t.Fatalf("sizes = %d associates, %d clients", res.Associates, res.Clients)
	}
	var levels int
	if err := pool.QueryRow(ctx, `SELECT count(DISTINCT level_id) FROM associates`).Scan(&levels); err != nil {
		t.Fatal(err)
	}
	if levels != 8 {
		t.Errorf("levels present = %d, want all 8", levels)
	}
	// The agent's nearest senior ancestor is the demo RMD: it is in the RMD's base shop.
	var leader string
	err = pool.QueryRow(ctx, `
		SELECT s.code FROM associates a JOIN associates s ON s.path @> a.path AND s.id <> a.id
		JOIN levels l ON l.id = s.level_id
		WHERE a.code = $1 AND l.is_senior ORDER BY s.depth DESC LIMIT 1`, seed.DemoAgtCode).Scan(&leader)
	if err != nil || leader != seed.DemoRMDCode {
		t.Fatalf("agent's leader = %q, %v; want %s", leader, err, seed.DemoRMDCode)
	}
	var agentSenior, rmdSenior bool
	if err := pool.QueryRow(ctx, `SELECT l.is_senior FROM associates a JOIN levels l ON l.id = a.level_id WHERE a.code = $1`, seed.DemoAgtCode).Scan(&agentSenior); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT l.is_senior FROM associates a JOIN levels l ON l.id = a.level_id WHERE a.code = $1`, seed.DemoRMDCode).Scan(&rmdSenior); err != nil {
		t.Fatal(err)
	}
	if agentSenior || !rmdSenior {
		t.Errorf("agent senior = %v, rmd senior = %v", agentSenior, rmdSenior)
	}
	for _, code := range []string{seed.DemoAgtCode, seed.DemoRMDCode} {
		var memos, w9s, clients int
		err := pool.QueryRow(ctx, `
			SELECT (SELECT count(*) FROM memos m WHERE m.status = 'Published' AND NOT EXISTS (
			          SELECT 1 FROM memo_acknowledgements x WHERE x.memo_id = m.id AND x.associate_id = a.id)),
			       (SELECT count(*) FROM w9_documents w WHERE w.associate_id = a.id AND w.acknowledged_at IS NULL),
			       (SELECT count(*) FROM clients c WHERE c.associate_id = a.id)
			FROM associates a WHERE a.code = $1`, code).Scan(&memos, &w9s, &clients)
		if err != nil {
			t.Fatal(err)
		}
		if memos < 1 || w9s < 1 {
			t.Errorf("%s: pending memos %d, W-9s %d; want at least one of each", code, memos, w9s)
		}
		if code == seed.DemoAgtCode && clients < 40 {
			t.Errorf("agent has %d clients, want at least 40", clients)
		}
	}
}

// The seeded business: policies in every status for both demo associates, every category
// sold, writers' shares adding up to each policy, production that is the sum of the
// writers' shares, an approval event per approved policy, and a few policies with
// requirements, splits and trainers; seeding with few clients still writes every policy.
func TestSeedBuildsBusiness(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	res, err := seed.Run(ctx, pool, seed.Options{Associates: 300, Clients: 60, Seed: 3, Now: now, Keys: keys(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Policies != 900 {
		t.Errorf("%d policies; want 3 per associate", res.Policies)
	}
	for _, code := range []string{seed.DemoAgtCode, seed.DemoRMDCode} {
		var statuses int
		if err := pool.QueryRow(ctx, `SELECT count(DISTINCT p.status) FROM policies p JOIN associates a ON a.id = p.writer_id
			WHERE a.code = $1`, code).Scan(&statuses); err != nil {
			t.Fatal(err)
		}
		if statuses != 5 {
			t.Errorf("%s writes in %d statuses; want all 5", code, statuses)
		}
	}
	var categories, unbalanced, splits, trainers, withRequirements, approved, approvals int
	var production, shares int64
	err = pool.QueryRow(ctx, `SELECT
		(SELECT count(DISTINCT pr.category) FROM policies p JOIN products pr ON pr.id = p.product_id),
		(SELECT count(*) FROM policies p WHERE p.bv_cents <> (SELECT sum(bv_cents) FROM policy_writers w WHERE w.policy_id = p.id)
			OR p.target_premium_cents <> (SELECT sum(premium_cents) FROM policy_writers w WHERE w.policy_id = p.id)
			OR (SELECT sum(share_bp) FROM policy_writers w WHERE w.policy_id = p.id) <> 10000),
		(SELECT count(*) FROM policy_writers WHERE position = 2),
		(SELECT count(*) FROM policies WHERE trainer_id IS NOT NULL),
		(SELECT count(DISTINCT policy_id) FROM policy_requirements),
		(SELECT count(*) FROM policies WHERE approved_on IS NOT NULL),
		(SELECT count(*) FROM policy_events WHERE kind = 'approved'),
		(SELECT coalesce(sum(bv_cents), 0) FROM production_monthly),
		(SELECT sum(bv_cents) FROM policy_writers)`).Scan(&categories, &unbalanced, &splits, &trainers, &withRequirements,
		&approved, &approvals, &production, &shares)
	if err != nil {
		t.Fatal(err)
	}
	if categories != 8 || unbalanced != 0 || splits == 0 || trainers == 0 || withRequirements == 0 || approved == 0 ||
		approvals != approved || production != shares {
		t.Errorf("categories %d (want 8), unbalanced %d, splits %d, trainers %d, with requirements %d, approved %d, approval events %d, production %d vs shares %d",
			categories, unbalanced, splits, trainers, withRequirements, approved, approvals, production, shares)
	}
	// The demo agent and its RMD can split a policy where the agent lives: both hold a valid
	// license there and an appointment with a provider that offers products in that country.
	var together int
	err = pool.QueryRow(ctx, `SELECT count(DISTINCT ap.provider_id) FROM associates ag
		JOIN licenses la ON la.associate_id = ag.id AND la.residency = 'Resident'
		JOIN associates rm ON rm.code = $2
		JOIN licenses lr ON lr.associate_id = rm.id AND lr.state = la.state AND lr.expires_on > $3::date + 30
		JOIN provider_appointments ap ON ap.associate_id = ag.id AND ap.state = la.state AND ap.status = 'Appointed'
		JOIN provider_appointments ar ON ar.associate_id = rm.id AND ar.state = la.state AND ar.status = 'Appointed' AND ar.provider_id = ap.provider_id
		WHERE ag.code = $1 AND la.expires_on > $3::date + 30`, seed.DemoAgtCode, seed.DemoRMDCode, now).Scan(&together)
	if err != nil || together == 0 {
		t.Errorf("the demo agent and RMD share no provider where the agent lives (%d, %v)", together, err)
	}
}

func TestSeedIsDeterministic(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	digest := func() string {
		pool := testdb.New(t)
		if _, err := seed.Run(ctx, pool, seed.Options{Associates: 300, Seed: 7, Now: now, Keys: keys(t)}); err != nil {
			t.Fatal(err)
		}
		var d string
		err := pool.QueryRow(ctx, `SELECT md5(string_agg(concat_ws('|', a.id, a.code, a.path, a.level_id, a.email, a.status), ',' ORDER BY a.id))
			|| md5((SELECT string_agg(concat_ws('|', id, associate_id, first_name, last_name, email, state, annual_income), ',' ORDER BY id) FROM clients))
			FROM associates a`).Scan(&d)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if a, b := digest(), digest(); a != b {
		t.Errorf("two seeds with the same number differ: %s vs %s", a, b)
	}
}

func TestSeedRefusesAFilledDatabase(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	opts := seed.Options{Associates: 60, Seed: 1, Keys: keys(t)}
	if _, err := seed.Run(ctx, pool, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Run(ctx, pool, opts); err == nil {
		t.Fatal("seeding twice succeeded")
	}
}

// The seed sets indexes and foreign keys aside while it copies; it leaves the schema as the
// migrations made it, every row checked by the keys it adds back, and the team rollups built.
func TestSeedKeepsTheSchema(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	schema := func() string {
		var s string
		if err := pool.QueryRow(ctx, `SELECT
			(SELECT string_agg(conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated, E'\n'
			   ORDER BY conrelid::regclass::text, conname)
			 FROM pg_constraint WHERE connamespace = current_schema()::regnamespace) || E'\n' ||
			(SELECT string_agg(indexdef, E'\n' ORDER BY indexdef) FROM pg_indexes WHERE schemaname = current_schema())`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := schema()
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: 300, Seed: 4, Keys: keys(t)}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, schema()); diff != "" {
		t.Errorf("the schema after seeding (-migrated +seeded):\n%s", diff)
	}
	var hubs, rollup, members, producers int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM production_hubs), (SELECT count(*) FROM production_rollup),
		(SELECT count(*) FROM production_members),
		(SELECT count(DISTINCT associate_id) FROM production_monthly WHERE status <> 'Lapsed')`).Scan(&hubs, &rollup, &members, &producers); err != nil {
		t.Fatal(err)
	}
	if hubs == 0 || rollup == 0 || members == 0 || members != producers {
		t.Errorf("%d hubs with %d rollup rows, running sums of %d associates for %d with production", hubs, rollup, members, producers)
	}
}

// Every seeded secret is sealed under the seed's key with its id beside it: W-9 TINs
// that pass the format check, and (with files) the demo RMD's payout accounts, one in use
// and one waiting for staff, with their void cheques; the demo agent has none.
func TestSeedSealsSecretsWithTheirKeyID(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	k := keys(t)
	stored := map[string][]byte{}
	put := func(id string, data []byte) error { stored[id] = data; return nil }
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: 300, Seed: 5, Keys: k, PutFile: put}); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT tin_encrypted, coalesce(tin_key_id, ''), tin_kind, tin_last4, entity_type FROM w9_documents`)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var sealed []byte
		var keyID, kind, last4, entity string
		if err := rows.Scan(&sealed, &keyID, &kind, &last4, &entity); err != nil {
			t.Fatal(err)
		}
		n++
		if keyID != k.ID() {
			t.Errorf("a W-9 TIN's key id is %q, want %q", keyID, k.ID())
			continue
		}
		tin, err := k.OpenWith(keyID, sealed)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := tax.Normalize(kind, string(tin)); err != nil || d != string(tin) || !strings.HasSuffix(d, last4) {
			t.Errorf("seeded %s %q (last 4 %s): %q, %v", kind, tin, last4, d, err)
		}
		if (kind == tax.EIN) != (entity != "Individual") {
			t.Errorf("a %s has an %s", entity, kind)
		}
	}
	if err := rows.Err(); err != nil || n < 30 {
		t.Fatalf("%d W-9 documents seeded (%v)", n, err)
	}

	type account struct {
		Code, Country, Bank, Routing, Last4, Type, Holder, Status string
		Active, Decided, EnteredBySelf                            bool
		ContentType                                               string
		Owned                                                     bool
	}
	rows, err = pool.Query(ctx, `SELECT a.code, p.country, p.bank_name, p.routing_number, p.account_last4, p.account_type, p.holder,
			p.status, p.active, p.decided_by IS NOT NULL, p.entered_by = u.id, f.content_type, f.owner_user_id = u.id,
			p.account_sealed, p.key_id, f.id
		FROM payout_accounts p JOIN associates a ON a.id = p.associate_id JOIN users u ON u.associate_id = a.id
		JOIN files f ON f.id = p.document_file_id ORDER BY p.id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []account
	for rows.Next() {
		var a account
		var sealed []byte
		var keyID, file string
		if err := rows.Scan(&a.Code, &a.Country, &a.Bank, &a.Routing, &a.Last4, &a.Type, &a.Holder, &a.Status, &a.Active,
			&a.Decided, &a.EnteredBySelf, &a.ContentType, &a.Owned, &sealed, &keyID, &file); err != nil {
			t.Fatal(err)
		}
		number, err := k.OpenWith(keyID, sealed)
		if err != nil || keyID != k.ID() {
			t.Fatalf("account number under key %q: %v", keyID, err)
		}
		in := payout.Input{Country: a.Country, BankName: a.Bank, RoutingNumber: a.Routing, AccountNumber: string(number),
			AccountType: a.Type, Holder: a.Holder, DocumentID: file}
		if err := in.Check(func(string) bool { return true }, true); err != nil || in.RoutingNumber != a.Routing ||
			in.AccountNumber != string(number) || payout.Last4(in.AccountNumber) != a.Last4 {
			t.Errorf("the seeded account %+v (number %s) does not pass the form's check: %v", a, number, err)
		}
		if !bytes.HasPrefix(stored[file], []byte("%PDF-")) || bytes.Contains(stored[file], number) {
			t.Errorf("the void cheque of %s is not a PDF without the account number", a.Bank)
		}
		a.Bank, a.Routing, a.Last4, a.Country = "", "", "", ""
		got = append(got, a)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []account{
		{Code: seed.DemoRMDCode, Type: "Checking", Holder: "Owner", Status: "Approved", Active: true, Decided: true,
			EnteredBySelf: true, ContentType: "application/pdf", Owned: true},
		{Code: seed.DemoRMDCode, Type: "Savings", Holder: "Owner", Status: "Pending For Admin", EnteredBySelf: true,
			ContentType: "application/pdf", Owned: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the seeded payout accounts (-want +got):\n%s", diff)
	}

	// Without a place for files, no account (its document would be a broken link).
	bare := testdb.New(t)
	if _, err := seed.Run(ctx, bare, seed.Options{Associates: 60, Seed: 5, Keys: k}); err != nil {
		t.Fatal(err)
	}
	var accounts int
	if err := bare.QueryRow(ctx, `SELECT count(*) FROM payout_accounts`).Scan(&accounts); err != nil || accounts != 0 {
		t.Errorf("%d payout accounts seeded without files (%v)", accounts, err)
	}
}
