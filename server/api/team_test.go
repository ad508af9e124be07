package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// tree loads the organisation for the reference computation.
func tree(t *testing.T, env *servertest.Env) (*hierarchy.Tree, map[int64]string, map[string]int64) {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), `SELECT id, coalesce(upline_id, 0), senior, code FROM associates ORDER BY depth, id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	tr := hierarchy.NewTree()
	codes, ids := map[int64]string{}, map[string]int64{}
	for rows.Next() {
		var id, up int64
		var senior bool
		var code string
		if err := rows.Scan(&id, &up, &senior, &code); err != nil {
			t.Fatal(err)
		}
		tr.Add(id, up, senior)
		codes[id], ids[code] = code, id
	}
	return tr, codes, ids
}

// listAll pages through a view with next_cursor and answers code → generation (-1: none).
func listAll(t *testing.T, env *servertest.Env, tok string, view string, query string) map[string]int {
	t.Helper()
	out := map[string]int{}
	cursor := ""
	for range 100 {
		q := "limit=50" + query
		if cursor != "" {
			q += "&cursor=" + url.QueryEscape(cursor)
		}
		r := do(t, env, "GET", "/api/team/"+view+"?"+q, tok, nil, nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", view, r.Status, r.Body)
		}
		var page oas.TeamMemberList
		if err := page.UnmarshalJSON(r.Body); err != nil {
			t.Fatal(err)
		}
		shown := page.Data
		if len(shown) > 50 {
			shown = shown[:50]
		}
		for _, m := range shown {
			out[m.Code] = m.Generation.Or(-1)
		}
		next, ok := page.NextCursor.Get()
		if !ok {
			return out
		}
		cursor = next
	}
	t.Fatal("too many pages")
	return nil
}

func TestTeamViewsMatchTheReference(t *testing.T) {
	env := servertest.Start(t)
	tr, codes, ids := tree(t, env)
	for _, who := range []struct {
		login, code string
	}{{seed.DemoAgent, seed.DemoAgtCode}, {seed.DemoRMD, seed.DemoRMDCode}} {
		tok := ready(t, env, who.login)
		x := ids[who.code]
		for _, v := range hierarchy.Views {
			want, werr := tr.Members(v, x)
			if werr != nil {
				r := do(t, env, "GET", "/api/team/"+string(v), tok, nil, nil)
				if r.Status != 403 {
					t.Errorf("%s asking for %s: %d, want 403", who.code, v, r.Status)
				}
				r.apiError(t)
				continue
			}
			wantCodes := map[string]int{}
			for id, g := range want {
				wantCodes[codes[id]] = g
			}
			if diff := cmp.Diff(wantCodes, listAll(t, env, tok, string(v), "")); diff != "" {
				t.Errorf("%s %s (-reference +api):\n%s", who.code, v, diff)
			}
		}
	}
}

func TestTeamListFiltersOrderAndDownload(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	all := listAll(t, env, tok, "RmdSuperTeam", "")
	active := listAll(t, env, tok, "RmdSuperTeam", "&filter[status][eq]=Active")
	other := listAll(t, env, tok, "RmdSuperTeam", "&filter[status][in][]=Resigned&filter[status][in][]=Suspended&filter[status][in][]=Terminated&filter[status][in][]=Resignation%20Initiated")
	if len(active)+len(other) != len(all) || len(active) == 0 {
		t.Errorf("status filters: %d + %d != %d", len(active), len(other), len(all))
	}
	gen1 := listAll(t, env, tok, "RmdSuperTeam", "&filter[generation][lte]=1")
	for code, g := range gen1 {
		if g > 1 {
			t.Errorf("%s generation %d passed lte 1", code, g)
		}
	}
	licensed := listAll(t, env, tok, "RmdSuperTeam", "&filter[licensed][eq]=true")
	unlicensed := listAll(t, env, tok, "RmdSuperTeam", "&filter[licensed][eq]=false")
	if len(licensed)+len(unlicensed) != len(all) {
		t.Errorf("licensed %d + unlicensed %d != %d", len(licensed), len(unlicensed), len(all))
	}
	var state string
	if err := env.Pool.QueryRow(context.Background(), `SELECT state FROM licenses GROUP BY state ORDER BY count(*) DESC LIMIT 1`).Scan(&state); err != nil {
		t.Fatal(err)
	}
	inState := listAll(t, env, tok, "RmdSuperTeam", "&filter[license_state][in][]="+state)
	for code := range inState {
		var n int
		if err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM licenses l JOIN associates a ON a.id = l.associate_id
			WHERE a.code = $1 AND l.state = $2 AND l.expires_on >= current_date`, code, state).Scan(&n); err != nil || n == 0 {
			t.Errorf("%s has no license in force in %s", code, state)
		}
	}
	// Order by level rank desc, then id.
	r := do(t, env, "GET", "/api/team/RmdSuperTeam?limit=1000&order[level_rank]=DESC", tok, nil, nil)
	var page oas.TeamMemberList
	if err := page.UnmarshalJSON(r.Body); err != nil {
		t.Fatal(err)
	}
	if !slices.IsSortedFunc(page.Data, func(a, b oas.TeamMember) int { return b.Level.Rank - a.Level.Rank }) {
		t.Error("order[level_rank]=DESC is not sorted")
	}
	// The download holds the same members.
	var dl oas.Download
	do(t, env, "GET", "/api/team/RmdSuperTeam/download?format=csv&filter[status][eq]=Active", tok, nil, nil).json(t, &dl)
	res, err := http.Get(env.URL + dl.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	var got []string
	for _, row := range rows[1:] {
		got = append(got, row[0])
	}
	var want []string
	for code := range active {
		want = append(want, code)
	}
	sort.Strings(got)
	sort.Strings(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("download (-list +csv):\n%s", diff)
	}
}

