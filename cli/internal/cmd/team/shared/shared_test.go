package shared

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func sample(withGen bool) []sdk.TeamMember {
	ms := []sdk.TeamMember{
		{
			Code: "AGT100", Name: "Alex Carter", FirstName: "Alex", LastName: "Carter",
			Level:  oas.Level{Code: "SMD", Name: "Senior Marketing Director", Rank: 5},
			Status: oas.AssociateStatusActive, Kind: oas.AssociateKindBuilder, Country: oas.CountryUSA,
			State: oas.NewOptString("FL"), JoinedOn: time.Date(2018, 9, 13, 0, 0, 0, 0, time.UTC),
			UplineCode: oas.NewOptString("RMD100"), Licensed: true, Production: 123456, DownlineSize: 11,
		},
		{
			Code: "PP00033", Name: "Paul Phillips", FirstName: "Paul", LastName: "Phillips",
			Level:  oas.Level{Code: "A", Name: "Associate", Rank: 2},
			Status: oas.AssociateStatusResignationInitiated, Kind: oas.AssociateKindDirect, Country: oas.CountryCanada,
			JoinedOn: time.Date(2019, 5, 9, 0, 0, 0, 0, time.UTC), UplineCode: oas.NewOptString("AGT100"),
		},
	}
	if withGen {
		ms[0].Generation = oas.NewOptInt(0)
		ms[1].Generation = oas.NewOptInt(2)
	}
	return ms
}

func TestPrintListPiped(t *testing.T) {
	for _, withGen := range []bool{false, true} {
		ios, _, out, _ := iostreams.Test()
		if err := PrintList(ios, sample(withGen)); err != nil {
			t.Fatal(err)
		}
		gen0, gen2 := "", ""
		if withGen {
			gen0, gen2 = "0", "2"
		}
		// The generation column is always there when piped, so the columns do not move.
		want := "AGT100\tAlex Carter\tSMD\tActive\tRMD100\t" + gen0 + "\ttrue\t2018-09-13\n" +
			"PP00033\tPaul Phillips\tA\tResignation Initiated\tAGT100\t" + gen2 + "\tfalse\t2019-05-09\n"
		if diff := cmp.Diff(want, out.String()); diff != "" {
			t.Errorf("generations %v (-want +got):\n%s", withGen, diff)
		}
	}
}

func TestPrintListTerminal(t *testing.T) {
	tests := []struct {
		withGen bool
		want    string
	}{
		{false, `CODE     NAME           LEVEL  STATUS                 UPLINE  LICENSED  JOINED
AGT100   Alex Carter    SMD    Active                 RMD100  yes       09/13/2018
PP00033  Paul Phillips  A      Resignation Initiated  AGT100  no        05/09/2019
`},
		{true, `CODE     NAME           LEVEL  STATUS                 UPLINE  GEN  LICENSED  JOINED
AGT100   Alex Carter    SMD    Active                 RMD100  0    yes       09/13/2018
PP00033  Paul Phillips  A      Resignation Initiated  AGT100  2    no        05/09/2019
`},
	}
	for _, tt := range tests {
		ios, _, out, _ := iostreams.Test()
		ios.SetStdoutTTY(true)
		ios.SetWidth(100)
		if err := PrintList(ios, sample(tt.withGen)); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, out.String()); diff != "" {
			t.Errorf("generations %v (-want +got):\n%s", tt.withGen, diff)
		}
	}
}

func TestMachineOutput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{
			name: "json with chosen fields; absent values are null, the level an object",
			args: []string{"--json=code,generation,level,joined_on"},
			want: `[
  {
    "code": "AGT100",
    "generation": null,
    "level": {
      "code": "SMD",
      "is_senior_level": false,
      "name": "Senior Marketing Director",
      "rank": 5
    },
    "joined_on": "2018-09-13"
  },
  {
    "code": "PP00033",
    "generation": null,
    "level": {
      "code": "A",
      "is_senior_level": false,
      "name": "Associate",
      "rank": 2
    },
    "joined_on": "2019-05-09"
  }
]
`,
		},
		{
			name: "jq",
			args: []string{"--jq", `.[] | select(.licensed) | "\(.code) \(.production)"`},
			want: "AGT100 123456\n",
		},
		{
			name: "csv has a header and every field",
			args: []string{"--csv"},
			want: "code,name,first_name,last_name,photo_url,level,status,kind,country,state,joined_on,upline_code,generation,licensed,production,downline_size\n" +
				`AGT100,Alex Carter,Alex,Carter,,"{""code"":""SMD"",""is_senior_level"":false,""name"":""Senior Marketing Director"",""rank"":5}",Active,Builder,USA,FL,2018-09-13,RMD100,,true,123456,11` + "\n" +
				`PP00033,Paul Phillips,Paul,Phillips,,"{""code"":""A"",""is_senior_level"":false,""name"":""Associate"",""rank"":2}",Resignation Initiated,Direct,Canada,,2019-05-09,AGT100,,false,0,0` + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := cmdtest.Exporter(t, Fields, tt.args)
			recs, err := Records(sample(false))
			if err != nil {
				t.Fatal(err)
			}
			ios, _, out, _ := iostreams.Test()
			if err := e.Write(ios, recs); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseView(t *testing.T) {
	for in, want := range map[string]oas.TeamView{"personal": "Personal", " BASESHOP ": "BaseShop", "RmdSuperTeam": "RmdSuperTeam"} {
		got, err := ParseView(in)
		if err != nil || got != want {
			t.Errorf("ParseView(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseView("Base Shop"); err == nil {
		t.Error("ParseView accepted a view with a space")
	}
}
