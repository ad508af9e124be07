// Package view implements `portal account view`.
package view

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	teamshared "github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of an account, in the contract's order (AccountProfile).
var Fields = cmdutil.JSONFields(oas.AccountProfile{})

// Options are the inputs of a view.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
}

// NewCmdView returns the view command; runF replaces the run in tests.
func NewCmdView(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "view",
		Short: "Show your own account",
		Long: `Show your own associate record as the account pages show it: code, name, email (and an
address waiting for its confirmation link), phones, address, spouse, level, status, kind,
country, joined date and upline. Staff see an associate's with --as CODE.

On a terminal the fields are labelled and formatted (phones (555) 123-4567, dates
MM/DD/YYYY). Piped, each line is "field:<TAB>value" with the contract's field names and raw
values (objects such as address and level as compact JSON). --json, --jq and --csv take the
contract's AccountProfile fields.`,
		Example: `  $ portal account view
  $ portal account view --json code,email,pending_email
  $ portal account view --jq .upline.code
  $ portal account view --as AGT100`,
		Args: cmdutil.NoArgsUnknownCommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return viewRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetAccount(ctx)
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// Print prints the account in the format asked for: labelled lines on a terminal,
// "field:<TAB>value" lines when piped.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, a *oas.AccountProfile) error {
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
	fmt.Fprintf(out, "%s %s\n\n", cs.Bold(Name(a)), cs.Gray(a.Code))
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(out, "%-16s%s\n", label+":", value)
		}
	}
	email := a.Email
	if p, ok := a.PendingEmail.Get(); ok && p != "" {
		email += " " + cs.Yellow("(pending confirmation: "+p+")")
	}
	line("Email", email)
	line("Phone", text.FormatPhone(a.Phone.Or("")))
	line("Alt phone", text.FormatPhone(a.AltPhone.Or("")))
	line("Address", Address(&a.Address))
	line("Spouse", Spouse(&a.Spouse))
	if d, ok := a.DateOfBirth.Get(); ok {
		line("Date of birth", text.FormatDate(d))
	}
	line("Gender", string(a.Gender.Or("")))
	line("Marital status", string(a.MaritalStatus.Or("")))
	line("Shirt size", string(a.ShirtSize.Or("")))
	line("Level", fmt.Sprintf("%s (%s)", a.Level.Name, a.Level.Code))
	line("Status", teamshared.StatusColor(cs, string(a.Status)))
	line("Kind", string(a.Kind))
	line("Country", string(a.Country))
	line("Joined", text.FormatDate(a.JoinedOn))
	if u, ok := a.Upline.Get(); ok {
		line("Upline", fmt.Sprintf("%s (%s)", u.Name, u.Code))
	}
	return nil
}

// Name is "First Last".
func Name(a *oas.AccountProfile) string {
	return strings.TrimSpace(a.FirstName + " " + a.LastName)
}

// Address is the mailing address on one line: "12 Oak St, Apt 4, Austin, TX 78701".
func Address(a *oas.AccountAddress) string {
	var parts []string
	for _, p := range []string{a.Line1.Or(""), a.Line2.Or(""), a.City.Or("")} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if stateZip := strings.TrimSpace(string(a.State.Or("")) + " " + a.PostalCode.Or("")); stateZip != "" {
		parts = append(parts, stateZip)
	}
	return strings.Join(parts, ", ")
}

// Spouse is what the account holds of the spouse on one line: "Sam Carter · sam@example.com
// · (555) 010-0100 · born 04/02/1985".
func Spouse(s *oas.AccountSpouse) string {
	var parts []string
	for _, p := range []string{s.Name.Or(""), s.Email.Or(""), text.FormatPhone(s.Phone.Or(""))} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if d, ok := s.DateOfBirth.Get(); ok {
		parts = append(parts, "born "+text.FormatDate(d))
	}
	return strings.Join(parts, " · ")
}
