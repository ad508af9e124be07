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

// clientsPageSize is how many clients one page holds.
const clientsPageSize = 50

// clientsScreen browses the clients page by page, filters them by last name and opens one,
// and from a client the associate who owns it.
type clientsScreen struct {
	Common
	listTable // the filter is: last name contains
	keys      ClientsKeyMap
	rows      []sdk.ClientRecord
	detail    *sdk.ClientRecord
	owner     *associateView // the owner of the client shown, opened from its details
}

func newClientsScreen(c Common) *clientsScreen {
	return &clientsScreen{
		Common:    c,
		listTable: newListTable(c, "Last name contains: ", clientsPageSize),
		keys:      DefaultClientsKeyMap(),
	}
}

func (s *clientsScreen) Title() string { return "Clients" }

func (s *clientsScreen) Capturing() bool { return s.filtering }

func (s *clientsScreen) Init() tea.Cmd { return s.load(1) }

func (s *clientsScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	s.setColumns() // before the height: the table takes the header's height off it
	s.table.SetWidth(w)
	s.table.SetHeight(max(h-2, 3)) // title line above, status line below
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
	if s.owner != nil {
		s.owner.SetSize(w, h)
	}
}

// load asks for page (from 1) with the current filter.
func (s *clientsScreen) load(page int) tea.Cmd {
	return loadPage(s.Common, &s.listTable, page, pageRequest[oas.ListClientsParams, sdk.ClientRecord]{
		screen: screenClients,
		params: func(limit, page oas.OptInt, cursor oas.OptString) oas.ListClientsParams {
			return oas.ListClientsParams{Limit: limit, Page: page, Cursor: cursor}
		},
		search: func(p *oas.ListClientsParams, text string) { p.FilterLastNameContains = oas.NewOptString(text) },
		list: func(ctx context.Context, p oas.ListClientsParams) ([]sdk.ClientRecord, oas.OptString, error) {
			res, err := s.Backend.ListClients(ctx, p)
			if err != nil {
				return nil, oas.OptString{}, err
			}
			return res.Response.Data, res.Response.NextCursor, nil
		},
		loaded: func(seq int, rows []sdk.ClientRecord, more bool, cursor string) tea.Msg {
			return clientsLoadedMsg{seq: seq, page: page, rows: rows, more: more, cursor: cursor}
		},
	})
}

func (s *clientsScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case clientsLoadedMsg:
		if !s.pager.answered(msg.seq, msg.page, msg.more, msg.cursor) {
			return s, nil // an answer to an older request
		}
		s.loading, s.loaded = false, true
		s.rows = msg.rows
		s.setRows(0)
		return s, nil

	case errMsg:
		s.loading, s.err = false, msg.err
		return s, nil

	case associateLoadedMsg:
		return s, updateDetail(&s.owner, msg)

	case tea.KeyPressMsg:
		switch {
		case s.filtering:
			return s, s.updateFilter(msg, s.keys.ListKeyMap, s.load)
		case s.owner != nil:
			return s, updateDetail(&s.owner, msg)
		case s.detail != nil:
			switch {
			case key.Matches(msg, s.keys.Back):
				s.detail = nil
			case key.Matches(msg, s.keys.Owner):
				var cmd tea.Cmd
				s.owner, cmd = newAssociateView(s.Common, screenClients, s.detail.AssociateCode, s.detail.AssociateName)
				s.owner.SetSize(s.Width, s.Height)
				return s, cmd
			}
			return s, nil
		}
		return s.updateList(msg)
	}
	return s, s.updateInput(msg)
}

func (s *clientsScreen) updateList(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	if key.Matches(msg, s.keys.Open) {
		if i := s.table.Cursor(); i >= 0 && i < len(s.rows) {
			c := s.rows[i]
			s.detail = &c
		}
		return s, nil
	}
	return s, s.updateKey(msg, s.keys.ListKeyMap, s.load, s.setRows)
}

// Column widths: fixed ones, and name and email sharing what is left.
func (s *clientsScreen) setColumns() {
	const pad = 2 // the cells' padding
	fixed := []int{1, 7, 14, 5, 10}
	used := 0
	for _, w := range fixed {
		used += w + pad
	}
	rest := max(s.Width-used-2*pad, 20)
	name := rest * 2 / 5
	email := rest - name
	s.table.SetColumns([]table.Column{
		{Title: "", Width: 1},
		{Title: "ID", Width: 7},
		{Title: "Name", Width: name},
		{Title: "Email", Width: email},
		{Title: "Phone", Width: 14},
		{Title: "State", Width: 5},
		{Title: "Associate", Width: 10},
	})
}

