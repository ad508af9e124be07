package seed_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
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
