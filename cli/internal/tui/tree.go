package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// treePageSize is the limit of each children request; every page of a node's recruits is
// loaded when it is expanded.
const treePageSize = 200

// errNotAssociate is shown by the team screens to a staff member acting for nobody, who has
// no team.
var errNotAssociate = errors.New("you are not an associate: press a to act for one, and the team and the tree show theirs")

// treeNode is a node of the genealogy tree as the screen holds it.
type treeNode struct {
	oas.TreeNode
	parent   *treeNode
	depth    int
	children []*treeNode
	loaded   bool // children holds every direct recruit
	loading  bool
	expanded bool
	err      error
}

// prevRoot is a root left by re-rooting: its code, and the codes from it down to the node that
// became the root, to open the tree there again on the way back.
type prevRoot struct {
	code string
	path []string
}

// treeScreen is the caller's downline as a collapsible tree: children are loaded the first
// time a node is expanded (level by level, as the contract's genealogy is meant to be read),
// / searches below the root and opens the tree down to a match, o opens an associate's tabs,
// R makes the selected node the root and u goes back to the root before.
type treeScreen struct {
	Common
	keys  TreeKeyMap
	input textinput.Model

	rootCode string
	roots    []prevRoot // the roots left by re-rooting, the first one first
	root     *treeNode
	rows     []*treeNode // the visible nodes, in display order
	cursor   int
	top      int // the first visible row shown
	seq      int // bumps on a reload: answers for an older tree are dropped
	err      error

	searching bool // the search input has the focus
	hits      []oas.GenealogyHit
	hitCursor int
	showHits  bool
	searchSeq int
	searched  string
	reveal    []string // codes from the root down to a node to open to
	detail    *associateView
}

func newTreeScreen(c Common) *treeScreen {
	in := newFilterInput("Search code or name: ")
	return &treeScreen{Common: c, keys: DefaultTreeKeyMap(), input: in}
}

func (s *treeScreen) Title() string { return "Tree" }

func (s *treeScreen) Capturing() bool { return s.searching }

// Init waits for the user: the tree starts at the caller.
func (s *treeScreen) Init() tea.Cmd { return nil }

func (s *treeScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
	if s.detail != nil {
		s.detail.SetSize(w, h)
	}
	s.scroll()
}

// listHeight is how many rows of the tree show between the title and the status line.
func (s *treeScreen) listHeight() int { return max(s.Height-2, 1) }

func (s *treeScreen) setUser(u oas.User) tea.Cmd {
	code, ok := u.Code.Get()
	if !ok {
		s.err = errNotAssociate
		return nil
	}
	if s.rootCode != "" {
		return nil
	}
	s.rootCode = code
	return s.loadRoot()
}

// loadRoot (re)starts the tree at rootCode (the caller, or where it was re-rooted), with its
// recruits open.
func (s *treeScreen) loadRoot() tea.Cmd {
	s.seq++
	seq, c, code := s.seq, s.Common, s.rootCode
	s.root, s.rows, s.cursor, s.top, s.err = nil, nil, 0, 0, nil
	s.reveal, s.showHits = nil, false
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.GetGenealogyNode(ctx, oas.GetGenealogyNodeParams{Code: code})
		if err != nil {
			return treeRootMsg{seq: seq, err: explain(err)}
		}
		return treeRootMsg{seq: seq, node: res.Response}
	}
}

// expand opens n, loading its recruits the first time.
func (s *treeScreen) expand(n *treeNode) tea.Cmd {
	if n.Children == 0 {
		return nil
	}
	n.expanded = true
	s.flatten()
	if n.loaded || n.loading {
		return nil
	}
	n.loading, n.err = true, nil
	seq, c, code := s.seq, s.Common, n.Code
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		nodes, err := sdk.GenealogyChildren(ctx, c.Backend, code, treePageSize)
		return treeChildrenMsg{seq: seq, code: code, nodes: nodes, err: explain(err)}
	}
}

// reroot makes n the root of the tree, remembering the root before for prevRoot.
func (s *treeScreen) reroot(n *treeNode) tea.Cmd {
	if n.parent == nil { // already the root
		return nil
	}
	var path []string
	for p := n; p != nil; p = p.parent {
		path = append(path, p.Code)
	}
	slices.Reverse(path)
	s.roots = append(s.roots, prevRoot{code: s.rootCode, path: path})
	s.rootCode = n.Code
	return s.loadRoot()
}

// prevRoot goes back to the root before the last re-root, open down to the node that was
// made the root; at the first root it does nothing.
func (s *treeScreen) prevRoot() tea.Cmd {
	if len(s.roots) == 0 {
		return nil
	}
	prev := s.roots[len(s.roots)-1]
	s.roots = s.roots[:len(s.roots)-1]
	s.rootCode = prev.code
	cmd := s.loadRoot()
	s.reveal = prev.path // continued as the levels arrive
	return cmd
}

