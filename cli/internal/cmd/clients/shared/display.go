// Package shared holds what the clients commands share: the JSON fields, the table and
// detail views, and the per-field input flags of create and edit.
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
)

// Fields are the JSON fields of a client, in the contract's order.
var Fields = cmdutil.JSONFields(sdk.ClientRecord{})

// Record converts a client for --json, --jq and --csv.
func Record(c *sdk.ClientRecord) (cmdutil.Record, error) {
	return cmdutil.ToRecord(c, Fields)
}

// Records converts clients for --json, --jq and --csv.
func Records(cs []sdk.ClientRecord) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(cs, Fields)
}

// FullName is "First Last".
func FullName(c *sdk.ClientRecord) string {
	return strings.TrimSpace(c.FirstName + " " + c.LastName)
}

// TSVColumns are the columns of `clients list` when piped, in order (documented in
// docs/cli.md; values are the contract's raw values: cents, ten-digit phones).
var TSVColumns = []string{"id", "first_name", "last_name", "email", "phone", "city", "state", "country", "associate_code", "annual_income"}

// PrintList prints clients as a table on a terminal, as tab-separated values otherwise.
func PrintList(ios *iostreams.IOStreams, clients []sdk.ClientRecord) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range clients {
			c := &clients[i]
			income := ""
			if v, ok := c.AnnualIncome.Get(); ok {
				income = strconv.FormatInt(v, 10)
			}
			t.AddRow(strconv.FormatInt(c.ID, 10), c.FirstName, c.LastName, c.Email.Or(""), c.Phone.Or(""),
				c.City.Or(""), string(c.State.Or("")), string(c.Country), c.AssociateCode, income)
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "NAME", "EMAIL", "PHONE", "LOCATION", "ASSOCIATE", "ANNUAL INCOME")
	t.SetColumnColor(0, cs.Gray)
	for i := range clients {
		c := &clients[i]
		income := ""
		if v, ok := c.AnnualIncome.Get(); ok {
			income = text.FormatDollars(v)
		}
		t.AddRow(strconv.FormatInt(c.ID, 10), FullName(c), c.Email.Or(""), text.FormatPhone(c.Phone.Or("")),
			location(c), c.AssociateCode, income)
	}
	return t.Render()
}

func location(c *sdk.ClientRecord) string {
	var parts []string
	if v := c.City.Or(""); v != "" {
		parts = append(parts, v)
	}
	if v := string(c.State.Or("")); v != "" {
		parts = append(parts, v)
	}
	return strings.Join(parts, ", ")
}

// PrintDetail prints one client: labelled lines on a terminal, "field:\tvalue" lines of the
// contract's fields and raw values when piped.
func PrintDetail(ios *iostreams.IOStreams, c *sdk.ClientRecord, now time.Time) error {
	out := ios.Out
	if !ios.IsStdoutTTY() {
		rec, err := Record(c)
		if err != nil {
			return err
		}
		return cmdutil.PrintFields(ios, rec, Fields)
	}

	cs := ios.ColorScheme()
	fmt.Fprintf(out, "%s %s\n", cs.Bold(FullName(c)), cs.Gray("#"+strconv.FormatInt(c.ID, 10)))
	fmt.Fprintf(out, "%s\n\n", cs.Gray(fmt.Sprintf("Client of %s (%s) · updated %s", c.AssociateName, c.AssociateCode, text.FuzzyAgo(now, c.UpdatedAt))))

	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(out, "%-16s%s\n", label+":", value)
		}
	}
	line("Email", c.Email.Or(""))
	line("Phone", text.FormatPhone(c.Phone.Or("")))
	if d, ok := c.DateOfBirth.Get(); ok {
		line("Date of birth", text.FormatDate(d))
	}
	line("Gender", string(c.Gender.Or("")))
	line("Marital status", string(c.MaritalStatus.Or("")))
	line("Address", address(c))
	if v, ok := c.AnnualIncome.Get(); ok {
		line("Annual income", text.FormatDollars(v))
	}
	line("Created", text.FormatDateTime(c.CreatedAt))
	line("Updated", text.FormatDateTime(c.UpdatedAt))
	if !c.CanEdit {
		line("Editable", "no (a client of your downline)")
	}
	if n := strings.TrimSpace(c.Notes.Or("")); n != "" {
		fmt.Fprintf(out, "\n%s\n%s\n", cs.Bold("Notes"), n)
	}
	return nil
}

func address(c *sdk.ClientRecord) string {
	var parts []string
	for _, p := range []string{c.AddressLine1.Or(""), c.AddressLine2.Or(""), c.City.Or("")} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	stateZip := strings.TrimSpace(string(c.State.Or("")) + " " + c.PostalCode.Or(""))
	if stateZip != "" {
		parts = append(parts, stateZip)
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(append(parts, string(c.Country)), ", ")
}
