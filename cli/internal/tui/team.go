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

// teamPageSize is how many members one page of the team browser holds.
const teamPageSize = 50

// teamScreen browses the caller's team views page by page: ←/→ switch between the dashboard
// and the views the caller is offered, / filters by name, enter opens a member's tabs.
type teamScreen struct {
	Common
	listTable // the filter is: name contains
	keys      TeamKeyMap

	views   []oas.TeamView // the offered views, known once the user is
	view    int            // the index of the view shown (or shown last, on the dashboard)
	onDash  bool           // the dashboard shows, in front of the views
	dash    teamDashboard
	rows    []sdk.TeamMember
	withGen bool // a row has a generation: the column shows
	detail  *associateView
}

func newTeamScreen(c Common) *teamScreen {
	return &teamScreen{
		Common:    c,
		listTable: newListTable(c, "Name contains: ", teamPageSize),
		keys:      DefaultTeamKeyMap(),
		dash:      teamDashboard{Common: c},
	}
}

func (s *teamScreen) Title() string { return "Team" }

func (s *teamScreen) Capturing() bool { return s.filtering }

// Init waits for the user: the views offered depend on the level.
func (s *teamScreen) Init() tea.Cmd { return nil }

func (s *teamScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	cur := max(s.table.Cursor(), 0)
	s.setColumns()
	s.table.SetWidth(w)
	s.table.SetHeight(max(h-3, 3)) // title and views above, status below
	if len(s.rows) > 0 {
		s.setRows(cur)
	}
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
	s.dash.SetSize(w, max(h-3, 1))
	if s.detail != nil {
		s.detail.SetSize(w, h)
	}
}

// setUser learns the offered views and opens the first one beyond Personal (the caller
// alone), the one people browse.
func (s *teamScreen) setUser(u oas.User) tea.Cmd {
	if !u.Code.Set {
		s.err = errNotAssociate
		return nil
	}
	if len(s.views) > 0 {
		return nil
	}
	s.views = sdk.OfferedTeamViews(u.IsSeniorLevel)
	s.view = min(1, len(s.views)-1)
	return s.load(1)
}

func (s *teamScreen) currentView() oas.TeamView {
	if len(s.views) == 0 {
		return ""
	}
	return s.views[s.view]
}

func (s *teamScreen) load(page int) tea.Cmd {
	view := s.currentView()
	return loadPage(s.Common, &s.listTable, page, pageRequest[oas.ListTeamParams, sdk.TeamMember]{
		screen: screenTeam,
		params: func(limit, page oas.OptInt, cursor oas.OptString) oas.ListTeamParams {
			return oas.ListTeamParams{View: view, Limit: limit, Page: page, Cursor: cursor}
		},
		search: func(p *oas.ListTeamParams, text string) { p.FilterNameContains = oas.NewOptString(text) },
		list: func(ctx context.Context, p oas.ListTeamParams) ([]sdk.TeamMember, oas.OptString, error) {
			res, err := s.Backend.ListTeam(ctx, p)
			if err != nil {
				return nil, oas.OptString{}, err
			}
			return res.Response.Data, res.Response.NextCursor, nil
		},
		loaded: func(seq int, rows []sdk.TeamMember, more bool, cursor string) tea.Msg {
			return teamLoadedMsg{seq: seq, view: view, page: page, rows: rows, more: more, cursor: cursor}
		},
	})
}

func (s *teamScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case accessLoadedMsg:
		return s, s.setUser(msg.user)

	case teamLoadedMsg:
		if !s.pager.answered(msg.seq, msg.page, msg.more, msg.cursor) {
			return s, nil
		}
		s.loading, s.loaded = false, true
		s.rows = msg.rows
		s.withGen = false
		for i := range s.rows {
			s.withGen = s.withGen || s.rows[i].Generation.Set
		}
		s.setColumns()
		s.setRows(0)
		return s, nil

	case errMsg:
		s.loading, s.err = false, msg.err
		return s, nil

	case accessFailedMsg:
		s.err = msg.err
		return s, nil

	case dashboardLoadedMsg:
		s.dash.loaded(msg)
		return s, nil

	case associateLoadedMsg:
		return s, updateDetail(&s.detail, msg)

	case tea.KeyPressMsg:
		switch {
		case s.filtering:
			return s, s.updateFilter(msg, s.keys.ListKeyMap, s.load)
		case s.detail != nil:
			return s, updateDetail(&s.detail, msg)
		}
		return s.updateList(msg)
	}
	return s, s.updateInput(msg)
}