// breadcrumb is the path of roots, "A1001 › A2003 › A3003", cut in the middle ("A1001 › … ›
// A3003") until it is at most width columns wide.
func breadcrumb(codes []string, width int) string {
	line := strings.Join(codes, " › ")
	for drop := 1; lipgloss.Width(line) > width && len(codes)-drop >= 2; drop++ {
		parts := append([]string{codes[0], "…"}, codes[1+drop:]...)
		line = strings.Join(parts, " › ")
	}
	return line
}

func (s *treeScreen) collapse(n *treeNode) {
	n.expanded = false
	s.flatten()
	if i := s.indexOf(n); i >= 0 {
		s.cursor = i
	}
	s.scroll()
}

// find returns the loaded node with code, or nil.
func (s *treeScreen) find(code string) *treeNode {
	var walk func(*treeNode) *treeNode
	walk = func(n *treeNode) *treeNode {
		if n.Code == code {
			return n
		}
		for _, c := range n.children {
			if f := walk(c); f != nil {
				return f
			}
		}
		return nil
	}
	if s.root == nil {
		return nil
	}
	return walk(s.root)
}

func (s *treeScreen) indexOf(n *treeNode) int {
	for i, r := range s.rows {
		if r == n {
			return i
		}
	}
	return -1
}

// flatten lists the visible nodes: the root and the children of every expanded node.
func (s *treeScreen) flatten() {
	cur := s.selected()
	s.rows = s.rows[:0]
	var walk func(*treeNode)
	walk = func(n *treeNode) {
		s.rows = append(s.rows, n)
		if n.expanded {
			for _, c := range n.children {
				walk(c)
			}
		}
	}
	if s.root != nil {
		walk(s.root)
	}
	if cur != nil {
		if i := s.indexOf(cur); i >= 0 {
			s.cursor = i
		}
	}
	s.cursor = min(s.cursor, max(len(s.rows)-1, 0))
	s.scroll()
}

func (s *treeScreen) selected() *treeNode {
	if s.cursor >= 0 && s.cursor < len(s.rows) {
		return s.rows[s.cursor]
	}
	return nil
}

// scroll keeps the cursor in view.
func (s *treeScreen) scroll() {
	h := s.listHeight()
	if s.cursor < s.top {
		s.top = s.cursor
	}
	if s.cursor >= s.top+h {
		s.top = s.cursor - h + 1
	}
	s.top = max(min(s.top, len(s.rows)-h), 0)
}

func (s *treeScreen) move(d int) {
	if len(s.rows) == 0 {
		return
	}
	s.cursor = min(max(s.cursor+d, 0), len(s.rows)-1)
	s.scroll()
}

func (s *treeScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case accessLoadedMsg:
		return s, s.setUser(msg.user)

	case accessFailedMsg: // the user could not be loaded
		s.err = msg.err
		return s, nil

	case treeRootMsg:
		if msg.seq != s.seq {
			return s, nil
		}
		if msg.err != nil {
			s.err = msg.err
			return s, nil
		}
		s.root = &treeNode{TreeNode: msg.node}
		s.flatten()
		return s, s.expand(s.root)

	case treeChildrenMsg:
		if msg.seq != s.seq {
			return s, nil
		}
		n := s.find(msg.code)
		if n == nil {
			return s, nil
		}
		n.loading = false
		if msg.err != nil {
			n.err, n.expanded = msg.err, false
			s.reveal = nil
			s.flatten()
			return s, nil
		}
		n.loaded = true
		n.children = make([]*treeNode, len(msg.nodes))
		for i, c := range msg.nodes {
			n.children[i] = &treeNode{TreeNode: c, parent: n, depth: n.depth + 1}
		}
		s.flatten()
		return s, s.continueReveal()

	case treeSearchMsg:
		if msg.seq != s.searchSeq {
			return s, nil
		}
		if msg.err != nil {
			s.err = msg.err
			return s, nil
		}
		s.searched, s.hits, s.hitCursor, s.showHits = msg.keyword, msg.hits, 0, true
		return s, nil

	case associateLoadedMsg:
		return s, updateDetail(&s.detail, msg)

	case tea.KeyPressMsg:
		switch {
		case s.searching:
			return s.updateSearch(msg)
		case s.detail != nil:
			return s, updateDetail(&s.detail, msg)
		case s.showHits:
			return s.updateHits(msg)
		}
		return s.updateTree(msg)
	}
	if s.searching {
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(msg)
		return s, cmd
	}
	return s, nil
}

