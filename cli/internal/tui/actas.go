package tui

import (
	"fmt"
	"reflect"

	tea "charm.land/bubbletea/v2"
)

// Staff act for an associate (admin app mode): `a` opens the act-as picker, an associate
// lookup over the staff member's own backend (which finds any associate); choosing one
// rebuilds every screen over a backend that acts for it, so the team and the tree are that
// associate's. The header says who is acted for.

// canActAs reports that the user may choose an associate to act for: a staff member.
func (m Model) canActAs() bool { return m.user != nil && m.user.IsStaff }

// openPicker opens the act-as picker over the user's own backend.
func (m Model) openPicker() (Model, tea.Cmd) {
	c := m.Common
	c.Backend = m.own
	code := ""
	if m.acting != nil {
		code = m.acting.code
	}
	m.picker = newActAsPicker(c, code)
	m.layout()
	return m, m.picker.input.Focus()
}

func (m Model) updatePicker(msg tea.Msg) (Model, tea.Cmd) {
	if m.picker == nil {
		return m, nil // an answer for a picker closed since
	}
	_, cmd := m.picker.Update(msg)
	return m, cmd
}

// actFor acts for the associate code (named name, when known), or for nobody when code is
// "": every screen starts anew over the backend of that identity, and the answers still on
// their way for the one before are dropped (the epoch changes).
func (m Model) actFor(code, name string) (Model, tea.Cmd) {
	m.epoch++
	m.acting = nil
	m.Backend = m.own
	var failed error
	if code != "" {
		if b, err := m.actAs(code); err != nil {
			failed = fmt.Errorf("cannot act for %s: %w", code, err)
		} else {
			m.Backend, m.acting = b, &acting{code: code, name: name}
		}
	}
	m.buildScreens()
	m.layout()

	var cmds []tea.Cmd
	for _, s := range m.screens {
		cmds = append(cmds, s.Init())
	}
	switch {
	case m.acting != nil:
		cmds = append(cmds, loadAccess(m.Common, m.Backend, true))
	case failed != nil:
		next, cmd := m.updateTeamScreens(accessFailedMsg{err: failed})
		return next, tea.Batch(append(cmds, cmd)...)
	case m.user != nil:
		next, cmd := m.updateTeamScreens(accessLoadedMsg{user: *m.user})
		return next, tea.Batch(append(cmds, cmd)...)
	}
	return m, tea.Batch(cmds...)
}

// whoView is the start of the header's right side: "Ann Agent (A1001) · ", for staff
// "Sam Staffer (staff) · " and, acting, "Sam Staffer as Ann Agent (AGT100) · ".
func (m Model) whoView() string {
	who := ""
	if m.user != nil {
		who = m.user.Name
		if code, ok := m.user.Code.Get(); ok {
			who += " (" + code + ")"
		} else if m.user.IsStaff && m.acting == nil {
			who += " (staff)"
		}
	}
	if a := m.acting; a != nil {
		as := a.code
		if a.name != "" {
			as = a.name + " (" + a.code + ")"
		}
		if who == "" {
			who = "acting as " + as
		} else {
			who += " as " + as
		}
	}
	if who == "" {
		return ""
	}
	return who + " · "
}

// teaPackage is the package of Bubble Tea's own messages (quit, batch, sequence…), which the
// runtime must see as they are.
var teaPackage = reflect.TypeOf(tea.QuitMsg{}).PkgPath()

// tag wraps the messages cmd produces in an epochMsg of epoch, through batches, leaving
// Bubble Tea's own messages as they are.
func tag(epoch int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		switch msg := msg.(type) {
		case nil:
			return nil
		case epochMsg:
			return msg
		case tea.BatchMsg:
			out := make(tea.BatchMsg, len(msg))
			for i, c := range msg {
				out[i] = tag(epoch, c)
			}
			return out
		}
		if reflect.TypeOf(msg).PkgPath() == teaPackage {
			return msg
		}
		return epochMsg{epoch: epoch, msg: msg}
	}
}
