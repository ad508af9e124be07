package dashboard

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func sample() *oas.TeamDashboard {
	levels := func(n ...int64) []oas.LabelCount {
		var out []oas.LabelCount
		for i, l := range []string{"TA", "A", "SA", "MD", "SMD", "RMD", "SRMD", "ERMD"} {
			out = append(out, oas.LabelCount{Label: l, Count: n[i]})
		}
		return out
	}
	return &oas.TeamDashboard{
		PeriodStart: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		PeriodEnd:   time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
		Views: []oas.TeamSummary{
			{View: oas.TeamViewPersonal, Members: 1, Licensed: 1, ByLevel: levels(0, 0, 0, 0, 1, 0, 0, 0),
				ByStatus: []oas.LabelCount{{Label: "Active", Count: 1}}, Growth: []oas.MonthCount{{Month: "2026-11", Joined: 0}}},
			{View: oas.TeamViewBaseShop, Members: 12, Licensed: 10, NewInPeriod: 2, ByLevel: levels(2, 6, 3, 0, 1, 0, 0, 0),
				Expiring:   oas.TeamSummaryExpiring{Days7: 0, Days30: 1, Days90: 3},
				Production: oas.Amounts{BvCents: 1234567, PremiumCents: 2000000, Policies: 4},
				ByStatus:   []oas.LabelCount{{Label: "Active", Count: 10}, {Label: "Terminated", Count: 2}},
				Growth:     []oas.MonthCount{{Month: "2026-11", Joined: 2}}},
		},
	}
}

func TestNewCmdDashboard(t *testing.T) {
	day := func(d int) oas.OptDate { return oas.NewOptDate(time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC)) }
	tests := []struct {
		args    []string
		want    oas.GetTeamDashboardParams
		wantErr string
	}{
		{args: nil},
		{args: []string{"--period-start", "2026-01-02", "--period-end", "2026-01-31"}, want: oas.GetTeamDashboardParams{PeriodStart: day(2), PeriodEnd: day(31)}},
		{args: []string{"--period-end", "2026-01-31"}, want: oas.GetTeamDashboardParams{PeriodEnd: day(31)}},
		{args: []string{"--period-end", "yesterday"}, wantErr: `invalid --period-end "yesterday"`},
		{args: []string{"--json", "view,members,nope"}, wantErr: `unknown JSON field "nope"`},
		{args: []string{"extra"}, wantErr: `unknown command "extra"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdDashboard, cmdutil.ExpandJSONArgs(tt.args), tt.wantErr)
		if got == nil {
			continue
		}
		if diff := cmp.Diff(tt.want, got.Params); diff != "" {
			t.Errorf("%v: params (-want +got):\n%s", tt.args, diff)
		}
	}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name string
		tty  bool
		args []string
		want string
	}{
		{
			name: "terminal",
			tty:  true,
			want: `Team dashboard · 11/01/2026 – 11/22/2026

VIEW      MEMBERS  LICENSED  NEW IN PERIOD  EXPIRING 7D  30D  90D  PRODUCTION (BV)
Personal  1        1         0              0            0    0    $0.00
BaseShop  12       10        2              0            1    3    $12,345.67

By level
VIEW      TA  A  SA  MD  SMD  RMD  SRMD  ERMD
Personal  0   0  0   0   1    0    0     0
BaseShop  2   6  3   0   1    0    0     0
`,
		},
		{
			name: "piped",
			want: "Personal\t1\t1\t0\t0\t0\t0\tTA=0,A=0,SA=0,MD=0,SMD=1,RMD=0,SRMD=0,ERMD=0\t0\n" +
				"BaseShop\t12\t10\t2\t0\t1\t3\tTA=2,A=6,SA=3,MD=0,SMD=1,RMD=0,SRMD=0,ERMD=0\t1234567\n",
		},
		{
			name: "json: one object per view with the period",
			args: []string{"--json=view,period_start,period_end,members,expiring"},
			want: `[
  {
    "view": "Personal",
    "period_start": "2026-11-01",
    "period_end": "2026-11-22",
    "members": 1,
    "expiring": {
      "days_30": 0,
      "days_7": 0,
      "days_90": 0
    }
  },
  {
    "view": "BaseShop",
    "period_start": "2026-11-01",
    "period_end": "2026-11-22",
    "members": 12,
    "expiring": {
      "days_30": 1,
      "days_7": 0,
      "days_90": 3
    }
  }
]
`,
		},
		{
			name: "jq",
			args: []string{"--jq", `.[] | select(.view == "BaseShop") | .by_status[] | "\(.label)=\(.count)"`},
			want: "Active=10\nTerminated=2\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := cmdtest.Exporter(t, Fields, tt.args)
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetWidth(100)
			if err := Print(ios, e, sample()); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFields(t *testing.T) {
	want := []string{"view", "period_start", "period_end", "production", "members", "by_level", "by_status", "new_in_period", "licensed", "expiring", "growth"}
	if diff := cmp.Diff(want, Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}
