package store_test

import (
	cmpo "cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/policy"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

// business is a seeded organisation in which everybody may write business: every client is
// in Texas, and every associate holds a Texan license and appointments with every provider
// there for the last three years. Hubs start at a downline of hubMin, so that the small
// organisation has hubs at every depth, and non-hubs too.
type business struct {
	pool    *pgxpool.Pool
	st      *store.Store
	r       *rand.Rand
	today   time.Time
	staff   *auth.Principal
	numbers int
	done    map[string]int // changes made (not refused), by kind
}

func newBusiness(t *testing.T, associates, policies, hubMin int, seedNumber uint64) *business {
	t.Helper()
	ctx := context.Background()
	pool := testdb.New(t)
	if _, err := pool.Exec(ctx, fmt.Sprintf(`CREATE OR REPLACE FUNCTION production_hub_min() RETURNS integer
		LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT %d'`, hubMin)); err != nil {
		t.Fatal(err)
	}
	keys, _ := secret.New([]byte("0123456789abcdef0123456789abcdef"))
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: associates, Clients: associates, Policies: policies, Seed: seedNumber, Keys: keys}); err != nil {
		t.Fatal(err)
	}
	b := &business{pool: pool, st: store.New(pool), r: rand.New(rand.NewPCG(seedNumber, 99)),
		today: time.Now().UTC().Truncate(24 * time.Hour), done: map[string]int{}}
	for _, sql := range []string{
		`UPDATE clients SET state = 'TX', country = 'USA', postal_code = '77001'`,
		`INSERT INTO licenses (associate_id, state, number, residency, issued_on, expires_on)
		 SELECT id, 'TX', 'RT' || id, 'Resident', current_date - 1100, current_date + 700 FROM associates
		 ON CONFLICT DO NOTHING`,
		`INSERT INTO provider_appointments (associate_id, provider_id, state, status, requested_on, appointed_on)
		 SELECT a.id, p.id, 'TX', 'Appointed', current_date - 1100, current_date - 1100 FROM associates a CROSS JOIN providers p`,
		`UPDATE products SET active = true, countries = '{USA,Canada}'`,
	} {
		if _, err := pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	var staffID int64
	if err := pool.QueryRow(ctx, `SELECT id FROM users WHERE email = $1`, seed.DemoStaff).Scan(&staffID); err != nil {
		t.Fatal(err)
	}
	var err error
	if b.staff, err = b.st.PrincipalFor(ctx, staffID, 0, 0); err != nil {
		t.Fatal(err)
	}
	return b
}