// setRows fills the table with the cursor on row cur; the first column marks the selected
// row, so the selection shows without colour too.
func (s *clientsScreen) setRows(cur int) {
	rows := make([]table.Row, len(s.rows))
	for i := range s.rows {
		c := &s.rows[i]
		rows[i] = table.Row{cursorMark(i, cur), strconv.FormatInt(c.ID, 10), fullName(c), c.Email.Or(""), text.FormatPhone(c.Phone.Or("")), string(c.State.Or("")), c.AssociateCode}
	}
	s.table.SetRows(rows)
	s.table.SetCursor(cur)
}

func (s *clientsScreen) View() string {
	if s.owner != nil {
		return s.owner.View()
	}
	if s.detail != nil {
		return s.detailView()
	}
	st := s.Styles
	title := st.Title.Render("Clients") + st.Muted.Render(fmt.Sprintf(" · page %d", s.pager.page))
	if s.filter != "" {
		title += st.Muted.Render(fmt.Sprintf(" · last name contains %q", s.filter))
	}

	var body string
	switch {
	case s.err != nil && len(s.rows) == 0:
		body = "\n" + st.Error.Width(max(s.Width-2, 20)).Render("Error: "+s.err.Error())
	case !s.loaded:
		body = st.Muted.Render("Loading clients…")
	case len(s.rows) == 0:
		body = st.Muted.Render("No clients match.")
	default:
		body = s.table.View()
	}

	bodyLines := max(s.Height-2, 1)
	return title + "\n" + fitLines(body, s.Width, bodyLines) + "\n" + s.status(st, len(s.rows), "r to try again")
}

func (s *clientsScreen) detailView() string {
	c := s.detail
	st := s.Styles
	var b strings.Builder
	b.WriteString(st.Title.Render(fullName(c)) + st.Muted.Render(fmt.Sprintf("  #%d", c.ID)) + "\n")
	b.WriteString(st.Muted.Render(fmt.Sprintf("Client of %s (%s) · o opens the associate", c.AssociateName, c.AssociateCode)) + "\n\n")
	field := func(label, value string) {
		if value == "" {
			value = st.Muted.Render("—")
		}
		b.WriteString(st.Label.Render(fmt.Sprintf("%-16s", label)) + st.Value.Render(value) + "\n")
	}
	field("Email", c.Email.Or(""))
	field("Phone", text.FormatPhone(c.Phone.Or("")))
	dob := ""
	if d, ok := c.DateOfBirth.Get(); ok {
		dob = text.FormatDate(d)
	}
	field("Date of birth", dob)
	field("Gender", string(c.Gender.Or("")))
	field("Marital status", string(c.MaritalStatus.Or("")))
	field("Address", strings.TrimSpace(strings.Join(nonEmpty(c.AddressLine1.Or(""), c.AddressLine2.Or("")), ", ")))
	field("City", c.City.Or(""))
	field("State", string(c.State.Or("")))
	field("Postal code", c.PostalCode.Or(""))
	field("Country", string(c.Country))
	income := ""
	if v, ok := c.AnnualIncome.Get(); ok {
		income = text.FormatDollars(v)
	}
	field("Annual income", income)
	field("Created", text.FormatDateTime(c.CreatedAt))
	field("Updated", text.FormatDateTime(c.UpdatedAt))
	if !c.CanEdit {
		field("Editable", "no (a client of your downline)")
	}
	if n := strings.TrimSpace(c.Notes.Or("")); n != "" {
		b.WriteString("\n" + st.Title.Render("Notes") + "\n")
		b.WriteString(lipgloss.NewStyle().Width(max(s.Width-2, 20)).Render(n) + "\n")
	}
	return b.String()
}

func (s *clientsScreen) ShortHelp() []key.Binding {
	switch {
	case s.filtering:
		return []key.Binding{s.keys.Apply, s.keys.Cancel}
	case s.owner != nil:
		return s.owner.helpKeys()
	case s.detail != nil:
		return []key.Binding{s.keys.Owner, s.keys.Back}
	}
	return append([]key.Binding{s.keys.Open, s.keys.Filter}, s.pageHelp(s.keys.ListKeyMap)...)
}

func (s *clientsScreen) FullHelp() [][]key.Binding {
	switch {
	case s.filtering:
		return [][]key.Binding{{s.keys.Apply, s.keys.Cancel}}
	case s.owner != nil:
		return s.owner.fullHelp()
	case s.detail != nil:
		return [][]key.Binding{{s.keys.Owner, s.keys.Back}}
	}
	return [][]key.Binding{
		{s.keys.Up, s.keys.Down, s.keys.Open},
		{s.keys.NextPage, s.keys.PrevPage, s.keys.Reload},
		{s.keys.Filter, s.keys.Clear},
	}
}

func fullName(c *sdk.ClientRecord) string { return strings.TrimSpace(c.FirstName + " " + c.LastName) }

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
