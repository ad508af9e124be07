package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk/oas"
)

// associateTab is one tab of an associate.
type associateTab int

const (
	tabOverview associateTab = iota
	tabLicenses
	tabAppointments
	tabLevels
	tabCount
)

func (t associateTab) String() string {
	return [...]string{"Overview", "Licenses", "Appointments", "Level history"}[t]
}

// associateView shows one associate in tabs (overview, licenses, provider appointments, level
// qualification history), each loaded the first time it is shown. The team list and the tree
// open it; their screen's id routes its answers back.
type associateView struct {
	Common
	keys   AssociateKeyMap
	screen screenID
	code   string
	name   string // known before the overview loads (from the row it was opened from)

	tab          associateTab
	overview     *oas.AssociateOverview
	licenses     []oas.License
	appointments []oas.Appointment
	levels       []oas.LevelChange
	loaded       [tabCount]bool
	loading      [tabCount]bool
	errs         [tabCount]error
	offset       int // the first line shown (scrolling)
}

// newAssociateView opens the associate code (named name) and starts loading its overview.
func newAssociateView(c Common, screen screenID, code, name string) (*associateView, tea.Cmd) {
	v := &associateView{Common: c, keys: DefaultAssociateKeyMap(), screen: screen, code: code, name: name}
	return v, v.load(tabOverview)
}

// upline reports that the associate is one of the caller's uplines: contact fields only.
func (v *associateView) upline() bool {
	return v.overview != nil && v.overview.Relation == oas.AssociateOverviewRelationUpline
}

// load asks for a tab unless it is loaded, loading, or refused to an upline.
func (v *associateView) load(tab associateTab) tea.Cmd {
	if v.loaded[tab] || v.loading[tab] || (tab != tabOverview && v.upline()) {
		return nil
	}
	v.loading[tab], v.errs[tab] = true, nil
	c, screen, code := v.Common, v.screen, v.code
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		msg := associateLoadedMsg{screen: screen, code: code, tab: tab}
		var err error
		switch tab {
		case tabOverview:
			var res *oas.AssociateOverviewHeaders
			if res, err = c.Backend.GetAssociate(ctx, oas.GetAssociateParams{Code: code}); err == nil {
				msg.data = &res.Response
			}
		case tabLicenses:
			var res *oas.LicenseListHeaders
			if res, err = c.Backend.ListAssociateLicenses(ctx, oas.ListAssociateLicensesParams{Code: code}); err == nil {
				msg.data = res.Response.Data
			}
		case tabAppointments:
			var res *oas.AppointmentListHeaders
			if res, err = c.Backend.ListAssociateAppointments(ctx, oas.ListAssociateAppointmentsParams{Code: code}); err == nil {
				msg.data = res.Response.Data
			}
		case tabLevels:
			var res *oas.LevelHistoryListHeaders
			if res, err = c.Backend.ListAssociateLevelHistory(ctx, oas.ListAssociateLevelHistoryParams{Code: code}); err == nil {
				msg.data = res.Response.Data
			}
		}
		msg.err = explain(err)
		return msg
	}
}

// Update handles the view's answers and keys (back is its opener's).
func (v *associateView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case associateLoadedMsg:
		if msg.code != v.code {
			return nil // for an associate opened before
		}
		v.loading[msg.tab] = false
		if msg.err != nil {
			v.errs[msg.tab] = msg.err
			return nil
		}
		v.loaded[msg.tab] = true
		switch d := msg.data.(type) {
		case *oas.AssociateOverview:
			v.overview = d
			v.name = d.Name
			return v.load(v.tab) // a tab chosen while the overview loaded
		case []oas.License:
			v.licenses = d
		case []oas.Appointment:
			v.appointments = d
		case []oas.LevelChange:
			v.levels = d
		}
		return nil

	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, v.keys.NextTab):
			return v.switchTab((v.tab + 1) % tabCount)
		case key.Matches(msg, v.keys.PrevTab):
			return v.switchTab((v.tab + tabCount - 1) % tabCount)
		default:
			scroll(msg, v.keys, &v.offset, len(v.lines()), v.bodyHeight())
		}
	}
	return nil
}

