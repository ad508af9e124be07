package store_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

// The store tests of clients, team and genealogy share one small organisation, built by
// hand so that every expectation can be read off this picture (levels 6 and up are senior):
//
//	TOP100 MD, top, no leader
//	├── XST100 TA            a stranger to RMD100's organisation
//	└── RMD100 RMD           senior
//	    ├── AAA100 SA
//	    │   ├── AAA110 TA
//	    │   └── RMD200 RMD   generation 1 of RMD100
//	    │       ├── BBB100 A
//	    │       └── RMD300 SRMD  generation 2
//	    │           ├── CCC100 TA
//	    │           └── RMD400 → RMD500 → RMD600 → RMD700 → RMD800 (RMD, generations 3 to 7)
//	    │                                                    └── DDD100 TA
//	    └── SIB100 MD        AAA100's sibling
//	        └── SIB110 A
type orgMember struct {
	code, upline string
	level        int16
	first, last  string
	state        string // "" for none
}

var orgMembers = []orgMember{
	{"TOP100", "", 4, "Tess", "Top", "NY"},
	{"XST100", "TOP100", 1, "Xena", "Stranger", "TX"},
	{"RMD100", "TOP100", 6, "Rita", "Root", "TX"},
	{"AAA100", "RMD100", 3, "Amy", "Adams", "FL"},
	{"AAA110", "AAA100", 1, "Abe", "Archer", "FL"},
	{"RMD200", "AAA100", 6, "Rob", "Reed", "CA"},
	{"BBB100", "RMD200", 2, "Bea", "Baker", "CA"},
	{"RMD300", "RMD200", 7, "Ron", "Rhodes", "NV"},
	{"CCC100", "RMD300", 1, "Cal", "Cole", ""},
	{"RMD400", "RMD300", 6, "Ray", "Rowe", "NV"},
	{"RMD500", "RMD400", 6, "Rex", "Rook", "NV"},
	{"RMD600", "RMD500", 6, "Roy", "Rudd", "NV"},
	{"RMD700", "RMD600", 6, "Rae", "Rusk", "NV"},
	{"RMD800", "RMD700", 6, "Rod", "Ryan", "NV"},
	{"DDD100", "RMD800", 1, "Dot", "Dunn", ""},
	{"SIB100", "RMD100", 4, "Sid", "Sibling", "GA"},
	{"SIB110", "SIB100", 2, "Sam", "Sage", "GA"},
}

type org struct {
	pool  *pgxpool.Pool
	st    *store.Store
	ids   map[string]int64 // associate id by code
	codes map[int64]string
	users map[string]int64 // user id by associate code
}

// newOrg builds the organisation above in a fresh migrated database, with a login user
// for every associate.
func newOrg(t *testing.T) *org {
	t.Helper()
	ctx := context.Background()
	pool := testdb.New(t)
	o := &org{pool: pool, st: store.New(pool), ids: map[string]int64{}, codes: map[int64]string{}, users: map[string]int64{}}
	joined := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, m := range orgMembers {
		email := fmt.Sprintf("%s@example.com", m.code)
		var id int64
		if m.upline == "" {
			// The top has no upline: AddAssociate needs one, so it is written directly.
			err := pool.QueryRow(ctx, `WITH n AS (SELECT nextval(pg_get_serial_sequence('associates', 'id')) AS id)
				INSERT INTO associates (id, code, path, depth, level_id, senior, country, first_name, last_name, email, joined_on)
				SELECT id, $1, text2ltree(id::text), 0, $2, false, 'USA', $3, $4, $5, $6 FROM n RETURNING id`,
				m.code, m.level, m.first, m.last, email, joined).Scan(&id)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			var err error
			id, err = o.st.AddAssociate(ctx, store.NewAssociate{Code: m.code, FirstName: m.first, LastName: m.last, Email: email,
				UplineID: o.ids[m.upline], LevelID: m.level, Country: "USA", JoinedOn: joined.AddDate(0, 0, i)})
			if err != nil {
				t.Fatalf("add %s: %v", m.code, err)
			}
		}
		if _, err := pool.Exec(ctx, `UPDATE associates SET state = nullif($2, '') WHERE id = $1`, id, m.state); err != nil {
			t.Fatal(err)
		}
		var user int64
		if err := pool.QueryRow(ctx, `INSERT INTO users (email, password_hash, associate_id, first_name, last_name)
			VALUES ($1, 'x', $2, $3, $4) RETURNING id`, email, id, m.first, m.last).Scan(&user); err != nil {
			t.Fatal(err)
		}
		o.ids[m.code], o.codes[id], o.users[m.code] = id, m.code, user
	}
	return o
}

