package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/associateportal/portal/cli/internal/paydisplay"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// paymentsPageSize is how many cashflow entries one page of the payments screen holds.
const paymentsPageSize = 50

// errPaymentsNotAssociate is shown to a staff member acting for nobody: payments are an
// associate's, and the act-as picker chooses whose.
var errPaymentsNotAssociate = errors.New("you are not an associate: press a to act for one, and the payments show theirs")

// cashflowSort is one order of the cashflow list that s goes round.
type cashflowSort struct {
	label string
	order oas.OptCashflowOrder // unset: the contract's default, newest first
}

func sortBy(o oas.CashflowOrder) oas.OptCashflowOrder { return oas.NewOptCashflowOrder(o) }

var (
	sortAsc  = oas.NewOptSortDirection(oas.SortDirectionASC)
	sortDesc = oas.NewOptSortDirection(oas.SortDirectionDESC)
)

// cashflowSorts are the orders s offers, the default first; sort: terms of the / filter
// replace them.
var cashflowSorts = []cashflowSort{
	{label: "newest first"},
	{label: "oldest first", order: sortBy(oas.CashflowOrder{OccurredOn: sortAsc})},
	{label: "largest amount first", order: sortBy(oas.CashflowOrder{AmountCents: sortDesc})},
	{label: "smallest amount first", order: sortBy(oas.CashflowOrder{AmountCents: sortAsc})},
	{label: "by status", order: sortBy(oas.CashflowOrder{Status: sortAsc, OccurredOn: sortDesc})},
}

// paymentsScreen is an associate's payments, for support staff acting for one (or an
// associate's own): the balances and the earnings of this month to date
// (GET /payments/dashboard) above the cashflow entries, page by page, newest first. /
// filters (a policy number, and the CLI's listing terms), s changes the order, enter
// explains an entry: its explanation, the line it belongs to, the policy behind it (o opens
// the policy's tabs) and the line's other entries.
type paymentsScreen struct {
	Common
	listTable // the filter is: policy number
	keys      PaymentsKeyMap

	known bool // the user is known: an associate, whose payments load
	rows  []sdk.CashflowEntry
	sort  int

	dashSeq int
	dash    *oas.PaymentsDashboard
	dashErr error

	entry *entryView
}

func newPaymentsScreen(c Common) *paymentsScreen {
	return &paymentsScreen{
		Common:    c,
		listTable: newListTable(c, "Policy number: ", paymentsPageSize),
		keys:      DefaultPaymentsKeyMap(),
	}
}

func (s *paymentsScreen) Title() string { return "Payments" }

func (s *paymentsScreen) Capturing() bool { return s.filtering }

// Init waits for the user: a staff member acting for nobody has no payments.
func (s *paymentsScreen) Init() tea.Cmd { return nil }

// paymentsHeaderLines is the title and the dashboard's lines above the table.
const paymentsHeaderLines = 4

func (s *paymentsScreen) SetSize(w, h int) {
	s.Common.SetSize(w, h)
	cur := max(s.table.Cursor(), 0)
	s.setColumns()
	s.table.SetWidth(w)
	s.table.SetHeight(max(h-paymentsHeaderLines-1, 3)) // the status line below
	if len(s.rows) > 0 {
		s.setRows(cur)
	}
	s.input.SetWidth(max(w-lipgloss.Width(s.input.Prompt)-2, 10))
	if s.entry != nil {
		s.entry.SetSize(w, h)
	}
}

// setUser loads an associate's dashboard and first page; a staff member acting for nobody
// is told to act for one.
func (s *paymentsScreen) setUser(u oas.User) tea.Cmd {
	if !u.Code.Set {
		s.err = errPaymentsNotAssociate
		return nil
	}
	if s.known {
		return nil
	}
	s.known, s.err = true, nil
	return tea.Batch(s.loadDashboard(), s.load(1))
}