// updateDetail passes msg to the associate's tabs *d that a screen opened, if any; their
// back key closes them.
func updateDetail(d **associateView, msg tea.Msg) tea.Cmd {
	if *d == nil {
		return nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, (*d).keys.Back) {
		*d = nil
		return nil
	}
	return (*d).Update(msg)
}

func (v *associateView) switchTab(t associateTab) tea.Cmd {
	v.tab, v.offset = t, 0
	return v.load(t)
}

// bodyHeight is what is left for the tab's content under the header and the tab bar.
func (v *associateView) bodyHeight() int { return max(v.Height-3, 1) }

func (v *associateView) View() string {
	st := v.Styles
	name := v.name
	if name == "" {
		name = v.code
	}
	head := st.Title.Render(name) + st.Muted.Render("  "+v.code)
	if o := v.overview; o != nil {
		head += st.Muted.Render(fmt.Sprintf(" · %s (%s) · %s", o.Level.Name, o.Level.Code, relationText(o.Relation)))
	}
	names := make([]string, tabCount)
	for t := range tabCount {
		names[t] = t.String()
	}
	return head + "\n" + tabBar(st, names, int(v.tab)) + "\n\n" + scrolled(v.lines(), v.offset, v.Width, v.bodyHeight())
}

// tabBar draws the tabs of a detail, the current one in brackets (which shows without
// colour too).
func tabBar(st *Styles, names []string, cur int) string {
	tabs := make([]string, len(names))
	for i, n := range names {
		if i == cur {
			tabs[i] = st.ActiveTab.Render("[" + n + "]")
		} else {
			tabs[i] = st.Tab.Render(" " + n + " ")
		}
	}
	return strings.Join(tabs, " ")
}

// scrolled is lines from the offset on, fitted to width × height.
func scrolled(lines []string, offset, width, height int) string {
	start := min(offset, max(len(lines)-1, 0))
	return fitLines(strings.Join(lines[start:], "\n"), width, height)
}

// scroll moves the offset of a scrolled body of n lines, height high, by the up and down
// keys; false for any other key.
func scroll(msg tea.KeyPressMsg, k AssociateKeyMap, offset *int, n, height int) bool {
	switch {
	case key.Matches(msg, k.Down):
		*offset = min(*offset+1, max(n-height, 0))
	case key.Matches(msg, k.Up):
		*offset = max(*offset-1, 0)
	default:
		return false
	}
	return true
}

// relationText says how the caller stands to the associate.
func relationText(r oas.AssociateOverviewRelation) string {
	switch r {
	case oas.AssociateOverviewRelationSelf:
		return "you"
	case oas.AssociateOverviewRelationDownline:
		return "your downline"
	case oas.AssociateOverviewRelationUpline:
		return "your upline, contact details only"
	}
	return string(r)
}

// lines renders the current tab.
func (v *associateView) lines() []string {
	st := v.Styles
	t := v.tab
	switch {
	case v.errs[t] != nil:
		return []string{st.Error.Width(max(v.Width-2, 20)).Render("Error: " + v.errs[t].Error())}
	case t != tabOverview && v.upline():
		return []string{st.Muted.Render("Only the contact details of an upline are shown.")}
	case !v.loaded[t]:
		return []string{st.Muted.Render("Loading " + strings.ToLower(t.String()) + "…")}
	}
	switch t {
	case tabLicenses:
		return v.licenseLines()
	case tabAppointments:
		return v.appointmentLines()
	case tabLevels:
		return v.levelLines()
	}
	return v.overviewLines()
}

