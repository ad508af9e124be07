// Package payout holds the rules of payout accounts (the bank accounts commissions are
// deposited to): how an account's numbers are checked, and the workflow of DOMAIN.md with
// maker-checker — as a table, so that a test walks every move.
package payout

import (
	"strings"

	"github.com/associateportal/portal/server/errs"
)

// Statuses of a payout account (the spec's payout-change statuses).
const (
	Approved            = "Approved"
	PendingForAdmin     = "Pending For Admin"
	PendingForOwner     = "Pending For Owner"
	PendingForAssociate = "Pending For Associate"
	RejectedByAdmin     = "Rejected By Admin"
	RejectedByOwner     = "Rejected By Owner"
)

// Holders of an account.
const (
	Owner      = "Owner"
	Authorized = "Authorized"
)

// Decisions staff take on an account waiting for them.
const (
	Approve     = "approve"
	Reject      = "reject"
	RequestInfo = "request_info"
)

// Input is what the associate enters (or staff for it, in admin mode).
type Input struct {
	Country       string // the associate's
	BankName      string
	RoutingNumber string // USA: the ABA number; Canada: transit-institution "TTTTT-III" or the EFT "0IIITTTTT"
	AccountNumber string
	AccountType   string // Checking or Savings
	Holder        string // Owner or Authorized
	HolderName    string // the owner's name when the associate is Authorized
	OwnerEmail    string // where the owner's approval link goes, when Authorized
	DocumentID    string // the supporting document (void cheque)
}

func digitsOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if r != ' ' && r != '-' {
			return "" // a letter or a symbol: not a number at all
		}
	}
	return b.String()
}

// ValidABA checks a US routing number: nine digits whose weighted sum (3, 7, 1, …) is a
// multiple of ten.
func ValidABA(n string) bool {
	if len(n) != 9 {
		return false
	}
	w := [9]int{3, 7, 1, 3, 7, 1, 3, 7, 1}
	sum := 0
	for i, r := range n {
		if r < '0' || r > '9' {
			return false
		}
		sum += int(r-'0') * w[i]
	}
	return sum%10 == 0
}

// canadianRouting reads a Canadian routing number, as on a cheque (transit 5 digits, then
// institution 3: "12345-003") or in EFT form ("0" + institution + transit: "000312345"),
// and answers it as "TTTTT-III".
func canadianRouting(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if t, i, ok := strings.Cut(s, "-"); ok {
		t, i = strings.TrimSpace(t), strings.TrimSpace(i)
		if len(t) == 5 && len(i) == 3 && digitsOnly(t) == t && digitsOnly(i) == i {
			return t + "-" + i, true
		}
		return "", false
	}
	d := digitsOnly(s)
	if len(d) == 9 && d[0] == '0' && d == strings.ReplaceAll(s, " ", "") {
		return d[4:] + "-" + d[1:4], true
	}
	return "", false
}

// Check normalises and checks an input; messages are the form's. A new account needs its
// supporting document; a change without one keeps the account's.
func (in *Input) Check(validEmail func(string) bool, adding bool) error {
	for _, p := range []*string{&in.BankName, &in.RoutingNumber, &in.AccountNumber, &in.HolderName, &in.OwnerEmail, &in.DocumentID} {
		*p = strings.TrimSpace(*p)
	}
	in.OwnerEmail = strings.ToLower(in.OwnerEmail)
	var f errs.Fields
	if in.BankName == "" {
		f.Add("bank_name", "Bank name is required")
	}
	switch {
	case in.RoutingNumber == "":
		f.Add("routing_number", "Routing number is required")
	case in.Country == "Canada":
		if r, ok := canadianRouting(in.RoutingNumber); ok {
			in.RoutingNumber = r
		} else {
			f.Add("routing_number", "Routing number must be the transit and institution numbers, like 12345-003")
		}
	default:
		if d := digitsOnly(in.RoutingNumber); ValidABA(d) {
			in.RoutingNumber = d
		} else {
			f.Add("routing_number", "Routing number must be a valid 9-digit ABA routing number")
		}
	}
	acct := digitsOnly(in.AccountNumber)
	lo, hi := 4, 17
	if in.Country == "Canada" {
		lo, hi = 7, 12
	}
	switch {
	case in.AccountNumber == "":
		f.Add("account_number", "Account number is required")
	case len(acct) < lo || len(acct) > hi:
		f.Add("account_number", "Account number must have %d to %d digits", lo, hi)
	default:
		in.AccountNumber = acct
	}
	if in.Holder == Authorized {
		if in.HolderName == "" {
			f.Add("holder_name", "Owner's name is required")
		}
		if in.OwnerEmail == "" {
			f.Add("owner_email", "Owner's email is required")
		} else if !validEmail(in.OwnerEmail) {
			f.Add("owner_email", "Owner's email must be a valid email address")
		}
	} else {
		in.HolderName, in.OwnerEmail = "", ""
	}
	if in.DocumentID == "" && adding {
		f.Add("document", "A supporting document (a void cheque) is required")
	}
	return f.Err()
}

