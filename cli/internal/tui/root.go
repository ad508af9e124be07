package tui

import (
	"context"
	"errors"
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

// screenID names a screen; the root shows one at a time.
type screenID int

const (
	screenClients screenID = iota
	screenAssociates
	screenTeam
	screenTree
	screenBusiness
	screenPayments
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
	Common  // its Backend is the one the screens use: the acting one while acting
	own     Backend
	actAs   func(code string) (Backend, error)
	screens []screen
	active  screenID
	help    help.Model
	server  string
	user    *oas.User     // the logged-in user
	acting  *acting       // the associate a staff member acts for; nil for nobody
	picker  *lookupScreen // the act-as picker, while it is open
	epoch   int           // bumps when the identity changes; see epochMsg
	authErr error         // set when the server answered 401: the TUI cannot go on usefully
}

// acting is the associate a staff member acts for (admin app mode).
type acting struct {
	code string
	name string // from the picker, or once the server answered /access
}

// Options configure the TUI beyond its backend.
type Options struct {
	// ActAs returns the backend of the user acting for the associate code (admin app mode);
	// the act-as picker offers it to staff. Nil: acting is not available.
	ActAs func(code string) (Backend, error)
	// ActingAs is the code of the associate to act for from the start (--as,
	// PORTAL_ACT_AS); "" for nobody.
	ActingAs string
}

// New returns the root model over backend, the user's own (acting for nobody); server is
// shown in the header.
func New(ctx context.Context, backend Backend, server string, opts Options) Model {
	c := Common{
		Ctx:      ctx,
		Backend:  backend,
		Styles:   DefaultStyles(),
		KeyMap:   DefaultKeyMap(),
		Timeout:  30 * time.Second,
		Debounce: 300 * time.Millisecond,
	}
	return newModel(c, server, opts)
}

func newModel(c Common, server string, opts Options) Model {
	h := help.New()
	h.Styles.ShortKey = c.Styles.Title
	h.Styles.FullKey = c.Styles.Title
	h.Styles.ShortDesc = c.Styles.Muted
	h.Styles.FullDesc = c.Styles.Muted
	m := Model{Common: c, own: c.Backend, actAs: opts.ActAs, help: h, server: server}
	if m.actAs == nil {
		m.actAs = func(string) (Backend, error) { return nil, errors.New("acting for an associate is not available here") }
	}
	if code := sdk.NormalizeAssociateCode(opts.ActingAs); code != "" {
		if b, err := m.actAs(code); err == nil {
			m.Backend, m.acting = b, &acting{code: code}
		}
	}
	m.buildScreens()
	return m
}

// buildScreens makes every screen anew over the current backend.
func (m *Model) buildScreens() {
	c := m.Common
	m.screens = []screen{
		screenClients:    newClientsScreen(c),
		screenAssociates: newLookupScreen(c),
		screenTeam:       newTeamScreen(c),
		screenTree:       newTreeScreen(c),
		screenBusiness:   newBusinessScreen(c),
		screenPayments:   newPaymentsScreen(c),
	}
}

// Err is the error the TUI ended on, if any (an expired session): `portal tui` exits with it.
func (m Model) Err() error { return m.authErr }

// Init loads the user (and the associate acted for) and starts every screen.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{loadAccess(m.Common, m.own, false)}
	if m.acting != nil {
		cmds = append(cmds, loadAccess(m.Common, m.Backend, true))
	}
	for _, s := range m.screens {
		cmds = append(cmds, s.Init())
	}
	return tag(m.epoch, tea.Batch(cmds...))
}

// loadAccess asks b who the caller is: the user itself, or (acting) the associate acted for.
func loadAccess(c Common, b Backend, isActing bool) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := b.GetAccess(ctx)
		if err != nil {
			return accessFailedMsg{err: explain(err), acting: isActing}
		}
		return accessLoadedMsg{user: res.Response.User, acting: isActing}
	}
}

// Update drops the answers of an identity left since (epochMsg), then handles the message
// and tags the commands it starts with the identity they belong to.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if e, ok := msg.(epochMsg); ok {
		if e.epoch != m.epoch {
			return m, nil
		}
		msg = e.msg
	}
	next, cmd := m.update(msg)
	return next, tag(next.epoch, cmd)
}

