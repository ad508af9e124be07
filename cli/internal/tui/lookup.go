package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/associateportal/portal/sdk/oas"
)

// lookupScreen finds associates by code or name, as the portal's lookup fields do, and
// opens one's tabs. The act-as picker is one too (pick): choosing an associate acts for it.
type lookupScreen struct {
	Common
	keys  LookupKeyMap
	input textinput.Model
	pick  bool // the act-as picker

	seq       int    // bumps on every change of the keyword
	keyword   string // the keyword of the results shown
	searching bool
	results   []oas.AssociateLookup
	cursor    int
	err       error

	detail   *associateView // the associate opened (not in the picker)
	refocus  bool           // the input had the focus when the associate was opened
	actingAs string         // the picker: the code acted for now, "" for nobody
}

func newLookupScreen(c Common) *lookupScreen {
	in := textinput.New()
	in.Prompt = "Code or name: "
	in.Placeholder = "e.g. A1001 or Smith"
	in.CharLimit = 100
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	in.Focus()
	return &lookupScreen{Common: c, keys: DefaultLookupKeyMap(), input: in}
}

// newActAsPicker returns the picker of the associate a staff member acts for; c's backend
// is the staff member's own (it finds any associate), actingAs the code acted for now.
func newActAsPicker(c Common, actingAs string) *lookupScreen {
	s := newLookupScreen(c)
	s.pick, s.keys, s.actingAs = true, DefaultPickerKeyMap(), actingAs
	return s
}

func (s *lookupScreen) Title() string { return "Associates" }

func (s *lookupScreen) Capturing() bool { return s.detail == nil && s.input.Focused() }

func (s *lookupScreen) Init() tea.Cmd { return nil }

func (s *lookupScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
	if s.detail != nil {
		s.detail.SetSize(w, h)
	}
}

func (s *lookupScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case searchTickMsg:
		if msg.seq != s.seq {
			return s, nil // more was typed since
		}
		return s, s.search(msg.seq, strings.TrimSpace(s.input.Value()))

	case associatesFoundMsg:
		if msg.seq != s.seq {
			return s, nil
		}
		s.searching, s.err = false, msg.err
		if msg.err == nil {
			s.keyword, s.results, s.cursor = msg.keyword, msg.results, 0
		}
		return s, nil

	case associateLoadedMsg:
		return s, updateDetail(&s.detail, msg)

	case tea.KeyPressMsg:
		if s.detail != nil {
			cmd := updateDetail(&s.detail, msg)
			if s.detail == nil && s.refocus {
				return s, s.input.Focus()
			}
			return s, cmd
		}
		return s.updateKey(msg)
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return s, cmd
}

func (s *lookupScreen) updateKey(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	switch {
	case key.Matches(msg, s.keys.Up):
		s.move(-1)
		return s, nil
	case key.Matches(msg, s.keys.Down):
		s.move(1)
		return s, nil
	case key.Matches(msg, s.keys.Choose):
		return s, s.choose()
	case s.pick && key.Matches(msg, s.keys.Cancel):
		return s, func() tea.Msg { return pickerClosedMsg{} }
	case s.pick && s.actingAs != "" && key.Matches(msg, s.keys.Stop):
		return s, func() tea.Msg { return actAsChosenMsg{} }
	}
	if !s.input.Focused() {
		switch {
		case key.Matches(msg, s.keys.Search):
			return s, s.input.Focus()
		case msg.String() == "k":
			s.move(-1)
		case msg.String() == "j":
			s.move(1)
		}
		return s, nil
	}
	if key.Matches(msg, s.keys.Done) {
		s.input.Blur()
		return s, nil
	}
	before := s.input.Value()
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	if s.input.Value() != before {
		return s, tea.Batch(cmd, s.typed())
	}
	return s, cmd
}

// choose acts on the selected associate: the picker acts for it, the lookup opens its tabs.
func (s *lookupScreen) choose() tea.Cmd {
	if s.cursor >= len(s.results) {
		return nil
	}
	r := s.results[s.cursor]
	if s.pick {
		return func() tea.Msg { return actAsChosenMsg{code: r.Code, name: r.Name} }
	}
	s.refocus = s.input.Focused()
	s.input.Blur()
	var cmd tea.Cmd
	s.detail, cmd = newAssociateView(s.Common, screenAssociates, r.Code, r.Name)
	s.detail.SetSize(s.Width, s.Height)
	return cmd
}

func (s *lookupScreen) move(d int) {
	if len(s.results) == 0 {
		return
	}
	s.cursor = min(max(s.cursor+d, 0), len(s.results)-1)
}