func (s *teamScreen) updateList(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	if len(s.views) == 0 {
		return s, nil // the user is not known yet
	}
	if s.onDash {
		switch {
		case key.Matches(msg, s.keys.NextView):
			return s, s.moveView(1)
		case key.Matches(msg, s.keys.PrevView):
			return s, s.moveView(-1)
		case key.Matches(msg, s.keys.Reload):
			return s, s.dash.load()
		}
		return s, nil
	}
	switch {
	case key.Matches(msg, s.keys.Open):
		if i := s.table.Cursor(); i >= 0 && i < len(s.rows) {
			var cmd tea.Cmd
			s.detail, cmd = newAssociateView(s.Common, screenTeam, s.rows[i].Code, s.rows[i].Name)
			return s, cmd
		}
		return s, nil
	case key.Matches(msg, s.keys.NextView):
		return s, s.moveView(1)
	case key.Matches(msg, s.keys.PrevView):
		return s, s.moveView(-1)
	}
	return s, s.updateKey(msg, s.keys.ListKeyMap, s.load, s.setRows)
}

// moveView goes d places along the views line: the dashboard, then the offered views, round
// and round. The dashboard loads the first time it shows.
func (s *teamScreen) moveView(d int) tea.Cmd {
	n := len(s.views) + 1
	pos := s.view + 1
	if s.onDash {
		pos = 0
	}
	pos = ((pos+d)%n + n) % n
	if pos == 0 {
		s.onDash = true
		if s.dash.data == nil && !s.dash.loading {
			return s.dash.load()
		}
		return nil
	}
	s.onDash = false
	if pos-1 == s.view && (s.loaded || s.loading) {
		return nil // back from the dashboard to the view it left
	}
	s.view = pos - 1
	s.rows, s.loaded = nil, false
	s.pager.reset()
	return s.load(1)
}

// setColumns sizes the columns: fixed ones, and name and status sharing the rest.
func (s *teamScreen) setColumns() {
	const pad = 2
	fixed := []int{1, 8, 5, 8, 3, 10}
	if s.withGen {
		fixed = append(fixed, 3)
	}
	used := 0
	for _, w := range fixed {
		used += w + pad
	}
	rest := max(s.Width-used-2*pad, 24)
	name := rest * 3 / 5
	status := rest - name
	cols := []table.Column{
		{Title: "", Width: 1},
		{Title: "Code", Width: 8},
		{Title: "Name", Width: name},
		{Title: "Level", Width: 5},
		{Title: "Status", Width: status},
		{Title: "Upline", Width: 8},
	}
	if s.withGen {
		cols = append(cols, table.Column{Title: "Gen", Width: 3})
	}
	cols = append(cols, table.Column{Title: "Lic", Width: 3}, table.Column{Title: "Joined", Width: 10})
	if len(cols) != len(s.table.Columns()) {
		s.table.SetRows(nil) // the rows must match the columns; the caller sets them again
	}
	s.table.SetColumns(cols)
}

func (s *teamScreen) setRows(cur int) {
	rows := make([]table.Row, len(s.rows))
	for i := range s.rows {
		m := &s.rows[i]
		r := table.Row{cursorMark(i, cur), m.Code, m.Name, m.Level.Code, string(m.Status), m.UplineCode.Or("")}
		if s.withGen {
			gen := ""
			if g, ok := m.Generation.Get(); ok {
				gen = strconv.Itoa(g)
			}
			r = append(r, gen)
		}
		rows[i] = append(r, yesNo(m.Licensed), text.FormatDate(m.JoinedOn))
	}
	s.table.SetRows(rows)
	s.table.SetCursor(cur)
}

