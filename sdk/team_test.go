package sdk_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// codes lists the codes of members.
func codes(ms []sdk.TeamMember) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Code
	}
	return out
}

func TestTeamAgainstTheServer(t *testing.T) {
	_, c := login(t, "agent@example.com")
	ctx := context.Background()

	t.Run("the dashboard answers the offered views", func(t *testing.T) {
		d, err := c.GetTeamDashboard(ctx, oas.GetTeamDashboardParams{})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		var got []oas.TeamView
		for _, v := range d.Response.Views {
			got = append(got, v.View)
		}
		if diff := cmp.Diff(sdk.OfferedTeamViews(false), got); diff != "" {
			t.Errorf("views (-want +got):\n%s", diff)
		}
	})

	t.Run("TeamAll pages through the base shop", func(t *testing.T) {
		order := oas.NewOptTeamOrder(oas.TeamOrder{LastName: oas.NewOptSortDirection(oas.SortDirectionASC)})
		big, err := c.ListTeam(ctx, oas.ListTeamParams{View: oas.TeamViewBaseShop, Limit: oas.NewOptInt(1000), Order: order})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		want := codes(big.Response.Data)
		if len(want) < 3 {
			t.Fatalf("the demo agent's base shop has %d members; need a few to page through", len(want))
		}
		for _, limit := range []int{1, 2, len(want) - 1, len(want)} {
			var got []sdk.TeamMember
			for m, err := range c.TeamAll(ctx, oas.ListTeamParams{View: oas.TeamViewBaseShop, Limit: oas.NewOptInt(limit), Order: order}) {
				if err != nil {
					t.Fatalf("limit %d: %v", limit, err)
				}
				got = append(got, m)
			}
			if diff := cmp.Diff(want, codes(got)); diff != "" {
				t.Errorf("limit %d (-one big page +TeamAll):\n%s", limit, diff)
			}
		}
	})

	t.Run("a view the caller is not offered is refused", func(t *testing.T) {
		for _, err := range c.TeamAll(ctx, oas.ListTeamParams{View: oas.TeamViewRmdSuperTeam}) {
			e, ok := sdk.AsError(err)
			if !sdk.IsForbidden(err) || !ok || !strings.Contains(e.Message, "senior") {
				t.Errorf("RmdSuperTeam as a non-senior: %v, want 403 with the reason", err)
			}
			break
		}
	})

	t.Run("the genealogy tree loads level by level", func(t *testing.T) {
		me, err := c.Me(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if me != "AGT100" {
			t.Errorf("Me = %q, want AGT100", me)
		}
		// Page sizes that force several pages give the same tree as one big page.
		one, err := c.LoadGenealogy(ctx, me, sdk.TreeOptions{Depth: 3, PageSize: 1000})
		if err != nil {
			t.Fatal(err)
		}
		paged, err := c.LoadGenealogy(ctx, me, sdk.TreeOptions{Depth: 3, PageSize: 1})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(one, paged); diff != "" {
			t.Errorf("page size 1 (-one page +paged):\n%s", diff)
		}
		if one.Code != me || !one.Loaded || len(one.Recruits) != one.Children || one.Children == 0 {
			t.Fatalf("root = %+v with %d recruits", one.TreeNode, len(one.Recruits))
		}
		// Every loaded node has its children, and nobody below the root is counted twice.
		seen := map[string]bool{}
		below := 0
		one.Walk(func(n *sdk.GenealogyTree) bool {
			if seen[n.Code] {
				t.Errorf("%s appears twice", n.Code)
			}
			seen[n.Code] = true
			if n.Depth < 3 && (!n.Loaded || len(n.Recruits) != n.Children) {
				t.Errorf("%s at depth %d: loaded %v, %d of %d recruits", n.Code, n.Depth, n.Loaded, len(n.Recruits), n.Children)
			}
			if n.Depth == 3 && n.Loaded {
				t.Errorf("%s below the depth is loaded", n.Code)
			}
			for _, r := range n.Recruits {
				if r.UplineCode.Or("") != n.Code || r.Depth != n.Depth+1 {
					t.Errorf("%s under %s has upline %s, depth %d", r.Code, n.Code, r.UplineCode.Or(""), r.Depth)
				}
			}
			if n != one {
				below++
			}
			return true
		})
		// The downline size of the root counts everyone the Infinity view lists but the root.
		var inf []sdk.TeamMember
		for m, err := range c.TeamAll(ctx, oas.ListTeamParams{View: oas.TeamViewInfinity}) {
			if err != nil {
				t.Fatal(err)
			}
			inf = append(inf, m)
		}
		if got, want := one.DownlineSize, len(inf)-1; got != want {
			t.Errorf("downline_size %d, Infinity lists %d besides the root", got, want)
		}
		full, err := c.LoadGenealogy(ctx, me, sdk.TreeOptions{Depth: 1000})
		if err != nil {
			t.Fatal(err)
		}
		all := 0
		full.Walk(func(*sdk.GenealogyTree) bool { all++; return true })
		if all != len(inf) {
			t.Errorf("the whole tree has %d nodes, Infinity %d members", all, len(inf))
		}
		if _, err := c.LoadGenealogy(ctx, me, sdk.TreeOptions{Depth: 1000, MaxNodes: 2}); err == nil || !strings.Contains(err.Error(), "more than 2") {
			t.Errorf("MaxNodes 2: %v", err)
		}
	})

	t.Run("associates: self, downline and upline", func(t *testing.T) {
		self, err := c.GetAssociate(ctx, oas.GetAssociateParams{Code: "AGT100"})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		if self.Response.Relation != oas.AssociateOverviewRelationSelf || !self.Response.Upline.Set {
			t.Errorf("self = %+v", self.Response)
		}
		up, err := c.GetAssociate(ctx, oas.GetAssociateParams{Code: self.Response.Upline.Value.Code})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		if up.Response.Relation != oas.AssociateOverviewRelationUpline || up.Response.Status.Set || up.Response.DownlineSize.Set {
			t.Errorf("upline shows more than contact fields: %+v", up.Response)
		}
		lic, err := c.ListAssociateLicenses(ctx, oas.ListAssociateLicensesParams{Code: "AGT100"})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		if !slices.IsSortedFunc(lic.Response.Data, func(a, b oas.License) int { return a.ExpiresOn.Compare(b.ExpiresOn) }) {
			t.Errorf("licenses not soonest expiry first")
		}
		if _, err := c.ListAssociateLicenses(ctx, oas.ListAssociateLicensesParams{Code: up.Response.Code}); err == nil {
			t.Errorf("the licenses of an upline were answered")
		}
	})
}

func TestTeamViewsOfASenior(t *testing.T) {
	_, c := login(t, "rmd@example.com")
	ctx := context.Background()
	d, err := c.GetTeamDashboard(ctx, oas.GetTeamDashboardParams{})
	if err != nil {
		t.Fatal(sdk.Wrap(err))
	}
	var got []oas.TeamView
	for _, v := range d.Response.Views {
		got = append(got, v.View)
	}
	if diff := cmp.Diff(sdk.OfferedTeamViews(true), got); diff != "" {
		t.Errorf("views (-want +got):\n%s", diff)
	}
	_, err = c.ListTeam(ctx, oas.ListTeamParams{View: oas.TeamViewBaseShop})
	if e, ok := sdk.AsError(err); !ok || e.Status != 403 || !strings.Contains(e.Message, "Base Shop") {
		t.Errorf("BaseShop as a senior: %v, want 403 with the reason", err)
	}
}
