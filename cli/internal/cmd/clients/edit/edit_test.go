package edit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdEdit(t *testing.T) {
	base := oas.ClientInput{
		FirstName: "Ann", LastName: "Lee", Country: oas.CountryUSA,
		Email: oas.NewOptString("ann@example.com"), City: oas.NewOptString("Oakland"),
		AnnualIncome: oas.NewOptInt64(100),
	}
	tests := []struct {
		name    string
		args    []string
		wantID  int64
		want    oas.ClientInput // base after the flags
		wantErr string
	}{
		{
			name: "change some fields", args: []string{"42", "--city", "Reno", "--annual-income", "$92,500.50"}, wantID: 42,
			want: oas.ClientInput{FirstName: "Ann", LastName: "Lee", Country: oas.CountryUSA,
				Email: oas.NewOptString("ann@example.com"), City: oas.NewOptString("Reno"), AnnualIncome: oas.NewOptInt64(9250050)},
		},
		{
			name: "empty values clear optional fields", args: []string{"#7", "--email", "", "--annual-income", ""}, wantID: 7,
			want: oas.ClientInput{FirstName: "Ann", LastName: "Lee", Country: oas.CountryUSA, City: oas.NewOptString("Oakland")},
		},
		{name: "no field", args: []string{"42"}, wantErr: "nothing to change"},
		{name: "no id", args: []string{"--city", "Reno"}, wantErr: "takes one client ID"},
		{name: "bad id", args: []string{"abc", "--city", "Reno"}, wantErr: `invalid client ID "abc"`},
		{name: "bad value checked before any request", args: []string{"42", "--country", "Mexico"}, wantErr: `invalid --country "Mexico"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdEdit, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID {
				t.Errorf("ID = %d, want %d", got.ID, tt.wantID)
			}
			in := base
			if err := got.Fields.Apply(&in); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, in); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}
