// Package dashboard implements `portal team dashboard`.
package dashboard

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of one view of the dashboard: the view and the period first,
// then the contract's TeamSummary fields.
var Fields = func() []string {
	out := []string{"view", "period_start", "period_end"}
	for _, f := range cmdutil.JSONFields(oas.TeamSummary{}) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	// growth was added last to the contract but reads best last too.
	if i := slices.Index(out, "growth"); i >= 0 {
		out = append(slices.Delete(out, i, i+1), "growth")
	}
	return out
}()

// Options are the inputs of the dashboard.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Period shared.Period
	Params oas.GetTeamDashboardParams
}

// NewCmdDashboard returns the dashboard command; runF replaces the run in tests.
func NewCmdDashboard(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:     "dashboard",
		Aliases: []string{"summary"},
		Short:   "Show the counts of every team view you are offered",
		Long: `Show the team dashboard: for every view you are offered, the members, those holding a
license in force, those who joined in the period, the licenses expiring within 7, 30 and
90 days, the production submitted in the period (BV, lapsed policies left out), and the
members by level.

The period is --period-start to --period-end (default this month to date). Piped, each
view is one tab-separated line: view, members, licensed, new_in_period, expiring within 7,
30 and 90 days, the counts by level as CODE=N,CODE=N…, and the production (BV in cents).`,
		Example: `  $ portal team dashboard
  $ portal team summary --period-start 2026-01-01 --period-end 2026-03-31
  $ portal team dashboard --json view,members,expiring
  $ portal team dashboard --jq '.[] | select(.view == "Infinity") | .members'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			var err error
			if opts.Params.PeriodStart, opts.Params.PeriodEnd, err = opts.Period.Parse(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return dashboardRun(cmd.Context(), opts)
		},
	}
	shared.AddPeriodFlags(cmd, &opts.Period)
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func dashboardRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetTeamDashboard(ctx, opts.Params)
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// Records converts the dashboard for --json, --jq and --csv: one record per view.
func Records(d *oas.TeamDashboard) ([]cmdutil.Record, error) {
	out := make([]cmdutil.Record, 0, len(d.Views))
	for i := range d.Views {
		r, err := cmdutil.ToRecord(&d.Views[i], Fields)
		if err != nil {
			return nil, err
		}
		r["period_start"] = text.FormatISODate(d.PeriodStart)
		r["period_end"] = text.FormatISODate(d.PeriodEnd)
		out = append(out, r)
	}
	return out, nil
}

// Print writes the dashboard in the format asked for.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, d *oas.TeamDashboard) error {
	if e.Enabled() {
		recs, err := Records(d)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for _, v := range d.Views {
			var levels []string
			for _, l := range v.ByLevel {
				levels = append(levels, fmt.Sprintf("%s=%d", l.Label, l.Count))
			}
			t.AddRow(string(v.View), n(v.Members), n(v.Licensed), n(v.NewInPeriod),
				n(v.Expiring.Days7), n(v.Expiring.Days30), n(v.Expiring.Days90), strings.Join(levels, ","),
				n(v.Production.BvCents))
		}
		return t.Render()
	}

	cs := ios.ColorScheme()
	out := ios.Out
	fmt.Fprintf(out, "%s %s\n\n", cs.Bold("Team dashboard"),
		cs.Gray(fmt.Sprintf("· %s – %s", text.FormatDate(d.PeriodStart), text.FormatDate(d.PeriodEnd))))
	t := tableprinter.New(ios, "VIEW", "MEMBERS", "LICENSED", "NEW IN PERIOD", "EXPIRING 7D", "30D", "90D", "PRODUCTION (BV)")
	warn := func(s string) string {
		if s != "0" {
			return cs.Yellow(s)
		}
		return s
	}
	t.SetColumnColor(4, warn)
	t.SetColumnColor(5, warn)
	t.SetColumnColor(6, warn)
	for _, v := range d.Views {
		t.AddRow(string(v.View), n(v.Members), n(v.Licensed), n(v.NewInPeriod),
			n(v.Expiring.Days7), n(v.Expiring.Days30), n(v.Expiring.Days90), text.FormatDollars(v.Production.BvCents))
	}
	if err := t.Render(); err != nil {
		return err
	}

	// By level: one column per level of the ladder, in rank order.
	var labels []string
	for _, v := range d.Views {
		for _, l := range v.ByLevel {
			if !slices.Contains(labels, l.Label) {
				labels = append(labels, l.Label)
			}
		}
	}
	if len(labels) == 0 {
		return nil
	}
	fmt.Fprintf(out, "\n%s\n", cs.Bold("By level"))
	lt := tableprinter.New(ios, append([]string{"VIEW"}, labels...)...)
	for _, v := range d.Views {
		row := []string{string(v.View)}
		for _, label := range labels {
			c := int64(0)
			for _, l := range v.ByLevel {
				if l.Label == label {
					c = l.Count
				}
			}
			row = append(row, n(c))
		}
		lt.AddRow(row...)
	}
	return lt.Render()
}

func n(v int64) string { return strconv.FormatInt(v, 10) }