func (v *associateView) overviewLines() []string {
	st := v.Styles
	o := v.overview
	var out []string
	field := func(label, value string) { out = append(out, fieldLine(st, 12, label, value)) }
	field("Email", o.Email)
	field("Phone", text.FormatPhone(o.Phone.Or("")))
	if o.Relation == oas.AssociateOverviewRelationUpline {
		return out
	}
	field("Status", string(o.Status.Or("")))
	field("Kind", string(o.Kind.Or("")))
	field("Location", strings.Join(nonEmpty(o.City.Or(""), o.State.Or(""), string(o.Country.Or(""))), ", "))
	joined := ""
	if d, ok := o.JoinedOn.Get(); ok {
		joined = text.FormatDate(d)
	}
	field("Joined", joined)
	field("Upline", personText(o.Upline))
	field("Leader", personText(o.Leader))
	if n, ok := o.DownlineSize.Get(); ok {
		field("Downline", fmt.Sprintf("%d below, %d direct recruits", n, o.Recruits.Or(0)))
	}
	if l, ok := o.Licensed.Get(); ok {
		field("Licensed", yesNo(l))
	}
	return out
}

// licenseLines lists the licenses, soonest expiry first: those expiring within 90 days are
// highlighted and marked "! expires in N days", the expired "✗ expired", so that the marks
// show without colour too. The lines of authority take the width left and wrap, between
// lines where they can, onto more rows of the license.
func (v *associateView) licenseLines() []string {
	st := v.Styles
	if len(v.licenses) == 0 {
		return []string{st.Muted.Render("No licenses.")}
	}
	const noteWidth = 20 // "! expires in 60 days"
	widths := []int{5, 12, 12, 0, 10, 10}
	fixed := noteWidth
	for _, w := range widths {
		fixed += w + 2
	}
	widths[3] = max(v.Width-fixed-2, 18)
	row := func(cells ...string) string {
		var b strings.Builder
		for i, w := range widths {
			b.WriteString(cell(cells[i], w) + "  ")
		}
		return strings.TrimRight(b.String()+cells[6], " ")
	}
	out := []string{st.TableHeader.Render(row("State", "Number", "Residency", "Lines of authority", "Issued", "Expires", ""))}
	soon, expired := 0, 0
	for i := range v.licenses {
		l := &v.licenses[i]
		note, style := "", st.Value
		switch {
		case l.Expired:
			note, style = "✗ expired", st.Error
			expired++
		case l.ExpiringSoon:
			note, style = "! "+expiresIn(v.now(), l.ExpiresOn), st.Warning
			soon++
		}
		lines := wrapList(l.LinesOfAuthority, widths[3])
		out = append(out, style.Render(row(l.State, l.Number, string(l.Residency), lines[0],
			text.FormatDate(l.IssuedOn), text.FormatDate(l.ExpiresOn), note)))
		for _, more := range lines[1:] {
			out = append(out, style.Render(row("", "", "", more, "", "", "")))
		}
	}
	out = append(out, "", st.Muted.Render(fmt.Sprintf("%d licenses · %d expiring within 90 days · %d expired", len(v.licenses), soon, expired)))
	return out
}

// wrapList lays items out as "a, b, c" in lines of at most width columns, breaking between
// items, and within an item only when it is wider than a line (at spaces where it can,
// cutting with an ellipsis where it cannot). There is always one line, maybe empty.
func wrapList(items []string, width int) []string {
	var lines []string
	cur := ""
	for i, it := range items {
		if i < len(items)-1 {
			it += ","
		}
		switch {
		case cur == "":
			cur = it
		case ansi.StringWidth(cur+" "+it) <= width:
			cur += " " + it
		default:
			lines = append(lines, cur)
			cur = it
		}
		if ansi.StringWidth(cur) > width {
			parts := strings.Split(ansi.Wordwrap(cur, width, ""), "\n")
			for _, p := range parts[:len(parts)-1] {
				lines = append(lines, truncate(p, width))
			}
			cur = truncate(parts[len(parts)-1], width)
		}
	}
	return append(lines, cur)
}

