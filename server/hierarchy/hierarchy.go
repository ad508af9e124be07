// Package hierarchy holds the rules of the organisation tree as DOMAIN.md states them:
// leaders, generations, the five team views and who may ask for which. It works on an
// in-memory tree: the store implements the same rules in SQL over denormalised columns,
// and tests hold the two together.
package hierarchy

import (
	"fmt"
	"slices"

	"github.com/associateportal/portal/server/errs"
)

// View is a team view.
type View string

// The team views of the spec.
const (
	Personal     View = "Personal"
	BaseShop     View = "BaseShop"
	RmdSuperBase View = "RmdSuperBase"
	RmdSuperTeam View = "RmdSuperTeam"
	Infinity     View = "Infinity"
)

// Views lists every view.
var Views = []View{Personal, BaseShop, RmdSuperBase, RmdSuperTeam, Infinity}

// MaxGeneration is the deepest generation of leaders counted.
const MaxGeneration = 6

// Generations is how many generations of leaders below X a view holds besides X's own
// base (-1: not a leader view).
func (v View) Generations() int {
	switch v {
	case RmdSuperBase:
		return 1
	case RmdSuperTeam:
		return MaxGeneration
	}
	return -1
}

// Offered lists the views a caller is offered: seniors get Personal, RmdSuperBase,
// RmdSuperTeam and Infinity; others Personal, BaseShop and Infinity.
func Offered(senior bool) []View {
	if senior {
		return []View{Personal, RmdSuperBase, RmdSuperTeam, Infinity}
	}
	return []View{Personal, BaseShop, Infinity}
}

// Check refuses a view the caller is not offered, with the reason in words.
func Check(v View, senior bool) error {
	if !slices.Contains(Views, v) {
		return errs.NotFoundf("Unknown team view %q", string(v))
	}
	if slices.Contains(Offered(senior), v) {
		return nil
	}
	if senior {
		return errs.Forbiddenf("Base Shop is for associates below RMD; use RMD Super Base or RMD Super Team")
	}
	return errs.Forbiddenf("%s is for senior associates (RMD and up)", string(v))
}

// Tree is an organisation in memory: the upline and the seniority of every associate.
type Tree struct {
	upline   map[int64]int64
	senior   map[int64]bool
	children map[int64][]int64
}

// NewTree is an empty tree.
func NewTree() *Tree {
	return &Tree{upline: map[int64]int64{}, senior: map[int64]bool{}, children: map[int64][]int64{}}
}

// Add puts an associate under an upline (0 for the top); uplines come first.
func (t *Tree) Add(id, upline int64, senior bool) {
	t.upline[id] = upline
	t.senior[id] = senior
	if upline != 0 {
		t.children[upline] = append(t.children[upline], id)
	}
}

// Senior reports whether an associate is senior.
func (t *Tree) Senior(id int64) bool { return t.senior[id] }

// Chain is the path from the top down to id (id included).
func (t *Tree) Chain(id int64) []int64 {
	var out []int64
	for x := id; x != 0; x = t.upline[x] {
		out = append(out, x)
	}
	slices.Reverse(out)
	return out
}

// Leader is the nearest senior on the chain, itself included; 0 when there is none.
func (t *Tree) Leader(id int64) int64 {
	for x := id; x != 0; x = t.upline[x] {
		if t.senior[x] {
			return x
		}
	}
	return 0
}

// LeaderChain lists the seniors on the chain, top down.
func (t *Tree) LeaderChain(id int64) []int64 {
	var out []int64
	for _, x := range t.Chain(id) {
		if t.senior[x] {
			out = append(out, x)
		}
	}
	return out
}

// Downline lists everyone below id.
func (t *Tree) Downline(id int64) []int64 {
	var out []int64
	stack := slices.Clone(t.children[id])
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, x)
		stack = append(stack, t.children[x]...)
	}
	return out
}

// base walks down from x without entering a senior associate: it answers the members
// reached and the seniors met on the edge (the next generation's leaders).
func (t *Tree) base(x int64) (members, edge []int64) {
	members = []int64{x}
	stack := slices.Clone(t.children[x])
	for len(stack) > 0 {
		y := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t.senior[y] {
			edge = append(edge, y)
			continue
		}
		members = append(members, y)
		stack = append(stack, t.children[y]...)
	}
	return members, edge
}

// Members answers the associates of a view of x with their generation: 0 for x's own
// base, g for the base of a generation-g leader; -1 where generations do not apply.
// It is written straight from the definitions, as the reference for the SQL.
func (t *Tree) Members(v View, x int64) (map[int64]int, error) {
	if err := Check(v, t.senior[x]); err != nil {
		return nil, err
	}
	out := map[int64]int{}
	switch v {
	case Personal:
		out[x] = -1
	case BaseShop:
		members, _ := t.base(x)
		for _, m := range members {
			out[m] = -1
		}
	case Infinity:
		out[x] = t.generation(x, x)
		for _, d := range t.Downline(x) {
			out[d] = t.generation(x, d)
		}
	case RmdSuperBase, RmdSuperTeam:
		leaders := []int64{x}
		for g := 0; g <= v.Generations() && len(leaders) > 0; g++ {
			var next []int64
			for _, l := range leaders {
				members, edge := t.base(l)
				for _, m := range members {
					out[m] = g
				}
				next = append(next, edge...)
			}
			leaders = next
		}
	default:
		return nil, fmt.Errorf("hierarchy: view %s", v)
	}
	return out, nil
}

// generation of d below a senior x: how many seniors the path from x down to d's leader
// passes (d's leader included, x excluded); -1 when x is not senior.
func (t *Tree) generation(x, d int64) int {
	if !t.senior[x] {
		return -1
	}
	return len(t.LeaderChain(d)) - len(t.LeaderChain(x))
}
