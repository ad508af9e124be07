package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// businessPageSize is how many policies one page of the business screen holds.
const businessPageSize = 50

// businessScreen browses policies page by page: an associate's own (Personal) and those of
// its team views, switched with ←/→; staff allowed to review policies see every policy.
// / filters (client name contains, and the CLI's listing terms), enter opens a policy's
// tabs: its details, requirements and commission.
type businessScreen struct {
	Common
	listTable // the filter is: client name contains
	keys      TeamKeyMap

	known  bool           // the user is known: the list can load
	views  []oas.TeamView // the offered views; none for staff, who see every policy
	view   int
	rows   []sdk.PolicyRow
	detail *policyView
}

func newBusinessScreen(c Common) *businessScreen {
	return &businessScreen{
		Common:    c,
		listTable: newListTable(c, "Client name contains: ", businessPageSize),
		keys:      DefaultTeamKeyMap(),
	}
}

func (s *businessScreen) Title() string { return "Business" }

func (s *businessScreen) Capturing() bool { return s.filtering }

// Init waits for the user: the views offered depend on the level, and staff have none.
func (s *businessScreen) Init() tea.Cmd { return nil }

func (s *businessScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	cur := max(s.table.Cursor(), 0)
	s.setColumns()
	s.table.SetWidth(w)
	s.table.SetHeight(max(h-3, 3)) // title and views above, status below
	if len(s.rows) > 0 {
		s.setRows(cur)
	}
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
	if s.detail != nil {
		s.detail.SetSize(w, h)
	}
}

// setUser learns whose business shows: an associate's own first, with its team views
// offered; a staff member's every policy.
func (s *businessScreen) setUser(u oas.User) tea.Cmd {
	if s.known {
		return nil
	}
	s.known = true
	if u.Code.Set {
		s.views = sdk.OfferedTeamViews(u.IsSeniorLevel)
	}
	return s.load(1)
}

func (s *businessScreen) load(page int) tea.Cmd {
	var view oas.OptTeamView
	if len(s.views) > 0 {
		view = oas.NewOptTeamView(s.views[s.view])
	}
	return loadPage(s.Common, &s.listTable, page, pageRequest[oas.ListPoliciesParams, sdk.PolicyRow]{
		screen: screenBusiness,
		params: func(limit, page oas.OptInt, cursor oas.OptString) oas.ListPoliciesParams {
			return oas.ListPoliciesParams{View: view, Limit: limit, Page: page, Cursor: cursor}
		},
		search: func(p *oas.ListPoliciesParams, text string) { p.FilterClientNameContains = oas.NewOptString(text) },
		list: func(ctx context.Context, p oas.ListPoliciesParams) ([]sdk.PolicyRow, oas.OptString, error) {
			res, err := s.Backend.ListPolicies(ctx, p)
			if err != nil {
				return nil, oas.OptString{}, err
			}
			return res.Response.Data, res.Response.NextCursor, nil
		},
		loaded: func(seq int, rows []sdk.PolicyRow, more bool, cursor string) tea.Msg {
			return policiesLoadedMsg{seq: seq, page: page, rows: rows, more: more, cursor: cursor}
		},
	})
}

func (s *businessScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case accessLoadedMsg:
		return s, s.setUser(msg.user)

	case accessFailedMsg:
		s.err = msg.err
		return s, nil

	case policiesLoadedMsg:
		if !s.pager.answered(msg.seq, msg.page, msg.more, msg.cursor) {
			return s, nil
		}
		s.loading, s.loaded = false, true
		s.rows = msg.rows
		s.setRows(0)
		return s, nil

	case errMsg:
		s.loading, s.err = false, msg.err
		return s, nil

	case policyLoadedMsg:
		if s.detail != nil {
			return s, s.detail.Update(msg)
		}
		return s, nil

	case tea.KeyPressMsg:
		switch {
		case s.filtering:
			return s, s.updateFilter(msg, s.keys.ListKeyMap, s.load)
		case s.detail != nil:
			if key.Matches(msg, s.detail.keys.Back) {
				s.detail = nil
				return s, nil
			}
			return s, s.detail.Update(msg)
		}
		return s.updateList(msg)
	}
	return s, s.updateInput(msg)
}

func (s *businessScreen) updateList(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	if !s.known {
		return s, nil
	}
	switch {
	case key.Matches(msg, s.keys.Open):
		if i := s.table.Cursor(); i >= 0 && i < len(s.rows) {
			var cmd tea.Cmd
			s.detail, cmd = newPolicyView(s.Common, screenBusiness, s.rows[i].ID, s.rows[i].PolicyNumber)
			return s, cmd
		}
		return s, nil
	case key.Matches(msg, s.keys.NextView) && len(s.views) > 1:
		return s, s.moveView(1)
	case key.Matches(msg, s.keys.PrevView) && len(s.views) > 1:
		return s, s.moveView(-1)
	}
	return s, s.updateKey(msg, s.keys.ListKeyMap, s.load, s.setRows)
}

