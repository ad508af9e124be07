package tui

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/table"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk/oas"
)

// listTable is a table read page by page and filtered with /: what the clients and team
// browsers share. The screen owns the rows, the request (load) and the drawing of a row
// (setRows); listTable handles the keys that page, filter, reload and move.
type listTable struct {
	table     table.Model
	input     textinput.Model
	pager     pager
	filter    string // the applied filter
	filtering bool   // the filter input has the focus
	loading   bool
	loaded    bool
	err       error
}

func newListTable(c Common, prompt string, limit int) listTable {
	return listTable{table: newTable(c), input: newFilterInput(prompt), pager: newPager(limit)}
}

// newTable returns a focused table in the TUI's styles.
func newTable(c Common) table.Model {
	t := table.New(table.WithFocused(true))
	t.SetStyles(table.Styles{
		Header:   c.Styles.TableHeader.Padding(0, 1),
		Cell:     c.Styles.TableCell.Padding(0, 1),
		Selected: c.Styles.TableSelected,
	})
	return t
}

// cursorMark is the first cell of row i of a table whose cursor is on row cur: › on that
// row, so that the selection shows without colour too.
func cursorMark(i, cur int) string {
	if i == cur {
		return "›"
	}
	return " "
}

// newFilterInput returns the one-line input of a / filter.
func newFilterInput(prompt string) textinput.Model {
	in := textinput.New()
	in.Prompt = prompt
	in.Placeholder = "type, then enter"
	in.CharLimit = 100
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	return in
}

// updateFilter handles a key while the filter is being edited: the apply key applies the
// trimmed input and loads the first page, the cancel key restores the applied value,
// anything else edits the input.
func (l *listTable) updateFilter(msg tea.KeyPressMsg, k ListKeyMap, load func(page int) tea.Cmd) tea.Cmd {
	switch {
	case key.Matches(msg, k.Apply):
		l.filtering = false
		l.input.Blur()
		l.filter = strings.TrimSpace(l.input.Value())
		l.pager.reset()
		return load(1)
	case key.Matches(msg, k.Cancel):
		l.filtering = false
		l.input.Blur()
		l.input.SetValue(l.filter)
		return nil
	}
	var cmd tea.Cmd
	l.input, cmd = l.input.Update(msg)
	return cmd
}

// updateInput passes a message other than a key to the filter input while it has the focus
// (the cursor's blinking).
func (l *listTable) updateInput(msg tea.Msg) tea.Cmd {
	if !l.filtering {
		return nil
	}
	var cmd tea.Cmd
	l.input, cmd = l.input.Update(msg)
	return cmd
}

// updateKey handles a key of the list (the screen handles Open and its own keys first):
// next and previous page, / to filter, clearing the filter, reloading, and moving in the
// table, after which setRows redraws the rows with the cursor on the row given.
func (l *listTable) updateKey(msg tea.KeyPressMsg, k ListKeyMap, load func(page int) tea.Cmd, setRows func(cur int)) tea.Cmd {
	switch {
	case key.Matches(msg, k.NextPage):
		if l.pager.more && !l.loading {
			return load(l.pager.page + 1)
		}
		return nil
	case key.Matches(msg, k.PrevPage):
		if l.pager.page > 1 && !l.loading {
			return load(l.pager.page - 1)
		}
		return nil
	case key.Matches(msg, k.Filter):
		l.filtering = true
		l.input.SetValue(l.filter)
		l.input.CursorEnd()
		return l.input.Focus()
	case key.Matches(msg, k.Clear) && l.filter != "":
		l.filter = ""
		l.input.SetValue("")
		l.pager.reset()
		return load(1)
	case key.Matches(msg, k.Reload):
		return load(l.pager.page)
	}
	before := l.table.Cursor()
	var cmd tea.Cmd
	l.table, cmd = l.table.Update(msg)
	if cur := l.table.Cursor(); cur != before {
		setRows(cur)
	}
	return cmd
}

// status is the line under the list: the filter input while it has the focus, an error,
// Loading…, or which rows show; retry is the hint when nothing could be loaded.
func (l *listTable) status(st *Styles, n int, retry string) string {
	switch {
	case l.filtering:
		return l.input.View()
	case l.err != nil && n == 0:
		return st.Info.Render(retry)
	case l.err != nil:
		return st.Error.Render("Error: " + l.err.Error())
	case l.loading:
		return st.Info.Render("Loading…")
	case n > 0:
		return st.Info.Render(l.pager.status(n))
	}
	return ""
}

// pageHelp is the short help of the list's paging and filter: the keys that would do
// something now.
func (l *listTable) pageHelp(k ListKeyMap) []key.Binding {
	var b []key.Binding
	if l.pager.more {
		b = append(b, k.NextPage)
	}
	if l.pager.page > 1 {
		b = append(b, k.PrevPage)
	}
	if l.filter != "" {
		b = append(b, k.Clear)
	}
	return b
}

// applyFilter reads a / filter into params (a pointer to the list's generated parameters):
// words are free text, searched by name; field=op:value terms are the CLI's --filter and
// sort:field[:desc] terms its --order, checked against the contract's description of the
// list (sdk/lists) as the CLI checks them. It answers the free text and ctx carrying the
// sort terms in the order typed (cmdutil.ApplyListing), for the request.
func applyFilter(ctx context.Context, filter string, params any) (context.Context, string, error) {
	var words, filters, orders []string
	for term := range strings.FieldsSeq(filter) {
		switch {
		case strings.HasPrefix(strings.ToLower(term), "sort:"):
			orders = append(orders, term[len("sort:"):])
		case strings.Contains(term, "="):
			filters = append(filters, term)
		default:
			words = append(words, term)
		}
	}
	ctx, err := cmdutil.ApplyListing(ctx, params, filters, orders)
	if err != nil {
		return ctx, "", err
	}
	return ctx, strings.Join(words, " "), nil
}

// pageRequest is what loadPage needs of one list: params builds the generated parameters of
// a page (its limit, number and cursor), search sets the free text of the / filter on them,
// list sends the request and answers the rows and next_cursor, and loaded makes the message
// of the answer, which the screen hands to pager.answered.
type pageRequest[P, T any] struct {
	screen screenID
	params func(limit, page oas.OptInt, cursor oas.OptString) P
	search func(p *P, text string)
	list   func(ctx context.Context, p P) ([]T, oas.OptString, error)
	loaded func(seq int, rows []T, more bool, cursor string) tea.Msg
}

// loadPage starts the request of page (from 1) of the list l shows, with the / filter
// applied: its terms checked against the contract (a refused one shows on the status line
// and sends nothing), the sort terms carried by the request's context.
func loadPage[P, T any](c Common, l *listTable, page int, r pageRequest[P, T]) tea.Cmd {
	seq, cursor := l.pager.request(page)
	l.loading, l.err = true, nil
	var cur oas.OptString
	if cursor != "" {
		cur = oas.NewOptString(cursor)
	}
	params := r.params(oas.NewOptInt(l.pager.limit), oas.NewOptInt(page), cur)
	ctx, text, err := applyFilter(c.context(), l.filter, &params)
	if err != nil {
		l.loading, l.err = false, err
		return nil
	}
	c.Ctx = ctx // carries the sort terms
	if text != "" {
		r.search(&params, text)
	}
	limit := l.pager.limit
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		data, next, err := r.list(ctx, params)
		if err != nil {
			return errMsg{err: explain(err), screen: r.screen}
		}
		rows, more := cutPage(data, limit)
		return r.loaded(seq, rows, more, next.Or(""))
	}
}