func (s *treeScreen) updateTree(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	n := s.selected()
	switch {
	case key.Matches(msg, s.keys.Reload):
		if s.rootCode != "" {
			return s, s.loadRoot()
		}
		return s, nil
	case key.Matches(msg, s.keys.PrevRoot): // also when the new root failed to load
		return s, s.prevRoot()
	case n == nil:
		return s, nil
	case key.Matches(msg, s.keys.Reroot):
		return s, s.reroot(n)
	case key.Matches(msg, s.keys.Up):
		s.move(-1)
	case key.Matches(msg, s.keys.Down):
		s.move(1)
	case key.Matches(msg, s.keys.Expand):
		if n.expanded && len(n.children) > 0 {
			s.move(1) // to the first recruit
			return s, nil
		}
		return s, s.expand(n)
	case key.Matches(msg, s.keys.Collapse):
		if n.expanded {
			s.collapse(n)
		} else if n.parent != nil {
			s.collapse(n.parent)
		}
	case key.Matches(msg, s.keys.Toggle):
		if n.expanded {
			s.collapse(n)
			return s, nil
		}
		return s, s.expand(n)
	case key.Matches(msg, s.keys.Open):
		var cmd tea.Cmd
		s.detail, cmd = newAssociateView(s.Common, screenTree, n.Code, n.Name)
		return s, cmd
	case key.Matches(msg, s.keys.Search):
		s.searching = true
		s.input.CursorEnd()
		return s, s.input.Focus()
	}
	return s, nil
}

