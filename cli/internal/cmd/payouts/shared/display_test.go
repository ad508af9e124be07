package shared

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestMain(m *testing.M) {
	// Times show in the local zone: fix it so the expected output holds anywhere.
	time.Local = time.UTC
	os.Exit(m.Run())
}

var at = time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)

// waiting is an Authorized account a staff member entered, as its maker reviews it.
func waiting() *oas.PayoutAccount {
	return &oas.PayoutAccount{ID: 9, BankName: "Second Bank", Country: oas.CountryUSA, RoutingNumber: "011000015", AccountLast4: "2222",
		AccountType: oas.BankAccountTypeSavings, Holder: oas.AccountHolderAuthorized, HolderName: oas.NewOptString("Olivia Owner"),
		OwnerEmail: oas.NewOptString("olivia@example.com"), Status: oas.PayoutStatusPendingForAdmin,
		DocumentURL: oas.NewOptString("https://portal.example.com/api/files/f1?expires=1&signature=s"),
		Associate:   oas.NewOptPersonRef(oas.PersonRef{Code: "AGT100", Name: "Alex Carter"}), EnteredBy: oas.NewOptString("Sam Staffer"),
		CanApprove: oas.NewOptBool(false), CreatedAt: at, UpdatedAt: at.Add(time.Hour)}
}

// rejected is an Owner account staff rejected.
func rejected() *oas.PayoutAccount {
	return &oas.PayoutAccount{ID: 7, BankName: "First Texas Bank", Country: oas.CountryUSA, RoutingNumber: "021000021", AccountLast4: "1111",
		AccountType: oas.BankAccountTypeChecking, Holder: oas.AccountHolderOwner, Status: oas.PayoutStatusRejectedByAdmin,
		RejectionReason: oas.NewOptRejectionReason(oas.RejectionReasonInvalidSupportingDocument), Note: oas.NewOptString("The cheque is blurred"),
		Associate: oas.NewOptPersonRef(oas.PersonRef{Code: "AGT100", Name: "Alex Carter"}), EnteredBy: oas.NewOptString("Alex Carter"),
		CanApprove: oas.NewOptBool(false), CreatedAt: at, UpdatedAt: at}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name string
		a    *oas.PayoutAccount
		tty  bool
		args []string
		want string
	}{
		{
			name: "terminal: the maker's view of an Authorized account", a: waiting(), tty: true,
			want: `Payout account 9 AGT100 Alex Carter

Associate:      Alex Carter (AGT100)
Bank:           Second Bank
Routing number: 011000015
Account:        ••••2222 (Savings)
Country:        USA
Holder:         Authorized
Owner:          Olivia Owner <olivia@example.com>
Status:         Pending For Admin
Entered by:     Sam Staffer
Can approve:    no: you entered or changed it; another staff member must approve it
Created:        11/22/2026 14:05:00
Updated:        11/22/2026 15:05:00
Document:       https://portal.example.com/api/files/f1?expires=1&signature=s
`,
		},
		{
			name: "terminal: a rejected account", a: rejected(), tty: true,
			want: `Payout account 7 AGT100 Alex Carter

Associate:      Alex Carter (AGT100)
Bank:           First Texas Bank
Routing number: 021000021
Account:        ••••1111 (Checking)
Country:        USA
Holder:         Owner
Status:         Rejected By Admin
Reason:         Invalid Supporting Document
Note:           The cheque is blurred
Entered by:     Alex Carter
Can approve:    no: it is not waiting for staff
Created:        11/22/2026 14:05:00
Updated:        11/22/2026 14:05:00
`,
		},
		{
			name: "piped: one field a line", a: rejected(),
			want: "id:\t7\nbank_name:\tFirst Texas Bank\ncountry:\tUSA\nrouting_number:\t021000021\naccount_last4:\t1111\naccount_type:\tChecking\n" +
				"holder:\tOwner\nholder_name:\t\nowner_email:\t\nstatus:\tRejected By Admin\nactive:\tfalse\nrejection_reason:\tInvalid Supporting Document\n" +
				"note:\tThe cheque is blurred\ndocument_url:\t\nassociate:\t{\"code\":\"AGT100\",\"name\":\"Alex Carter\"}\nentered_by:\tAlex Carter\n" +
				"can_approve:\tfalse\ncreated_at:\t2026-11-22T14:05:00Z\nupdated_at:\t2026-11-22T14:05:00Z\n",
		},
		{name: "json", a: waiting(), args: []string{"--json=holder_name,owner_email,can_approve"},
			want: "{\n  \"holder_name\": \"Olivia Owner\",\n  \"owner_email\": \"olivia@example.com\",\n  \"can_approve\": false\n}\n"},
		{name: "jq", a: rejected(), tty: true, args: []string{"--jq", ".rejection_reason"}, want: "Invalid Supporting Document\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := Print(ios, cmdtest.Exporter(t, Fields, tt.args), tt.a); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrintDecided(t *testing.T) {
	approved := rejected()
	approved.Status, approved.Active = oas.PayoutStatusApproved, true
	owner := waiting()
	owner.Status = oas.PayoutStatusPendingForOwner
	info := waiting()
	info.Status = oas.PayoutStatusPendingForAssociate
	tests := []struct {
		name string
		a    *oas.PayoutAccount
		tty  bool
		args []string
		want string
	}{
		{name: "terminal: approved and in use", a: approved, tty: true,
			want: "✓ Payout account 7 (AGT100 Alex Carter, ••••1111): Approved\n  It is now the account in use.\n"},
		{name: "terminal: waiting for its owner", a: owner, tty: true,
			want: "✓ Payout account 9 (AGT100 Alex Carter, ••••2222): Pending For Owner\n  The owner, Olivia Owner <olivia@example.com>, is mailed a link to approve it.\n"},
		{name: "terminal: rejected", a: rejected(), tty: true,
			want: "✓ Payout account 7 (AGT100 Alex Carter, ••••1111): Rejected By Admin\n  The associate is mailed; a change sends it to staff again.\n"},
		{name: "piped: the status alone", a: info, want: "Pending For Associate\n"},
		{name: "json", a: approved, args: []string{"--json=id,status,active"},
			want: "{\n  \"id\": 7,\n  \"status\": \"Approved\",\n  \"active\": true\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			if err := PrintDecided(ios, cmdtest.Exporter(t, Fields, tt.args), tt.a); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestReasonHelp(t *testing.T) {
	want := "unmatched-supporting-document, invalid-supporting-document, duplicate-information, other"
	if got := ReasonHelp(); got != want {
		t.Errorf("ReasonHelp() = %q, want %q", got, want)
	}
	// Every form the help shows is read back.
	for _, s := range strings.Split(want, ", ") {
		if _, err := ParseReason(s); err != nil {
			t.Errorf("ParseReason(%q): %v", s, err)
		}
	}
}

func TestResolveDocument(t *testing.T) {
	c, err := sdk.New("https://portal.example.com", sdk.WithToken("t"))
	if err != nil {
		t.Fatal(err)
	}
	a := &oas.PayoutAccount{DocumentURL: oas.NewOptString("/api/files/f1?expires=1&signature=s")}
	if err := ResolveDocument(c, a); err != nil {
		t.Fatal(err)
	}
	if got := a.DocumentURL.Or(""); got != "https://portal.example.com/api/files/f1?expires=1&signature=s" {
		t.Errorf("document_url = %q", got)
	}
	none := &oas.PayoutAccount{}
	if err := ResolveDocument(c, none); err != nil || none.DocumentURL.Set {
		t.Errorf("without a document: %+v %v", none.DocumentURL, err)
	}
}
