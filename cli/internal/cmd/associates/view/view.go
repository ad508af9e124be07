// Package view implements `portal associates view`.
package view

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/team/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Section is what the command shows.
type Section int

// The sections: the overview, or one of the lists.
const (
	Overview Section = iota
	Licenses
	Appointments
	Levels
)

// The JSON fields of each section, in the contract's order.
var (
	OverviewFields    = cmdutil.JSONFields(oas.AssociateOverview{})
	LicenseFields     = cmdutil.JSONFields(oas.License{})
	AppointmentFields = cmdutil.JSONFields(oas.Appointment{})
	LevelFields       = cmdutil.JSONFields(oas.LevelChange{})
)

// Fields returns the JSON fields of a section.
func (s Section) Fields() []string {
	switch s {
	case Licenses:
		return LicenseFields
	case Appointments:
		return AppointmentFields
	case Levels:
		return LevelFields
	}
	return OverviewFields
}

// Options are the inputs of a view.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter
	Now      func() time.Time

	Code                           string
	Licenses, Appointments, Levels bool
	Section                        Section
}

func (o *Options) section() Section {
	switch {
	case o.Licenses:
		return Licenses
	case o.Appointments:
		return Appointments
	case o.Levels:
		return Levels
	}
	return Overview
}

// NewCmdView returns the view command; runF replaces the run in tests.
func NewCmdView(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client, Now: time.Now}
	cmd := &cobra.Command{
		Use:   "view <code> [--licenses | --appointments | --levels]",
		Short: "Show an associate: overview, licenses, appointments or level history",
		Long: `Show an associate you may see: yourself, one of your downline, or one of your uplines.

Without a flag, the overview: how you stand to the associate (self, downline, upline), the
contact fields, level, status, location, upline, leader, downline size and whether they are
licensed. Of an upline only the contact fields are shown, and the lists are refused.

--licenses lists the licenses, soonest expiry first, marking those expiring within 90 days
and those expired; --appointments the provider appointments; --levels the level
qualification history, newest first.

On a terminal the fields are labelled and the lists are tables. Piped, the overview is one
"field:<TAB>value" line per contract field and the lists tab-separated rows without a
header (the columns are in docs/cli.md). --json, --jq and --csv take the contract's fields
of what is shown.`,
		Example: `  $ portal associates view AGT100
  $ portal associates view AGT100 --licenses
  $ portal associates view AGT100 --licenses --json state,expires_on,expiring_soon
  $ portal associates view AGT100 --appointments --jq '.[] | select(.status == "Pending") | .provider_name'
  $ portal associates view AGT100 --levels`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.FlagErrorf("%s takes one associate code, got %d arguments", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			code, err := cmdutil.ParseCode(args[0])
			if err != nil {
				return err
			}
			opts.Code = code
			opts.Section = opts.section()
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return viewRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Licenses, "licenses", false, "List the licenses")
	cmd.Flags().BoolVar(&opts.Appointments, "appointments", false, "List the provider appointments")
	cmd.Flags().BoolVar(&opts.Levels, "levels", false, "List the level qualification history")
	cmd.MarkFlagsMutuallyExclusive("licenses", "appointments", "levels")
	opts.Exporter = cmdutil.AddFormatFlagsFunc(cmd, func() []string { return opts.section().Fields() })
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ios, e := opts.IO, opts.Exporter
	switch opts.Section {
	case Licenses:
		res, err := client.ListAssociateLicenses(ctx, oas.ListAssociateLicensesParams{Code: opts.Code})
		if err != nil {
			return sdk.Wrap(err)
		}
		return PrintLicenses(ios, e, res.Response.Data, opts.Now())
	case Appointments:
		res, err := client.ListAssociateAppointments(ctx, oas.ListAssociateAppointmentsParams{Code: opts.Code})
		if err != nil {
			return sdk.Wrap(err)
		}
		return PrintAppointments(ios, e, res.Response.Data)
	case Levels:
		res, err := client.ListAssociateLevelHistory(ctx, oas.ListAssociateLevelHistoryParams{Code: opts.Code})
		if err != nil {
			return sdk.Wrap(err)
		}
		return PrintLevels(ios, e, res.Response.Data)
	}
	res, err := client.GetAssociate(ctx, oas.GetAssociateParams{Code: opts.Code})
	if err != nil {
		return sdk.Wrap(err)
	}
	return PrintOverview(ios, e, &res.Response)
}

