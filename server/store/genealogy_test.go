package store_test

import (
	"context"
	"net/netip"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/store"
)

// The organisation is the one drawn in team_test.go.

func nodeCodes(ns []store.TreeNode) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.Code
	}
	return out
}

func TestGenealogyVisibility(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	amy := o.as(t, "AAA100")
	acting, err := o.st.ActAs(ctx, o.staff(t, "acting", auth.PermActAs), "AAA100", "test", netip.Addr{})
	if err != nil {
		t.Fatal(err)
	}

	// What AAA100 (and staff acting for it) may open as a tree root: itself and its
	// downline at any depth; not its upline, its sibling's branch or a stranger.
	roots := []struct {
		code string
		ok   bool
	}{
		{"AAA100", true}, {"aaa110", true}, {"RMD200", true}, {" DDD100 ", true},
		{"RMD100", false}, {"TOP100", false}, {"SIB100", false}, {"SIB110", false}, {"XST100", false}, {"NOPE99", false},
	}
	for _, p := range []*auth.Principal{amy, acting} {
		for _, r := range roots {
			_, nodeErr := o.st.GenealogyNode(ctx, p, r.code)
			_, childErr := o.st.GenealogyChildren(ctx, p, r.code, 1, 10)
			_, searchErr := o.st.GenealogySearch(ctx, p, r.code, "a", 10)
			_, licErr := o.st.Licenses(ctx, p, r.code)
			_, apptErr := o.st.Appointments(ctx, p, r.code)
			_, histErr := o.st.LevelHistory(ctx, p, r.code)
			for name, err := range map[string]error{"node": nodeErr, "children": childErr, "search": searchErr,
				"licenses": licErr, "appointments": apptErr, "level history": histErr} {
				if r.ok && err != nil {
					t.Errorf("%s of %q as %s: %v", name, r.code, p.Email, err)
				}
				if !r.ok && !errs.Is(err, errs.NotFound) {
					t.Errorf("%s of %q as %s: %v, want NotFound", name, r.code, p.Email, err)
				}
			}
		}
	}

	// Staff acting for nobody have no tree.
	staff := o.staff(t, "plain", auth.PermClientsRead)
	if _, err := o.st.GenealogyNode(ctx, staff, "AAA100"); !errs.Is(err, errs.Forbidden) {
		t.Errorf("node as staff: %v, want Forbidden", err)
	}
	if _, err := o.st.GenealogyChildren(ctx, staff, "AAA100", 1, 10); !errs.Is(err, errs.Forbidden) {
		t.Errorf("children as staff: %v, want Forbidden", err)
	}
	if _, err := o.st.Hierarchy(ctx, staff, "AAA100"); !errs.Is(err, errs.Forbidden) {
		t.Errorf("hierarchy as staff: %v, want Forbidden", err)
	}
}

