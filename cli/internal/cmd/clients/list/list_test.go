package list

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdList(t *testing.T) {
	tests := []struct {
		name       string
		args       string
		wantParams oas.ListClientsParams
		wantAll    bool
		wantFields []string
		wantErr    string
	}{
		{
			name:       "defaults",
			args:       "",
			wantParams: oas.ListClientsParams{Limit: oas.NewOptInt(100)},
			wantFields: nil,
		},
		{
			name: "filters, order, limit and page",
			args: "--filter last_name=contains:smi --filter state=in:CA,NY --order annual_income:desc -L 20 --page 3",
			wantParams: oas.ListClientsParams{
				Limit:                  oas.NewOptInt(20),
				Page:                   oas.NewOptInt(3),
				FilterLastNameContains: oas.NewOptString("smi"),
				FilterStateIn:          []oas.StateCode{oas.StateCodeCA, oas.StateCodeNY},
				Order:                  oas.NewOptClientOrder(oas.ClientOrder{AnnualIncome: oas.NewOptSortDirection(oas.SortDirectionDESC)}),
			},
		},
		{
			name:       "all pages with json fields",
			args:       "--all --json id,email",
			wantParams: oas.ListClientsParams{Limit: oas.NewOptInt(100)},
			wantAll:    true,
			wantFields: []string{"id", "email"},
		},
		{name: "unknown filter field", args: "--filter nope=eq:1", wantErr: `unknown filter field "nope"`},
		{name: "unknown operator", args: "--filter city=gt:x", wantErr: `unknown operator "gt" for filter field "city"; operators: eq, contains`},
		{name: "unknown json field", args: "--json id,nope", wantErr: `unknown JSON field "nope"`},
		{name: "bad jq", args: "--jq .[", wantErr: "invalid --jq expression"},
		{name: "csv and json", args: "--csv --json", wantErr: "--csv cannot be combined"},
		{name: "limit too large", args: "--limit 1001", wantErr: "--limit must be between 1 and 1000"},
		{name: "page and all", args: "--page 2 --all", wantErr: "--page and --all cannot be combined"},
		{name: "stray argument", args: "extra", wantErr: `unknown command "extra"`},
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
				if !errors.As(err, &fe) && !strings.Contains(err.Error(), "unknown command") {
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

// The run gets a context that carries the --order keys in the order given: the parameter
// struct holds them in the contract's field order (last_name before state).
func TestOrderKeysKeepTheirOrder(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ctx := cmdtest.Context(t, ios, NewCmdList, []string{"--order", "state:desc", "--order", "last_name"})
	want := []sdk.OrderKey{{Field: "state", Direction: "DESC"}, {Field: "last_name", Direction: "ASC"}}
	if diff := cmp.Diff(want, sdk.OrderFrom(ctx)); diff != "" {
		t.Errorf("clients list: order keys (-want +got):\n%s", diff)
	}
}
