package hierarchy

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
)

// example is a worked organisation (S = senior):
//
//	1S ─┬─ 2 ─┬─ 4 ── 7
//	    │     └─ 5S ─┬─ 8
//	    │            └─ 9S ── 10
//	    └─ 3 ─── 6S ── 11S ── 12S ── 13S ── 14S ── 15S ── 16S ── 17
func example() *Tree {
	t := NewTree()
	senior := map[int64]bool{1: true, 5: true, 9: true, 6: true, 11: true, 12: true, 13: true, 14: true, 15: true, 16: true}
	for _, e := range [][2]int64{{1, 0}, {2, 1}, {3, 1}, {4, 2}, {5, 2}, {6, 3}, {7, 4}, {8, 5}, {9, 5}, {10, 9},
		{11, 6}, {12, 11}, {13, 12}, {14, 13}, {15, 14}, {16, 15}, {17, 16}} {
		t.Add(e[0], e[1], senior[e[0]])
	}
	return t
}

func TestMembers(t *testing.T) {
	tree := example()
	cases := []struct {
		view View
		x    int64
		want map[int64]int
	}{
		{Personal, 4, map[int64]int{4: -1}},
		{BaseShop, 2, map[int64]int{2: -1, 4: -1, 7: -1}},
		{BaseShop, 3, map[int64]int{3: -1}},
		{RmdSuperBase, 1, map[int64]int{1: 0, 2: 0, 3: 0, 4: 0, 7: 0, 5: 1, 8: 1, 6: 1}},
		{RmdSuperBase, 5, map[int64]int{5: 0, 8: 0, 9: 1, 10: 1}},
		{RmdSuperTeam, 1, map[int64]int{1: 0, 2: 0, 3: 0, 4: 0, 7: 0, 5: 1, 8: 1, 6: 1, 9: 2, 10: 2, 11: 2, 12: 3, 13: 4, 14: 5, 15: 6}},
		{RmdSuperTeam, 6, map[int64]int{6: 0, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 6}},
		{Infinity, 9, map[int64]int{9: 0, 10: 0}},
		{Infinity, 2, map[int64]int{2: -1, 4: -1, 7: -1, 5: -1, 8: -1, 9: -1, 10: -1}},
		{Infinity, 6, map[int64]int{6: 0, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 6}},
	}
	for _, tc := range cases {
		got, err := tree.Members(tc.view, tc.x)
		if err != nil {
			t.Fatalf("%s of %d: %v", tc.view, tc.x, err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s of %d (-want +got):\n%s", tc.view, tc.x, diff)
		}
	}
}

func TestCheck(t *testing.T) {
	cases := []struct {
		view   View
		senior bool
		kind   errs.Kind // -1: allowed
	}{
		{Personal, false, -1}, {Personal, true, -1},
		{BaseShop, false, -1}, {BaseShop, true, errs.Forbidden},
		{RmdSuperBase, true, -1}, {RmdSuperBase, false, errs.Forbidden},
		{RmdSuperTeam, true, -1}, {RmdSuperTeam, false, errs.Forbidden},
		{Infinity, false, -1}, {Infinity, true, -1},
		{"Galaxy", true, errs.NotFound},
	}
	for _, tc := range cases {
		err := Check(tc.view, tc.senior)
		if tc.kind == -1 {
			if err != nil {
				t.Errorf("%s senior=%v: %v", tc.view, tc.senior, err)
			}
			continue
		}
		if !errs.Is(err, tc.kind) {
			t.Errorf("%s senior=%v: %v, want kind %v", tc.view, tc.senior, err, tc.kind)
		}
	}
	if diff := cmp.Diff([]View{Personal, BaseShop, Infinity}, Offered(false)); diff != "" {
		t.Error(diff)
	}
}

func TestLeaders(t *testing.T) {
	tree := example()
	if got := tree.Leader(7); got != 1 {
		t.Errorf("leader of 7 = %d", got)
	}
	if got := tree.Leader(5); got != 5 {
		t.Errorf("leader of a senior is itself: %d", got)
	}
	if diff := cmp.Diff([]int64{1, 6, 11, 12}, tree.LeaderChain(12)); diff != "" {
		t.Error(diff)
	}
	orphan := NewTree()
	orphan.Add(1, 0, false)
	orphan.Add(2, 1, false)
	if orphan.Leader(2) != 0 || len(orphan.LeaderChain(2)) != 0 {
		t.Error("an organisation without seniors has no leaders")
	}
}