// loadDashboard asks for the balances and the earnings of this month to date.
func (s *paymentsScreen) loadDashboard() tea.Cmd {
	s.dashSeq++
	s.dashErr = nil
	seq, c := s.dashSeq, s.Common
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.GetPaymentsDashboard(ctx, oas.GetPaymentsDashboardParams{})
		if err != nil {
			return paymentsDashboardMsg{seq: seq, err: explain(err)}
		}
		return paymentsDashboardMsg{seq: seq, data: &res.Response}
	}
}

func (s *paymentsScreen) load(page int) tea.Cmd {
	order := cashflowSorts[s.sort].order
	return loadPage(s.Common, &s.listTable, page, pageRequest[oas.ListCashflowParams, sdk.CashflowEntry]{
		screen: screenPayments,
		params: func(limit, page oas.OptInt, cursor oas.OptString) oas.ListCashflowParams {
			return oas.ListCashflowParams{Limit: limit, Page: page, Cursor: cursor, Order: order}
		},
		search: func(p *oas.ListCashflowParams, text string) { p.FilterPolicyNumberEq = oas.NewOptString(text) },
		list: func(ctx context.Context, p oas.ListCashflowParams) ([]sdk.CashflowEntry, oas.OptString, error) {
			res, err := s.Backend.ListCashflow(ctx, p)
			if err != nil {
				return nil, oas.OptString{}, err
			}
			return res.Response.Data, res.Response.NextCursor, nil
		},
		loaded: func(seq int, rows []sdk.CashflowEntry, more bool, cursor string) tea.Msg {
			return cashflowLoadedMsg{seq: seq, page: page, rows: rows, more: more, cursor: cursor}
		},
	})
}

func (s *paymentsScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case accessLoadedMsg:
		return s, s.setUser(msg.user)

	case accessFailedMsg:
		s.err = msg.err
		return s, nil

	case paymentsDashboardMsg:
		if msg.seq == s.dashSeq {
			s.dashErr = msg.err
			if msg.err == nil {
				s.dash = msg.data
			}
		}
		return s, nil

	case cashflowLoadedMsg:
		if !s.pager.answered(msg.seq, msg.page, msg.more, msg.cursor) {
			return s, nil
		}
		s.loading, s.loaded = false, true
		s.rows = msg.rows
		s.setRows(0)
		return s, nil

	case errMsg:
		s.loading, s.err = false, msg.err
		return s, nil

	case cashflowEntryMsg, policyLoadedMsg:
		if s.entry != nil {
			return s, s.entry.Update(msg)
		}
		return s, nil

	case tea.KeyPressMsg:
		switch {
		case s.filtering:
			return s, s.updateFilter(msg, s.keys.ListKeyMap, s.load)
		case s.entry != nil:
			if s.entry.policy == nil && key.Matches(msg, s.entry.keys.Back) {
				s.entry = nil
				return s, nil
			}
			return s, s.entry.Update(msg)
		}
		return s.updateList(msg)
	}
	return s, s.updateInput(msg)
}

func (s *paymentsScreen) updateList(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	if !s.known {
		return s, nil
	}
	switch {
	case key.Matches(msg, s.keys.Open):
		if i := s.table.Cursor(); i >= 0 && i < len(s.rows) {
			var cmd tea.Cmd
			s.entry, cmd = newEntryView(s.Common, s.keys.Policy, s.rows[i].ID)
			return s, cmd
		}
		return s, nil
	case key.Matches(msg, s.keys.Sort):
		s.sort = (s.sort + 1) % len(cashflowSorts)
		s.pager.reset()
		return s, s.load(1)
	case key.Matches(msg, s.keys.Reload):
		return s, tea.Batch(s.loadDashboard(), s.load(s.pager.page))
	}
	return s, s.updateKey(msg, s.keys.ListKeyMap, s.load, s.setRows)
}

// setColumns sizes the columns: fixed ones, and the type taking the rest (the period, the
// category and the associate show in the entry's explanation).
func (s *paymentsScreen) setColumns() {
	const pad = 2
	fixed := []int{1, 10, 10, 17, 17, 11}
	used := 0
	for _, w := range fixed {
		used += w + pad
	}
	s.table.SetColumns([]table.Column{
		{Title: "", Width: 1},
		{Title: "Date", Width: 10},
		{Title: "Policy", Width: 10},
		{Title: "Type", Width: max(s.Width-used-pad, 10)},
		{Title: "Kind", Width: 17},
		{Title: "Status", Width: 17},
		{Title: "     Amount", Width: 11},
	})
}

