// Package shared holds what the team commands share: the --view and period flags, the JSON
// fields of a team member and the member table.
package shared

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// viewHelp describes each view for --help and shell completion (DOMAIN.md, "Team views").
var viewHelp = map[oas.TeamView]string{
	oas.TeamViewPersonal:     "you alone",
	oas.TeamViewBaseShop:     "you and your downline down to the next senior associate (below RMD)",
	oas.TeamViewRmdSuperBase: "your base and the bases of your generation-1 leaders (RMD and up)",
	oas.TeamViewRmdSuperTeam: "your base and the bases of your leaders in generations 1-6 (RMD and up)",
	oas.TeamViewInfinity:     "your whole downline",
}

// Views are the team views of the contract, in its order.
var Views = oas.TeamView("").AllValues()

// AddViewFlag adds --view (default Personal) with the views as completions.
func AddViewFlag(cmd *cobra.Command, view *string) {
	names := make([]string, len(Views))
	for i, v := range Views {
		names[i] = string(v)
	}
	cmd.Flags().StringVar(view, "view", string(oas.TeamViewPersonal), "Team `view`: "+strings.Join(names, ", "))
	_ = cmd.RegisterFlagCompletionFunc("view", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		out := make([]string, len(Views))
		for i, v := range Views {
			out[i] = string(v) + "\t" + viewHelp[v]
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	})
}

// ParseView reads a --view value in any case ("baseshop" is BaseShop).
func ParseView(s string) (oas.TeamView, error) {
	s = strings.TrimSpace(s)
	for _, v := range Views {
		if strings.EqualFold(string(v), s) {
			return v, nil
		}
	}
	names := make([]string, len(Views))
	for i, v := range Views {
		names[i] = string(v)
	}
	return "", cmdutil.FlagErrorf("invalid --view %q: one of %s", s, strings.Join(names, ", "))
}

// Period holds --period-start and --period-end (YYYY-MM-DD): the period of the production
// column and of the "new in period" counts; the server's default is this month to date.
type Period struct {
	Start, End string
}

// AddPeriodFlags adds --period-start and --period-end to cmd.
func AddPeriodFlags(cmd *cobra.Command, p *Period) {
	cmd.Flags().StringVar(&p.Start, "period-start", "", "First `day` of the period, YYYY-MM-DD (default: the first day of this month)")
	cmd.Flags().StringVar(&p.End, "period-end", "", "Last `day` of the period, YYYY-MM-DD (default: today)")
}

// Parse returns the period for a request; unset values stay unset.
func (p Period) Parse() (start, end oas.OptDate, err error) {
	day := func(flag, s string) (oas.OptDate, error) {
		if strings.TrimSpace(s) == "" {
			return oas.OptDate{}, nil
		}
		t, err := cmdutil.ParseDay(flag, s)
		if err != nil {
			return oas.OptDate{}, err
		}
		return oas.NewOptDate(t), nil
	}
	if start, err = day("--period-start", p.Start); err != nil {
		return
	}
	if end, err = day("--period-end", p.End); err != nil {
		return
	}
	if start.Set && end.Set && end.Value.Before(start.Value) {
		err = cmdutil.FlagErrorf("--period-end is before --period-start")
	}
	return
}

// Fields are the JSON fields of a team member, in the contract's order.
var Fields = cmdutil.JSONFields(sdk.TeamMember{})

// Records converts members for --json, --jq and --csv.
func Records(ms []sdk.TeamMember) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(ms, Fields)
}

// TSVColumns are the columns of `team list` when piped, in order (documented in
// docs/cli.md): the contract's raw values, the level by its code.
var TSVColumns = []string{"code", "name", "level", "status", "upline_code", "generation", "licensed", "joined_on"}

// PrintList prints members as a table on a terminal (the generation column only when a
// member has one), as tab-separated values otherwise.
func PrintList(ios *iostreams.IOStreams, ms []sdk.TeamMember) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range ms {
			m := &ms[i]
			gen := ""
			if g, ok := m.Generation.Get(); ok {
				gen = strconv.Itoa(g)
			}
			t.AddRow(m.Code, m.Name, m.Level.Code, string(m.Status), m.UplineCode.Or(""), gen,
				strconv.FormatBool(m.Licensed), text.FormatISODate(m.JoinedOn))
		}
		return t.Render()
	}

	withGen := false
	for i := range ms {
		withGen = withGen || ms[i].Generation.Set
	}
	header := []string{"CODE", "NAME", "LEVEL", "STATUS", "UPLINE"}
	if withGen {
		header = append(header, "GEN")
	}
	header = append(header, "LICENSED", "JOINED")
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, header...)
	t.SetColumnColor(3, func(s string) string { return StatusColor(cs, s) })
	for i := range ms {
		m := &ms[i]
		row := []string{m.Code, m.Name, m.Level.Code, string(m.Status), m.UplineCode.Or("")}
		if withGen {
			gen := ""
			if g, ok := m.Generation.Get(); ok {
				gen = strconv.Itoa(g)
			}
			row = append(row, gen)
		}
		row = append(row, YesNo(m.Licensed), text.FormatDate(m.JoinedOn))
		t.AddRow(row...)
	}
	return t.Render()
}

// StatusColor colours an associate status: Active plain, Resignation Initiated and Suspended
// yellow, Resigned and Terminated red.
func StatusColor(cs *iostreams.ColorScheme, s string) string {
	switch oas.AssociateStatus(strings.TrimSpace(s)) {
	case oas.AssociateStatusSuspended, oas.AssociateStatusResignationInitiated:
		return cs.Yellow(s)
	case oas.AssociateStatusResigned, oas.AssociateStatusTerminated:
		return cs.Red(s)
	}
	return s
}

// YesNo renders a boolean for people.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
