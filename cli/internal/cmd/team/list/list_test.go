package list

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdList(t *testing.T) {
	day := func(s string) time.Time {
		d, _ := time.Parse("2006-01-02", s)
		return d
	}
	tests := []struct {
		name       string
		args       string
		wantParams oas.ListTeamParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{
			name:       "the Personal view by default",
			args:       "",
			wantParams: oas.ListTeamParams{View: oas.TeamViewPersonal, Limit: oas.NewOptInt(100)},
		},
		{
			name: "a view in any case, filters, order, limit and page",
			args: "--view baseshop --filter level=in:MD,SMD --filter licensed=false --filter status=in:active,suspended --filter name=contains:lee --order joined_on:desc -L 20 --page 3",
			wantParams: oas.ListTeamParams{
				View:               oas.TeamViewBaseShop,
				Limit:              oas.NewOptInt(20),
				Page:               oas.NewOptInt(3),
				FilterLevelIn:      []string{"MD", "SMD"},
				FilterLicensedEq:   oas.NewOptBool(false),
				FilterStatusIn:     []oas.AssociateStatus{oas.AssociateStatusActive, oas.AssociateStatusSuspended},
				FilterNameContains: oas.NewOptString("lee"),
				Order:              oas.NewOptTeamOrder(oas.TeamOrder{JoinedOn: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
		},
		{
			name: "generations, dates, numbers and the period",
			args: "--view RmdSuperTeam --filter generation=lte:2 --filter joined_on=gte:2024-01-01 --filter production=gte:100000 --filter downline_size=gte:5 --period-start 2026-01-01 --period-end 2026-03-31",
			wantParams: oas.ListTeamParams{
				View:                  oas.TeamViewRmdSuperTeam,
				Limit:                 oas.NewOptInt(100),
				FilterGenerationLte:   oas.NewOptInt(2),
				FilterJoinedOnGte:     oas.NewOptDate(day("2024-01-01")),
				FilterProductionGte:   oas.NewOptInt64(100000),
				FilterDownlineSizeGte: oas.NewOptInt(5),
				PeriodStart:           oas.NewOptDate(day("2026-01-01")),
				PeriodEnd:             oas.NewOptDate(day("2026-03-31")),
			},
		},
		{
			name:       "all pages with json fields",
			args:       "--view Infinity --all --json code,level",
			wantParams: oas.ListTeamParams{View: oas.TeamViewInfinity, Limit: oas.NewOptInt(100)},
			wantAll:    true,
			wantFields: []string{"code", "level"},
		},
		{name: "unknown view", args: "--view Everyone", wantErr: `invalid --view "Everyone": one of Personal, BaseShop, RmdSuperBase, RmdSuperTeam, Infinity`},
		{name: "unknown filter field", args: "--filter email=eq:x", wantErr: `unknown filter field "email"; filterable fields: code, name, level, level_rank`},
		{name: "unknown operator", args: "--filter name=eq:x", wantErr: `unknown operator "eq" for filter field "name"; operators: contains`},
		{name: "bad enum", args: "--filter status=eq:asleep", wantErr: `expected one of Active, Resigned`},
		{name: "bad order", args: "--order email", wantErr: `unknown order field "email"; sortable fields: id, tree, code, first_name`},
		{name: "bad period", args: "--period-start 01/02/2026", wantErr: `invalid --period-start "01/02/2026"`},
		{name: "period backwards", args: "--period-start 2026-02-01 --period-end 2026-01-01", wantErr: "--period-end is before --period-start"},
		{name: "unknown json field", args: "--json code,email", wantErr: `unknown JSON field "email"`},
		{name: "csv and jq", args: "--csv --jq .", wantErr: "--csv cannot be combined"},
		{name: "limit too small", args: "--limit 0", wantErr: "--limit must be between 1 and 1000"},
		{name: "page and all", args: "--page 2 --all", wantErr: "--page and --all cannot be combined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got, err := cmdtest.Run(ios, NewCmdList, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)))
			if tt.wantErr != "" {
				var fe *cmdutil.FlagError
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if !errors.As(err, &fe) {
					t.Errorf("err = %T, want a *FlagError (exit 1 with a usage hint)", err)
				}
				if got != nil {
					t.Errorf("the run was called despite the error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantParams, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if got.All != tt.wantAll {
				t.Errorf("All = %v", got.All)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestViewCompletion(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	cmd := NewCmdList(&cmdutil.Factory{IOStreams: ios}, nil)
	fn, ok := cmd.GetFlagCompletionFunc("view")
	if !ok {
		t.Fatal("--view has no completion")
	}
	got, _ := fn(cmd, nil, "")
	var names []string
	for _, c := range got {
		name, desc, _ := strings.Cut(c, "\t")
		names = append(names, name)
		if desc == "" {
			t.Errorf("%s has no description", name)
		}
	}
	if diff := cmp.Diff([]string{"Personal", "BaseShop", "RmdSuperBase", "RmdSuperTeam", "Infinity"}, names); diff != "" {
		t.Errorf("completions (-want +got):\n%s", diff)
	}
}

// The run gets a context that carries the --order keys in the order given: the parameter
// struct holds them in the contract's field order (last_name before state).
func TestOrderKeysKeepTheirOrder(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ctx := cmdtest.Context(t, ios, NewCmdList, []string{"--order", "state", "--order", "last_name:desc"})
	want := []sdk.OrderKey{{Field: "state", Direction: "ASC"}, {Field: "last_name", Direction: "DESC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("team list: order keys (-want +got):\n%s", diff)
	}
}