// moveView goes d views along the offered ones, round and round, from the first page.
func (s *businessScreen) moveView(d int) tea.Cmd {
	n := len(s.views)
	s.view = ((s.view+d)%n + n) % n
	s.rows, s.loaded = nil, false
	s.pager.reset()
	return s.load(1)
}

// setColumns sizes the columns: fixed ones, and the client taking the rest (the product
// shows in the policy's details).
func (s *businessScreen) setColumns() {
	const pad = 2
	fixed := []int{1, 12, 13, 17, 11, 10}
	used := 0
	for _, w := range fixed {
		used += w + pad
	}
	s.table.SetColumns([]table.Column{
		{Title: "", Width: 1},
		{Title: "Number", Width: 12},
		{Title: "Client", Width: max(s.Width-used-pad, 12)},
		{Title: "Writers", Width: 13},
		{Title: "Status", Width: 17},
		{Title: "Premium", Width: 11},
		{Title: "Submitted", Width: 10},
	})
}

// setRows fills the table with the cursor on row cur; the first column marks the selected
// row, and a ! before the status the policies with open requirements (marks that show
// without colour too).
func (s *businessScreen) setRows(cur int) {
	rows := make([]table.Row, len(s.rows))
	for i := range s.rows {
		r := &s.rows[i]
		writers := r.WriterCode
		if code, ok := r.SplitCode.Get(); ok {
			writers += "+" + code
		}
		status := string(r.Status)
		if r.OpenRequirements > 0 {
			status = "! " + status
		}
		rows[i] = table.Row{cursorMark(i, cur), r.PolicyNumber, r.ClientName, writers, status,
			text.FormatDollars(r.TargetPremiumCents), text.FormatDate(r.SubmittedOn)}
	}
	s.table.SetRows(rows)
	s.table.SetCursor(cur)
}

// viewsLine shows the offered views, the current one in brackets; staff see every policy.
func (s *businessScreen) viewsLine() string {
	st := s.Styles
	if len(s.views) == 0 {
		return st.Label.Render("Views ") + st.ActiveTab.Render("[All policies]") + st.Muted.Render(" · staff review")
	}
	parts := make([]string, len(s.views))
	for i, v := range s.views {
		if i == s.view {
			parts[i] = st.ActiveTab.Render("[" + string(v) + "]")
		} else {
			parts[i] = st.Tab.Render(" " + string(v) + " ")
		}
	}
	return st.Label.Render("Views ") + strings.Join(parts, " ")
}

func (s *businessScreen) View() string {
	if s.detail != nil {
		return s.detail.View()
	}
	st := s.Styles
	if !s.known {
		if s.err != nil {
			return st.Title.Render("Business") + "\n\n" + st.Error.Width(max(s.Width-2, 20)).Render(s.err.Error())
		}
		return st.Title.Render("Business") + "\n" + st.Muted.Render("Loading…")
	}
	title := st.Title.Render("Business") + st.Muted.Render(fmt.Sprintf(" · page %d", s.pager.page))
	if s.filter != "" {
		title += st.Muted.Render(fmt.Sprintf(" · client name contains %q", s.filter))
	}
	var body string
	switch {
	case s.err != nil && len(s.rows) == 0:
		body = "\n" + st.Error.Width(max(s.Width-2, 20)).Render("Error: "+s.err.Error())
	case !s.loaded:
		body = st.Muted.Render("Loading policies…")
	case len(s.rows) == 0:
		body = st.Muted.Render("No policies match.")
	default:
		body = s.table.View()
	}
	status := s.status(st, len(s.rows), "r to try again")
	return title + "\n" + s.viewsLine() + "\n" + fitLines(body, s.Width, max(s.Height-3, 1)) + "\n" + status
}

func (s *businessScreen) ShortHelp() []key.Binding {
	switch {
	case s.filtering:
		return []key.Binding{s.keys.Apply, s.keys.Cancel}
	case s.detail != nil:
		return s.detail.helpKeys()
	case !s.known:
		return nil
	}
	b := []key.Binding{s.keys.Open}
	if len(s.views) > 1 {
		b = append(b, s.keys.NextView)
	}
	return append(append(b, s.keys.Filter), s.pageHelp(s.keys.ListKeyMap)...)
}

func (s *businessScreen) FullHelp() [][]key.Binding {
	switch {
	case s.filtering:
		return [][]key.Binding{{s.keys.Apply, s.keys.Cancel}}
	case s.detail != nil:
		return s.detail.fullHelp()
	case !s.known:
		return nil
	}
	return [][]key.Binding{
		{s.keys.Up, s.keys.Down, s.keys.Open},
		{s.keys.NextView, s.keys.PrevView},
		{s.keys.NextPage, s.keys.PrevPage, s.keys.Reload},
		{s.keys.Filter, s.keys.Clear},
	}
}

