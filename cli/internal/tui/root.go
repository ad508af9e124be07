package tui

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// screenID names a screen; the root shows one at a time. Cashflow comes next.
type screenID int

const (
	screenClients screenID = iota
	screenAssociates
	screenTeam
	screenTree
	screenCount
)

// screen is what the root asks of every screen.
type screen interface {
	help.KeyMap
	Init() tea.Cmd
	Update(tea.Msg) (screen, tea.Cmd)
	View() string
	SetSize(width, height int)
	Title() string
	// Capturing reports that a text input has the focus: single-letter global keys
	// (q, ?, 1, 2) are typed into it instead.
	Capturing() bool
}

// Model is the root model of the TUI.
type Model struct {
	Common
	screens []screen
	active  screenID
	help    help.Model
	server  string
	user    *oas.User
	authErr error // set when the server answered 401: the TUI cannot go on usefully
}

// New returns the root model over backend; server is shown in the header.
func New(ctx context.Context, backend Backend, server string) Model {
	c := Common{
		Ctx:      ctx,
		Backend:  backend,
		Styles:   DefaultStyles(),
		KeyMap:   DefaultKeyMap(),
		Timeout:  30 * time.Second,
		Debounce: 300 * time.Millisecond,
	}
	return newModel(c, server)
}

func newModel(c Common, server string) Model {
	h := help.New()
	h.Styles.ShortKey = c.Styles.Title
	h.Styles.FullKey = c.Styles.Title
	h.Styles.ShortDesc = c.Styles.Muted
	h.Styles.FullDesc = c.Styles.Muted
	m := Model{Common: c, help: h, server: server}
	m.screens = []screen{
		screenClients:    newClientsScreen(c),
		screenAssociates: newLookupScreen(c),
		screenTeam:       newTeamScreen(c),
		screenTree:       newTreeScreen(c),
	}
	return m
}

// Err is the error the TUI ended on, if any (an expired session): `portal tui` exits with it.
func (m Model) Err() error { return m.authErr }

// Init loads the user and starts every screen.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.loadAccess()}
	for _, s := range m.screens {
		cmds = append(cmds, s.Init())
	}
	return tea.Batch(cmds...)
}

func (m Model) loadAccess() tea.Cmd {
	c := m.Common
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.GetAccess(ctx)
		if err != nil {
			return errMsg{err: sdk.Wrap(err), screen: -1}
		}
		return accessLoadedMsg{user: res.Response.User}
	}
}

// Update handles global keys and routes everything else to the screen it concerns.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		m.layout()
		return m, nil

	case tea.KeyPressMsg:
		km := m.KeyMap
		cur := m.screens[m.active]
		switch {
		case key.Matches(msg, km.ForceQuit):
			return m, tea.Quit
		case key.Matches(msg, km.NextScreen):
			return m.switchTo((m.active + 1) % screenCount), nil
		case key.Matches(msg, km.PrevScreen):
			return m.switchTo((m.active + screenCount - 1) % screenCount), nil
		}
		if !cur.Capturing() {
			switch {
			case key.Matches(msg, km.Quit):
				return m, tea.Quit
			case key.Matches(msg, km.Help):
				m.help.ShowAll = !m.help.ShowAll
				m.layout()
				return m, nil
			case key.Matches(msg, km.Screen1):
				return m.switchTo(screenClients), nil
			case key.Matches(msg, km.Screen2):
				return m.switchTo(screenAssociates), nil
			case key.Matches(msg, km.Screen3):
				return m.switchTo(screenTeam), nil
			case key.Matches(msg, km.Screen4):
				return m.switchTo(screenTree), nil
			}
		}
		return m.updateScreen(m.active, msg)

	case accessLoadedMsg:
		// The team screens need the user: its level says which views are offered, its code
		// is the root of the tree.
		u := msg.user
		m.user = &u
		var cmds []tea.Cmd
		for _, id := range []screenID{screenTeam, screenTree} {
			s, cmd := m.screens[id].Update(msg)
			m.screens[id] = s
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)

	case errMsg:
		m.noteFailure(msg)
		if msg.screen < 0 {
			// /access failed: the team screens, which wait for the user, say why.
			for _, id := range []screenID{screenTeam, screenTree} {
				m.screens[id], _ = m.screens[id].Update(msg)
			}
			return m, nil
		}
		return m.updateScreen(msg.screen, msg)

	case clientsLoadedMsg:
		return m.updateScreen(screenClients, msg)

	case associatesFoundMsg, searchTickMsg:
		return m.updateScreen(screenAssociates, msg)

	case teamLoadedMsg:
		return m.updateScreen(screenTeam, msg)

	case treeRootMsg, treeChildrenMsg, treeSearchMsg:
		m.noteFailure(msg.(failer))
		return m.updateScreen(screenTree, msg)

	case associateLoadedMsg:
		m.noteFailure(msg)
		return m.updateScreen(msg.screen, msg)
	}
	return m.updateScreen(m.active, msg)
}

