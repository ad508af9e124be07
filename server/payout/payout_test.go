package payout

import (
	"strings"
	"testing"

	"github.com/associateportal/portal/server/errs"
)

func validEmail(s string) bool { return strings.Count(s, "@") == 1 && !strings.Contains(s, " ") }

func TestRoutingNumbers(t *testing.T) {
	for _, tc := range []struct {
		country, in, want string // want "" = refused
	}{
		{"USA", "011000015", "011000015"}, // Federal Reserve Bank, Boston
		{"USA", "021000021", "021000021"}, // JPMorgan Chase
		{"USA", "0210-0002-1", "021000021"},
		{"USA", "021000022", ""}, // check digit wrong
		{"USA", "02100002", ""},
		{"USA", "02100002A", ""},
		{"Canada", "12345-003", "12345-003"},
		{"Canada", "000312345", "12345-003"}, // EFT form: 0, institution, transit
		{"Canada", "12345003", ""},
		{"Canada", "1234-003", ""},
	} {
		in := Input{Country: tc.country, BankName: "B", RoutingNumber: tc.in, AccountNumber: "123456789", Holder: Owner, DocumentID: "d"}
		err := in.Check(validEmail, true)
		if tc.want == "" {
			if e := errs.As(err); e == nil || e.Fields[0].Field != "routing_number" {
				t.Errorf("%s %q accepted (%v)", tc.country, tc.in, err)
			}
			continue
		}
		if err != nil || in.RoutingNumber != tc.want {
			t.Errorf("%s %q: %q %v, want %q", tc.country, tc.in, in.RoutingNumber, err, tc.want)
		}
	}
}

func TestInputCheck(t *testing.T) {
	in := Input{Country: "USA", Holder: Authorized, OwnerEmail: "nope", AccountNumber: "12"}
	e := errs.As(in.Check(validEmail, true))
	got := map[string]string{}
	for _, f := range e.Fields {
		got[f.Field] = f.Message
	}
	want := map[string]string{
		"bank_name": "Bank name is required", "routing_number": "Routing number is required",
		"account_number": "Account number must have 4 to 17 digits", "holder_name": "Owner's name is required",
		"owner_email": "Owner's email must be a valid email address", "document": "A supporting document (a void cheque) is required",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	ok := Input{Country: "Canada", BankName: " RBC ", RoutingNumber: "12345-003", AccountNumber: "1234 567", Holder: Owner,
		HolderName: "stale", OwnerEmail: "stale@example.com", DocumentID: "doc"}
	if err := ok.Check(validEmail, true); err != nil || ok.AccountNumber != "1234567" || ok.HolderName != "" || ok.BankName != "RBC" {
		t.Errorf("a Canadian owner's account: %+v %v", ok, err)
	}
	// A change may leave the document out (the account's stays); a new account may not.
	change := Input{Country: "USA", BankName: "B", RoutingNumber: "021000021", AccountNumber: "1234", Holder: Owner}
	if err := change.Check(validEmail, false); err != nil {
		t.Errorf("a change without a document: %v", err)
	}
	if e := errs.As(change.Check(validEmail, true)); e == nil || len(e.Fields) != 1 || e.Fields[0].Field != "document" {
		t.Errorf("a new account without a document: %v", e)
	}
	if Last4("123456789") != "6789" || Last4("12") != "12" {
		t.Error("Last4")
	}
}

// TestWorkflow walks every decision from every status, for both holders, with the maker
// deciding and another staff member deciding.
func TestWorkflow(t *testing.T) {
	const maker, checker = 7, 8
	statuses := []string{Approved, PendingForAdmin, PendingForOwner, PendingForAssociate, RejectedByAdmin, RejectedByOwner}
	type want struct {
		to     string
		active bool
		owner  bool
		status int // of the refusal; 0 = allowed
	}
	for _, st := range statuses {
		for _, holder := range []string{Owner, Authorized} {
			for _, by := range []int64{maker, checker} {
				for _, d := range []Decision{
					{Decision: Approve}, {Decision: Reject, Reason: "Duplicate Information"}, {Decision: Reject},
					{Decision: Reject, Reason: "Other"}, {Decision: RequestInfo, Note: "A clearer cheque, please"},
					{Decision: RequestInfo}, {Decision: "maybe"},
				} {
					var w want
					switch {
					case st != PendingForAdmin:
						w.status = 409
					case d.Decision == Approve && by == maker:
						w.status = 403
					case d.Decision == Approve && holder == Authorized:
						w = want{to: PendingForOwner, owner: true}
					case d.Decision == Approve:
						w = want{to: Approved, active: true}
					case d.Decision == Reject && d.Reason == "Duplicate Information":
						w = want{to: RejectedByAdmin}
					case d.Decision == RequestInfo && d.Note != "":
						w = want{to: PendingForAssociate}
					default:
						w.status = 422
					}
					m, err := Decide(st, holder, maker, by, d)
					got := want{to: m.To, active: m.Active, owner: m.Owner}
					if err != nil {
						got = want{status: errs.KindOf(err).Status()}
					}
					if got != w {
						t.Errorf("%s, %s, decided by %d, %+v: %+v, want %+v", st, holder, by, d, got, w)
					}
				}
			}
		}
		for _, yes := range []bool{true, false} {
			m, err := OwnerAnswer(st, yes)
			switch {
			case st != PendingForOwner:
				if errs.CodeOf(err) != errs.CodeLinkInvalid {
					t.Errorf("the owner answering an account %s: %+v %v", st, m, err)
				}
			case yes && (m != Move{To: Approved, Active: true}), !yes && (m != Move{To: RejectedByOwner}):
				t.Errorf("the owner answering %v: %+v %v", yes, m, err)
			}
		}
		if Editable(st) != (st != Approved && st != PendingForOwner) {
			t.Errorf("Editable(%s) = %v", st, Editable(st))
		}
	}
}