// policyTab is one tab of a policy.
type policyTab int

const (
	tabPolicy policyTab = iota
	tabRequirements
	tabCommission
	policyTabCount
)

func (t policyTab) String() string {
	return [...]string{"Details", "Requirements", "Commission"}[t]
}

// policyView shows one policy in tabs (details, requirements, commission preview), each
// loaded the first time it is shown. The business screen and the payments screen (from an
// entry) open it; their screen's id routes its answers back.
type policyView struct {
	Common
	keys   AssociateKeyMap
	screen screenID
	id     int64
	number string // known before the policy loads (from the row it was opened from)

	tab          policyTab
	policy       *sdk.Policy
	requirements []oas.Requirement
	commission   *oas.CommissionPreview
	loaded       [policyTabCount]bool
	loading      [policyTabCount]bool
	errs         [policyTabCount]error
	offset       int
}

// newPolicyView opens the policy id (numbered number) for screen and starts loading its
// details.
func newPolicyView(c Common, screen screenID, id int64, number string) (*policyView, tea.Cmd) {
	v := &policyView{Common: c, keys: DefaultAssociateKeyMap(), screen: screen, id: id, number: number}
	return v, v.load(tabPolicy)
}

// load asks for a tab unless it is loaded or loading.
func (v *policyView) load(tab policyTab) tea.Cmd {
	if v.loaded[tab] || v.loading[tab] {
		return nil
	}
	v.loading[tab], v.errs[tab] = true, nil
	c, screen, id := v.Common, v.screen, v.id
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		msg := policyLoadedMsg{screen: screen, id: id, tab: tab}
		var err error
		switch tab {
		case tabPolicy:
			var res *oas.PolicyHeaders
			if res, err = c.Backend.GetPolicy(ctx, oas.GetPolicyParams{ID: id}); err == nil {
				msg.data = &res.Response
			}
		case tabRequirements:
			var res *oas.RequirementListHeaders
			if res, err = c.Backend.ListPolicyRequirements(ctx, oas.ListPolicyRequirementsParams{ID: id}); err == nil {
				msg.data = res.Response.Data
			}
		case tabCommission:
			var res *oas.CommissionPreviewHeaders
			if res, err = c.Backend.GetPolicyCommission(ctx, oas.GetPolicyCommissionParams{ID: id}); err == nil {
				msg.data = &res.Response
			}
		}
		msg.err = explain(err)
		return msg
	}
}

// Update handles the view's answers and keys (back is its opener's).
func (v *policyView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case policyLoadedMsg:
		if msg.id != v.id {
			return nil // for a policy opened before
		}
		v.loading[msg.tab] = false
		if msg.err != nil {
			v.errs[msg.tab] = msg.err
			return nil
		}
		v.loaded[msg.tab] = true
		switch d := msg.data.(type) {
		case *sdk.Policy:
			v.policy, v.number = d, d.PolicyNumber
		case []oas.Requirement:
			v.requirements = d
		case *oas.CommissionPreview:
			v.commission = d
		}
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, v.keys.NextTab):
			return v.switchTab((v.tab + 1) % policyTabCount)
		case key.Matches(msg, v.keys.PrevTab):
			return v.switchTab((v.tab + policyTabCount - 1) % policyTabCount)
		default:
			scroll(msg, v.keys, &v.offset, len(v.lines()), v.bodyHeight())
		}
	}
	return nil
}

func (v *policyView) switchTab(t policyTab) tea.Cmd {
	v.tab, v.offset = t, 0
	return v.load(t)
}

func (v *policyView) bodyHeight() int { return max(v.Height-3, 1) }

func (v *policyView) View() string {
	st := v.Styles
	head := st.Title.Render(v.number) + st.Muted.Render(fmt.Sprintf("  #%d", v.id))
	if p := v.policy; p != nil {
		head += st.Muted.Render(fmt.Sprintf(" · %s · %s · %s", p.Status, p.ProductName, p.ProviderName))
	}
	names := make([]string, policyTabCount)
	for t := range policyTabCount {
		names[t] = t.String()
	}
	return head + "\n" + tabBar(st, names, int(v.tab)) + "\n\n" + scrolled(v.lines(), v.offset, v.Width, v.bodyHeight())
}

// lines renders the current tab.
func (v *policyView) lines() []string {
	st := v.Styles
	t := v.tab
	switch {
	case v.errs[t] != nil:
		return []string{st.Error.Width(max(v.Width-2, 20)).Render("Error: " + v.errs[t].Error())}
	case !v.loaded[t]:
		return []string{st.Muted.Render("Loading " + strings.ToLower(t.String()) + "…")}
	}
	switch t {
	case tabRequirements:
		return v.requirementLines()
	case tabCommission:
		return v.commissionLines()
	}
	return v.policyLines()
}

