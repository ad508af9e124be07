package tui

import "charm.land/bubbles/v2/key"

// KeyMap holds the keys that work on every screen.
type KeyMap struct {
	Quit       key.Binding
	ForceQuit  key.Binding
	Help       key.Binding
	NextScreen key.Binding
	PrevScreen key.Binding
	Screen1    key.Binding
	Screen2    key.Binding
	Screen3    key.Binding
	Screen4    key.Binding
	Screen5    key.Binding
	Screen6    key.Binding
	ActAs      key.Binding // staff: choose the associate to act for
}

// DefaultKeyMap returns the global keys.
func DefaultKeyMap() *KeyMap {
	return &KeyMap{
		Quit:       key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit:  key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Help:       key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		NextScreen: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next screen")),
		PrevScreen: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "prev screen")),
		Screen1:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "clients")),
		Screen2:    key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "associates")),
		Screen3:    key.NewBinding(key.WithKeys("3"), key.WithHelp("3", "team")),
		Screen4:    key.NewBinding(key.WithKeys("4"), key.WithHelp("4", "tree")),
		Screen5:    key.NewBinding(key.WithKeys("5"), key.WithHelp("5", "business")),
		Screen6:    key.NewBinding(key.WithKeys("6"), key.WithHelp("6", "payments")),
		ActAs:      key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "act as")),
	}
}

// ListKeyMap holds the keys of a table read page by page and filtered with / (listTable):
// those the clients and team browsers share.
type ListKeyMap struct {
	Up       key.Binding
	Down     key.Binding
	Open     key.Binding
	NextPage key.Binding
	PrevPage key.Binding
	Filter   key.Binding
	Apply    key.Binding
	Cancel   key.Binding
	Clear    key.Binding
	Reload   key.Binding
}

// DefaultListKeyMap returns the keys of a paged, filtered table.
func DefaultListKeyMap() ListKeyMap {
	return ListKeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		NextPage: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next page")),
		PrevPage: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "prev page")),
		Filter:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Apply:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Clear:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Reload:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
	}
}

// ClientsKeyMap holds the keys of the clients browser.
type ClientsKeyMap struct {
	ListKeyMap
	Back  key.Binding // closes a client's details
	Owner key.Binding // opens the associate who owns the client
}

// DefaultClientsKeyMap returns the clients browser's keys.
func DefaultClientsKeyMap() ClientsKeyMap {
	return ClientsKeyMap{
		ListKeyMap: DefaultListKeyMap(),
		Back:       key.NewBinding(key.WithKeys("esc", "backspace"), key.WithHelp("esc", "back")),
		Owner:      key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open owner")),
	}
}

// LookupKeyMap holds the keys of the associate lookup, and of the act-as picker, which is
// one.
type LookupKeyMap struct {
	Up     key.Binding
	Down   key.Binding
	Choose key.Binding
	Search key.Binding
	Done   key.Binding
	Cancel key.Binding // the picker: close it
	Stop   key.Binding // the picker: act for nobody again
}

// DefaultLookupKeyMap returns the associate lookup's keys.
func DefaultLookupKeyMap() LookupKeyMap {
	return LookupKeyMap{
		Up:     key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "down")),
		Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Search: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Done:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop typing")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Stop:   key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "stop acting")),
	}
}

// DefaultPickerKeyMap returns the keys of the act-as picker: the lookup's, enter acting for
// the associate chosen.
func DefaultPickerKeyMap() LookupKeyMap {
	k := DefaultLookupKeyMap()
	k.Choose.SetHelp("enter", "act as")
	return k
}

// TeamKeyMap holds the keys of the team browser (its views and its dashboard).
type TeamKeyMap struct {
	ListKeyMap
	NextView key.Binding
	PrevView key.Binding
}

// DefaultTeamKeyMap returns the team browser's keys.
func DefaultTeamKeyMap() TeamKeyMap {
	return TeamKeyMap{
		ListKeyMap: DefaultListKeyMap(),
		NextView:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "next view")),
		PrevView:   key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "prev view")),
	}
}

// PaymentsKeyMap holds the keys of the payments screen: the cashflow list's, s to change its
// order, and o on an entry to open the policy behind it.
type PaymentsKeyMap struct {
	ListKeyMap
	Sort   key.Binding
	Policy key.Binding
}

// DefaultPaymentsKeyMap returns the payments screen's keys.
func DefaultPaymentsKeyMap() PaymentsKeyMap {
	k := PaymentsKeyMap{
		ListKeyMap: DefaultListKeyMap(),
		Sort:       key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")),
		Policy:     key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open policy")),
	}
	k.Open.SetHelp("enter", "explain")
	return k
}

// TreeKeyMap holds the keys of the genealogy tree.
type TreeKeyMap struct {
	Up       key.Binding
	Down     key.Binding
	Expand   key.Binding
	Collapse key.Binding
	Toggle   key.Binding
	Open     key.Binding
	Search   key.Binding
	Apply    key.Binding
	Cancel   key.Binding
	Reload   key.Binding
	Reroot   key.Binding // the selected node becomes the root
	PrevRoot key.Binding // back to the root before the last re-root
}

// DefaultTreeKeyMap returns the genealogy tree's keys.
func DefaultTreeKeyMap() TreeKeyMap {
	return TreeKeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Expand:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "expand")),
		Collapse: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "collapse")),
		Toggle:   key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp("enter/space", "expand/collapse")),
		Open:     key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open")),
		Search:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Apply:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Reload:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload")),
		// r reloads on every screen, so re-rooting is R; backspace would also close an
		// associate's tabs (their Back), so a second press could leave the root too: u only.
		Reroot:   key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "re-root")),
		PrevRoot: key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "prev root")),
	}
}

// AssociateKeyMap holds the keys of an associate's tabs.
type AssociateKeyMap struct {
	NextTab key.Binding
	PrevTab key.Binding
	Up      key.Binding
	Down    key.Binding
	Back    key.Binding
}

// DefaultAssociateKeyMap returns the keys of an associate's tabs.
func DefaultAssociateKeyMap() AssociateKeyMap {
	return AssociateKeyMap{
		NextTab: key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "next tab")),
		PrevTab: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "prev tab")),
		Up:      key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:    key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		Back:    key.NewBinding(key.WithKeys("esc", "backspace"), key.WithHelp("esc", "back")),
	}
}
