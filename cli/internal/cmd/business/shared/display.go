// Package shared holds what the business commands share: the JSON fields of a policy, its
// row and its commission, the list, detail and commission views, and the per-field input
// flags of create, edit and preview. Money shows as USD and rates as percentages, both from
// the API's integer cents and basis points.
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

// The JSON fields, in the contract's order: of a row of the business list, of a policy, of
// a policy as `business view` shows it (with its requirements and commission), and of a
// commission preview.
var (
	RowFields        = cmdutil.JSONFields(sdk.PolicyRow{})
	PolicyFields     = cmdutil.JSONFields(sdk.Policy{})
	DetailFields     = append(append([]string{}, PolicyFields...), "requirements", "commission")
	CommissionFields = cmdutil.JSONFields(oas.CommissionPreview{})
)

// Records converts rows of the business list for --json, --jq and --csv.
func Records(rows []sdk.PolicyRow) ([]cmdutil.Record, error) {
	return cmdutil.ToRecords(rows, RowFields)
}

// DetailRecord converts a policy with its requirements and commission for --json, --jq and
// --csv, and for the "field:<TAB>value" lines of a pipe.
func DetailRecord(d *sdk.PolicyDetail) (cmdutil.Record, error) {
	rec, err := cmdutil.ToRecord(&d.Policy, PolicyFields)
	if err != nil {
		return nil, err
	}
	reqs, err := cmdutil.ToRecords(d.Requirements, cmdutil.JSONFields(oas.Requirement{}))
	if err != nil {
		return nil, err
	}
	rec["requirements"] = toAny(reqs)
	if rec["commission"], err = cmdutil.ToRecord(&d.Commission, CommissionFields); err != nil {
		return nil, err
	}
	return rec, nil
}

// toAny turns records into a JSON array value, as a decoded JSON record holds one.
func toAny(recs []cmdutil.Record) []any {
	out := make([]any, len(recs))
	for i, r := range recs {
		out[i] = map[string]any(r)
	}
	return out
}

// StatusColor colours a policy status: Pending plain, Action Required yellow, Ready To Pay
// and Approved green, Archived gray.
func StatusColor(cs *iostreams.ColorScheme, s string) string {
	switch oas.PolicyStatus(strings.TrimSpace(s)) {
	case oas.PolicyStatusActionRequired:
		return cs.Yellow(s)
	case oas.PolicyStatusReadyToPay, oas.PolicyStatusApproved:
		return cs.Green(s)
	case oas.PolicyStatusArchived:
		return cs.Gray(s)
	}
	return s
}

// Writers is "AGT100" or, for a split, "AGT100 + SPL200".
func Writers(r *sdk.PolicyRow) string {
	if code, ok := r.SplitCode.Get(); ok {
		return r.WriterCode + " + " + code
	}
	return r.WriterCode
}

func day(d oas.OptDate, format func(time.Time) string) string {
	if v, ok := d.Get(); ok {
		return format(v)
	}
	return ""
}

// TSVColumns are the columns of `business list` when piped, in order (documented in
// docs/cli.md): the contract's raw values, money in cents.
var TSVColumns = []string{"id", "policy_number", "status", "client_name", "writer_code", "split_code", "provider_name",
	"product_name", "face_amount_cents", "target_premium_cents", "submitted_on", "approved_on", "open_requirements"}