// update handles global keys and routes everything else to the screen it concerns.
func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		m.layout()
		return m, nil

	case tea.KeyPressMsg:
		return m.updateKey(msg)

	case accessLoadedMsg:
		u := msg.user
		if !msg.acting {
			m.user = &u
			if m.acting != nil {
				return m, nil // the team screens wait for the associate acted for
			}
		} else if m.acting != nil {
			m.acting.name = u.Name
		}
		// The team screens need the user: its level says which views are offered, its code
		// is the root of the tree.
		return m.updateTeamScreens(msg)

	case accessFailedMsg:
		m.noteFailure(msg)
		if msg.acting != (m.acting != nil) {
			return m, nil
		}
		return m.updateTeamScreens(msg)

	case actAsChosenMsg:
		m.picker = nil
		return m.actFor(msg.code, msg.name)

	case pickerClosedMsg:
		m.picker = nil
		m.layout()
		return m, nil

	case errMsg:
		m.noteFailure(msg)
		return m.updateScreen(msg.screen, msg)

	case clientsLoadedMsg:
		return m.updateScreen(screenClients, msg)

	case associatesFoundMsg:
		m.noteFailure(msg)
		if msg.pick {
			return m.updatePicker(msg)
		}
		return m.updateScreen(screenAssociates, msg)

	case searchTickMsg:
		if msg.pick {
			return m.updatePicker(msg)
		}
		return m.updateScreen(screenAssociates, msg)

	case teamLoadedMsg:
		return m.updateScreen(screenTeam, msg)

	case dashboardLoadedMsg:
		m.noteFailure(msg)
		return m.updateScreen(screenTeam, msg)

	case treeRootMsg, treeChildrenMsg, treeSearchMsg:
		m.noteFailure(msg.(failer))
		return m.updateScreen(screenTree, msg)

	case associateLoadedMsg:
		m.noteFailure(msg)
		return m.updateScreen(msg.screen, msg)

	case policiesLoadedMsg:
		return m.updateScreen(screenBusiness, msg)

	case policyLoadedMsg:
		// The business screen's policies, and those the payments screen opens from an entry.
		m.noteFailure(msg)
		return m.updateScreen(msg.screen, msg)

	case cashflowLoadedMsg:
		return m.updateScreen(screenPayments, msg)

	case paymentsDashboardMsg:
		m.noteFailure(msg)
		return m.updateScreen(screenPayments, msg)

	case cashflowEntryMsg:
		m.noteFailure(msg)
		return m.updateScreen(screenPayments, msg)
	}
	if m.picker != nil {
		return m.updatePicker(msg)
	}
	return m.updateScreen(m.active, msg)
}

func (m Model) updateKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	km := m.KeyMap
	if key.Matches(msg, km.ForceQuit) {
		return m, tea.Quit
	}
	if m.picker != nil {
		return m.updatePicker(msg)
	}
	cur := m.screens[m.active]
	switch {
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
		case key.Matches(msg, km.Screen5):
			return m.switchTo(screenBusiness), nil
		case key.Matches(msg, km.Screen6):
			return m.switchTo(screenPayments), nil
		case key.Matches(msg, km.ActAs) && m.canActAs():
			return m.openPicker()
		}
	}
	return m.updateScreen(m.active, msg)
}

