package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// lookupScreen finds associates by code or name, as the portal's lookup fields do.
type lookupScreen struct {
	Common
	keys  LookupKeyMap
	input textinput.Model

	seq       int    // bumps on every change of the keyword
	keyword   string // the keyword of the results shown
	searching bool
	results   []oas.AssociateLookup
	cursor    int
	chosen    *oas.AssociateLookup
	err       error
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

func (s *lookupScreen) Title() string { return "Associates" }

func (s *lookupScreen) Capturing() bool { return s.input.Focused() }

func (s *lookupScreen) Init() tea.Cmd { return nil }

func (s *lookupScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
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
		s.searching, s.err = false, nil
		s.keyword, s.results, s.cursor = msg.keyword, msg.results, 0
		return s, nil

	case errMsg:
		s.searching, s.err = false, msg.err
		return s, nil

	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, s.keys.Up):
			s.move(-1)
			return s, nil
		case key.Matches(msg, s.keys.Down):
			s.move(1)
			return s, nil
		case key.Matches(msg, s.keys.Choose):
			if s.cursor < len(s.results) {
				r := s.results[s.cursor]
				s.chosen = &r
			}
			return s, nil
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
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return s, cmd
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
	seq := s.seq
	if strings.TrimSpace(s.input.Value()) == "" {
		s.results, s.keyword, s.searching, s.err = nil, "", false, nil
		return nil
	}
	if s.Debounce <= 0 {
		return func() tea.Msg { return searchTickMsg{seq: seq} }
	}
	return tea.Tick(s.Debounce, func(time.Time) tea.Msg { return searchTickMsg{seq: seq} })
}

func (s *lookupScreen) search(seq int, keyword string) tea.Cmd {
	if keyword == "" {
		return nil
	}
	s.searching = true
	c := s.Common
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.SearchAssociates(ctx, oas.SearchAssociatesParams{SearchKeyword: oas.NewOptString(keyword)})
		if err != nil {
			return errMsg{err: sdk.Wrap(err), screen: screenAssociates}
		}
		return associatesFoundMsg{seq: seq, keyword: keyword, results: res.Response.Data}
	}
}

func (s *lookupScreen) View() string {
	st := s.Styles
	var b strings.Builder
	b.WriteString(st.Title.Render("Associate lookup") + st.Muted.Render(" · your downline and upline") + "\n\n")
	b.WriteString(s.input.View() + "\n\n")

	// The chosen associate takes the bottom three lines.
	listHeight := max(s.Height-4-4, 1)
	switch {
	case s.err != nil:
		b.WriteString(st.Error.Render("Error: "+s.err.Error()) + "\n")
	case strings.TrimSpace(s.input.Value()) == "" && len(s.results) == 0:
		b.WriteString(st.Muted.Render("Type a code or a name to search.") + "\n")
	case s.searching && len(s.results) == 0:
		b.WriteString(st.Muted.Render("Searching…") + "\n")
	case len(s.results) == 0:
		b.WriteString(st.Muted.Render(fmt.Sprintf("No associates match %q.", s.keyword)) + "\n")
	default:
		start := 0
		if s.cursor >= listHeight {
			start = s.cursor - listHeight + 1
		}
		for i := start; i < len(s.results) && i < start+listHeight; i++ {
			r := s.results[i]
			line := fmt.Sprintf("%-10s %s", r.Code, r.Name)
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

	body := fitLines(strings.TrimRight(b.String(), "\n"), s.Width, max(s.Height-4, 1))
	chosen := ""
	if s.chosen != nil {
		chosen = "\n" + st.Label.Render("Code  ") + st.Selected.Render(s.chosen.Code) + "\n" + st.Label.Render("Name  ") + st.Value.Render(s.chosen.Name)
	}
	return body + "\n" + chosen
}

func (s *lookupScreen) ShortHelp() []key.Binding {
	if s.input.Focused() {
		return []key.Binding{s.keys.Up, s.keys.Down, s.keys.Choose, s.keys.Done}
	}
	return []key.Binding{s.keys.Up, s.keys.Down, s.keys.Choose, s.keys.Search}
}

func (s *lookupScreen) FullHelp() [][]key.Binding {
	return [][]key.Binding{{s.keys.Up, s.keys.Down, s.keys.Choose}, {s.keys.Search, s.keys.Done}}
}
