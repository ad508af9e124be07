package tui

import (
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// errMsg reports a failed request; the screen that asked shows it.
type errMsg struct {
	err    error
	screen screenID
}

func (e errMsg) Error() string { return e.err.Error() }

// accessLoadedMsg carries the logged-in user, shown in the header.
type accessLoadedMsg struct{ user oas.User }

// clientsLoadedMsg carries one page of clients.
type clientsLoadedMsg struct {
	seq    int // the request it answers; older answers are dropped
	page   int
	rows   []sdk.ClientRecord
	more   bool
	cursor string // next_cursor, for the next page
}

// associatesFoundMsg carries lookup results.
type associatesFoundMsg struct {
	seq     int
	keyword string
	results []oas.AssociateLookup
}

// searchTickMsg fires when typing paused long enough to search.
type searchTickMsg struct{ seq int }