// updateTeamScreens passes msg (the user, or why it is not known) to the screens that wait
// for it: the team, the tree, the business and the payments.
func (m Model) updateTeamScreens(msg tea.Msg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, id := range []screenID{screenTeam, screenTree, screenBusiness, screenPayments} {
		s, cmd := m.screens[id].Update(msg)
		m.screens[id] = s
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// noteFailure remembers a 401 that ends the session: `portal tui` exits 4 with it. A code no
// associate has also answers 401, and ends nothing.
func (m *Model) noteFailure(f failer) {
	if err := f.failure(); endsSession(err) {
		m.authErr = err
	}
}

func (m Model) updateScreen(id screenID, msg tea.Msg) (Model, tea.Cmd) {
	s, cmd := m.screens[id].Update(msg)
	m.screens[id] = s
	return m, cmd
}

func (m Model) switchTo(id screenID) Model {
	m.active = id
	m.layout()
	return m
}

// layout gives the active screen (and the picker) the space between the header and the help.
func (m *Model) layout() {
	m.help.SetWidth(m.Width)
	for _, s := range m.screens {
		s.SetSize(m.Width, m.bodyHeight())
	}
	if m.picker != nil {
		m.picker.SetSize(m.Width, m.bodyHeight())
	}
}

func (m Model) bodyHeight() int {
	return max(m.Height-2-lipgloss.Height(m.helpView()), 1)
}

func (m Model) helpView() string {
	if m.picker != nil {
		return m.help.View(helpKeys{screen: m.picker, global: m.KeyMap, modal: true})
	}
	return m.help.View(helpKeys{screen: m.screens[m.active], global: m.KeyMap, capturing: m.screens[m.active].Capturing(), actAs: m.canActAs()})
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
	left := m.tabsView(false)
	// Who you are (and whom you act for) goes before the names of the other tabs: when it
	// would be cut, those show their number alone.
	if who := strings.TrimSuffix(m.whoView(), " · "); m.Width-lipgloss.Width(left)-2 < ansi.StringWidth(who) {
		left = m.tabsView(true)
	}
	right := st.HeaderRight.Render(m.headerRight(max(m.Width-lipgloss.Width(left)-2, 0)))
	gap := max(m.Width-lipgloss.Width(left)-lipgloss.Width(right), 1)
	header := left + strings.Repeat(" ", gap) + right

	var body string
	if m.picker != nil {
		body = fitLines(m.picker.View(), m.Width, m.bodyHeight())
	} else {
		body = fitLines(m.screens[m.active].View(), m.Width, m.bodyHeight())
	}
	return strings.Join([]string{
		ansi.Truncate(header, m.Width, ""),
		st.Rule.Render(strings.Repeat("─", m.Width)),
		body,
		m.helpView(),
	}, "\n")
}

// tabsView is the brand and the tabs, each numbered, the active one in brackets; short, the
// tabs but the active one show their number alone.
func (m Model) tabsView(short bool) string {
	st := m.Styles
	var tabs []string
	for i, s := range m.screens {
		label := s.Title()
		if i < 9 {
			num := string(rune('1' + i))
			label = num + " " + label
			if short && screenID(i) != m.active {
				label = num
			}
		}
		// Brackets mark the active tab without colour too.
		if screenID(i) == m.active {
			tabs = append(tabs, st.ActiveTab.Render("["+label+"]"))
		} else {
			tabs = append(tabs, st.Tab.Render(" "+label+" "))
		}
	}
	// The tabs are padded or bracketed: they need no gap between them.
	return st.Brand.Render("Portal") + "  " + strings.Join(tabs, st.TabGap.Render(""))
}

// headerRight is who the user is and the server, in at most space columns: the server is
// cut first, so that who is acted for shows as long as it can.
func (m Model) headerRight(space int) string {
	const sep = " · "
	who := strings.TrimSuffix(m.whoView(), sep)
	switch rest := space - ansi.StringWidth(who) - ansi.StringWidth(sep); {
	case ansi.StringWidth(m.whoView()+m.server) <= space:
		return m.whoView() + m.server
	case who == "":
		return ansi.Truncate(m.server, space, "…")
	case rest >= 8: // room for some of the server
		return who + sep + ansi.Truncate(m.server, rest, "…")
	}
	return ansi.Truncate(who, space, "…")
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
	capturing bool // an input has the focus: single-letter keys are text
	modal     bool // the picker: only its keys, and ctrl+c
	actAs     bool // the user may act for an associate
}

func (h helpKeys) ShortHelp() []key.Binding {
	var g []key.Binding
	switch {
	case h.modal:
		g = []key.Binding{h.global.ForceQuit}
	case h.capturing:
		g = []key.Binding{h.global.NextScreen, h.global.ForceQuit}
	case h.actAs:
		// A line too long is cut at the end: "? more keys" before "tab next screen".
		g = []key.Binding{h.global.ActAs, h.global.Help, h.global.NextScreen, h.global.Quit}
	default:
		g = []key.Binding{h.global.NextScreen, h.global.Help, h.global.Quit}
	}
	return append(h.screen.ShortHelp(), g...)
}

func (h helpKeys) FullHelp() [][]key.Binding {
	if h.modal {
		return append(h.screen.FullHelp(), []key.Binding{h.global.ForceQuit})
	}
	fewer := h.global.Help
	fewer.SetHelp("?", "fewer keys")
	last := []key.Binding{fewer, h.global.Quit}
	if h.actAs {
		last = []key.Binding{h.global.ActAs, fewer, h.global.Quit}
	}
	return append(h.screen.FullHelp(),
		[]key.Binding{h.global.NextScreen, h.global.PrevScreen, h.global.Screen1, h.global.Screen2, h.global.Screen3, h.global.Screen4,
			h.global.Screen5, h.global.Screen6},
		last,
	)
}
