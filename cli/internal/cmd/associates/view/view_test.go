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

var now = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func TestNewCmdView(t *testing.T) {
	tests := []struct {
		args        string
		wantCode    string
		wantSection Section
		wantFields  []string
		wantErr     string
	}{
		{args: "agt100", wantCode: "AGT100", wantSection: Overview},
		{args: "AGT100 --licenses", wantCode: "AGT100", wantSection: Licenses},
		{args: "AGT100 --appointments --json id,status", wantCode: "AGT100", wantSection: Appointments, wantFields: []string{"id", "status"}},
		{args: "AGT100 --levels --json effective_on,level", wantCode: "AGT100", wantSection: Levels, wantFields: []string{"effective_on", "level"}},
		{args: "AGT100 --licenses --json expires_on,expiring_soon", wantCode: "AGT100", wantSection: Licenses, wantFields: []string{"expires_on", "expiring_soon"}},
		{args: "AGT100 --json relation,upline", wantCode: "AGT100", wantFields: []string{"relation", "upline"}},
		// The JSON fields are those of the section shown.
		{args: "AGT100 --licenses --json relation", wantErr: `unknown JSON field "relation"`},
		{args: "AGT100 --json expires_on", wantErr: `unknown JSON field "expires_on"`},
		{args: "AGT100 --licenses --levels", wantErr: "none of the others can be"},
		{args: "", wantErr: "takes one associate code, got 0"},
		{args: "A1 A2", wantErr: "takes one associate code, got 2"},
		{args: "x", wantErr: `invalid associate code "x"`},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdView, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.Code != tt.wantCode || got.Section != tt.wantSection {
			t.Errorf("%q: code %q section %d", tt.args, got.Code, got.Section)
		}
		if tt.wantFields != nil {
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
			}
		}
	}
}

func TestJSONFieldsCompletion(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	cmd := NewCmdView(&cmdutil.Factory{IOStreams: ios}, nil)
	if err := cmd.ParseFlags([]string{"--licenses"}); err != nil {
		t.Fatal(err)
	}
	fn, _ := cmd.GetFlagCompletionFunc("json")
	got, _ := fn(cmd, nil, "id,")
	if len(got) != len(LicenseFields) || got[0] != "id,id" {
		t.Errorf("completions with --licenses: %v", got)
	}
}

func downline() *oas.AssociateOverview {
	return &oas.AssociateOverview{
		Relation: oas.AssociateOverviewRelationDownline, Code: "AGT100", Name: "Alex Carter", FirstName: "Alex", LastName: "Carter",
		Email: "agent@example.com", Phone: oas.NewOptString("7779565163"),
		Level:  oas.Level{Code: "SMD", Name: "Senior Marketing Director", Rank: 5},
		Status: oas.NewOptAssociateStatus(oas.AssociateStatusActive), Kind: oas.NewOptAssociateKind(oas.AssociateKindBuilder),
		Country: oas.NewOptCountry(oas.CountryUSA), State: oas.NewOptString("FL"), City: oas.NewOptString("Miami"),
		JoinedOn:     oas.NewOptDate(date(2018, 9, 13)),
		Upline:       oas.NewOptPersonRef(oas.PersonRef{Code: "RMD100", Name: "Renee Mitchell"}),
		Leader:       oas.NewOptPersonRef(oas.PersonRef{Code: "RMD100", Name: "Renee Mitchell"}),
		DownlineSize: oas.NewOptInt(11), Recruits: oas.NewOptInt(7), Licensed: oas.NewOptBool(true),
		Production: oas.NewOptAssociateProduction(oas.AssociateProduction{
			PeriodStart: time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC), PeriodEnd: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
			Totals: oas.Amounts{BvCents: 1234567, PremiumCents: 2000000, Policies: 9}}),
	}
}

func upline() *oas.AssociateOverview {
	return &oas.AssociateOverview{
		Relation: oas.AssociateOverviewRelationUpline, Code: "RMD100", Name: "Renee Mitchell", FirstName: "Renee", LastName: "Mitchell",
		Email: "rmd@example.com", Phone: oas.NewOptString("9425816102"),
		Level: oas.Level{Code: "RMD", Name: "Regional Marketing Director", Rank: 6, IsSeniorLevel: true},
	}
}