func (s *treeScreen) updateSearch(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	switch {
	case key.Matches(msg, s.keys.Apply):
		s.searching = false
		s.input.Blur()
		kw := strings.TrimSpace(s.input.Value())
		if kw == "" || s.root == nil {
			return s, nil
		}
		s.searchSeq++
		seq, c, code := s.searchSeq, s.Common, s.root.Code
		return s, func() tea.Msg {
			ctx, cancel := c.request()
			defer cancel()
			res, err := c.Backend.SearchGenealogy(ctx, oas.SearchGenealogyParams{Code: code, SearchKeyword: kw})
			if err != nil {
				return treeSearchMsg{seq: seq, keyword: kw, err: explain(err)}
			}
			return treeSearchMsg{seq: seq, keyword: kw, hits: res.Response.Data}
		}
	case key.Matches(msg, s.keys.Cancel):
		s.searching = false
		s.input.Blur()
		return s, nil
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return s, cmd
}

// updateHits moves through the search results; enter opens the tree down to one.
func (s *treeScreen) updateHits(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	switch {
	case key.Matches(msg, s.keys.Cancel):
		s.showHits = false
	case key.Matches(msg, s.keys.Up):
		s.hitCursor = max(s.hitCursor-1, 0)
	case key.Matches(msg, s.keys.Down):
		s.hitCursor = min(s.hitCursor+1, max(len(s.hits)-1, 0))
	case key.Matches(msg, s.keys.Search):
		s.showHits = false
		s.searching = true
		return s, s.input.Focus()
	case key.Matches(msg, s.keys.Apply):
		if s.hitCursor < len(s.hits) {
			s.showHits = false
			s.reveal = s.hits[s.hitCursor].Path
			return s, s.continueReveal()
		}
	}
	return s, nil
}

// continueReveal opens the tree along s.reveal, loading the nodes on the way; it is called
// again as each level arrives, and puts the cursor on the last node once there.
func (s *treeScreen) continueReveal() tea.Cmd {
	if len(s.reveal) == 0 || s.root == nil {
		return nil
	}
	path := s.reveal
	if path[0] != s.root.Code {
		s.reveal = nil
		return nil
	}
	n := s.root
	for _, code := range path[1:] {
		if !n.loaded {
			return s.expand(n) // continues when the children arrive
		}
		n.expanded = true
		var next *treeNode
		for _, c := range n.children {
			if c.Code == code {
				next = c
			}
		}
		if next == nil {
			s.reveal = nil
			s.flatten()
			return nil
		}
		n = next
	}
	s.reveal = nil
	s.flatten()
	if i := s.indexOf(n); i >= 0 {
		s.cursor = i
		s.scroll()
	}
	return nil
}

// label is one node: "RMD100 Renee Mitchell (RMD, Active) · 174 below".
func treeLabel(n *treeNode) string {
	what := n.Level.Code
	if st, ok := n.Status.Get(); ok {
		what += ", " + string(st)
	}
	return fmt.Sprintf("%s %s (%s) · %d below", n.Code, n.Name, what, n.DownlineSize)
}

func (s *treeScreen) View() string {
	if s.detail != nil {
		return s.detail.View()
	}
	st := s.Styles
	title := st.Title.Render("Genealogy")
	if len(s.roots) > 0 {
		// Re-rooted: the path of roots, the current one last, named once loaded.
		codes := make([]string, 0, len(s.roots)+1)
		for _, r := range s.roots {
			codes = append(codes, r.code)
		}
		codes = append(codes, s.rootCode)
		rest := ""
		if s.root != nil {
			rest = fmt.Sprintf(" %s · %d below", s.root.Name, s.root.DownlineSize)
		}
		room := s.Width - lipgloss.Width(title) - lipgloss.Width(" · "+rest)
		title += st.Muted.Render(" · " + breadcrumb(codes, room) + rest)
	} else if s.root != nil {
		title += st.Muted.Render(fmt.Sprintf(" · %s %s · %d below", s.root.Code, s.root.Name, s.root.DownlineSize))
	}
	if s.showHits {
		return title + "\n" + s.hitsView()
	}

	var body string
	switch {
	case s.err != nil && s.root == nil:
		body = "\n" + st.Error.Width(max(s.Width-2, 20)).Render("Error: "+s.err.Error())
	case s.root == nil:
		body = st.Muted.Render("Loading the tree…")
	default:
		var b strings.Builder
		end := min(s.top+s.listHeight(), len(s.rows))
		for i := s.top; i < end; i++ {
			b.WriteString(s.rowView(i) + "\n")
		}
		body = strings.TrimRight(b.String(), "\n")
	}

	var status string
	switch {
	case s.searching:
		status = s.input.View()
	case s.err != nil && s.root != nil:
		status = st.Error.Render("Error: " + s.err.Error())
	case s.err != nil && len(s.roots) > 0:
		status = st.Info.Render("r to try again · u back to the previous root")
	case s.err != nil:
		status = st.Info.Render("r to try again")
	case len(s.rows) > 0:
		status = st.Info.Render(fmt.Sprintf("Row %d of %d · o opens · / searches", s.cursor+1, len(s.rows)))
	}
	return title + "\n" + fitLines(body, s.Width, s.listHeight()) + "\n" + status
}

// rowView draws row i: the cursor mark, the indentation, ▸ (closed), ▾ (open) or · (no
// recruits), the label and what is happening below it.
func (s *treeScreen) rowView(i int) string {
	st := s.Styles
	n := s.rows[i]
	marker := "· "
	switch {
	case n.Children == 0:
	case n.expanded:
		marker = "▾ "
	default:
		marker = "▸ "
	}
	line := strings.Repeat("  ", n.depth) + marker + treeLabel(n)
	switch {
	case n.loading:
		line += " " + st.Muted.Render("loading…")
	case n.err != nil:
		line += " " + st.Error.Render("error: "+n.err.Error())
	}
	if i == s.cursor {
		return st.Selected.Render("› " + line)
	}
	return "  " + line
}

func (s *treeScreen) hitsView() string {
	st := s.Styles
	var b strings.Builder
	b.WriteString(st.Label.Render(fmt.Sprintf("Matches of %q below %s", s.searched, s.root.Code)) + "\n")
	if len(s.hits) == 0 {
		b.WriteString(st.Muted.Render("No associates match.") + "\n")
	}
	for i, h := range s.hits {
		where := strings.Join(h.Path, " › ")
		line := cell(h.Node.Code, 10) + " " + cell(h.Node.Name, 24) + " " + st.Muted.Render(where)
		if i == s.hitCursor {
			b.WriteString(st.Selected.Render("› "+line) + "\n")
		} else {
			b.WriteString("  " + line + "\n")
		}
	}
	return fitLines(strings.TrimRight(b.String(), "\n"), s.Width, s.listHeight()) + "\n" +
		st.Info.Render("enter opens the tree there · esc back to the tree")
}

func (s *treeScreen) ShortHelp() []key.Binding {
	switch {
	case s.searching:
		return []key.Binding{s.keys.Apply, s.keys.Cancel}
	case s.detail != nil:
		return s.detail.helpKeys()
	case s.showHits:
		return []key.Binding{s.keys.Up, s.keys.Down, s.keys.Apply, s.keys.Cancel}
	case s.rootCode == "":
		return nil // no tree (yet): no keys of its own
	}
	// ← (the other way of →) is left to the full help, to make room for the roots.
	return []key.Binding{s.keys.Expand, s.keys.Open, s.keys.Search, s.keys.Reroot, s.keys.PrevRoot}
}

func (s *treeScreen) FullHelp() [][]key.Binding {
	switch {
	case s.searching:
		return [][]key.Binding{{s.keys.Apply, s.keys.Cancel}}
	case s.detail != nil:
		return s.detail.fullHelp()
	case s.showHits:
		return [][]key.Binding{{s.keys.Up, s.keys.Down}, {s.keys.Apply, s.keys.Cancel}}
	case s.rootCode == "":
		return nil
	}
	return [][]key.Binding{
		{s.keys.Up, s.keys.Down, s.keys.Open},
		{s.keys.Expand, s.keys.Collapse, s.keys.Toggle},
		{s.keys.Search, s.keys.Reload, s.keys.Reroot, s.keys.PrevRoot},
	}
}