func TestTeamVisibilityMatrix(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agentTok := ready(t, env, seed.DemoAgent)
	down, sibling, stranger := relatives(t, env)
	code := func(email string) string {
		var c string
		if err := env.Pool.QueryRow(ctx, `SELECT code FROM associates WHERE email = $1`, email).Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	var upline string
	if err := env.Pool.QueryRow(ctx, `SELECT u.code FROM associates a JOIN associates u ON u.id = a.upline_id WHERE a.code = $1`, seed.DemoAgtCode).Scan(&upline); err != nil {
		t.Fatal(err)
	}
	staffTok := login(t, env, seed.DemoStaff)
	ops := []string{"", "/licenses", "/provider-appointments", "/level-qualification-history", "/genealogy", "/genealogy/children", "/genealogy/search?search_keyword=a", "/hierarchy"}
	cases := []struct {
		who, token, target string
		want               []int // per op
	}{
		{"self", agentTok, seed.DemoAgtCode, []int{200, 200, 200, 200, 200, 200, 200, 200}},
		{"downline", agentTok, code(down), []int{200, 200, 200, 200, 200, 200, 200, 200}},
		{"upline", agentTok, upline, []int{200, 404, 404, 404, 404, 404, 404, 200}},
		{"sibling", agentTok, code(sibling), []int{404, 404, 404, 404, 404, 404, 404, 404}},
		{"stranger", agentTok, code(stranger), []int{404, 404, 404, 404, 404, 404, 404, 404}},
		{"staff acting for nobody", staffTok, seed.DemoAgtCode, []int{403, 403, 403, 403, 403, 403, 403, 403}},
		{"anonymous", "", seed.DemoAgtCode, []int{401, 401, 401, 401, 401, 401, 401, 401}},
	}
	for _, tc := range cases {
		t.Run(tc.who, func(t *testing.T) {
			for i, op := range ops {
				r := do(t, env, "GET", "/api/associates/"+tc.target+op, tc.token, nil, nil)
				if r.Status != tc.want[i] {
					t.Errorf("%s: %d, want %d: %.200s", op, r.Status, tc.want[i], r.Body)
				}
				if r.Status != 200 {
					r.apiError(t)
				}
			}
		})
	}
	// An upline's overview holds contact fields only.
	r := do(t, env, "GET", "/api/associates/"+upline, agentTok, nil, nil)
	var o oas.AssociateOverview
	if err := o.UnmarshalJSON(r.Body); err != nil {
		t.Fatal(err)
	}
	if o.Relation != oas.AssociateOverviewRelationUpline || o.Status.Set || o.DownlineSize.Set || o.JoinedOn.Set || o.Email == "" {
		t.Errorf("upline overview shows more than contact fields: %+v", o)
	}
	// The team lists for staff and anonymous callers.
	if r := do(t, env, "GET", "/api/team/Personal", staffTok, nil, nil); r.Status != 403 {
		t.Errorf("staff team list: %d", r.Status)
	}
	if r := do(t, env, "GET", "/api/team", "", nil, nil); r.Status != 401 {
		t.Errorf("anonymous team dashboard: %d", r.Status)
	}
}

func TestGenealogyAndHierarchy(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := ready(t, env, seed.DemoRMD)
	c := client(t, env, tok)
	tr, codes, ids := tree(t, env)
	rmd := ids[seed.DemoRMDCode]
	// Children of the root, with sizes, against the reference.
	kids, err := c.ListGenealogyChildren(ctx, oas.ListGenealogyChildrenParams{Code: seed.DemoRMDCode, Limit: oas.NewOptInt(1000)})
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, k := range kids.Response.Data {
		got = append(got, fmt.Sprintf("%s:%d", k.Code, k.DownlineSize))
	}
	for _, d := range tr.Downline(rmd) {
		if tr.Chain(d)[len(tr.Chain(d))-2] == rmd {
			want = append(want, fmt.Sprintf("%s:%d", codes[d], len(tr.Downline(d))))
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("children (-reference +api):\n%s", diff)
	}
	// Search lands on a deep member with the path from the root.
	var deep string
	for _, d := range tr.Downline(rmd) {
		if len(tr.Chain(d))-len(tr.Chain(rmd)) >= 3 {
			deep = codes[d]
			break
		}
	}
	if deep == "" {
		t.Fatal("the demo RMD has no organisation three levels deep")
	}
	hits, err := c.SearchGenealogy(ctx, oas.SearchGenealogyParams{Code: seed.DemoRMDCode, SearchKeyword: strings.ToLower(deep)})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits.Response.Data) == 0 || hits.Response.Data[0].Node.Code != deep {
		t.Fatalf("search %s: %+v", deep, hits.Response.Data)
	}
	var wantPath []string
	for _, id := range tr.Chain(ids[deep]) {
		if len(wantPath) > 0 || id == rmd {
			wantPath = append(wantPath, codes[id])
		}
	}
	if diff := cmp.Diff(wantPath, hits.Response.Data[0].Path); diff != "" {
		t.Errorf("path (-want +got):\n%s", diff)
	}
	// Re-rooted at the deep node's upline, the node is one of its children.
	upline := hits.Response.Data[0].Path[len(hits.Response.Data[0].Path)-2]
	sub, err := c.ListGenealogyChildren(ctx, oas.ListGenealogyChildrenParams{Code: upline})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(sub.Response.Data, func(n oas.TreeNode) bool { return n.Code == deep }) {
		t.Errorf("%s is not among the children of %s", deep, upline)
	}
	// Someone outside the organisation is not found.
	var outsider string
	if err := env.Pool.QueryRow(ctx, `SELECT code FROM associates WHERE depth = 1 AND NOT path @> (SELECT path FROM associates WHERE code = $1) LIMIT 1`, seed.DemoRMDCode).Scan(&outsider); err != nil {
		t.Fatal(err)
	}
	miss, err := c.SearchGenealogy(ctx, oas.SearchGenealogyParams{Code: seed.DemoRMDCode, SearchKeyword: outsider})
	if err != nil || len(miss.Response.Data) != 0 {
		t.Errorf("search for an outsider: %+v %v", miss, err)
	}
	// Hierarchy: top first; above the caller only contact fields.
	h, err := c.GetHierarchy(ctx, oas.GetHierarchyParams{Code: deep})
	if err != nil {
		t.Fatal(err)
	}
	var chain []string
	for _, id := range tr.Chain(ids[deep]) {
		chain = append(chain, codes[id])
	}
	var gotChain []string
	for i, n := range h.Response.Data {
		gotChain = append(gotChain, n.Code)
		above := i < len(tr.Chain(rmd))-1
		if above == n.Status.Set {
			t.Errorf("%s (above the caller: %v) status shown: %v", n.Code, above, n.Status.Set)
		}
	}
	if diff := cmp.Diff(chain, gotChain); diff != "" {
		t.Errorf("hierarchy (-want +got):\n%s", diff)
	}
	for i, n := range h.Response.Data {
		above := i < len(tr.Chain(rmd))-1
		if n.ContactOnly.Or(false) != above || n.Email.Or("") == "" {
			t.Errorf("%s: contact_only %v (above the caller: %v), email %q", n.Code, n.ContactOnly.Or(false), above, n.Email.Or(""))
		}
	}
	levels, err := c.ListLevels(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var codes8 []string
	for _, l := range levels.Response.Data {
		codes8 = append(codes8, l.Code)
	}
	if diff := cmp.Diff([]string{"TA", "A", "SA", "MD", "SMD", "RMD", "SRMD", "ERMD"}, codes8); diff != "" {
		t.Errorf("levels (-want +got):\n%s", diff)
	}
}

func TestTeamDashboardCounts(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	d, err := client(t, env, tok).GetTeamDashboard(context.Background(), oas.GetTeamDashboardParams{
		PeriodStart: oas.NewOptDate(mustDate("2000-01-01")), PeriodEnd: oas.NewOptDate(mustDate("2030-01-01"))})
	if err != nil {
		t.Fatal(err)
	}
	var views []string
	for _, v := range d.Response.Views {
		views = append(views, string(v.View))
		members := listAll(t, env, tok, string(v.View), "")
		if int(v.Members) != len(members) {
			t.Errorf("%s: %d members, the list has %d", v.View, v.Members, len(members))
		}
		var sum int64
		for _, c := range v.ByLevel {
			sum += c.Count
		}
		if sum != v.Members || v.NewInPeriod != v.Members {
			t.Errorf("%s: by level sums to %d, new %d, members %d", v.View, sum, v.NewInPeriod, v.Members)
		}
		if !(v.Expiring.Days7 <= v.Expiring.Days30 && v.Expiring.Days30 <= v.Expiring.Days90) {
			t.Errorf("%s: expiring %+v", v.View, v.Expiring)
		}
		if len(v.Growth) != 12 || v.Growth[11].Month != "2030-01" || v.Growth[0].Month != "2029-02" {
			t.Errorf("%s: growth months %+v", v.View, v.Growth)
		}
		if lic := listAll(t, env, tok, string(v.View), "&filter[licensed][eq]=true"); int(v.Licensed) != len(lic) {
			t.Errorf("%s: licensed %d, list %d", v.View, v.Licensed, len(lic))
		}
	}
	if diff := cmp.Diff([]string{"Personal", "RmdSuperBase", "RmdSuperTeam", "Infinity"}, views); diff != "" {
		t.Errorf("views offered to a senior (-want +got):\n%s", diff)
	}
	// Growth counts the joins of each month against the database.
	d2, err := client(t, env, tok).GetTeamDashboard(context.Background(), oas.GetTeamDashboardParams{
		PeriodStart: oas.NewOptDate(mustDate("2000-01-01")), PeriodEnd: oas.NewOptDate(mustDate("2024-06-15"))})
	if err != nil {
		t.Fatal(err)
	}
	infinity := d2.Response.Views[3]
	members := listAll(t, env, tok, "Infinity", "")
	var codes []string
	for c := range members {
		codes = append(codes, c)
	}
	for _, m := range infinity.Growth {
		var n int64
		if err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM associates WHERE code = ANY($1) AND to_char(joined_on, 'YYYY-MM') = $2`,
			codes, m.Month).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != m.Joined {
			t.Errorf("growth %s: %d, database %d", m.Month, m.Joined, n)
		}
	}
	if infinity.Growth[11].Month != "2024-06" {
		t.Errorf("growth ends at %s", infinity.Growth[11].Month)
	}
}
