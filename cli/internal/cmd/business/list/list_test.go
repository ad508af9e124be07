package list

import (
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
	personal := oas.NewOptTeamView(oas.TeamViewPersonal)
	tests := []struct {
		name       string
		args       string
		wantParams oas.ListPoliciesParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{
			name:       "the caller's own policies by default",
			args:       "",
			wantParams: oas.ListPoliciesParams{View: personal, Limit: oas.NewOptInt(100)},
		},
		{
			name: "a team view in any case, filters, order, limit and page",
			args: "--view baseshop --filter status=in:pending,approved --filter split=true --filter submitted_on=gte:2026-01-01 " +
				"--filter target_premium_cents=gte:100000 --filter writer_code=in:agt100,rmd100 --order target_premium_cents:desc -L 20 --page 3",
			wantParams: oas.ListPoliciesParams{
				View:                        oas.NewOptTeamView(oas.TeamViewBaseShop),
				Limit:                       oas.NewOptInt(20),
				Page:                        oas.NewOptInt(3),
				FilterStatusIn:              []oas.PolicyStatus{oas.PolicyStatusPending, oas.PolicyStatusApproved},
				FilterSplitEq:               oas.NewOptBool(true),
				FilterSubmittedOnGte:        oas.NewOptDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)),
				FilterTargetPremiumCentsGte: oas.NewOptInt64(100000),
				FilterWriterCodeIn:          []string{"AGT100", "RMD100"},
				Order:                       oas.NewOptPolicyOrder(oas.PolicyOrder{TargetPremiumCents: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
		},
		{
			name:       "all pages with json fields",
			args:       "--all --json id,status,writer_code",
			wantParams: oas.ListPoliciesParams{View: personal, Limit: oas.NewOptInt(100)},
			wantAll:    true,
			wantFields: []string{"id", "status", "writer_code"},
		},
		{name: "unknown view", args: "--view Everyone", wantErr: `invalid --view "Everyone"`},
		{name: "unknown filter field", args: "--filter shoe_size=eq:9", wantErr: `unknown filter field "shoe_size"; filterable fields: id, policy_number, status`},
		{name: "unknown operator", args: "--filter client_name=eq:x", wantErr: `unknown operator "eq" for filter field "client_name"; operators: contains`},
		{name: "bad status", args: "--filter status=eq:paid", wantErr: "expected one of Pending, Action Required, Ready To Pay, Approved, Archived"},
		{name: "money filters are cents", args: "--filter target_premium_cents=gte:12.50", wantErr: "expected an integer"},
		{name: "bad order", args: "--order writer_code", wantErr: `unknown order field "writer_code"`},
		{name: "unknown json field", args: "--json id,premium", wantErr: `unknown JSON field "premium"`},
		{name: "csv and json", args: "--csv --json", wantErr: "--csv cannot be combined"},
		{name: "limit too large", args: "--limit 1001", wantErr: "--limit must be between 1 and 1000"},
		{name: "page and all", args: "--page 2 --all", wantErr: "--page and --all cannot be combined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdList, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
			if got == nil {
				return
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

// The run gets a context that carries the --order keys in the order given.
func TestOrderKeysKeepTheirOrder(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ctx := cmdtest.Context(t, ios, NewCmdList, []string{"--order", "status", "--order", "submitted_on:desc"})
	want := []sdk.OrderKey{{Field: "status", Direction: "ASC"}, {Field: "submitted_on", Direction: "DESC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("business list: order keys (-want +got):\n%s", diff)
	}
}