// typed starts the debounce: the search runs when no key came for Debounce.
func (s *lookupScreen) typed() tea.Cmd {
	s.seq++
	seq, pick := s.seq, s.pick
	if strings.TrimSpace(s.input.Value()) == "" {
		s.results, s.keyword, s.searching, s.err = nil, "", false, nil
		return nil
	}
	if s.Debounce <= 0 {
		return func() tea.Msg { return searchTickMsg{pick: pick, seq: seq} }
	}
	return tea.Tick(s.Debounce, func(time.Time) tea.Msg { return searchTickMsg{pick: pick, seq: seq} })
}

func (s *lookupScreen) search(seq int, keyword string) tea.Cmd {
	if keyword == "" {
		return nil
	}
	s.searching = true
	c, pick := s.Common, s.pick
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.SearchAssociates(ctx, oas.SearchAssociatesParams{SearchKeyword: oas.NewOptString(keyword)})
		if err != nil {
			return associatesFoundMsg{pick: pick, seq: seq, keyword: keyword, err: explain(err)}
		}
		return associatesFoundMsg{pick: pick, seq: seq, keyword: keyword, results: res.Response.Data}
	}
}

func (s *lookupScreen) View() string {
	if s.detail != nil {
		return s.detail.View()
	}
	st := s.Styles
	var b strings.Builder
	if s.pick {
		b.WriteString(st.Title.Render("Act as an associate") + st.Muted.Render(" · every screen then shows what they see") + "\n")
		if s.actingAs != "" {
			b.WriteString(st.Muted.Render("Acting for "+s.actingAs+" · ctrl+x acts for nobody again") + "\n")
		} else {
			b.WriteString("\n")
		}
	} else {
		b.WriteString(st.Title.Render("Associate lookup") + st.Muted.Render(" · your downline and upline") + "\n\n")
	}
	b.WriteString(s.input.View() + "\n\n")

	listHeight := max(s.Height-4, 1)
	switch {
	case s.err != nil:
		b.WriteString(st.Error.Width(max(s.Width-2, 20)).Render("Error: "+s.err.Error()) + "\n")
	case strings.TrimSpace(s.input.Value()) == "" && len(s.results) == 0:
		b.WriteString(st.Muted.Render("Type a code or a name to search.") + "\n")
	case s.searching && len(s.results) == 0:
		b.WriteString(st.Muted.Render("Searching…") + "\n")
	case len(s.results) == 0:
		b.WriteString(st.Muted.Render(fmt.Sprintf("No associates match %q.", s.keyword)) + "\n")
	default:
		listHeight = max(listHeight-1, 1) // the count below
		start := 0
		if s.cursor >= listHeight {
			start = s.cursor - listHeight + 1
		}
		for i := start; i < len(s.results) && i < start+listHeight; i++ {
			r := s.results[i]
			line := cell(r.Code, 10) + " " + r.Name
			if i == s.cursor {
				b.WriteString(st.Selected.Render("› "+line) + "\n")
			} else {
				b.WriteString("  " + line + "\n")
			}
		}
		n := fmt.Sprintf("%d match", len(s.results))
		if len(s.results) != 1 {
			n += "es"
		}
		if s.searching {
			n += " · searching…"
		}
		b.WriteString(st.Muted.Render(n) + "\n")
	}
	return fitLines(strings.TrimRight(b.String(), "\n"), s.Width, max(s.Height, 1))
}

func (s *lookupScreen) ShortHelp() []key.Binding {
	if s.detail != nil {
		return s.detail.helpKeys()
	}
	var b []key.Binding
	if s.input.Focused() {
		b = []key.Binding{s.keys.Up, s.keys.Down, s.keys.Choose, s.keys.Done}
	} else {
		b = []key.Binding{s.keys.Up, s.keys.Down, s.keys.Choose, s.keys.Search}
	}
	if s.pick {
		b = append(b[:3], s.keys.Cancel)
		if s.actingAs != "" {
			b = append(b, s.keys.Stop)
		}
	}
	return b
}

func (s *lookupScreen) FullHelp() [][]key.Binding {
	if s.detail != nil {
		return s.detail.fullHelp()
	}
	if s.pick {
		more := []key.Binding{s.keys.Cancel}
		if s.actingAs != "" {
			more = append(more, s.keys.Stop)
		}
		return [][]key.Binding{{s.keys.Up, s.keys.Down, s.keys.Choose}, more}
	}
	return [][]key.Binding{{s.keys.Up, s.keys.Down, s.keys.Choose}, {s.keys.Search, s.keys.Done}}
}
