package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// errMsg reports a failed request; the screen that asked shows it.
type errMsg struct {
	err    error
	screen screenID
}

func (e errMsg) Error() string { return e.err.Error() }

func (e errMsg) failure() error { return e.err }

// failer is a message that may carry a failed request; the root watches them for a 401.
type failer interface{ failure() error }

// accessLoadedMsg carries the logged-in user, shown in the header, or (acting) the
// associate a staff member acts for, as the server sees the caller then.
type accessLoadedMsg struct {
	user   oas.User
	acting bool
}

// accessFailedMsg reports that the user (or, acting, the associate acted for) could not be
// loaded: the team screens, which wait for it, say why.
type accessFailedMsg struct {
	err    error
	acting bool
}

func (m accessFailedMsg) failure() error { return m.err }

// clientsLoadedMsg carries one page of clients.
type clientsLoadedMsg struct {
	seq    int // the request it answers; older answers are dropped
	page   int
	rows   []sdk.ClientRecord
	more   bool
	cursor string // next_cursor, for the next page
}

// associatesFoundMsg carries lookup results, for the associates screen or (pick) the act-as
// picker.
type associatesFoundMsg struct {
	pick    bool
	seq     int
	keyword string
	results []oas.AssociateLookup
	err     error
}

func (m associatesFoundMsg) failure() error { return m.err }

// searchTickMsg fires when typing paused long enough to search.
type searchTickMsg struct {
	pick bool
	seq  int
}

// actAsChosenMsg asks the root to act for an associate (code "" to stop acting).
type actAsChosenMsg struct {
	code string
	name string
}

// pickerClosedMsg closes the act-as picker without a change.
type pickerClosedMsg struct{}

// dashboardLoadedMsg carries the team dashboard (or why it could not be loaded).
type dashboardLoadedMsg struct {
	seq  int
	data *oas.TeamDashboard
	err  error
}

func (m dashboardLoadedMsg) failure() error { return m.err }

// epochMsg is the answer of a command started while the TUI was one identity (the user, or
// a staff member acting for one associate): answers of an identity left since are dropped.
type epochMsg struct {
	epoch int
	msg   tea.Msg
}

// teamLoadedMsg carries one page of a team view.
type teamLoadedMsg struct {
	seq    int
	view   oas.TeamView
	page   int
	rows   []sdk.TeamMember
	more   bool
	cursor string
}

// treeRootMsg carries the root node of the genealogy tree.
type treeRootMsg struct {
	seq  int
	node oas.TreeNode
	err  error
}

func (m treeRootMsg) failure() error { return m.err }

// treeChildrenMsg carries every direct recruit of a node (or why they could not be loaded).
type treeChildrenMsg struct {
	seq   int // the tree it belongs to; a reload starts another
	code  string
	nodes []oas.TreeNode
	err   error
}

func (m treeChildrenMsg) failure() error { return m.err }

// treeSearchMsg carries the genealogy search results.
type treeSearchMsg struct {
	seq     int
	keyword string
	hits    []oas.GenealogyHit
	err     error
}

func (m treeSearchMsg) failure() error { return m.err }

// associateLoadedMsg carries one tab of an associate, for the screen that opened it.
type associateLoadedMsg struct {
	screen screenID
	code   string
	tab    associateTab
	data   any // *oas.AssociateOverview, []oas.License, []oas.Appointment or []oas.LevelChange
	err    error
}

func (m associateLoadedMsg) failure() error { return m.err }

// policiesLoadedMsg carries one page of the business list.
type policiesLoadedMsg struct {
	seq    int
	page   int
	rows   []sdk.PolicyRow
	more   bool
	cursor string
}

// policyLoadedMsg carries one tab of a policy (or why it could not be loaded), for the
// screen that opened it: the business screen, or the payments screen from an entry.
type policyLoadedMsg struct {
	screen screenID
	id     int64
	tab    policyTab
	data   any // *sdk.Policy, []oas.Requirement or *oas.CommissionPreview
	err    error
}

func (m policyLoadedMsg) failure() error { return m.err }
