package sdk

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/associateportal/portal/sdk/oas"
)

// TeamMember is the contract's TeamMember schema: an associate of a team view with the
// production of the period.
type TeamMember = oas.TeamMember

// OfferedTeamViews lists the team views the contract offers a caller: seniors (RMD and up)
// Personal, RmdSuperBase, RmdSuperTeam and Infinity; everyone else Personal, BaseShop and
// Infinity. The server answers 403 for any other view. The team dashboard
// (GetTeamDashboard) answers one summary per offered view too.
func OfferedTeamViews(senior bool) []oas.TeamView {
	if senior {
		return []oas.TeamView{oas.TeamViewPersonal, oas.TeamViewRmdSuperBase, oas.TeamViewRmdSuperTeam, oas.TeamViewInfinity}
	}
	return []oas.TeamView{oas.TeamViewPersonal, oas.TeamViewBaseShop, oas.TeamViewInfinity}
}

// TeamAll iterates over every member of the view params.View selects, filtered and ordered by
// params, following next_cursor. params.Limit sets the page size (DefaultLimit when unset);
// params.Page and params.Cursor set where to start.
func (c *Client) TeamAll(ctx context.Context, params oas.ListTeamParams) iter.Seq2[TeamMember, error] {
	return pagesOf(ctx, params, c.ListTeam, func(r *oas.TeamMemberListHeaders) ([]TeamMember, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// ChildLister lists one level of the genealogy tree. *Client implements it, and so does
// anything embedding the generated client (the TUI's backend).
type ChildLister interface {
	ListGenealogyChildren(ctx context.Context, params oas.ListGenealogyChildrenParams) (*oas.TreeNodeListHeaders, error)
}

// GenealogySource is what LoadGenealogy needs: a node and the children of a node.
type GenealogySource interface {
	ChildLister
	GetGenealogyNode(ctx context.Context, params oas.GetGenealogyNodeParams) (*oas.TreeNodeHeaders, error)
}

// GenealogyChildrenAll iterates over every direct recruit of the associate code, by name,
// page after page: each page asks for limit rows and gets up to limit+1, the extra one only
// saying that another page exists (the list has no cursor, so pages go by number).
// limit ≤ 0 means DefaultLimit.
func GenealogyChildrenAll(ctx context.Context, l ChildLister, code string, limit int) iter.Seq2[oas.TreeNode, error] {
	if limit <= 0 {
		limit = DefaultLimit
	}
	fetch := func(ctx context.Context, page int, _ string) ([]oas.TreeNode, string, error) {
		res, err := l.ListGenealogyChildren(ctx, oas.ListGenealogyChildrenParams{
			Code: code, Page: oas.NewOptInt(page), Limit: oas.NewOptInt(limit),
		})
		if err != nil {
			return nil, "", err
		}
		return res.Response.Data, "", nil
	}
	return All(ctx, fetch, limit)
}

// GenealogyChildren returns every direct recruit of the associate code, by name (all pages of
// limit rows; limit ≤ 0 means DefaultLimit).
func GenealogyChildren(ctx context.Context, l ChildLister, code string, limit int) ([]oas.TreeNode, error) {
	var out []oas.TreeNode
	for n, err := range GenealogyChildrenAll(ctx, l, code, limit) {
		if err != nil {
			return out, err
		}
		out = append(out, n)
	}
	return out, nil
}

// GenealogyChildrenAll is the package function GenealogyChildrenAll over c.
func (c *Client) GenealogyChildrenAll(ctx context.Context, code string, limit int) iter.Seq2[oas.TreeNode, error] {
	return GenealogyChildrenAll(ctx, c, code, limit)
}

// GenealogyTree is a node of a loaded part of the genealogy tree.
type GenealogyTree struct {
	oas.TreeNode
	// Depth is 0 for the root, 1 for its recruits, and so on.
	Depth int
	// Loaded reports that Recruits holds every direct recruit (true also for a node
	// without any); false below the depth that was loaded.
	Loaded bool
	// Recruits are the direct recruits, by name, when Loaded.
	Recruits []*GenealogyTree
}

// Walk calls fn for t and every loaded node below it, depth first in display order, until fn
// returns false.
func (t *GenealogyTree) Walk(fn func(*GenealogyTree) bool) bool {
	if !fn(t) {
		return false
	}
	for _, r := range t.Recruits {
		if !r.Walk(fn) {
			return false
		}
	}
	return true
}

// TreeOptions set how much of the tree LoadGenealogy loads.
type TreeOptions struct {
	// Depth is how many levels below the root are loaded: 0 the root alone, 1 its
	// recruits, 2 their recruits too, …
	Depth int
	// PageSize is the limit of each children request (DefaultLimit when ≤ 0).
	PageSize int
	// MaxNodes stops the loading with an error once more nodes than this are loaded
	// (0: no bound). A leader's organisation can hold tens of thousands of people.
	MaxNodes int
}

// ErrTooManyNodes is returned by LoadGenealogy when TreeOptions.MaxNodes is passed.
var ErrTooManyNodes = fmt.Errorf("sdk: the tree has more nodes than asked for")

// LoadGenealogy loads the genealogy tree below the associate code, level by level, down to
// opts.Depth levels: the root from GetGenealogyNode, then the children of every node of a
// level (all pages) before the next level. Nodes without recruits are never asked for
// children.
func LoadGenealogy(ctx context.Context, src GenealogySource, code string, opts TreeOptions) (*GenealogyTree, error) {
	res, err := src.GetGenealogyNode(ctx, oas.GetGenealogyNodeParams{Code: code})
	if err != nil {
		return nil, wrap(err)
	}
	root := &GenealogyTree{TreeNode: res.Response}
	count := 1
	level := []*GenealogyTree{root}
	for depth := 0; depth < opts.Depth && len(level) > 0; depth++ {
		var next []*GenealogyTree
		for _, n := range level {
			n.Loaded = true
			if n.Children == 0 {
				continue
			}
			for child, err := range GenealogyChildrenAll(ctx, src, n.Code, opts.PageSize) {
				if err != nil {
					return root, wrap(err)
				}
				count++
				if opts.MaxNodes > 0 && count > opts.MaxNodes {
					return root, fmt.Errorf("%w (more than %d)", ErrTooManyNodes, opts.MaxNodes)
				}
				c := &GenealogyTree{TreeNode: child, Depth: depth + 1}
				n.Recruits = append(n.Recruits, c)
				next = append(next, c)
			}
		}
		level = next
	}
	return root, nil
}

// LoadGenealogy loads the tree below the associate code; see the package function.
func (c *Client) LoadGenealogy(ctx context.Context, code string, opts TreeOptions) (*GenealogyTree, error) {
	return LoadGenealogy(ctx, c, code, opts)
}

// ErrNotAssociate is returned by Me for a staff member acting for nobody, who has no
// associate code.
var ErrNotAssociate = errors.New("not an associate")

// Me returns the caller's associate code (GET /access); an error wrapping ErrNotAssociate
// for a staff member acting for nobody, who has none.
func (c *Client) Me(ctx context.Context) (string, error) {
	acc, err := c.Access(ctx)
	if err != nil {
		return "", err
	}
	code, ok := acc.User.Code.Get()
	if !ok || code == "" {
		return "", fmt.Errorf("%s is %w (no associate code)", acc.User.Email, ErrNotAssociate)
	}
	return code, nil
}