// as is the principal of an associate's own login.
func (o *org) as(t *testing.T, code string) *auth.Principal {
	t.Helper()
	p, err := o.st.PrincipalFor(context.Background(), o.users[code], o.ids[code], 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// staff is the principal of a new staff user holding perms, acting for nobody.
func (o *org) staff(t *testing.T, name string, perms ...string) *auth.Principal {
	t.Helper()
	ctx := context.Background()
	if perms == nil {
		perms = []string{}
	}
	var id int64
	if err := o.pool.QueryRow(ctx, `INSERT INTO users (email, password_hash, is_staff, first_name, last_name, permissions)
		VALUES ($1, 'x', true, $2, 'Staff', $3) RETURNING id`, name+"@staff.example.com", name, perms).Scan(&id); err != nil {
		t.Fatal(err)
	}
	p, err := o.st.PrincipalFor(ctx, id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (o *org) root(t *testing.T, code string) store.Root {
	t.Helper()
	r, err := o.st.TeamRoot(context.Background(), o.ids[code])
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (o *org) byCode(m map[int64]int) map[string]int {
	out := make(map[string]int, len(m))
	for id, g := range m {
		out[o.codes[id]] = g
	}
	return out
}

// gens builds an expected membership: every code with one generation.
func gens(g int, codes ...string) map[string]int {
	out := map[string]int{}
	for _, c := range codes {
		out[c] = g
	}
	return out
}

func mergeGens(ms ...map[string]int) map[string]int {
	out := map[string]int{}
	for _, m := range ms {
		maps.Copy(out, m)
	}
	return out
}

func TestTeamViewMembership(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()

	rmdBase := gens(0, "RMD100", "AAA100", "AAA110", "SIB100", "SIB110")
	gen1 := gens(1, "RMD200", "BBB100")
	gen2 := gens(2, "RMD300", "CCC100")
	gens3to6 := map[string]int{"RMD400": 3, "RMD500": 4, "RMD600": 5, "RMD700": 6}
	gen7 := gens(7, "RMD800", "DDD100")
	belowAAA100 := gens(-1, "AAA100", "AAA110", "RMD200", "BBB100", "RMD300", "CCC100",
		"RMD400", "RMD500", "RMD600", "RMD700", "RMD800", "DDD100")

	cases := []struct {
		view hierarchy.View
		root string
		want map[string]int
	}{
		{hierarchy.Personal, "AAA100", gens(-1, "AAA100")},
		{hierarchy.Personal, "RMD100", gens(-1, "RMD100")},
		// The base shop stops at a senior associate and leaves out everyone below it.
		{hierarchy.BaseShop, "AAA100", gens(-1, "AAA100", "AAA110")},
		{hierarchy.BaseShop, "SIB100", gens(-1, "SIB100", "SIB110")},
		{hierarchy.BaseShop, "AAA110", gens(-1, "AAA110")},
		// Without a leader above: the whole subtree up to the first senior.
		{hierarchy.BaseShop, "TOP100", gens(-1, "TOP100", "XST100")},
		{hierarchy.BaseShop, "XST100", gens(-1, "XST100")},
		{hierarchy.RmdSuperBase, "RMD100", mergeGens(rmdBase, gen1)},
		{hierarchy.RmdSuperBase, "RMD300", mergeGens(gens(0, "RMD300", "CCC100"), gens(1, "RMD400"))},
		// Six generations of leaders: RMD800 (the seventh) and its base are left out.
		{hierarchy.RmdSuperTeam, "RMD100", mergeGens(rmdBase, gen1, gen2, gens3to6)},
		{hierarchy.RmdSuperTeam, "RMD700", mergeGens(gens(0, "RMD700"), gens(1, "RMD800", "DDD100"))},
		{hierarchy.Infinity, "RMD100", mergeGens(rmdBase, gen1, gen2, gens3to6, gen7)},
		// A non-senior root: every depth, no generations.
		{hierarchy.Infinity, "AAA100", belowAAA100},
		{hierarchy.Infinity, "DDD100", gens(-1, "DDD100")},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s of %s", tc.view, tc.root), func(t *testing.T) {
			root := o.root(t, tc.root)
			got, err := o.st.TeamMembers(ctx, tc.view, root)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, o.byCode(got)); diff != "" {
				t.Errorf("members (-want +got):\n%s", diff)
			}
			// The paged list holds the same members with the same generations.
			q, err := listing.Parse("limit=1000", store.TeamListing)
			if err != nil {
				t.Fatal(err)
			}
			list, err := o.st.TeamList(ctx, tc.view, root, q)
			if err != nil {
				t.Fatal(err)
			}
			listed := map[string]int{}
			for _, m := range list {
				g := -1
				if m.Generation != nil {
					g = *m.Generation
				}
				listed[m.Code] = g
			}
			if diff := cmp.Diff(tc.want, listed); diff != "" {
				t.Errorf("TeamList (-want +got):\n%s", diff)
			}
			// The dashboard counts the same members.
			sum, err := o.st.TeamSummary(ctx, tc.view, root, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 1, 31, 0, 0, 0, 0, time.UTC))
			if err != nil {
				t.Fatal(err)
			}
			if sum.Members != int64(len(tc.want)) {
				t.Errorf("TeamSummary.Members = %d, want %d", sum.Members, len(tc.want))
			}
		})
	}

	// Views a root is not offered, and views that do not exist.
	refused := []struct {
		view hierarchy.View
		root string
		kind errs.Kind
	}{
		{hierarchy.BaseShop, "RMD100", errs.Forbidden},
		{hierarchy.RmdSuperBase, "AAA100", errs.Forbidden},
		{hierarchy.RmdSuperTeam, "TOP100", errs.Forbidden},
		{hierarchy.View("Galaxy"), "AAA100", errs.NotFound},
	}
	for _, tc := range refused {
		root := o.root(t, tc.root)
		if _, err := o.st.TeamMembers(ctx, tc.view, root); !errs.Is(err, tc.kind) {
			t.Errorf("%s of %s: %v, want kind %d", tc.view, tc.root, err, tc.kind)
		}
		q, _ := listing.Parse("", store.TeamListing)
		if _, err := o.st.TeamList(ctx, tc.view, root, q); !errs.Is(err, tc.kind) {
			t.Errorf("TeamList %s of %s: %v, want kind %d", tc.view, tc.root, err, tc.kind)
		}
	}
}

func TestTeamRootColumns(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	r := o.root(t, "RMD300")
	leaderPath := fmt.Sprintf("%d.%d.%d", o.ids["RMD100"], o.ids["RMD200"], o.ids["RMD300"])
	path := fmt.Sprintf("%d.%d.%d.%d.%d", o.ids["TOP100"], o.ids["RMD100"], o.ids["AAA100"], o.ids["RMD200"], o.ids["RMD300"])
	if r.Code != "RMD300" || !r.Senior || r.LeaderID == nil || *r.LeaderID != o.ids["RMD300"] || r.LeaderPath != leaderPath || r.Path != path {
		t.Errorf("root of RMD300 = %+v (leader %v), want path %s leader path %s", r, r.LeaderID, path, leaderPath)
	}
	a := o.root(t, "AAA110")
	if a.Senior || a.LeaderID == nil || *a.LeaderID != o.ids["RMD100"] {
		t.Errorf("root of AAA110 = %+v, want led by RMD100", a)
	}
	top := o.root(t, "TOP100")
	if top.LeaderID != nil || top.LeaderPath != "" {
		t.Errorf("root of TOP100 = %+v, want no leader", top)
	}
	if _, err := o.st.TeamRoot(ctx, 1<<40); !errs.Is(err, errs.NotFound) {
		t.Errorf("root of a missing associate: %v", err)
	}
}

// teamPage lists a view with a raw query and answers the codes in order.
func teamPage(t *testing.T, o *org, v hierarchy.View, root store.Root, raw string) ([]string, listing.Query, []store.Member) {
	t.Helper()
	q, err := listing.Parse(raw, store.TeamListing)
	if err != nil {
		t.Fatalf("parse %q: %v", raw, err)
	}
	list, err := o.st.TeamList(context.Background(), v, root, q)
	if err != nil {
		t.Fatalf("%s %q: %v", v, raw, err)
	}
	codes := make([]string, len(list))
	for i, m := range list {
		codes[i] = m.Code
	}
	return codes, q, list
}

func TestTeamListFiltersOrderAndCursor(t *testing.T) {
	o := newOrg(t)
	rmd := o.root(t, "RMD100")

	cases := []struct {
		name, raw string
		want      []string
	}{
		{"generation and name order", "filter[generation][lte]=1&order[generation]=DESC&order[last_name]=ASC",
			[]string{"BBB100", "RMD200", "AAA100", "AAA110", "RMD100", "SIB110", "SIB100"}},
		{"one generation", "filter[generation][eq]=2&order[code]=ASC", []string{"CCC100", "RMD300"}},
		// The default order is the tree: the senior chain reads top down.
		{"senior levels in tree order", "filter[level_rank][gte]=6",
			[]string{"RMD100", "RMD200", "RMD300", "RMD400", "RMD500", "RMD600", "RMD700", "RMD800"}},
		{"code prefix", "filter[code][startswith]=sib&order[code]=DESC", []string{"SIB110", "SIB100"}},
		{"name contains, any case", "filter[name][contains]=OO&order[last_name]=ASC", []string{"RMD500", "RMD100"}},
		{"state", "filter[state][in][]=FL&filter[state][in][]=GA&order[first_name]=ASC", []string{"AAA110", "AAA100", "SIB110", "SIB100"}},
		{"downline size", "filter[downline_size][gte]=10&order[downline_size]=DESC", []string{"RMD100", "AAA100"}},
		{"nothing matches", "filter[generation][eq]=9", []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _, _ := teamPage(t, o, hierarchy.Infinity, rmd, tc.raw)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}

	t.Run("limit answers one row more", func(t *testing.T) {
		got, _, _ := teamPage(t, o, hierarchy.Infinity, rmd, "limit=3&order[code]=ASC")
		if diff := cmp.Diff([]string{"AAA100", "AAA110", "BBB100", "CCC100"}, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		page2, _, _ := teamPage(t, o, hierarchy.Infinity, rmd, "limit=3&page=2&order[code]=ASC")
		if diff := cmp.Diff([]string{"CCC100", "DDD100", "RMD100", "RMD200"}, page2); diff != "" {
			t.Errorf("page 2 (-want +got):\n%s", diff)
		}
	})

	// Walking with cursors gives the whole list once, in order, for orders with ties and NULLs.
	for _, order := range []string{"", "order[generation]=DESC", "order[state]=ASC&order[last_name]=DESC", "order[level_rank]=ASC"} {
		t.Run("cursor walk "+order, func(t *testing.T) {
			all, _, _ := teamPage(t, o, hierarchy.Infinity, rmd, order+"&limit=1000")
			var walked []string
			raw := order + "&limit=3"
			for range 20 {
				page, q, list := teamPage(t, o, hierarchy.Infinity, rmd, raw)
				if len(page) <= q.Limit {
					walked = append(walked, page...)
					break
				}
				walked = append(walked, page[:q.Limit]...)
				last := list[q.Limit-1]
				raw = order + "&limit=3&cursor=" + q.NextCursor(func(f string) any { return store.MemberSortValue(&last, f) })
			}
			if diff := cmp.Diff(all, walked); diff != "" {
				t.Errorf("walked (-all +walked):\n%s", diff)
			}
			if len(all) != 17-2 { // everyone but TOP100 and XST100
				t.Errorf("Infinity of RMD100 holds %d", len(all))
			}
		})
	}

	t.Run("a non-senior root has no generations to filter", func(t *testing.T) {
		got, _, _ := teamPage(t, o, hierarchy.Infinity, o.root(t, "AAA100"), "filter[generation][lte]=6")
		if len(got) != 0 {
			t.Errorf("generation filter on a non-senior's view: %v", got)
		}
		all, _, list := teamPage(t, o, hierarchy.BaseShop, o.root(t, "AAA100"), "")
		if !slices.Equal(all, []string{"AAA100", "AAA110"}) {
			t.Errorf("base shop of AAA100 in tree order: %v", all)
		}
		for _, m := range list {
			if m.Generation != nil {
				t.Errorf("%s has generation %d in a non-senior's view", m.Code, *m.Generation)
			}
		}
	})
}

func TestTeamMemberRows(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	if _, err := o.pool.Exec(ctx, `INSERT INTO licenses (associate_id, state, number, residency, lines_of_authority, issued_on, expires_on)
		VALUES ($1, 'FL', 'L1', 'Resident', '{Life}', current_date - 30, current_date + 20),
		       ($2, 'CA', 'L2', 'Resident', '{Life}', current_date - 400, current_date - 1)`, o.ids["AAA110"], o.ids["BBB100"]); err != nil {
		t.Fatal(err)
	}
	_, _, list := teamPage(t, o, hierarchy.RmdSuperBase, o.root(t, "RMD100"), "order[code]=ASC")
	rows := map[string]store.Member{}
	for _, m := range list {
		rows[m.Code] = m
	}
	a := rows["AAA110"]
	if a.UplineCode != "AAA100" || a.Level.Code != "TA" || a.State != "FL" || !a.Licensed || a.Generation == nil || *a.Generation != 0 || a.DownlineSize != 0 {
		t.Errorf("AAA110 = %+v", a)
	}
	if b := rows["BBB100"]; b.Licensed || b.UplineCode != "RMD200" || *b.Generation != 1 {
		t.Errorf("BBB100 (expired license) = %+v", b)
	}
	if r := rows["RMD100"]; r.UplineCode != "TOP100" || !r.Level.IsSenior || r.DownlineSize != 14 {
		t.Errorf("RMD100 = %+v", r)
	}
	licensed, _, _ := teamPage(t, o, hierarchy.Infinity, o.root(t, "RMD100"), "filter[licensed][eq]=true")
	if !slices.Equal(licensed, []string{"AAA110"}) {
		t.Errorf("licensed = %v", licensed)
	}
	byState, _, _ := teamPage(t, o, hierarchy.Infinity, o.root(t, "RMD100"), "filter[license_state][in][]=FL&filter[license_state][in][]=CA")
	if !slices.Equal(byState, []string{"AAA110"}) {
		t.Errorf("with a current FL or CA license = %v", byState)
	}
	sum, err := o.st.TeamSummary(ctx, hierarchy.RmdSuperBase, o.root(t, "RMD100"), time.Now().AddDate(0, -1, 0), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Licensed != 1 || sum.Expiring != [3]int64{0, 1, 1} {
		t.Errorf("summary licensed %d expiring %v", sum.Licensed, sum.Expiring)
	}
}