// Relation describes how the caller stands to the associate, for people.
func Relation(r oas.AssociateOverviewRelation) string {
	switch r {
	case oas.AssociateOverviewRelationSelf:
		return "you"
	case oas.AssociateOverviewRelationDownline:
		return "your downline"
	case oas.AssociateOverviewRelationUpline:
		return "your upline · contact details only"
	}
	return string(r)
}

// PrintOverview prints the overview: labelled lines on a terminal, "field:<TAB>value" lines
// when piped.
func PrintOverview(ios *iostreams.IOStreams, e *cmdutil.Exporter, a *oas.AssociateOverview) error {
	if e.Enabled() || !ios.IsStdoutTTY() {
		rec, err := cmdutil.ToRecord(a, OverviewFields)
		if err != nil {
			return err
		}
		if e.Enabled() {
			return e.Write(ios, rec)
		}
		return cmdutil.PrintFields(ios, rec, OverviewFields)
	}
	cs := ios.ColorScheme()
	out := ios.Out
	fmt.Fprintf(out, "%s %s\n", cs.Bold(a.Name), cs.Gray(a.Code))
	fmt.Fprintf(out, "%s\n\n", cs.Gray(fmt.Sprintf("%s (%s) · %s", a.Level.Name, a.Level.Code, Relation(a.Relation))))
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(out, "%-11s%s\n", label+":", value)
		}
	}
	person := func(p oas.OptPersonRef) string {
		if v, ok := p.Get(); ok {
			return fmt.Sprintf("%s (%s)", v.Name, v.Code)
		}
		return ""
	}
	line("Email", a.Email)
	line("Phone", text.FormatPhone(a.Phone.Or("")))
	if s, ok := a.Status.Get(); ok {
		line("Status", shared.StatusColor(cs, string(s)))
	}
	line("Kind", string(a.Kind.Or("")))
	var loc []string
	for _, p := range []string{a.City.Or(""), a.State.Or(""), string(a.Country.Or(""))} {
		if p != "" {
			loc = append(loc, p)
		}
	}
	line("Location", strings.Join(loc, ", "))
	if d, ok := a.JoinedOn.Get(); ok {
		line("Joined", text.FormatDate(d))
	}
	line("Upline", person(a.Upline))
	line("Leader", person(a.Leader))
	if n, ok := a.DownlineSize.Get(); ok {
		line("Downline", fmt.Sprintf("%d below, %d direct recruits", n, a.Recruits.Or(0)))
	}
	if l, ok := a.Licensed.Get(); ok {
		line("Licensed", shared.YesNo(l))
	}
	if p, ok := a.Production.Get(); ok {
		line("Business", fmt.Sprintf("%s BV, %d policies (%s – %s)", text.FormatDollars(p.Totals.BvCents),
			p.Totals.Policies, text.FormatDate(p.PeriodStart), text.FormatDate(p.PeriodEnd)))
	}
	return nil
}

// DaysLeft is how many days from now's date to the date t (negative once past).
func DaysLeft(now, t time.Time) int {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return int(day.Sub(today).Hours() / 24)
}

// LicenseNote marks a license for people: "expired", "expires in N days" (within 90 days)
// or nothing.
func LicenseNote(l *oas.License, now time.Time) string {
	switch {
	case l.Expired:
		return "expired"
	case l.ExpiringSoon:
		switch d := DaysLeft(now, l.ExpiresOn); {
		case d <= 0:
			return "expires today"
		case d == 1:
			return "expires tomorrow"
		default:
			return fmt.Sprintf("expires in %d days", d)
		}
	}
	return ""
}

