package create

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdCreate(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    oas.ClientInput
		wantErr string
	}{
		{
			name: "required fields only",
			args: []string{"--first-name", "Ann", "--last-name", "Lee"},
			want: oas.ClientInput{FirstName: "Ann", LastName: "Lee", Country: oas.CountryUSA},
		},
		{
			name: "every field",
			args: []string{"--first-name", " Ann ", "--last-name", "Lee", "--email", "ann@example.com", "--phone", "(555) 123-4567",
				"--date-of-birth", "1980-02-03", "--gender", "female", "--marital-status", "single", "--address-line1", "1 Main St",
				"--address-line2", "Apt 2", "--city", "Oakland", "--state", "ca", "--postal-code", "94601", "--country", "usa",
				"--annual-income", "1234.56", "--notes", "Met at the fair"},
			want: oas.ClientInput{
				FirstName: "Ann", LastName: "Lee", Country: oas.CountryUSA,
				Email:         oas.NewOptString("ann@example.com"),
				Phone:         oas.NewOptString("5551234567"),
				DateOfBirth:   oas.NewOptDate(time.Date(1980, 2, 3, 0, 0, 0, 0, time.UTC)),
				Gender:        oas.NewOptGender(oas.GenderFemale),
				MaritalStatus: oas.NewOptMaritalStatus(oas.MaritalStatusSingle),
				AddressLine1:  oas.NewOptString("1 Main St"),
				AddressLine2:  oas.NewOptString("Apt 2"),
				City:          oas.NewOptString("Oakland"),
				State:         oas.NewOptStateCode(oas.StateCodeCA),
				PostalCode:    oas.NewOptString("94601"),
				AnnualIncome:  oas.NewOptInt64(123456),
				Notes:         oas.NewOptString("Met at the fair"),
			},
		},
		{
			name: "canada",
			args: []string{"--first-name", "Bo", "--last-name", "Ray", "--country", "Canada", "--state", "ON"},
			want: oas.ClientInput{FirstName: "Bo", LastName: "Ray", Country: oas.CountryCanada, State: oas.NewOptStateCode(oas.StateCodeON)},
		},
		{name: "missing last name", args: []string{"--first-name", "Ann"}, wantErr: "--first-name and --last-name are required"},
		{name: "empty first name", args: []string{"--first-name", "", "--last-name", "Lee"}, wantErr: "--first-name cannot be empty"},
		{name: "bad state", args: []string{"--first-name", "A", "--last-name", "B", "--state", "XX"}, wantErr: `invalid --state "XX"`},
		{name: "bad income", args: []string{"--first-name", "A", "--last-name", "B", "--annual-income", "12.345"}, wantErr: "at most two decimals"},
		{name: "bad date", args: []string{"--first-name", "A", "--last-name", "B", "--date-of-birth", "02/03/1980"}, wantErr: "expected YYYY-MM-DD"},
		{name: "bad gender", args: []string{"--first-name", "A", "--last-name", "B", "--gender", "x"}, wantErr: "expected one of Male, Female"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdCreate, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Input); diff != "" {
				t.Errorf("input (-want +got):\n%s", diff)
			}
		})
	}
}
