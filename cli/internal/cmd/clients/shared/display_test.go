package shared

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

var (
	created = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	updated = time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
)

func sample() []sdk.ClientRecord {
	return []sdk.ClientRecord{
		{
			ID: 42, AssociateCode: "A1001", AssociateName: "Jane Agent", FirstName: "Ann", LastName: "Lee",
			Email: oas.NewOptString("ann@example.com"), Phone: oas.NewOptString("5551234567"),
			City: oas.NewOptString("Oakland"), State: oas.NewOptStateCode(oas.StateCodeCA), Country: oas.CountryUSA,
			AnnualIncome: oas.NewOptInt64(8500000), Notes: oas.NewOptString("Prefers\temail"), CanEdit: true,
			CreatedAt: created, UpdatedAt: updated,
		},
		{
			ID: 7, AssociateCode: "A2002", AssociateName: "Dan Down", FirstName: "Bo", LastName: "Ray",
			Country: oas.CountryCanada, CreatedAt: created, UpdatedAt: updated,
		},
	}
}

func TestPrintListPiped(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want := "42\tAnn\tLee\tann@example.com\t5551234567\tOakland\tCA\tUSA\tA1001\t8500000\n" +
		"7\tBo\tRay\t\t\t\t\tCanada\tA2002\t\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

func TestPrintListTerminal(t *testing.T) {
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(100)
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	want := `ID  NAME     EMAIL            PHONE           LOCATION     ASSOCIATE  ANNUAL INCOME
42  Ann Lee  ann@example.com  (555) 123-4567  Oakland, CA  A1001      $85,000.00
7   Bo Ray                                                 A2002
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}

	// A narrow terminal truncates the widest columns instead of wrapping.
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(60)
	if err := PrintList(ios, sample()); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if w := len([]rune(line)); w > 60 {
			t.Errorf("line of %d columns on a 60-column terminal: %q", w, line)
		}
	}
}

func TestPrintDetail(t *testing.T) {
	c := sample()[0]
	now := updated.Add(3 * time.Hour)

	ios, _, out, _ := iostreams.Test()
	if err := PrintDetail(ios, &c, now); err != nil {
		t.Fatal(err)
	}
	want := `id:	42
associate_code:	A1001
associate_name:	Jane Agent
first_name:	Ann
last_name:	Lee
email:	ann@example.com
phone:	5551234567
date_of_birth:	
gender:	
marital_status:	
address_line1:	
address_line2:	
city:	Oakland
state:	CA
postal_code:	
country:	USA
annual_income:	8500000
notes:	Prefers email
can_edit:	true
created_at:	2026-01-02T03:04:05Z
updated_at:	2026-05-06T07:08:09Z
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("piped output (-want +got):\n%s", diff)
	}

	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	if err := PrintDetail(ios, &c, now); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Ann Lee #42", "Client of Jane Agent (A1001) · updated 3 hours ago", "Phone:          (555) 123-4567",
		"Address:        Oakland, CA, USA", "Annual income:  $85,000.00", "Notes\nPrefers\temail"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("terminal output lacks %q:\n%s", s, out.String())
		}
	}
}

func TestPrintSaved(t *testing.T) {
	c := sample()[0]
	ios, _, out, _ := iostreams.Test()
	e := &cmdutil.Exporter{}
	if err := PrintSaved(ios, e, &c, "Created"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "42\n" {
		t.Errorf("piped output = %q, want the ID alone", out.String())
	}
	ios, _, out, _ = iostreams.Test()
	ios.SetStdoutTTY(true)
	if err := PrintSaved(ios, e, &c, "Updated"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "✓ Updated client Ann Lee #42\n" {
		t.Errorf("terminal output = %q", out.String())
	}
}
