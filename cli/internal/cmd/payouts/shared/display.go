// Package shared holds what the payouts commands share: the account's fields and how it is
// shown, and the run of a decision (approve, reject, request-info).
package shared

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

var (
	// Fields are the JSON fields of a payout account, in the contract's order (PayoutAccount).
	Fields = cmdutil.JSONFields(oas.PayoutAccount{})
	// Statuses are the statuses of a payout account, in the contract's order.
	Statuses = oas.PayoutStatus("").AllValues()
	// Reasons are the reasons staff reject an account with, in the contract's order.
	Reasons = oas.RejectionReason("").AllValues()
)

// TSVColumns are the columns of the review list when piped, in order (docs/cli.md).
var TSVColumns = []string{"id", "associate_code", "associate_name", "bank_name", "account_last4", "account_type",
	"holder", "status", "can_approve", "updated_at"}

// Masked is an account number as it is ever shown: its last four digits, "••••1234".
func Masked(last4 string) string { return "••••" + last4 }

// Associate is the account's associate, "AGT100 Alex Carter" ("" when the answer has none).
func Associate(a *oas.PayoutAccount) string {
	p, ok := a.Associate.Get()
	if !ok {
		return ""
	}
	return strings.TrimSpace(p.Code + " " + p.Name)
}

// StatusColor colours a payout status: Approved green, waiting for staff yellow, rejected
// red, the others (waiting for the associate or the owner) plain.
func StatusColor(cs *iostreams.ColorScheme, s string) string {
	switch oas.PayoutStatus(strings.TrimSpace(s)) {
	case oas.PayoutStatusApproved:
		return cs.Green(s)
	case oas.PayoutStatusPendingForAdmin:
		return cs.Yellow(s)
	case oas.PayoutStatusRejectedByAdmin, oas.PayoutStatusRejectedByOwner:
		return cs.Red(s)
	}
	return s
}

// Owner is the owner of an Authorized account, "Olivia Owner <olivia@example.com>".
func Owner(a *oas.PayoutAccount) string {
	owner := a.HolderName.Or("")
	if email := a.OwnerEmail.Or(""); email != "" {
		owner = strings.TrimSpace(owner + " <" + email + ">")
	}
	return owner
}

// yesNo renders a boolean for people.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// ResolveDocument makes the account's document link absolute (the server answers it
// relative to its root), so that it can be opened or fetched as printed.
func ResolveDocument(c *sdk.Client, a *oas.PayoutAccount) error {
	u, ok := a.DocumentURL.Get()
	if !ok || u == "" {
		return nil
	}
	abs, err := c.ResolveURL(u)
	if err != nil {
		return err
	}
	a.DocumentURL = oas.NewOptString(abs)
	return nil
}

// Records converts accounts for --json, --jq and --csv.
func Records(rows []oas.PayoutAccount) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(rows, Fields)
}

// PrintList prints accounts as a table on a terminal, as tab-separated values otherwise
// (TSVColumns, raw values).
func PrintList(ios *iostreams.IOStreams, rows []oas.PayoutAccount) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range rows {
			a := &rows[i]
			p := a.Associate.Or(oas.PersonRef{})
			t.AddRow(strconv.FormatInt(a.ID, 10), p.Code, p.Name, a.BankName, a.AccountLast4, string(a.AccountType),
				string(a.Holder), string(a.Status), strconv.FormatBool(a.CanApprove.Or(false)), a.UpdatedAt.UTC().Format(time.RFC3339))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "ASSOCIATE", "BANK", "ACCOUNT", "TYPE", "HOLDER", "STATUS", "CAN APPROVE", "UPDATED")
	t.SetColumnColor(0, cs.Gray)
	t.SetColumnColor(6, func(s string) string { return StatusColor(cs, s) })
	t.SetColumnColor(7, func(s string) string {
		if strings.TrimSpace(s) == "yes" {
			return cs.Green(s)
		}
		return s
	})
	for i := range rows {
		a := &rows[i]
		t.AddRow(strconv.FormatInt(a.ID, 10), Associate(a), a.BankName, Masked(a.AccountLast4), string(a.AccountType),
			string(a.Holder), string(a.Status), yesNo(a.CanApprove.Or(false)), text.FormatDateTime(a.UpdatedAt))
	}
	return t.Render()
}

// Print prints one account in the format asked for: labelled lines on a terminal,
// "field:<TAB>value" lines when piped.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, a *oas.PayoutAccount) error {
	if e.Enabled() || !ios.IsStdoutTTY() {
		rec, err := cmdutil.ToRecord(a, Fields)
		if err != nil {
			return err
		}
		if e.Enabled() {
			return e.Write(ios, rec)
		}
		return cmdutil.PrintFields(ios, rec, Fields)
	}
	cs := ios.ColorScheme()
	out := ios.Out
	fmt.Fprintf(out, "%s %s\n\n", cs.Bold(fmt.Sprintf("Payout account %d", a.ID)), cs.Gray(Associate(a)))
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(out, "%-16s%s\n", label+":", value)
		}
	}
	if p, ok := a.Associate.Get(); ok {
		line("Associate", fmt.Sprintf("%s (%s)", p.Name, p.Code))
	}
	line("Bank", a.BankName)
	line("Routing number", a.RoutingNumber)
	line("Account", fmt.Sprintf("%s (%s)", Masked(a.AccountLast4), a.AccountType))
	line("Country", string(a.Country))
	line("Holder", string(a.Holder))
	if a.Holder == oas.AccountHolderAuthorized {
		line("Owner", Owner(a))
	}
	status := StatusColor(cs, string(a.Status))
	if a.Active {
		status += " " + cs.Green("(in use)")
	}
	line("Status", status)
	line("Reason", string(a.RejectionReason.Or("")))
	line("Note", a.Note.Or(""))
	line("Entered by", a.EnteredBy.Or(""))
	if can, ok := a.CanApprove.Get(); ok {
		line("Can approve", CanApprove(cs, a.Status, can))
	}
	line("Created", text.FormatDateTime(a.CreatedAt))
	line("Updated", text.FormatDateTime(a.UpdatedAt))
	line("Document", a.DocumentURL.Or(""))
	return nil
}

// CanApprove says whether the caller may approve an account in status, and why not.
func CanApprove(cs *iostreams.ColorScheme, status oas.PayoutStatus, can bool) string {
	switch {
	case can:
		return cs.Green("yes")
	case status != oas.PayoutStatusPendingForAdmin:
		return "no: it is not waiting for staff"
	}
	return cs.Yellow("no: you entered or changed it; another staff member must approve it")
}