// expiresIn says when a license expires: "expires today", "expires in 23 days".
func expiresIn(now, t time.Time) string {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	d := int(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Sub(today).Hours() / 24)
	switch {
	case d <= 0:
		return "expires today"
	case d == 1:
		return "expires tomorrow"
	}
	return fmt.Sprintf("expires in %d days", d)
}

func (v *associateView) appointmentLines() []string {
	st := v.Styles
	if len(v.appointments) == 0 {
		return []string{st.Muted.Render("No provider appointments.")}
	}
	row := func(cells ...string) string {
		return cell(cells[0], 28) + " " + cell(cells[1], 6) + " " + cell(cells[2], 14) + " " + cell(cells[3], 11) + " " +
			cell(cells[4], 11) + " " + cell(cells[5], 11) + " " + cells[6]
	}
	out := []string{st.TableHeader.Render(row("Provider", "State", "Writing #", "Status", "Requested", "Appointed", "Terminated"))}
	for i := range v.appointments {
		a := &v.appointments[i]
		out = append(out, row(fmt.Sprintf("%s (%s)", a.ProviderName, a.ProviderCode), a.State,
			a.WritingNumber.Or(""), string(a.Status), text.FormatDate(a.RequestedOn), dateText(a.AppointedOn), dateText(a.TerminatedOn)))
	}
	return out
}

func (v *associateView) levelLines() []string {
	st := v.Styles
	if len(v.levels) == 0 {
		return []string{st.Muted.Render("No level changes.")}
	}
	row := func(cells ...string) string {
		return cell(cells[0], 11) + " " + cell(cells[1], 40) + " " + fmt.Sprintf("%7s %9s", cells[2], cells[3]) + "  " + cells[4]
	}
	out := []string{st.TableHeader.Render(row("Effective", "Level", "Points", "Recruits", "Approved by"))}
	for i := range v.levels {
		h := &v.levels[i]
		out = append(out, row(text.FormatDate(h.EffectiveOn), fmt.Sprintf("%s (%s)", h.Level.Name, h.Level.Code),
			strconv.Itoa(h.Points), strconv.Itoa(h.Recruits), h.ApprovedBy.Or("")))
	}
	return out
}

func (v *associateView) helpKeys() []key.Binding {
	return []key.Binding{v.keys.NextTab, v.keys.PrevTab, v.keys.Back}
}

func (v *associateView) fullHelp() [][]key.Binding {
	return [][]key.Binding{{v.keys.NextTab, v.keys.PrevTab}, {v.keys.Up, v.keys.Down}, {v.keys.Back}}
}

// fieldLine is a labelled line of a detail: the label padded to width columns, the value or
// a dash when there is none.
func fieldLine(st *Styles, width int, label, value string) string {
	if value == "" {
		value = st.Muted.Render("—")
	}
	return st.Label.Render(fmt.Sprintf("%-*s", width, label)) + st.Value.Render(value)
}

// personText is "Name (CODE)", or "" for nobody.
func personText(p oas.OptPersonRef) string {
	if r, ok := p.Get(); ok {
		return fmt.Sprintf("%s (%s)", r.Name, r.Code)
	}
	return ""
}

// dateText is a date of the API as the portal shows it, or "" for none.
func dateText(d oas.OptDate) string {
	if t, ok := d.Get(); ok {
		return text.FormatDate(t)
	}
	return ""
}

// truncate cuts s to n columns with an ellipsis, between characters as the terminal draws
// them (a wide character or one with combining marks is never cut in two).
func truncate(s string, n int) string { return ansi.Truncate(s, n, "…") }

// cell is s truncated and padded to exactly n columns, for the columns of a table.
func cell(s string, n int) string {
	s = truncate(s, n)
	return s + strings.Repeat(" ", max(n-ansi.StringWidth(s), 0))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