// viewsLine shows the dashboard and the offered views, the current one in brackets.
func (s *teamScreen) viewsLine() string {
	st := s.Styles
	var parts []string
	if s.onDash {
		parts = append(parts, st.ActiveTab.Render("[Dashboard]"))
	} else {
		parts = append(parts, st.Tab.Render(" Dashboard "))
	}
	for i, v := range s.views {
		if i == s.view && !s.onDash {
			parts = append(parts, st.ActiveTab.Render("["+string(v)+"]"))
		} else {
			parts = append(parts, st.Tab.Render(" "+string(v)+" "))
		}
	}
	return st.Label.Render("Views ") + strings.Join(parts, " ")
}

func (s *teamScreen) View() string {
	if s.detail != nil {
		return s.detail.View()
	}
	st := s.Styles
	if len(s.views) == 0 {
		if s.err != nil {
			return st.Title.Render("Team") + "\n\n" + st.Error.Width(max(s.Width-2, 20)).Render(s.err.Error())
		}
		return st.Title.Render("Team") + "\n" + st.Muted.Render("Loading…")
	}
	if s.onDash {
		title := st.Title.Render("Team") + st.Muted.Render(" · Dashboard")
		if p := s.dash.period(); p != "" {
			title += st.Muted.Render(" · " + p)
		}
		return title + "\n" + s.viewsLine() + "\n" + fitLines(s.dash.View(), s.Width, max(s.Height-3, 1)) + "\n" + s.dash.status()
	}
	title := st.Title.Render("Team") + st.Muted.Render(fmt.Sprintf(" · %s · page %d", s.currentView(), s.pager.page))
	if s.filter != "" {
		title += st.Muted.Render(fmt.Sprintf(" · name contains %q", s.filter))
	}

	var body string
	switch {
	case s.err != nil && len(s.rows) == 0:
		body = "\n" + st.Error.Width(max(s.Width-2, 20)).Render("Error: "+s.err.Error())
	case !s.loaded:
		body = st.Muted.Render("Loading the " + string(s.currentView()) + " view…")
	case len(s.rows) == 0:
		body = st.Muted.Render("No team members match.")
	default:
		body = s.table.View()
	}

	status := s.status(st, len(s.rows), "r to try again · ←/→ another view or the dashboard")
	return title + "\n" + s.viewsLine() + "\n" + fitLines(body, s.Width, max(s.Height-3, 1)) + "\n" + status
}

func (s *teamScreen) ShortHelp() []key.Binding {
	switch {
	case s.filtering:
		return []key.Binding{s.keys.Apply, s.keys.Cancel}
	case s.detail != nil:
		return s.detail.helpKeys()
	case s.onDash:
		return []key.Binding{s.keys.NextView, s.keys.PrevView, s.keys.Reload}
	case len(s.views) == 0:
		return nil // no team (yet): no keys of its own
	}
	return append([]key.Binding{s.keys.Open, s.keys.NextView, s.keys.Filter}, s.pageHelp(s.keys.ListKeyMap)...)
}

func (s *teamScreen) FullHelp() [][]key.Binding {
	switch {
	case s.filtering:
		return [][]key.Binding{{s.keys.Apply, s.keys.Cancel}}
	case s.detail != nil:
		return s.detail.fullHelp()
	case s.onDash:
		return [][]key.Binding{{s.keys.NextView, s.keys.PrevView}, {s.keys.Reload}}
	case len(s.views) == 0:
		return nil
	}
	return [][]key.Binding{
		{s.keys.Up, s.keys.Down, s.keys.Open},
		{s.keys.NextView, s.keys.PrevView},
		{s.keys.NextPage, s.keys.PrevPage, s.keys.Reload},
		{s.keys.Filter, s.keys.Clear},
	}
}