// setRows fills the table with the cursor on row cur; the first column marks the selected
// row, and amounts align on the right (a chargeback's starts with -).
func (s *paymentsScreen) setRows(cur int) {
	rows := make([]table.Row, len(s.rows))
	for i := range s.rows {
		e := &s.rows[i]
		rows[i] = table.Row{cursorMark(i, cur), text.FormatDate(e.OccurredOn), e.PolicyNumber.Or("—"), string(e.BonusType),
			paydisplay.KindText(e.Kind), string(e.Status), fmt.Sprintf("%11s", text.FormatDollars(e.AmountCents))}
	}
	s.table.SetRows(rows)
	s.table.SetCursor(cur)
}

// dashLines are the lines of the dashboard above the table: the balances (pending, escrow,
// paid, chargeback debt), then the period's earnings with its chargebacks, and the earnings
// by category.
func (s *paymentsScreen) dashLines() []string {
	st := s.Styles
	label := func(l string) string { return st.Label.Render(fmt.Sprintf("%-10s", l)) }
	switch {
	case s.dashErr != nil:
		return []string{label("Balances") + st.Error.Render(s.dashErr.Error()), "", ""}
	case s.dash == nil:
		return []string{label("Balances") + st.Muted.Render("Loading…"), "", ""}
	}
	d := s.dash
	b := d.Balances
	cats := make([][2]string, len(d.Earnings))
	for i, c := range d.Earnings {
		cats[i] = [2]string{string(c.Category), text.FormatDollars(c.AmountCents)}
	}
	return []string{
		label("Balances") + amounts(st, paydisplay.BalanceFields(&b)),
		label("Earnings") + st.Value.Render(text.FormatDollars(d.EarningsCents)) +
			st.Muted.Render(fmt.Sprintf(" from %s to %s · ", text.FormatDate(d.PeriodStart), text.FormatDate(d.PeriodEnd))) +
			amounts(st, [][2]string{{"chargebacks", text.FormatDollars(d.ChargebacksCents)}}),
		label("") + amounts(st, cats),
	}
}

// amounts draws "Label $1.00 · Label $2.00", the labels muted.
func amounts(st *Styles, parts [][2]string) string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = st.Label.Render(p[0]+" ") + st.Value.Render(p[1])
	}
	return strings.Join(out, st.Muted.Render(" · "))
}

func (s *paymentsScreen) View() string {
	if s.entry != nil {
		return s.entry.View()
	}
	st := s.Styles
	if !s.known {
		if s.err != nil {
			return st.Title.Render("Payments") + "\n\n" + st.Error.Width(max(s.Width-2, 20)).Render(s.err.Error())
		}
		return st.Title.Render("Payments") + "\n" + st.Muted.Render("Loading…")
	}
	title := st.Title.Render("Payments")
	if d := s.dash; d != nil {
		title += st.Muted.Render(fmt.Sprintf(" · %s (%s)", d.AssociateName, d.AssociateCode))
	}
	title += st.Muted.Render(fmt.Sprintf(" · page %d · %s", s.pager.page, cashflowSorts[s.sort].label))
	if s.filter != "" {
		title += st.Muted.Render(fmt.Sprintf(" · %q", s.filter))
	}
	var body string
	switch {
	case s.err != nil && len(s.rows) == 0:
		body = "\n" + st.Error.Width(max(s.Width-2, 20)).Render("Error: "+s.err.Error())
	case !s.loaded:
		body = st.Muted.Render("Loading the cashflow…")
	case len(s.rows) == 0:
		body = st.Muted.Render("No cashflow entries match.")
	default:
		body = s.table.View()
	}
	status := s.status(st, len(s.rows), "r to try again")
	return strings.Join(append([]string{title}, s.dashLines()...), "\n") + "\n" +
		fitLines(body, s.Width, max(s.Height-paymentsHeaderLines-1, 1)) + "\n" + status
}

