package tui

import (
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk/oas"
)

// teamDashboard is the team dashboard (GET /team/dashboard) the team screen shows in front
// of its views: for every view offered, the members, licensed, new in the period and the
// licenses expiring, then the members by level and by status.
type teamDashboard struct {
	Common
	seq     int // bumps on every request; older answers are dropped
	loading bool
	data    *oas.TeamDashboard
	err     error
}

// load asks for the dashboard of the server's default period (this month to date).
func (d *teamDashboard) load() tea.Cmd {
	d.seq++
	d.loading, d.err = true, nil
	seq, c := d.seq, d.Common
	return func() tea.Msg {
		ctx, cancel := c.request()
		defer cancel()
		res, err := c.Backend.GetTeamDashboard(ctx, oas.GetTeamDashboardParams{})
		if err != nil {
			return dashboardLoadedMsg{seq: seq, err: explain(err)}
		}
		return dashboardLoadedMsg{seq: seq, data: &res.Response}
	}
}

// loaded takes an answer; false when it answers an older request.
func (d *teamDashboard) loaded(msg dashboardLoadedMsg) bool {
	if msg.seq != d.seq {
		return false
	}
	d.loading, d.err = false, msg.err
	if msg.err == nil {
		d.data = msg.data
	}
	return true
}

// period is "11/01/2026 – 11/22/2026" once loaded.
func (d *teamDashboard) period() string {
	if d.data == nil {
		return ""
	}
	return text.FormatDate(d.data.PeriodStart) + " – " + text.FormatDate(d.data.PeriodEnd)
}

// View draws the three tables, or where the dashboard is.
func (d *teamDashboard) View() string {
	st := d.Styles
	switch {
	case d.err != nil && d.data == nil:
		return "\n" + st.Error.Width(max(d.Width-2, 20)).Render("Error: "+d.err.Error())
	case d.data == nil:
		return st.Muted.Render("Loading the dashboard…")
	case len(d.data.Views) == 0:
		return st.Muted.Render("No team views.")
	}
	views := d.data.Views
	warn := func(n int64) func(string) string {
		if n > 0 {
			return func(s string) string { return st.Warning.Render(s) }
		}
		return nil
	}

	out := []string{""}
	t := countTable{title: "View", heads: []string{"Members", "Licensed", "New", "Expiring 7d", "30d", "90d"}}
	for _, v := range views {
		t.add(string(v.View), []int64{v.Members, v.Licensed, v.NewInPeriod, v.Expiring.Days7, v.Expiring.Days30, v.Expiring.Days90},
			nil, nil, nil, warn(v.Expiring.Days7), warn(v.Expiring.Days30), warn(v.Expiring.Days90))
	}
	out = append(out, t.render(st)...)

	for _, by := range []struct {
		title  string
		counts func(*oas.TeamSummary) []oas.LabelCount
	}{
		{"By level", func(v *oas.TeamSummary) []oas.LabelCount { return v.ByLevel }},
		{"By status", func(v *oas.TeamSummary) []oas.LabelCount { return v.ByStatus }},
	} {
		// One column per label any view has, in the server's order (levels by rank).
		var labels []string
		for i := range views {
			for _, c := range by.counts(&views[i]) {
				if !slices.Contains(labels, c.Label) {
					labels = append(labels, c.Label)
				}
			}
		}
		if len(labels) == 0 {
			continue
		}
		t := countTable{title: by.title, heads: labels}
		for i := range views {
			row := make([]int64, len(labels))
			for _, c := range by.counts(&views[i]) {
				row[slices.Index(labels, c.Label)] = c.Count
			}
			t.add(string(views[i].View), row)
		}
		out = append(out, "")
		out = append(out, t.render(st)...)
	}
	return strings.Join(out, "\n")
}

// countTable is a small table of counts: a row per view, a right-aligned column per count.
type countTable struct {
	title string
	heads []string
	rows  []countRow
}

type countRow struct {
	name   string
	counts []int64
	styles []func(string) string // per column, nil for plain
}

func (t *countTable) add(name string, counts []int64, styles ...func(string) string) {
	t.rows = append(t.rows, countRow{name, counts, styles})
}

func (t *countTable) render(st *Styles) []string {
	first := ansi.StringWidth(t.title)
	widths := make([]int, len(t.heads))
	for i, h := range t.heads {
		widths[i] = ansi.StringWidth(h)
	}
	for _, r := range t.rows {
		first = max(first, ansi.StringWidth(r.name))
		for i, n := range r.counts {
			widths[i] = max(widths[i], len(strconv.FormatInt(n, 10)))
		}
	}
	right := func(s string, w int) string { return strings.Repeat(" ", max(w-ansi.StringWidth(s), 0)) + s }
	head := cell(t.title, first)
	for i, h := range t.heads {
		head += "  " + right(h, widths[i])
	}
	out := []string{st.TableHeader.Render(head)}
	for _, r := range t.rows {
		line := cell(r.name, first)
		for i, n := range r.counts {
			c := right(strconv.FormatInt(n, 10), widths[i])
			if i < len(r.styles) && r.styles[i] != nil {
				c = r.styles[i](c)
			}
			line += "  " + c
		}
		out = append(out, line)
	}
	return out
}

// dashboardStatus is the line under the dashboard.
func (d *teamDashboard) status() string {
	st := d.Styles
	switch {
	case d.err != nil && d.data == nil:
		return st.Info.Render("r to try again · ←/→ the views")
	case d.err != nil:
		return st.Error.Render("Error: " + d.err.Error())
	case d.loading:
		return st.Info.Render("Loading…")
	case d.data != nil:
		return st.Info.Render("This month to date · r reloads · ←/→ the views")
	}
	return ""
}
