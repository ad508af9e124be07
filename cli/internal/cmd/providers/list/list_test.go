package list

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdList(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    oas.ListProvidersParams
		wantErr string
	}{
		{name: "defaults", want: oas.ListProvidersParams{Limit: oas.NewOptInt(100)}},
		{
			name: "filters and order",
			args: []string{"--filter", "name=contains:life", "--filter", "country=eq:canada", "--order", "name:desc", "-L", "5"},
			want: oas.ListProvidersParams{Limit: oas.NewOptInt(5), FilterNameContains: oas.NewOptString("life"),
				FilterCountryEq: oas.NewOptCountry(oas.CountryCanada),
				Order:           oas.NewOptProviderOrder(oas.ProviderOrder{Name: oas.NewOptSortDirection(oas.SortDirectionDESC)})},
		},
		{name: "an unknown filter", args: []string{"--filter", "code=eq:X"}, wantErr: `unknown filter field "code"; filterable fields: id, name, country`},
		{name: "an unknown field", args: []string{"--json=id,logo"}, wantErr: `unknown JSON field "logo"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdList, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrintList(t *testing.T) {
	ps := []sdk.Provider{{ID: 3, Code: "GLF", Name: "Great Lakes Financial", Countries: []oas.Country{oas.CountryUSA, oas.CountryCanada},
		Contacts: 2, Videos: 3, Links: 4, Attachments: 1, Products: 6}}
	ios, _, out, _ := iostreams.Test()
	if err := PrintList(ios, ps); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("3\tGLF\tGreat Lakes Financial\tUSA,Canada\t6\t2\t3\t4\t1\n", out.String()); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(120)
	if err := PrintList(ios, ps); err != nil {
		t.Fatal(err)
	}
	want := "ID  CODE  NAME                   COUNTRIES    PRODUCTS  CONTACTS  VIDEOS  LINKS  ATTACHMENTS\n" +
		"3   GLF   Great Lakes Financial  USA, Canada  6         2         3       4      1\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}
}