func (v *policyView) policyLines() []string {
	st := v.Styles
	p := v.policy
	var out []string
	field := func(label, value string) { out = append(out, fieldLine(st, 19, label, value)) }
	field("Status", string(p.Status))
	field("Product", fmt.Sprintf("%s · %s (%s / %s)", p.ProductName, p.ProviderName, p.Category, p.Type))
	field("Client", fmt.Sprintf("%s (#%d, %s)", p.ClientName, p.ClientID, p.ClientState))
	for i, w := range p.Writers {
		label := "Writer"
		if len(p.Writers) > 1 {
			label = fmt.Sprintf("Writer %d", i+1)
		}
		field(label, fmt.Sprintf("%s (%s) · %s share", w.Name, w.Code, text.FormatPercent(w.ShareBp)))
	}
	field("Field trainer", personText(p.Trainer))
	field("Face amount", text.FormatDollars(p.FaceAmountCents))
	field("Target premium", text.FormatDollars(p.TargetPremiumCents))
	field("Commission rate", text.FormatPercent(p.CommissionRateBp))
	field("BV", text.FormatDollars(p.BvCents))
	field("Submitted", text.FormatDate(p.SubmittedOn))
	field("Issued", dateText(p.IssuedOn))
	field("Approved", dateText(p.ApprovedOn))
	field("Lapsed", dateText(p.LapsedOn))
	field("Open requirements", strconv.Itoa(p.OpenRequirements))
	if len(p.NextStatuses) > 0 {
		next := make([]string, len(p.NextStatuses))
		for i, s := range p.NextStatuses {
			next[i] = string(s)
		}
		field("Can move to", strings.Join(next, ", "))
	}
	if n := strings.TrimSpace(p.Notes.Or("")); n != "" {
		out = append(out, "", st.Title.Render("Notes"))
		out = append(out, text.Wrap(n, max(v.Width-2, 20))...)
	}
	return out
}

// requirementLines lists the requirements, the open ones highlighted and marked "!" so that
// they show without colour too.
func (v *policyView) requirementLines() []string {
	st := v.Styles
	if len(v.requirements) == 0 {
		return []string{st.Muted.Render("No requirements.")}
	}
	row := func(mark, name, status, due string) string {
		return mark + " " + cell(name, max(v.Width-32, 20)) + "  " + cell(status, 9) + "  " + due
	}
	out := []string{st.TableHeader.Render(row(" ", "Name", "Status", "Due"))}
	open := 0
	for _, r := range v.requirements {
		due := dateText(r.DueOn)
		if r.Status == oas.RequirementStatusOpen {
			open++
			out = append(out, st.Warning.Render(row("!", r.Name, string(r.Status), due)))
		} else {
			out = append(out, row(" ", r.Name, string(r.Status), due))
		}
	}
	return append(out, "", st.Muted.Render(fmt.Sprintf("%d requirements · %d open", len(v.requirements), open)))
}

// commissionLines lists every commission line with its explanation below it.
func (v *policyView) commissionLines() []string {
	st := v.Styles
	c := v.commission
	out := []string{st.Muted.Render(fmt.Sprintf("As of %s · commissionable %s · total %s",
		text.FormatDate(c.AsOf), text.FormatDollars(c.CommissionableCents), text.FormatDollars(c.TotalCents))), ""}
	if len(c.Lines) == 0 {
		return append(out, st.Muted.Render("No commission lines."))
	}
	for _, l := range c.Lines {
		kind := string(l.BonusType)
		if g, ok := l.Generation.Get(); ok && !strings.Contains(kind, strconv.Itoa(g)) {
			kind += fmt.Sprintf(" (gen %d)", g)
		}
		out = append(out, fmt.Sprintf("%12s  %s  %s of %s  %s", text.FormatDollars(l.AmountCents), cell(kind, 30),
			text.FormatPercent(l.RateBp), text.FormatDollars(l.BaseCents), fmt.Sprintf("%s (%s, %s)", l.AssociateName, l.AssociateCode, l.Level)))
		for _, w := range text.Wrap(l.Explanation, max(v.Width-16, 20)) {
			out = append(out, strings.Repeat(" ", 14)+st.Muted.Render(w))
		}
	}
	return out
}

func (v *policyView) helpKeys() []key.Binding {
	return []key.Binding{v.keys.NextTab, v.keys.PrevTab, v.keys.Back}
}

func (v *policyView) fullHelp() [][]key.Binding {
	return [][]key.Binding{{v.keys.NextTab, v.keys.PrevTab}, {v.keys.Up, v.keys.Down}, {v.keys.Back}}
}