func licenses() []oas.License {
	return []oas.License{
		{ID: 1, State: "FL", Number: "FL-1", Residency: oas.LicenseResidencyResident, LinesOfAuthority: []string{"Life"},
			IssuedOn: date(2018, 11, 25), ExpiresOn: date(2026, 11, 1), Expired: true},
		{ID: 2, State: "TX", Number: "TX-2", Residency: oas.LicenseResidencyNonResident, LinesOfAuthority: []string{"Life", "Health"},
			IssuedOn: date(2020, 1, 2), ExpiresOn: date(2026, 11, 23), ExpiringSoon: true},
		{ID: 3, State: "CA", Number: "CA-3", Residency: oas.LicenseResidencyNonResident, LinesOfAuthority: []string{"Annuity"},
			IssuedOn: date(2021, 3, 4), ExpiresOn: date(2027, 1, 15), ExpiringSoon: true},
		{ID: 4, State: "NC", Number: "NC-4", Residency: oas.LicenseResidencyNonResident, LinesOfAuthority: []string{"Life", "Annuity"},
			IssuedOn: date(2018, 10, 19), ExpiresOn: date(2029, 4, 1)},
	}
}

func appointments() []oas.Appointment {
	return []oas.Appointment{
		{ID: 7, ProviderCode: "HRB", ProviderName: "Harbor Rock Benefits", State: "FL", Status: oas.AppointmentStatusPending, RequestedOn: date(2019, 2, 9)},
		{ID: 8, ProviderCode: "NLG", ProviderName: "North Life Group", State: "TX", WritingNumber: oas.NewOptString("W-123"),
			Status: oas.AppointmentStatusAppointed, RequestedOn: date(2020, 1, 2), AppointedOn: oas.NewOptDate(date(2020, 2, 3))},
	}
}

func levels() []oas.LevelChange {
	return []oas.LevelChange{
		{ID: 5, Level: oas.Level{Code: "SMD", Name: "Senior Marketing Director", Rank: 5}, EffectiveOn: date(2025, 3, 16), Points: 3730, Recruits: 5, ApprovedBy: oas.NewOptString("Marcus Lee")},
		{ID: 1, Level: oas.Level{Code: "TA", Name: "Training Associate", Rank: 1}, EffectiveOn: date(2018, 9, 13)},
	}
}

// run prints with the flags args, on a terminal when tty.
func run(t *testing.T, args []string, tty bool, fields func() []string, print func(*iostreams.IOStreams, *cmdutil.Exporter) error) string {
	t.Helper()
	e := cmdtest.ExporterFunc(t, fields, args)
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(tty)
	ios.SetWidth(120)
	if err := print(ios, e); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestPrintOverview(t *testing.T) {
	fields := Overview.Fields
	tests := []struct {
		name string
		a    *oas.AssociateOverview
		tty  bool
		args []string
		want string
	}{
		{
			name: "downline on a terminal", a: downline(), tty: true,
			want: `Alex Carter AGT100
Senior Marketing Director (SMD) · your downline

Email:     agent@example.com
Phone:     (777) 956-5163
Status:    Active
Kind:      Builder
Location:  Miami, FL, USA
Joined:    09/13/2018
Upline:    Renee Mitchell (RMD100)
Leader:    Renee Mitchell (RMD100)
Downline:  11 below, 7 direct recruits
Licensed:  yes
Business:  $12,345.67 BV, 9 policies (12/01/2025 – 11/22/2026)
`,
		},
		{
			name: "upline on a terminal: contact fields only", a: upline(), tty: true,
			want: `Renee Mitchell RMD100
Regional Marketing Director (RMD) · your upline · contact details only

Email:     rmd@example.com
Phone:     (942) 581-6102
`,
		},
		{
			name: "upline piped: every field, raw, objects as JSON", a: upline(),
			want: "relation:\tupline\ncode:\tRMD100\nname:\tRenee Mitchell\nfirst_name:\tRenee\nlast_name:\tMitchell\n" +
				"email:\trmd@example.com\nphone:\t9425816102\nphoto_url:\t\n" +
				`level:	{"code":"RMD","is_senior_level":true,"name":"Regional Marketing Director","rank":6}` + "\n" +
				"status:\t\nkind:\t\ncountry:\t\nstate:\t\ncity:\t\njoined_on:\t\nupline:\t\nleader:\t\ndownline_size:\t\nrecruits:\t\nlicensed:\t\nproduction:\t\n",
		},
		{
			name: "json", a: downline(), args: []string{"--json=relation,upline,downline_size,status"},
			want: `{
  "relation": "downline",
  "upline": {
    "code": "RMD100",
    "name": "Renee Mitchell"
  },
  "downline_size": 11,
  "status": "Active"
}
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, tt.args, tt.tty, fields, func(ios *iostreams.IOStreams, e *cmdutil.Exporter) error { return PrintOverview(ios, e, tt.a) })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrintLicenses(t *testing.T) {
	print := func(ios *iostreams.IOStreams, e *cmdutil.Exporter) error {
		return PrintLicenses(ios, e, licenses(), now)
	}
	got := run(t, nil, true, Licenses.Fields, print)
	want := `STATE  NUMBER  RESIDENCY     LINES OF AUTHORITY  ISSUED      EXPIRES     NOTE
FL     FL-1    Resident      Life                11/25/2018  11/01/2026  expired
TX     TX-2    Non-Resident  Life, Health        01/02/2020  11/23/2026  expires tomorrow
CA     CA-3    Non-Resident  Annuity             03/04/2021  01/15/2027  expires in 54 days
NC     NC-4    Non-Resident  Life, Annuity       10/19/2018  04/01/2029
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("terminal (-want +got):\n%s", diff)
	}
	got = run(t, nil, false, Licenses.Fields, print)
	want = "1\tFL\tFL-1\tResident\tLife\t2018-11-25\t2026-11-01\tfalse\ttrue\n" +
		"2\tTX\tTX-2\tNon-Resident\tLife,Health\t2020-01-02\t2026-11-23\ttrue\tfalse\n" +
		"3\tCA\tCA-3\tNon-Resident\tAnnuity\t2021-03-04\t2027-01-15\ttrue\tfalse\n" +
		"4\tNC\tNC-4\tNon-Resident\tLife,Annuity\t2018-10-19\t2029-04-01\tfalse\tfalse\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("piped (-want +got):\n%s", diff)
	}
	got = run(t, []string{"--jq", `.[] | select(.expiring_soon or .expired) | .state`}, false, Licenses.Fields, print)
	if got != "FL\nTX\nCA\n" {
		t.Errorf("jq = %q", got)
	}
	got = run(t, []string{"--csv"}, false, Licenses.Fields, print)
	if !strings.HasPrefix(got, "id,state,number,residency,lines_of_authority,issued_on,expires_on,expiring_soon,expired\n1,FL,FL-1,Resident,"+`"[""Life""]"`+",2018-11-25,2026-11-01,false,true\n") {
		t.Errorf("csv:\n%s", got)
	}

	// Colour marks expired red and expiring soon yellow.
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetColorEnabled(true)
	ios.SetWidth(120)
	if err := PrintLicenses(ios, &cmdutil.Exporter{}, licenses(), now); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"\x1b[31mexpired\x1b[0m", "\x1b[33mexpires in 54 days\x1b[0m"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("coloured output lacks %q", s)
		}
	}
}