func (s *paymentsScreen) ShortHelp() []key.Binding {
	switch {
	case s.filtering:
		return []key.Binding{s.keys.Apply, s.keys.Cancel}
	case s.entry != nil:
		return s.entry.helpKeys()
	case !s.known:
		return nil
	}
	b := []key.Binding{s.keys.Open, s.keys.Filter, s.keys.Sort}
	return append(b, s.pageHelp(s.keys.ListKeyMap)...)
}

func (s *paymentsScreen) FullHelp() [][]key.Binding {
	switch {
	case s.filtering:
		return [][]key.Binding{{s.keys.Apply, s.keys.Cancel}}
	case s.entry != nil:
		return s.entry.fullHelp()
	case !s.known:
		return nil
	}
	return [][]key.Binding{
		{s.keys.Up, s.keys.Down, s.keys.Open},
		{s.keys.NextPage, s.keys.PrevPage, s.keys.Reload},
		{s.keys.Filter, s.keys.Clear, s.keys.Sort},
	}
}

// entryView explains one cashflow entry (GET /payments/cashflow/{id}): why its amount is
// what it is, how its line was computed, the policy behind it and every entry of the line.
// o opens the policy's tabs (those of the business screen); esc comes back from them.
type entryView struct {
	Common
	keys    AssociateKeyMap
	policyK key.Binding // opens the policy behind the entry
	id      int64

	detail *oas.CashflowEntryDetail
	err    error
	offset int

	policy *policyView
}

// newEntryView opens the entry id, whose policy the key policy opens, and starts loading it.
func newEntryView(c Common, policy key.Binding, id int64) (*entryView, tea.Cmd) {
	v := &entryView{Common: c, keys: DefaultAssociateKeyMap(), policyK: policy, id: id}
	return v, v.load()
}

func (v *entryView) load() tea.Cmd {
	c, id := v.Common, v.id
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.GetCashflowEntry(ctx, oas.GetCashflowEntryParams{ID: id})
		if err != nil {
			return cashflowEntryMsg{id: id, err: explain(err)}
		}
		return cashflowEntryMsg{id: id, data: &res.Response}
	}
}

func (v *entryView) SetSize(w, h int) {
	v.Common.SetSize(w, h)
	if v.policy != nil {
		v.policy.SetSize(w, h)
	}
}

// Update handles the entry's answer and keys (back is its opener's, unless the policy is
// open: back closes the policy).
func (v *entryView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case cashflowEntryMsg:
		if msg.id != v.id {
			return nil // for an entry opened before
		}
		v.err = msg.err
		if msg.err == nil {
			v.detail = msg.data
		}
	case policyLoadedMsg:
		if v.policy != nil {
			return v.policy.Update(msg)
		}
	case tea.KeyPressMsg:
		if v.policy != nil {
			if key.Matches(msg, v.policy.keys.Back) {
				v.policy = nil
				return nil
			}
			return v.policy.Update(msg)
		}
		if key.Matches(msg, v.policyK) && v.detail != nil && v.detail.Policy.Set {
			p := v.detail.Policy.Value
			var cmd tea.Cmd
			v.policy, cmd = newPolicyView(v.Common, screenPayments, p.ID, p.PolicyNumber)
			return cmd
		}
		scroll(msg, v.keys, &v.offset, len(v.lines()), v.bodyHeight())
	}
	return nil
}

func (v *entryView) bodyHeight() int { return max(v.Height-3, 1) }

func (v *entryView) View() string {
	if v.policy != nil {
		return v.policy.View()
	}
	st := v.Styles
	head := st.Title.Render(fmt.Sprintf("Entry #%d", v.id))
	sub := ""
	if d := v.detail; d != nil {
		e := &d.Entry
		head += st.Muted.Render(fmt.Sprintf(" · %s · %s · %s (%s)", e.Status, text.FormatDollars(e.AmountCents), e.AssociateName, e.AssociateCode))
		sub = st.Muted.Render(fmt.Sprintf("%s · %s · %s · period %s · %s", e.Category, e.BonusType, paydisplay.KindText(e.Kind),
			text.FormatMonth(e.Period), text.FormatDate(e.OccurredOn)))
		if e.Settled {
			sub += st.Muted.Render(" · on a pay statement")
		}
	}
	return head + "\n" + sub + "\n\n" + scrolled(v.lines(), v.offset, v.Width, v.bodyHeight())
}

