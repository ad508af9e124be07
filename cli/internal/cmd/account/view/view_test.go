package view

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdView(t *testing.T) {
	tests := []struct {
		args       string
		wantFields []string
		wantErr    string
	}{
		{args: ""},
		{args: "--json code,pending_email", wantFields: []string{"code", "pending_email"}},
		{args: "--jq .upline.code"},
		{args: "--csv"},
		{args: "AGT100", wantErr: `unknown command "AGT100" for "view"`},
		{args: "--json relation", wantErr: `unknown JSON field "relation"`},
		{args: "--csv --json code", wantErr: "--csv cannot be combined with --json or --jq"},
		{args: "--jq .[", wantErr: "invalid --jq expression"},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdView, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil || tt.wantFields == nil {
			continue
		}
		if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
			t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
		}
	}
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func full() *oas.AccountProfile {
	return &oas.AccountProfile{
		Code: "AGT100", FirstName: "Alex", LastName: "Carter",
		DateOfBirth: oas.NewOptDate(day(1980, 1, 31)), Gender: oas.NewOptGender(oas.GenderMale),
		MaritalStatus: oas.NewOptMaritalStatus(oas.MaritalStatusMarried), ShirtSize: oas.NewOptShirtSize(oas.ShirtSizeL),
		Email: "agent@example.com", PendingEmail: oas.NewOptString("alex.new@example.com"),
		Phone: oas.NewOptString("5125550199"), AltPhone: oas.NewOptString("5125550100"),
		Address: oas.AccountAddress{Line1: oas.NewOptString("12 Oak St"), Line2: oas.NewOptString("Apt 4"), City: oas.NewOptString("Austin"),
			State: oas.NewOptStateCode(oas.StateCodeTX), PostalCode: oas.NewOptString("78701")},
		Spouse: oas.AccountSpouse{Name: oas.NewOptString("Sam Carter"), Email: oas.NewOptString("sam@example.com"),
			Phone: oas.NewOptString("5125550111"), DateOfBirth: oas.NewOptDate(day(1985, 4, 2))},
		Level:  oas.Level{Code: "SMD", Name: "Senior Marketing Director", Rank: 5},
		Status: oas.AssociateStatusActive, Kind: oas.AssociateKindBuilder, Country: oas.CountryUSA,
		JoinedOn: day(2018, 9, 13),
		Upline:   oas.NewOptPersonRef(oas.PersonRef{Code: "RMD100", Name: "Renee Mitchell"}),
	}
}

// bare has only the fields the contract requires.
func bare() *oas.AccountProfile {
	return &oas.AccountProfile{
		Code: "TA0001", FirstName: "Nora", LastName: "New", Email: "nora@example.com",
		Level:  oas.Level{Code: "TA", Name: "Training Associate", Rank: 1},
		Status: oas.AssociateStatusSuspended, Kind: oas.AssociateKindDirect, Country: oas.CountryCanada,
		JoinedOn: day(2026, 11, 2),
	}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name string
		a    *oas.AccountProfile
		tty  bool
		args []string
		want string
	}{
		{
			name: "terminal", a: full(), tty: true,
			want: `Alex Carter AGT100

Email:          agent@example.com (pending confirmation: alex.new@example.com)
Phone:          (512) 555-0199
Alt phone:      (512) 555-0100
Address:        12 Oak St, Apt 4, Austin, TX 78701
Spouse:         Sam Carter · sam@example.com · (512) 555-0111 · born 04/02/1985
Date of birth:  01/31/1980
Gender:         Male
Marital status: Married
Shirt size:     L
Level:          Senior Marketing Director (SMD)
Status:         Active
Kind:           Builder
Country:        USA
Joined:         09/13/2018
Upline:         Renee Mitchell (RMD100)
`,
		},
		{
			name: "terminal, the required fields alone", a: bare(), tty: true,
			want: `Nora New TA0001

Email:          nora@example.com
Level:          Training Associate (TA)
Status:         Suspended
Kind:           Direct
Country:        Canada
Joined:         11/02/2026
`,
		},
		{
			name: "piped: every field, raw, objects as JSON", a: bare(),
			want: "code:\tTA0001\nfirst_name:\tNora\nlast_name:\tNew\ndate_of_birth:\t\ngender:\t\nmarital_status:\t\nshirt_size:\t\n" +
				"email:\tnora@example.com\npending_email:\t\nphone:\t\nalt_phone:\t\naddress:\t{}\nspouse:\t{}\nphoto_url:\t\n" +
				`level:	{"code":"TA","is_senior_level":false,"name":"Training Associate","rank":1}` + "\n" +
				"status:\tSuspended\nkind:\tDirect\ncountry:\tCanada\njoined_on:\t2026-11-02\nupline:\t\n",
		},
		{
			name: "json", a: full(), args: []string{"--json=code,email,pending_email,phone,upline"},
			want: `{
  "code": "AGT100",
  "email": "agent@example.com",
  "pending_email": "alex.new@example.com",
  "phone": "5125550199",
  "upline": {
    "code": "RMD100",
    "name": "Renee Mitchell"
  }
}
`,
		},
		{name: "jq", a: full(), args: []string{"--jq", ".address.city"}, want: "Austin\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetWidth(120)
			if err := Print(ios, cmdtest.Exporter(t, Fields, tt.args), tt.a); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