// Fields lists an input's values by API name, as the change log compares them.
func (in *Input) Fields() [][2]string {
	return [][2]string{
		{"bank_name", in.BankName}, {"routing_number", in.RoutingNumber}, {"account_number", in.AccountNumber},
		{"account_type", in.AccountType}, {"holder", in.Holder}, {"holder_name", in.HolderName},
		{"owner_email", in.OwnerEmail}, {"document", in.DocumentID},
	}
}

// Last4 is the last four digits of an account number.
func Last4(number string) string {
	if len(number) <= 4 {
		return number
	}
	return number[len(number)-4:]
}

// Editable says whether the associate may change an account in a status (and so send it
// to staff again): not while it is in use or waiting for its owner.
func Editable(status string) bool {
	switch status {
	case PendingForAdmin, PendingForAssociate, RejectedByAdmin, RejectedByOwner:
		return true
	}
	return false
}

// Decision is staff's answer to an account waiting for them.
type Decision struct {
	Decision string // approve, reject or request_info
	Reason   string // a rejection reason (the spec's list), for reject
	Note     string // words for the associate; required to ask for information
}

// Move is what a decision does to an account.
type Move struct {
	To     string // the status it goes to
	Active bool   // it becomes the account in use
	Owner  bool   // its owner is asked (a mail with a link)
}

// Decide applies staff's decision to an account: the status it is in, its holder, who
// entered or last changed it (maker) and who decides (checker). The maker never approves.
func Decide(status, holder string, maker, checker int64, d Decision) (Move, error) {
	if status != PendingForAdmin {
		return Move{}, errs.Conflictf("This account is %s: only one waiting for staff (Pending For Admin) can be decided", status)
	}
	switch d.Decision {
	case Approve:
		if maker == checker {
			return Move{}, errs.Forbiddenf("You entered or changed this account: another staff member must approve it")
		}
		if holder == Authorized {
			return Move{To: PendingForOwner, Owner: true}, nil
		}
		return Move{To: Approved, Active: true}, nil
	case Reject:
		if d.Reason == "" {
			return Move{}, errs.Validation(errs.Field("reason", "Reason is required"))
		}
		if d.Reason == "Other" && strings.TrimSpace(d.Note) == "" {
			return Move{}, errs.Validation(errs.Field("note", "Say why in the note when the reason is Other"))
		}
		return Move{To: RejectedByAdmin}, nil
	case RequestInfo:
		if strings.TrimSpace(d.Note) == "" {
			return Move{}, errs.Validation(errs.Field("note", "Say what is needed in the note"))
		}
		return Move{To: PendingForAssociate}, nil
	}
	return Move{}, errs.Validation(errs.Field("decision", "Decision must be approve, reject or request_info"))
}

// OwnerAnswer applies the owner's answer to an account waiting for it.
func OwnerAnswer(status string, approve bool) (Move, error) {
	if status != PendingForOwner {
		return Move{}, errs.LinkInvalid("This request has already been answered")
	}
	if approve {
		return Move{To: Approved, Active: true}, nil
	}
	return Move{To: RejectedByOwner}, nil
}