// PrintList prints policies as a table on a terminal, as tab-separated values otherwise.
func PrintList(ios *iostreams.IOStreams, rows []sdk.PolicyRow) error {
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range rows {
			r := &rows[i]
			t.AddRow(strconv.FormatInt(r.ID, 10), r.PolicyNumber, string(r.Status), r.ClientName, r.WriterCode, r.SplitCode.Or(""),
				r.ProviderName, r.ProductName, strconv.FormatInt(r.FaceAmountCents, 10), strconv.FormatInt(r.TargetPremiumCents, 10),
				text.FormatISODate(r.SubmittedOn), day(r.ApprovedOn, text.FormatISODate), strconv.Itoa(r.OpenRequirements))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	t := tableprinter.New(ios, "ID", "NUMBER", "STATUS", "CLIENT", "WRITERS", "PRODUCT", "PREMIUM", "FACE AMOUNT", "SUBMITTED", "OPEN")
	t.SetColumnColor(0, cs.Gray)
	t.SetColumnColor(2, func(s string) string { return StatusColor(cs, s) })
	for i := range rows {
		r := &rows[i]
		open := ""
		if r.OpenRequirements > 0 {
			open = strconv.Itoa(r.OpenRequirements)
		}
		t.AddRow(strconv.FormatInt(r.ID, 10), r.PolicyNumber, string(r.Status), r.ClientName, Writers(r),
			r.ProductName+" · "+r.ProviderName, text.FormatDollars(r.TargetPremiumCents), text.FormatDollars(r.FaceAmountCents),
			text.FormatDate(r.SubmittedOn), open)
	}
	return t.Render()
}

// PrintDetail prints a policy with its writers, status, dates, requirements and commission:
// sections on a terminal, "field:<TAB>value" lines of the contract's fields when piped (the
// requirements and the commission as compact JSON).
func PrintDetail(ios *iostreams.IOStreams, d *sdk.PolicyDetail, now time.Time) error {
	if !ios.IsStdoutTTY() {
		rec, err := DetailRecord(d)
		if err != nil {
			return err
		}
		return cmdutil.PrintFields(ios, rec, DetailFields)
	}
	p := &d.Policy
	cs := ios.ColorScheme()
	out := ios.Out
	fmt.Fprintf(out, "%s %s %s\n", cs.Bold(p.PolicyNumber), StatusColor(cs, string(p.Status)), cs.Gray("#"+strconv.FormatInt(p.ID, 10)))
	fmt.Fprintf(out, "%s\n\n", cs.Gray(fmt.Sprintf("%s · %s · %s / %s · updated %s", p.ProductName, p.ProviderName, p.Category, p.Type,
		text.FuzzyAgo(now, p.UpdatedAt))))
	line := func(label, value string) {
		if value != "" {
			fmt.Fprintf(out, "%-18s%s\n", label+":", value)
		}
	}
	line("Client", fmt.Sprintf("%s (#%d, %s)", p.ClientName, p.ClientID, p.ClientState))
	for i, w := range p.Writers {
		label := "Writer"
		if len(p.Writers) > 1 {
			label = fmt.Sprintf("Writer %d", i+1)
		}
		line(label, fmt.Sprintf("%s (%s) · %s share · BV %s", w.Name, w.Code, text.FormatPercent(w.ShareBp), text.FormatDollars(w.BvCents)))
	}
	if t, ok := p.Trainer.Get(); ok {
		line("Field trainer", fmt.Sprintf("%s (%s)", t.Name, t.Code))
	}
	line("Face amount", text.FormatDollars(p.FaceAmountCents))
	line("Target premium", text.FormatDollars(p.TargetPremiumCents))
	line("Commission rate", text.FormatPercent(p.CommissionRateBp))
	line("BV", text.FormatDollars(p.BvCents))
	line("Submitted", text.FormatDate(p.SubmittedOn))
	line("Issued", day(p.IssuedOn, text.FormatDate))
	line("Approved", day(p.ApprovedOn, text.FormatDate))
	line("Lapsed", day(p.LapsedOn, text.FormatDate))
	if p.CanEdit {
		line("Editable", "yes (portal business edit "+strconv.FormatInt(p.ID, 10)+")")
	}
	if len(p.NextStatuses) > 0 {
		next := make([]string, len(p.NextStatuses))
		for i, s := range p.NextStatuses {
			next[i] = string(s)
		}
		line("Can move to", strings.Join(next, ", "))
	}
	if n := strings.TrimSpace(p.Notes.Or("")); n != "" {
		fmt.Fprintf(out, "\n%s\n%s\n", cs.Bold("Notes"), n)
	}

	fmt.Fprintf(out, "\n%s %s\n", cs.Bold("Requirements"), cs.Gray(fmt.Sprintf("· %d open", p.OpenRequirements)))
	if len(d.Requirements) == 0 {
		fmt.Fprintln(out, cs.Gray("None."))
	} else {
		t := tableprinter.New(ios, "NAME", "STATUS", "DUE")
		t.SetColumnColor(1, func(s string) string {
			if s == string(oas.RequirementStatusOpen) {
				return cs.Yellow(s)
			}
			return s
		})
		for _, r := range d.Requirements {
			t.AddRow(r.Name, string(r.Status), day(r.DueOn, text.FormatDate))
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	fmt.Fprintln(out)
	return PrintCommission(ios, &d.Commission)
}

// CommissionTSVColumns are the columns of a commission preview when piped, one line per
// commission line (documented in docs/cli.md).
var CommissionTSVColumns = []string{"associate_code", "associate_name", "level", "bonus_type", "category", "generation",
	"writer_code", "base_cents", "rate_bp", "amount_cents", "explanation"}

// PrintCommission prints every line of a commission preview with its explanation: a table
// and the explanations numbered below it on a terminal, one tab-separated line per
// commission line when piped.
func PrintCommission(ios *iostreams.IOStreams, c *oas.CommissionPreview) error {
	gen := func(l *oas.CommissionLine) string {
		if g, ok := l.Generation.Get(); ok {
			return strconv.Itoa(g)
		}
		return ""
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range c.Lines {
			l := &c.Lines[i]
			t.AddRow(l.AssociateCode, l.AssociateName, l.Level, string(l.BonusType), string(l.Category), gen(l), l.WriterCode.Or(""),
				strconv.FormatInt(l.BaseCents, 10), strconv.Itoa(l.RateBp), strconv.FormatInt(l.AmountCents, 10), l.Explanation)
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	out := ios.Out
	fmt.Fprintf(out, "%s %s\n", cs.Bold("Commission"), cs.Gray(fmt.Sprintf("· as of %s · commissionable %s · total %s",
		text.FormatDate(c.AsOf), text.FormatDollars(c.CommissionableCents), text.FormatDollars(c.TotalCents))))
	if len(c.Lines) == 0 {
		fmt.Fprintln(out, cs.Gray("No commission lines."))
		return nil
	}
	t := tableprinter.New(ios, "#", "ASSOCIATE", "LEVEL", "TYPE", "GEN", "BASE", "RATE", "AMOUNT")
	t.SetColumnColor(0, cs.Gray)
	for i := range c.Lines {
		l := &c.Lines[i]
		t.AddRow(strconv.Itoa(i+1), fmt.Sprintf("%s (%s)", l.AssociateName, l.AssociateCode), l.Level, string(l.BonusType), gen(l),
			text.FormatDollars(l.BaseCents), text.FormatPercent(l.RateBp), text.FormatDollars(l.AmountCents))
	}
	if err := t.Render(); err != nil {
		return err
	}
	width := max(ios.TerminalWidth()-4, 40)
	for i := range c.Lines {
		for j, w := range text.Wrap(c.Lines[i].Explanation, width) {
			prefix := "    "
			if j == 0 {
				prefix = fmt.Sprintf("%3d ", i+1)
			}
			fmt.Fprintln(out, cs.Gray(prefix)+w)
		}
	}
	return nil
}

// PrintSaved reports a created, updated or moved policy: the policy with
// --json/--jq/--csv, a confirmation on a terminal, the ID alone when piped.
func PrintSaved(ios *iostreams.IOStreams, e *cmdutil.Exporter, p *sdk.Policy, verb string) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(p, PolicyFields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if ios.IsStdoutTTY() {
		cs := ios.ColorScheme()
		_, err := fmt.Fprintf(ios.Out, "%s %s policy %s %s · %s\n", cs.SuccessIcon(), verb, cs.Bold(p.PolicyNumber),
			cs.Gray(fmt.Sprintf("#%d", p.ID)), StatusColor(cs, string(p.Status)))
		return err
	}
	_, err := fmt.Fprintln(ios.Out, p.ID)
	return err
}