// as is the principal of an associate's own login (seeded users share the associate's id).
func (b *business) as(t *testing.T, id int64) *auth.Principal {
	t.Helper()
	p, err := b.st.PrincipalFor(context.Background(), id, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (b *business) pick(t *testing.T, sql string, args ...any) (int64, bool) {
	t.Helper()
	var id int64
	err := b.pool.QueryRow(context.Background(), sql+` ORDER BY random() LIMIT 1`, args...).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return id, true
}

// count records a change that was made; the refusals a random change may meet (a move the
// workflow refuses, a split writer who is not active) pass, any other failure fails.
func (b *business) count(t *testing.T, kind string, err error) {
	t.Helper()
	switch {
	case err == nil:
		b.done[kind]++
	case !errs.Is(err, errs.Conflict) && !errs.Is(err, errs.Invalid):
		t.Fatalf("%s: %v", kind, err)
	}
}

// madeEveryKind fails unless every kind of change was made at least once: a run that only
// met refusals would prove nothing.
func (b *business) madeEveryKind(t *testing.T) {
	t.Helper()
	t.Logf("changes made: %v", b.done)
	for _, kind := range []string{"create", "update", "status", "lapse", "requirement", "move", "level", "recruit"} {
		if b.done[kind] == 0 {
			t.Errorf("no %s was made (made: %v)", kind, b.done)
		}
	}
}

// writePolicy writes a policy for a random associate with a client, sometimes with a split
// writer from its upline or downline, submitted in the last 17 months.
func (b *business) writePolicy(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	writer, ok := b.pick(t, `SELECT a.id FROM associates a WHERE EXISTS (SELECT 1 FROM clients c WHERE c.associate_id = a.id)`)
	if !ok {
		return
	}
	var client, product int64
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT id FROM clients WHERE associate_id = $1 ORDER BY random() LIMIT 1),
		(SELECT id FROM products ORDER BY random() LIMIT 1)`, writer).Scan(&client, &product); err != nil {
		t.Fatal(err)
	}
	b.numbers++
	in := policy.Input{PolicyNumber: fmt.Sprintf("RND-%06d", b.numbers), ClientID: client, ProductID: product,
		FaceAmountCents: 10_000_000, TargetPremiumCents: int64(1+b.r.IntN(5000))*100 + int64(b.r.IntN(100)),
		SubmittedOn: b.today.AddDate(0, 0, -b.r.IntN(520))}
	if b.r.IntN(3) == 0 {
		var code string
		if err := b.pool.QueryRow(ctx, `SELECT s.code FROM associates w JOIN associates s ON s.id <> w.id
			AND (w.path <@ s.path OR s.path <@ w.path) AND s.status = 'Active' WHERE w.id = $1 ORDER BY random() LIMIT 1`, writer).Scan(&code); err == nil {
			in.SplitCode, in.SplitShareBP = code, int32(1+b.r.IntN(9999))
		}
	}
	_, err := b.st.CreatePolicy(ctx, b.as(t, writer), in)
	b.count(t, "create", err)
}

// step makes one random change of the business or of the hierarchy.
func (b *business) step(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	switch k := b.r.IntN(20); {
	case k < 6:
		b.writePolicy(t)
	case k < 8: // the first writer edits: another premium, product or month
		id, ok := b.pick(t, `SELECT id FROM policies WHERE status IN ('Pending', 'Action Required')`)
		if !ok {
			return
		}
		pol, err := b.st.GetPolicy(ctx, b.staff, id)
		if err != nil {
			t.Fatal(err)
		}
		in := pol.Input()
		in.TargetPremiumCents += int64(b.r.IntN(200_000)) - 50_000
		in.TargetPremiumCents = max(in.TargetPremiumCents, 100)
		in.SubmittedOn = in.SubmittedOn.AddDate(0, b.r.IntN(5)-2, 0)
		if in.SubmittedOn.After(b.today) {
			in.SubmittedOn = b.today
		}
		if b.r.IntN(2) == 0 {
			_ = b.pool.QueryRow(ctx, `SELECT id FROM products ORDER BY random() LIMIT 1`).Scan(&in.ProductID)
		}
		if b.r.IntN(4) == 0 {
			in.SplitCode, in.SplitShareBP = "", 0
		}
		_, err = b.st.UpdatePolicy(ctx, b.as(t, pol.Writers[0].AssociateID), id, in)
		b.count(t, "update", err)
	case k < 13: // staff move it along the workflow
		id, ok := b.pick(t, `SELECT id FROM policies WHERE status <> 'Archived'`)
		if !ok {
			return
		}
		var status string
		if err := b.pool.QueryRow(ctx, `SELECT status FROM policies WHERE id = $1`, id).Scan(&status); err != nil {
			t.Fatal(err)
		}
		next := policy.Next(policy.Status(status))
		if len(next) == 0 {
			return
		}
		_, err := b.st.MovePolicy(ctx, b.staff, id, next[b.r.IntN(len(next))], b.today)
		b.count(t, "status", err)
	case k < 14: // a lapse
		id, ok := b.pick(t, `SELECT id FROM policies WHERE status IN ('Approved', 'Archived') AND lapsed_on IS NULL`)
		if !ok {
			return
		}
		_, err := b.st.LapsePolicy(ctx, b.staff, id, b.today, false, b.today)
		b.count(t, "lapse", err)
	case k < 15: // an open requirement sends a Pending policy to Action Required
		id, ok := b.pick(t, `SELECT id FROM policies WHERE status = 'Pending'`)
		if !ok {
			return
		}
		_, err := b.st.SaveRequirement(ctx, b.staff, id, 0, store.RequirementInput{Name: "Exam", Status: policy.RequirementOpen}, b.today)
		b.count(t, "requirement", err)
	case k < 17: // an organisation moves under someone outside it
		x, ok := b.pick(t, `SELECT id FROM associates WHERE upline_id IS NOT NULL`)
		if !ok {
			return
		}
		to, ok := b.pick(t, `SELECT t.id FROM associates t, associates x WHERE x.id = $1 AND NOT t.path <@ x.path`, x)
		if !ok {
			return
		}
		b.count(t, "move", b.st.MoveAssociate(ctx, x, to, b.today, "test"))
	case k < 19: // a promotion to a senior level or a demotion below it
		x, ok := b.pick(t, `SELECT id FROM associates`)
		if !ok {
			return
		}
		var senior bool
		if err := b.pool.QueryRow(ctx, `SELECT senior FROM associates WHERE id = $1`, x).Scan(&senior); err != nil {
			t.Fatal(err)
		}
		level := int16(6 + b.r.IntN(3))
		if senior {
			level = int16(1 + b.r.IntN(5))
		}
		b.count(t, "level", b.st.SetLevel(ctx, x, level, b.today, 0, 0, "test"))
	default: // a recruit, who may make hubs of its uplines
		up, ok := b.pick(t, `SELECT id FROM associates`)
		if !ok {
			return
		}
		b.numbers++
		_, err := b.st.AddAssociate(ctx, store.NewAssociate{Code: fmt.Sprintf("RC%05d", b.numbers), FirstName: "New", LastName: "Recruit",
			Email: fmt.Sprintf("rc%d@example.net", b.numbers), UplineID: up, LevelID: int16(1 + b.r.IntN(8)), Country: "USA", JoinedOn: b.today})
		b.count(t, "recruit", err)
	}
}

type cellKey struct {
	month            string
	status, category string
}

type cellSums struct{ bv, premium, policies int64 }

// plainCredits reads what every policy credits each writer, straight from the policies:
// the reference every figure is held against.
func plainCredits(t *testing.T, pool *pgxpool.Pool) map[int64]map[cellKey]cellSums {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT w.associate_id, to_char(p.submitted_on, 'YYYY-MM'),
		CASE WHEN p.lapsed_on IS NOT NULL THEN 'Lapsed' ELSE p.status END, pr.category, w.bv_cents, w.premium_cents, (w.position = 1)::int
		FROM policies p JOIN policy_writers w ON w.policy_id = p.id JOIN products pr ON pr.id = p.product_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]map[cellKey]cellSums{}
	for rows.Next() {
		var id, bv, premium, n int64
		var k cellKey
		if err := rows.Scan(&id, &k.month, &k.status, &k.category, &bv, &premium, &n); err != nil {
			t.Fatal(err)
		}
		if out[id] == nil {
			out[id] = map[cellKey]cellSums{}
		}
		c := out[id][k]
		out[id][k] = cellSums{c.bv + bv, c.premium + premium, c.policies + n}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// nonZero drops the cells that add up to nothing (production_monthly and the rollup keep a
// row at zero once everything in it has moved on).
func nonZero(m map[cellKey]cellSums) map[cellKey]cellSums {
	maps.DeleteFunc(m, func(_ cellKey, c cellSums) bool { return c == cellSums{} })
	return m
}

// checkRollup holds every figure against the policies: production_monthly per associate,
// each hub's rollup against a sum over its organisation (found with ltree containment, not
// the store's ranges), the hub size, and the production of every view of sampled roots
// (members from the in-memory reference of the definitions) over a few periods.
func checkRollup(t *testing.T, b *business, roots int) {
	t.Helper()
	ctx := context.Background()
	plain := plainCredits(t, b.pool)

	rows, err := b.pool.Query(ctx, `SELECT associate_id, to_char(month, 'YYYY-MM'), status, category, bv_cents, premium_cents, policies FROM production_monthly`)
	if err != nil {
		t.Fatal(err)
	}
	monthly := map[int64]map[cellKey]cellSums{}
	for rows.Next() {
		var id int64
		var k cellKey
		var c cellSums
		if err := rows.Scan(&id, &k.month, &k.status, &k.category, &c.bv, &c.premium, &c.policies); err != nil {
			t.Fatal(err)
		}
		if monthly[id] == nil {
			monthly[id] = map[cellKey]cellSums{}
		}
		monthly[id][k] = c
	}
	rows.Close()
	for id := range monthly {
		if len(nonZero(monthly[id])) == 0 {
			delete(monthly, id)
		}
	}
	if diff := cmp.Diff(plain, monthly, cmp.AllowUnexported(cellKey{}, cellSums{})); diff != "" {
		t.Fatalf("production_monthly against the policies (-policies +production_monthly):\n%s", diff)
	}

	var wrong []string
	if err := b.pool.QueryRow(ctx, `SELECT coalesce(array_agg(id::text), '{}') FROM associates a WHERE downline_size >= production_hub_min()
		AND NOT EXISTS (SELECT 1 FROM production_hubs h WHERE h.associate_id = a.id)`).Scan(&wrong); err != nil || len(wrong) > 0 {
		t.Fatalf("associates with a hub-sized downline but no rollup: %v (%v)", wrong, err)
	}
	var diffs int
	if err := b.pool.QueryRow(ctx, `WITH want AS (
			SELECT h.associate_id AS ancestor_id, least(nlevel(m.leader_path) - nlevel(a.leader_path), 7) AS gen, pm.month, pm.status, pm.category,
				sum(pm.bv_cents) AS bv, sum(pm.premium_cents) AS premium, sum(pm.policies) AS policies
			FROM production_hubs h JOIN associates a ON a.id = h.associate_id JOIN associates m ON m.path <@ a.path
			JOIN production_monthly pm ON pm.associate_id = m.id GROUP BY 1, 2, 3, 4, 5),
		got AS (SELECT ancestor_id, gen, month, status, category, bv_cents AS bv, premium_cents AS premium, policies::numeric FROM production_rollup)
		SELECT count(*) FROM ((SELECT * FROM want WHERE bv <> 0 OR premium <> 0 OR policies <> 0 EXCEPT SELECT * FROM got)
			UNION ALL (SELECT * FROM got WHERE bv <> 0 OR premium <> 0 OR policies <> 0 EXCEPT SELECT * FROM want)) d`).Scan(&diffs); err != nil {
		t.Fatal(err)
	}
	if diffs > 0 {
		t.Fatalf("%d rollup rows differ from the sums over the hubs' organisations", diffs)
	}

	tree, members := load(t, b.pool)
	sample := slices.Clone(members)
	b.r.Shuffle(len(sample), func(i, j int) { sample[i], sample[j] = sample[j], sample[i] })
	sample = sample[:min(roots, len(sample))]
	periods := [][2]time.Time{
		{b.today.AddDate(0, -11, 0), b.today},
		{b.today.AddDate(0, -17, 0), b.today.AddDate(0, -6, -b.today.Day())},
		{time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	for _, x := range sample {
		root, err := b.st.TeamRoot(ctx, x.id)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range hierarchy.Offered(x.senior) {
			in, err := tree.Members(v, x.id)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range periods {
				from, to := p[0].Format("2006-01"), p[1].Format("2006-01")
				want := map[cellKey]cellSums{}
				for m := range in {
					for k, c := range plain[m] {
						if k.month >= from && k.month <= to {
							w := want[k]
							want[k] = cellSums{w.bv + c.bv, w.premium + c.premium, w.policies + c.policies}
						}
					}
				}
				cells, err := b.st.ViewProduction(ctx, v, root, p[0], p[1])
				if err != nil {
					t.Fatal(err)
				}
				got := map[cellKey]cellSums{}
				for _, c := range cells {
					got[cellKey{c.Month.Format("2006-01"), c.Status, c.Category}] = cellSums{c.BV, c.Premium, c.Policies}
				}
				if diff := cmp.Diff(nonZero(want), nonZero(got), cmp.AllowUnexported(cellKey{}, cellSums{})); diff != "" {
					t.Fatalf("%s of %d (%d members, %s to %s) (-plain sum +store):\n%s", v, x.id, len(in), from, to, diff)
				}
				checkByProduction(t, b, v, root, p, in, plain)
			}
		}
	}
}

type ranked struct {
	id, production int64
}

// checkByProduction holds the first two pages of a view's team list ordered by production
// (highest first, then by id) against the members ranked by the BV the policies credit them
// in the period, lapsed business left out.
func checkByProduction(t *testing.T, b *business, v hierarchy.View, root store.Root, period [2]time.Time, in map[int64]int, plain map[int64]map[cellKey]cellSums) {
	t.Helper()
	from, to := period[0].Format("2006-01"), period[1].Format("2006-01")
	var want []ranked
	for m := range in {
		var bv int64
		for k, c := range plain[m] {
			if k.month >= from && k.month <= to && k.status != policy.Lapsed {
				bv += c.bv
			}
		}
		want = append(want, ranked{m, bv})
	}
	slices.SortFunc(want, func(a, b ranked) int {
		if a.production != b.production {
			return cmpo.Compare(b.production, a.production)
		}
		return cmpo.Compare(a.id, b.id)
	})
	root.Period = period
	const limit = 4
	raw := fmt.Sprintf("limit=%d&order[production]=DESC", limit)
	for page := 0; page < 2 && page*limit < len(want); page++ {
		q, err := listing.Parse(raw, store.TeamListing)
		if err != nil {
			t.Fatal(err)
		}
		members, err := b.st.TeamList(context.Background(), v, root, q)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]ranked, len(members))
		for i, m := range members {
			got[i] = ranked{m.ID, m.Production}
		}
		exp := want[page*limit : min(len(want), page*limit+limit+1)]
		if diff := cmp.Diff(exp, got, cmp.AllowUnexported(ranked{})); diff != "" {
			t.Fatalf("%s of %d by production, %s to %s, page %d (-plain sum +store):\n%s", v, root.ID, from, to, page+1, diff)
		}
		last := members[min(len(members), limit)-1]
		raw = fmt.Sprintf("limit=%d&order[production]=DESC&cursor=%s", limit, url.QueryEscape(q.NextCursor(func(f string) any {
			return store.MemberSortValue(&last, f)
		})))
	}
}

// The rollups equal a plain sum over the policies of each view after every kind of change:
// policies written, edited, moved along the workflow and lapsed, requirements opened, and
// the hierarchy changed under them (moves, promotions and demotions, recruits who make new
// hubs).
func TestRollupEqualsThePlainSumAfterRandomChanges(t *testing.T) {
	b := newBusiness(t, 300, 900, 4, 21)
	checkRollup(t, b, 300)
	for range 8 {
		for range 40 {
			b.step(t)
		}
		checkRollup(t, b, 60)
	}
	checkRollup(t, b, 1000)
	b.madeEveryKind(t)
}

// Every associate a hub (hub size 0): the rollup alone answers every view but Personal.
func TestRollupWithEveryAssociateAHub(t *testing.T) {
	b := newBusiness(t, 120, 400, 0, 22)
	for range 4 {
		for range 40 {
			b.step(t)
		}
		checkRollup(t, b, 120)
	}
	b.madeEveryKind(t)
}

// Policy changes running while the hierarchy changes under them leave the rollups right,
// and none fails (no deadlock, no lost update): production changes wait for hierarchy
// changes, never the reverse.
func TestRollupUnderConcurrentChanges(t *testing.T) {
	b := newBusiness(t, 200, 600, 3, 23)
	ctx := context.Background()
	var ids, movers []int64
	for _, q := range []struct {
		into *[]int64
		sql  string
	}{
		{&ids, `SELECT array_agg(id ORDER BY id) FROM policies WHERE status = 'Pending'`},
		{&movers, `SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM associates WHERE upline_id IS NOT NULL
			AND downline_size BETWEEN 2 AND 40 ORDER BY id LIMIT 12) x`},
	} {
		if err := b.pool.QueryRow(ctx, q.sql).Scan(q.into); err != nil {
			t.Fatal(err)
		}
	}
	if len(ids) < 40 || len(movers) < 6 {
		t.Fatalf("the seed gave %d pending policies and %d organisations to move", len(ids), len(movers))
	}
	var wg sync.WaitGroup
	failures := make(chan error, 100)
	for w := range 4 { // staff approving policies, each its own share
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(ids); i += 4 {
				for _, to := range []policy.Status{policy.ReadyToPay, policy.Approved} {
					if _, err := b.st.MovePolicy(ctx, b.staff, ids[i], to, b.today); err != nil && !errs.Is(err, errs.Conflict) {
						failures <- fmt.Errorf("policy %d to %s: %w", ids[i], to, err)
						return
					}
				}
			}
		}()
	}
	wg.Add(1)
	go func() { // meanwhile organisations move to the top and back, and change seniority
		defer wg.Done()
		for i, m := range movers {
			var up, top int64
			if err := b.pool.QueryRow(ctx, `SELECT upline_id, (SELECT id FROM associates WHERE upline_id IS NULL) FROM associates WHERE id = $1`, m).Scan(&up, &top); err != nil {
				failures <- err
				return
			}
			for _, to := range []int64{top, up} {
				if to == up && i%2 == 1 {
					continue
				}
				if err := b.st.MoveAssociate(ctx, m, to, b.today, "test"); err != nil {
					failures <- fmt.Errorf("move %d under %d: %w", m, to, err)
					return
				}
			}
			if err := b.st.SetLevel(ctx, m, int16(6+i%3), b.today, 0, 0, "test"); err != nil {
				failures <- fmt.Errorf("promote %d: %w", m, err)
				return
			}
		}
	}()
	wg.Wait()
	close(failures)
	for err := range failures {
		t.Error(err)
	}
	checkRollup(t, b, 200)
}

// An associate whose production spans more than the 120 months production_members keeps
// month by month: a period reaching back before them is summed from production_monthly,
// and ranks the same.
func TestTeamListByProductionOverALongHistory(t *testing.T) {
	b := newBusiness(t, 80, 300, 4, 24)
	ctx := context.Background()
	var writer int64
	if err := b.pool.QueryRow(ctx, `SELECT a.id FROM associates a WHERE a.upline_id IS NOT NULL
		AND EXISTS (SELECT 1 FROM clients c WHERE c.associate_id = a.id) ORDER BY a.id LIMIT 1`).Scan(&writer); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{
		`UPDATE licenses SET issued_on = current_date - 6000 WHERE associate_id = $1`,
		`UPDATE provider_appointments SET requested_on = current_date - 6000, appointed_on = current_date - 6000 WHERE associate_id = $1`,
	} {
		if _, err := b.pool.Exec(ctx, sql, writer); err != nil {
			t.Fatal(err)
		}
	}
	var client, product int64
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT min(id) FROM clients WHERE associate_id = $1), (SELECT min(id) FROM products)`, writer).
		Scan(&client, &product); err != nil {
		t.Fatal(err)
	}
	old := b.today.AddDate(-12, 0, 0)
	for i, on := range []time.Time{old, b.today} {
		in := policy.Input{PolicyNumber: fmt.Sprintf("LONG-%d", i), ClientID: client, ProductID: product, FaceAmountCents: 1,
			TargetPremiumCents: 900_000_000, SubmittedOn: on}
		if _, err := b.st.CreatePolicy(ctx, b.as(t, writer), in); err != nil {
			t.Fatal(err)
		}
	}
	var first int
	var before int64
	if err := b.pool.QueryRow(ctx, `SELECT first_month, before_cents FROM production_members WHERE associate_id = $1`, writer).
		Scan(&first, &before); err != nil || before == 0 || first != b.today.Year()*12+int(b.today.Month())-1-119 {
		t.Fatalf("the running sums start at %d with %d before (%v): want 120 months and the older BV before them", first, before, err)
	}
	tree, _ := load(t, b.pool)
	top, err := b.st.TeamRoot(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	in, err := tree.Members(hierarchy.Infinity, 1)
	if err != nil {
		t.Fatal(err)
	}
	plain := plainCredits(t, b.pool)
	for _, p := range [][2]time.Time{{old.AddDate(-1, 0, 0), b.today}, {old, old}, {old.AddDate(0, 1, 0), b.today}, {b.today.AddDate(0, -11, 0), b.today}} {
		checkByProduction(t, b, hierarchy.Infinity, top, p, in, plain)
	}
}
