package sdk

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
)

// fakeTree answers like the server: children by name, limit+1 per page.
type fakeTree struct {
	children map[string][]string
	calls    []string // "code page limit"
	failOn   string
}

func (f *fakeTree) node(code string) oas.TreeNode {
	size := 0
	var count func(string)
	count = func(c string) {
		for _, k := range f.children[c] {
			size++
			count(k)
		}
	}
	count(code)
	return oas.TreeNode{Code: code, Name: "Name " + code, Children: len(f.children[code]), DownlineSize: size}
}

func (f *fakeTree) GetGenealogyNode(_ context.Context, p oas.GetGenealogyNodeParams) (*oas.TreeNodeHeaders, error) {
	return &oas.TreeNodeHeaders{Response: f.node(p.Code)}, nil
}

func (f *fakeTree) ListGenealogyChildren(_ context.Context, p oas.ListGenealogyChildrenParams) (*oas.TreeNodeListHeaders, error) {
	page, limit := p.Page.Or(1), p.Limit.Or(100)
	f.calls = append(f.calls, fmt.Sprintf("%s %d %d", p.Code, page, limit))
	if p.Code == f.failOn {
		return nil, &oas.ErrorStatusCode{StatusCode: 404, Response: oas.Error{Status: 404, Message: "Not found"}}
	}
	kids := f.children[p.Code]
	start := min((page-1)*limit, len(kids))
	end := min(start+limit+1, len(kids))
	out := oas.TreeNodeList{Data: []oas.TreeNode{}}
	for _, k := range kids[start:end] {
		n := f.node(k)
		n.UplineCode = oas.NewOptString(p.Code)
		out.Data = append(out.Data, n)
	}
	return &oas.TreeNodeListHeaders{Response: out}, nil
}

func demoTree() *fakeTree {
	return &fakeTree{children: map[string][]string{
		"R":  {"A", "B", "C"},
		"A":  {"A1", "A2"},
		"C":  {"C1"},
		"C1": {"C11"},
	}}
}

// shape renders a loaded tree as "code(children)" nested, "?" marking an unloaded node.
func shape(t *GenealogyTree) string {
	s := t.Code
	if !t.Loaded {
		return s + "?"
	}
	if len(t.Recruits) == 0 {
		return s
	}
	var parts []string
	for _, r := range t.Recruits {
		parts = append(parts, shape(r))
	}
	return s + "(" + strings.Join(parts, " ") + ")"
}

func TestLoadGenealogy(t *testing.T) {
	tests := []struct {
		name      string
		opts      TreeOptions
		want      string
		wantCalls []string
	}{
		{name: "the root alone", opts: TreeOptions{Depth: 0}, want: "R?"},
		{name: "one level", opts: TreeOptions{Depth: 1, PageSize: 10}, want: "R(A? B? C?)", wantCalls: []string{"R 1 10"}},
		{
			name: "level by level, leaves never asked", opts: TreeOptions{Depth: 2, PageSize: 10},
			want:      "R(A(A1? A2?) B C(C1?))",
			wantCalls: []string{"R 1 10", "A 1 10", "C 1 10"},
		},
		{
			name: "every page of children, by number", opts: TreeOptions{Depth: 1, PageSize: 2},
			want:      "R(A? B? C?)",
			wantCalls: []string{"R 1 2", "R 2 2"},
		},
		{
			name: "deeper than the tree", opts: TreeOptions{Depth: 9, PageSize: 1},
			want:      "R(A(A1 A2) B C(C1(C11)))",
			wantCalls: []string{"R 1 1", "R 2 1", "R 3 1", "A 1 1", "A 2 1", "C 1 1", "C1 1 1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := demoTree()
			root, err := LoadGenealogy(context.Background(), f, "R", tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := shape(root); got != tt.want {
				t.Errorf("tree = %s, want %s", got, tt.want)
			}
			if diff := cmp.Diff(tt.wantCalls, f.calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			root.Walk(func(n *GenealogyTree) bool {
				for _, r := range n.Recruits {
					if r.Depth != n.Depth+1 {
						t.Errorf("%s has depth %d under %s at %d", r.Code, r.Depth, n.Code, n.Depth)
					}
				}
				return true
			})
		})
	}
}

func TestLoadGenealogyErrors(t *testing.T) {
	f := demoTree()
	f.failOn = "C"
	_, err := LoadGenealogy(context.Background(), f, "R", TreeOptions{Depth: 3})
	if !IsNotFound(err) {
		t.Errorf("err = %v, want the 404 as an *Error", err)
	}
	_, err = LoadGenealogy(context.Background(), demoTree(), "R", TreeOptions{Depth: 3, MaxNodes: 4})
	if !errors.Is(err, ErrTooManyNodes) {
		t.Errorf("err = %v, want ErrTooManyNodes", err)
	}
	kids, err := GenealogyChildren(context.Background(), demoTree(), "R", 1)
	if err != nil || len(kids) != 3 || kids[2].Code != "C" {
		t.Errorf("GenealogyChildren = %v, %v", kids, err)
	}
}