// PrintLicenses prints licenses: a table on a terminal with those expiring within 90 days
// (yellow) and expired (red) marked, tab-separated rows when piped.
func PrintLicenses(ios *iostreams.IOStreams, e *cmdutil.Exporter, ls []oas.License, now time.Time) error {
	if e.Enabled() {
		recs, err := cmdutil.ToRecords(ls, LicenseFields)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range ls {
			l := &ls[i]
			t.AddRow(strconv.FormatInt(l.ID, 10), l.State, l.Number, string(l.Residency), strings.Join(l.LinesOfAuthority, ","),
				text.FormatISODate(l.IssuedOn), text.FormatISODate(l.ExpiresOn), strconv.FormatBool(l.ExpiringSoon), strconv.FormatBool(l.Expired))
		}
		return t.Render()
	}
	if len(ls) == 0 {
		fmt.Fprintln(ios.ErrOut, "No licenses.")
		return nil
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "STATE", "NUMBER", "RESIDENCY", "LINES OF AUTHORITY", "ISSUED", "EXPIRES", "NOTE")
	t.SetColumnColor(6, func(s string) string {
		if strings.HasPrefix(s, "expired") {
			return cs.Red(s)
		}
		return cs.Yellow(s)
	})
	for i := range ls {
		l := &ls[i]
		t.AddRow(l.State, l.Number, string(l.Residency), strings.Join(l.LinesOfAuthority, ", "),
			text.FormatDate(l.IssuedOn), text.FormatDate(l.ExpiresOn), LicenseNote(l, now))
	}
	return t.Render()
}

// PrintAppointments prints provider appointments: a table on a terminal, tab-separated rows
// when piped.
func PrintAppointments(ios *iostreams.IOStreams, e *cmdutil.Exporter, as []oas.Appointment) error {
	if e.Enabled() {
		recs, err := cmdutil.ToRecords(as, AppointmentFields)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	date := func(d oas.OptDate, format func(time.Time) string) string {
		if v, ok := d.Get(); ok {
			return format(v)
		}
		return ""
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range as {
			a := &as[i]
			t.AddRow(strconv.FormatInt(a.ID, 10), a.ProviderCode, a.ProviderName, a.State, a.WritingNumber.Or(""), string(a.Status),
				text.FormatISODate(a.RequestedOn), date(a.AppointedOn, text.FormatISODate), date(a.TerminatedOn, text.FormatISODate))
		}
		return t.Render()
	}
	if len(as) == 0 {
		fmt.Fprintln(ios.ErrOut, "No provider appointments.")
		return nil
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "PROVIDER", "STATE", "WRITING NUMBER", "STATUS", "REQUESTED", "APPOINTED", "TERMINATED")
	t.SetColumnColor(3, func(s string) string {
		switch s {
		case string(oas.AppointmentStatusAppointed):
			return cs.Green(s)
		case string(oas.AppointmentStatusDeclined), string(oas.AppointmentStatusTerminated):
			return cs.Red(s)
		}
		return cs.Yellow(s)
	})
	for i := range as {
		a := &as[i]
		t.AddRow(fmt.Sprintf("%s (%s)", a.ProviderName, a.ProviderCode), a.State, a.WritingNumber.Or(""), string(a.Status),
			text.FormatDate(a.RequestedOn), date(a.AppointedOn, text.FormatDate), date(a.TerminatedOn, text.FormatDate))
	}
	return t.Render()
}

// PrintLevels prints the level qualification history: a table on a terminal, tab-separated
// rows when piped.
func PrintLevels(ios *iostreams.IOStreams, e *cmdutil.Exporter, hs []oas.LevelChange) error {
	if e.Enabled() {
		recs, err := cmdutil.ToRecords(hs, LevelFields)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range hs {
			h := &hs[i]
			t.AddRow(strconv.FormatInt(h.ID, 10), h.Level.Code, text.FormatISODate(h.EffectiveOn),
				strconv.Itoa(h.Points), strconv.Itoa(h.Recruits), h.ApprovedBy.Or(""))
		}
		return t.Render()
	}
	if len(hs) == 0 {
		fmt.Fprintln(ios.ErrOut, "No level changes.")
		return nil
	}
	t := tableprinter.New(ios, "EFFECTIVE", "LEVEL", "POINTS", "RECRUITS", "APPROVED BY")
	for i := range hs {
		h := &hs[i]
		t.AddRow(text.FormatDate(h.EffectiveOn), fmt.Sprintf("%s (%s)", h.Level.Name, h.Level.Code),
			strconv.Itoa(h.Points), strconv.Itoa(h.Recruits), h.ApprovedBy.Or(""))
	}
	return t.Render()
}