func TestGenealogyNodeAndChildren(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	rita := o.as(t, "RMD100")

	n, err := o.st.GenealogyNode(ctx, rita, "aaa100")
	if err != nil {
		t.Fatal(err)
	}
	if n.Code != "AAA100" || n.FirstName != "Amy" || n.LastName != "Adams" || n.Level.Code != "SA" || n.UplineCode != "RMD100" ||
		n.Children != 2 || n.DownlineSize != 11 || n.Status != "Active" || n.Email != "AAA100@example.com" || n.ContactOnly {
		t.Errorf("node AAA100 = %+v", n)
	}

	cases := []struct {
		code        string
		page, limit int
		want        []string
	}{
		// By last name: Adams, then Sibling.
		{"RMD100", 1, 10, []string{"AAA100", "SIB100"}},
		// A page holds limit+1 rows: the extra one says another page exists.
		{"RMD100", 1, 1, []string{"AAA100", "SIB100"}},
		{"RMD100", 2, 1, []string{"SIB100"}},
		{"RMD100", 3, 1, []string{}},
		{"AAA100", 1, 10, []string{"AAA110", "RMD200"}},
		{"RMD300", 1, 10, []string{"CCC100", "RMD400"}},
		{"DDD100", 1, 10, []string{}},
	}
	for _, tc := range cases {
		got, err := o.st.GenealogyChildren(ctx, rita, tc.code, tc.page, tc.limit)
		if err != nil {
			t.Fatalf("children of %s: %v", tc.code, err)
		}
		if diff := cmp.Diff(tc.want, nodeCodes(got)); diff != "" {
			t.Errorf("children of %s page %d limit %d (-want +got):\n%s", tc.code, tc.page, tc.limit, diff)
		}
	}
	kids, err := o.st.GenealogyChildren(ctx, rita, "AAA100", 1, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{"AAA110": {0, 0}, "RMD200": {2, 9}} // children, downline size
	for _, k := range kids {
		if got := [2]int{k.Children, k.DownlineSize}; got != want[k.Code] || k.UplineCode != "AAA100" {
			t.Errorf("child %s: children and downline %v, want %v; upline %s", k.Code, got, want[k.Code], k.UplineCode)
		}
	}
}

func TestGenealogySearch(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	amy := o.as(t, "AAA100")
	rita := o.as(t, "RMD100")

	type hit struct {
		Code string
		Path []string
	}
	hits := func(p *auth.Principal, root, keyword string, limit int) []hit {
		t.Helper()
		got, err := o.st.GenealogySearch(ctx, p, root, keyword, limit)
		if err != nil {
			t.Fatalf("search %q under %s: %v", keyword, root, err)
		}
		out := []hit{}
		for _, h := range got {
			out = append(out, hit{h.Node.Code, h.Path})
		}
		return out
	}
	cases := []struct {
		name          string
		p             *auth.Principal
		root, keyword string
		limit         int
		want          []hit
	}{
		{"code prefix, any case, shallowest first", rita, "RMD100", "rmd", 3, []hit{
			{"RMD200", []string{"RMD100", "AAA100", "RMD200"}},
			{"RMD300", []string{"RMD100", "AAA100", "RMD200", "RMD300"}},
			{"RMD400", []string{"RMD100", "AAA100", "RMD200", "RMD300", "RMD400"}},
		}},
		{"name, deep, with the whole path", amy, "AAA100", "dunn", 10, []hit{
			{"DDD100", []string{"AAA100", "RMD200", "RMD300", "RMD400", "RMD500", "RMD600", "RMD700", "RMD800", "DDD100"}},
		}},
		{"the path starts at the root searched", amy, "RMD200", "cole", 10, []hit{
			{"CCC100", []string{"RMD200", "RMD300", "CCC100"}},
		}},
		{"full name", rita, "RMD100", "sam sage", 10, []hit{{"SIB110", []string{"RMD100", "SIB100", "SIB110"}}}},
		{"the root itself is not a hit", amy, "AAA100", "aaa1", 10, []hit{{"AAA110", []string{"AAA100", "AAA110"}}}},
		{"nothing outside the root's subtree", amy, "AAA100", "sage", 10, []hit{}},
		{"nor the upline", amy, "AAA100", "root", 10, []hit{}},
		{"nor a stranger", rita, "RMD100", "stranger", 10, []hit{}},
		{"blank keyword", amy, "AAA100", "   ", 10, []hit{}},
		{"wildcards are literal", amy, "AAA100", "%", 10, []hit{}},
		{"underscore is literal", amy, "AAA100", "_", 10, []hit{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, hits(tc.p, tc.root, tc.keyword, tc.limit)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestHierarchyAndOverview(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	amy := o.as(t, "AAA100")

	chain, err := o.st.Hierarchy(ctx, amy, "RMD300")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"TOP100", "RMD100", "AAA100", "RMD200", "RMD300"}, nodeCodes(chain)); diff != "" {
		t.Errorf("hierarchy of RMD300 (-want +got):\n%s", diff)
	}
	for _, n := range chain {
		above := n.Code == "TOP100" || n.Code == "RMD100"
		if n.ContactOnly != above {
			t.Errorf("%s contact only = %v", n.Code, n.ContactOnly)
		}
		if above && (n.Status != "" || n.DownlineSize != 0 || n.Children != 0 || n.Email == "") {
			t.Errorf("upline %s shows more than contact fields: %+v", n.Code, n)
		}
		if !above && n.Status != "Active" {
			t.Errorf("%s status %q", n.Code, n.Status)
		}
	}
	// The caller's own upline chain is visible; a sibling's is not.
	if up, err := o.st.Hierarchy(ctx, amy, "RMD100"); err != nil || len(up) != 2 {
		t.Errorf("hierarchy of the upline: %v %v", nodeCodes(up), err)
	}
	if _, err := o.st.Hierarchy(ctx, amy, "SIB110"); !errs.Is(err, errs.NotFound) {
		t.Errorf("hierarchy of a sibling's recruit: %v, want NotFound", err)
	}

	overviews := []struct {
		code     string
		relation store.Relation
	}{
		{"AAA100", store.Self}, {"RMD200", store.Downline}, {"DDD100", store.Downline}, {"RMD100", store.Upline}, {"TOP100", store.Upline},
	}
	for _, ov := range overviews {
		d, err := o.st.AssociateOverview(ctx, amy, ov.code)
		if err != nil {
			t.Fatalf("overview of %s: %v", ov.code, err)
		}
		if d.Relation != ov.relation || d.Code != ov.code || d.Email == "" || d.Level.Code == "" {
			t.Errorf("overview of %s = relation %d %+v", ov.code, d.Relation, d)
		}
		if ov.relation == store.Upline && (d.Status != "" || d.JoinedOn != nil || d.Upline != nil || d.DownlineSize != 0 || d.State != "") {
			t.Errorf("upline %s shows more than contact fields: %+v", ov.code, d)
		}
	}
	d, err := o.st.AssociateOverview(ctx, amy, "RMD200")
	if err != nil {
		t.Fatal(err)
	}
	if d.Upline == nil || d.Upline.Code != "AAA100" || d.Leader == nil || d.Leader.Code != "RMD200" || d.Recruits != 2 || d.State != "CA" {
		t.Errorf("overview of RMD200 = %+v (upline %+v leader %+v)", d, d.Upline, d.Leader)
	}
	for _, code := range []string{"SIB100", "XST100", "BOGUS1"} {
		if _, err := o.st.AssociateOverview(ctx, amy, code); !errs.Is(err, errs.NotFound) {
			t.Errorf("overview of %s: %v, want NotFound", code, err)
		}
	}
}