func TestPrintAppointmentsAndLevels(t *testing.T) {
	got := run(t, nil, true, Appointments.Fields, func(ios *iostreams.IOStreams, e *cmdutil.Exporter) error {
		return PrintAppointments(ios, e, appointments())
	})
	want := `PROVIDER                    STATE  WRITING NUMBER  STATUS     REQUESTED   APPOINTED   TERMINATED
Harbor Rock Benefits (HRB)  FL                     Pending    02/09/2019
North Life Group (NLG)      TX     W-123           Appointed  01/02/2020  02/03/2020
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("appointments (-want +got):\n%s", diff)
	}
	got = run(t, nil, false, Appointments.Fields, func(ios *iostreams.IOStreams, e *cmdutil.Exporter) error {
		return PrintAppointments(ios, e, appointments())
	})
	want = "7\tHRB\tHarbor Rock Benefits\tFL\t\tPending\t2019-02-09\t\t\n8\tNLG\tNorth Life Group\tTX\tW-123\tAppointed\t2020-01-02\t2020-02-03\t\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("appointments piped (-want +got):\n%s", diff)
	}

	got = run(t, nil, true, Levels.Fields, func(ios *iostreams.IOStreams, e *cmdutil.Exporter) error { return PrintLevels(ios, e, levels()) })
	want = `EFFECTIVE   LEVEL                            POINTS  RECRUITS  APPROVED BY
03/16/2025  Senior Marketing Director (SMD)  3730    5         Marcus Lee
09/13/2018  Training Associate (TA)          0       0
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("levels (-want +got):\n%s", diff)
	}
	got = run(t, []string{"--json=effective_on,level,approved_by"}, false, Levels.Fields, func(ios *iostreams.IOStreams, e *cmdutil.Exporter) error { return PrintLevels(ios, e, levels()) })
	if !strings.Contains(got, `"effective_on": "2018-09-13",`) || !strings.Contains(got, `"approved_by": null`) {
		t.Errorf("levels json:\n%s", got)
	}
}

func TestLicenseNote(t *testing.T) {
	for _, tt := range []struct {
		l    oas.License
		want string
	}{
		{oas.License{ExpiresOn: date(2026, 11, 22), ExpiringSoon: true}, "expires today"},
		{oas.License{ExpiresOn: date(2026, 12, 2), ExpiringSoon: true}, "expires in 10 days"},
		{oas.License{ExpiresOn: date(2026, 1, 1), Expired: true}, "expired"},
		{oas.License{ExpiresOn: date(2030, 1, 1)}, ""},
	} {
		if got := LicenseNote(&tt.l, now); got != tt.want {
			t.Errorf("LicenseNote(%v) = %q, want %q", tt.l.ExpiresOn, got, tt.want)
		}
	}
}