// lines renders the explanation, the line, the policy and the line's entries.
func (v *entryView) lines() []string {
	st := v.Styles
	switch {
	case v.err != nil:
		return []string{st.Error.Width(max(v.Width-2, 20)).Render("Error: " + v.err.Error())}
	case v.detail == nil:
		return []string{st.Muted.Render("Loading the entry…")}
	}
	d := v.detail
	var out []string
	field := func(label, value string) { out = append(out, fieldLine(st, 17, label, value)) }
	if x := strings.TrimSpace(d.Explanation); x != "" {
		out = append(out, text.Wrap(x, max(v.Width-2, 20))...)
	}
	if l, ok := d.Line.Get(); ok {
		out = append(out, "", st.Title.Render("Line"))
		for _, f := range paydisplay.LineFields(&l) {
			field(f[0], f[1])
		}
	}
	if p, ok := d.Policy.Get(); ok {
		out = append(out, "", st.Title.Render("Policy")+st.Muted.Render(" · "+v.policyK.Help().Key+" opens it"))
		for _, f := range paydisplay.PolicyFields(&p, d.LapseMonth) {
			field(f[0], f[1])
		}
	}
	out = append(out, "", st.Title.Render("Entries of the line")+st.Muted.Render(" · earning "+text.FormatDollars(d.Entry.EarningCents)))
	if len(d.LineEntries) == 0 {
		return append(out, st.Muted.Render("None."))
	}
	row := func(mark, date, period, kind, status, amount string) string {
		return mark + " " + cell(date, 10) + "  " + cell(period, 8) + "  " + cell(kind, 17) + "  " + cell(status, 17) + "  " + amount
	}
	out = append(out, st.TableHeader.Render(row(" ", "Date", "Period", "Kind", "Status", fmt.Sprintf("%11s", "Amount"))))
	for _, e := range d.LineEntries {
		r := row(" ", text.FormatDate(e.OccurredOn), text.FormatMonth(e.Period), paydisplay.KindText(e.Kind), string(e.Status),
			fmt.Sprintf("%11s", text.FormatDollars(e.AmountCents)))
		if e.ID == d.Entry.ID {
			r = st.Selected.Render("›" + r[1:])
		}
		out = append(out, r)
	}
	return out
}

func (v *entryView) helpKeys() []key.Binding {
	if v.policy != nil {
		return v.policy.helpKeys()
	}
	b := []key.Binding{v.keys.Down, v.keys.Up}
	if v.detail != nil && v.detail.Policy.Set {
		b = append(b, v.policyK)
	}
	return append(b, v.keys.Back)
}

func (v *entryView) fullHelp() [][]key.Binding {
	if v.policy != nil {
		return v.policy.fullHelp()
	}
	return [][]key.Binding{{v.keys.Up, v.keys.Down}, {v.policyK}, {v.keys.Back}}
}

// cashflowLoadedMsg carries one page of the cashflow list.
type cashflowLoadedMsg struct {
	seq    int
	page   int
	rows   []sdk.CashflowEntry
	more   bool
	cursor string
}

// paymentsDashboardMsg carries the payments dashboard (or why it could not be loaded).
type paymentsDashboardMsg struct {
	seq  int
	data *oas.PaymentsDashboard
	err  error
}

func (m paymentsDashboardMsg) failure() error { return m.err }

// cashflowEntryMsg carries an entry's explanation (or why it could not be loaded).
type cashflowEntryMsg struct {
	id   int64
	data *oas.CashflowEntryDetail
	err  error
}

func (m cashflowEntryMsg) failure() error { return m.err }