// noteFailure remembers a 401: the session is over and `portal tui` exits 4 with it.
func (m *Model) noteFailure(f failer) {
	if err := f.failure(); sdk.IsUnauthorized(err) {
		m.authErr = err
	}
}

func (m Model) updateScreen(id screenID, msg tea.Msg) (tea.Model, tea.Cmd) {
	s, cmd := m.screens[id].Update(msg)
	m.screens[id] = s
	return m, cmd
}

func (m Model) switchTo(id screenID) Model {
	m.active = id
	m.layout()
	return m
}

// layout gives the active screen the space between the header and the help.
func (m *Model) layout() {
	m.help.SetWidth(m.Width)
	for _, s := range m.screens {
		s.SetSize(m.Width, m.bodyHeight())
	}
}

func (m Model) bodyHeight() int {
	return max(m.Height-2-lipgloss.Height(m.helpView()), 1)
}

func (m Model) helpView() string {
	return m.help.View(helpKeys{screen: m.screens[m.active], global: m.KeyMap, capturing: m.screens[m.active].Capturing()})
}

// View draws the header (brand, tabs, user), the active screen and the help.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "Associate Portal"
	return v
}

func (m Model) render() string {
	if m.Width == 0 || m.Height == 0 {
		return ""
	}
	st := m.Styles
	var tabs []string
	for i, s := range m.screens {
		label := s.Title()
		if i < 9 {
			label = string(rune('1'+i)) + " " + label
		}
		// Brackets mark the active tab without colour too.
		if screenID(i) == m.active {
			tabs = append(tabs, st.ActiveTab.Render("["+label+"]"))
		} else {
			tabs = append(tabs, st.Tab.Render(" "+label+" "))
		}
	}
	left := st.Brand.Render("Portal") + "  " + strings.Join(tabs, st.TabGap.Render(" "))
	right := m.server
	if m.user != nil {
		right = m.user.Name
		if code, ok := m.user.Code.Get(); ok {
			right += " (" + code + ")"
		}
		right += " · " + m.server
	}
	space := m.Width - lipgloss.Width(left) - 1
	right = st.HeaderRight.Render(ansi.Truncate(right, max(space-1, 0), "…"))
	gap := max(m.Width-lipgloss.Width(left)-lipgloss.Width(right), 1)
	header := left + strings.Repeat(" ", gap) + right

	body := fitLines(m.screens[m.active].View(), m.Width, m.bodyHeight())
	return strings.Join([]string{
		ansi.Truncate(header, m.Width, ""),
		st.Rule.Render(strings.Repeat("─", m.Width)),
		body,
		m.helpView(),
	}, "\n")
}

// fitLines cuts or pads s to exactly height lines of at most width columns.
func fitLines(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "…")
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// helpKeys puts the active screen's keys before the global ones.
type helpKeys struct {
	screen    help.KeyMap
	global    *KeyMap
	capturing bool
}

func (h helpKeys) ShortHelp() []key.Binding {
	g := []key.Binding{h.global.NextScreen, h.global.Help, h.global.Quit}
	if h.capturing {
		g = []key.Binding{h.global.NextScreen, h.global.ForceQuit}
	}
	return append(h.screen.ShortHelp(), g...)
}

func (h helpKeys) FullHelp() [][]key.Binding {
	fewer := h.global.Help
	fewer.SetHelp("?", "fewer keys")
	return append(h.screen.FullHelp(),
		[]key.Binding{h.global.NextScreen, h.global.PrevScreen, h.global.Screen1, h.global.Screen2, h.global.Screen3, h.global.Screen4},
		[]key.Binding{fewer, h.global.Quit},
	)
}
