package shared

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// DecisionOptions are the inputs of approve, reject and request-info: the account and the
// decision sent for it.
type DecisionOptions struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	ID       int64
	Decision oas.PayoutDecision
}

// DecisionArgs reads the one argument of a decision: the account's ID.
var DecisionArgs = cmdutil.ExactID("payout account")

// MaxNote is the contract's limit of a decision's note, in characters.
const MaxNote = 1000

// ReasonHelp lists the rejection reasons as --reason takes them, for the help.
func ReasonHelp() string {
	squash := strings.NewReplacer(" ", "-")
	out := make([]string, len(Reasons))
	for i, r := range Reasons {
		out[i] = strings.ToLower(squash.Replace(string(r)))
	}
	return strings.Join(out, ", ")
}

// ParseReason reads --reason: one of Reasons in any case, its words apart, run together or
// joined by dashes ("invalid-supporting-document").
func ParseReason(s string) (oas.RejectionReason, error) {
	if strings.TrimSpace(s) == "" {
		return "", cmdutil.FlagErrorf("--reason is required: one of %s", cmdutil.EnumList(Reasons))
	}
	return cmdutil.ParseEnum("--reason", strings.TrimSpace(s), Reasons)
}

// Note checks the note of a decision: at most MaxNote characters, and not blank when
// required (why says what it must say).
func Note(note string, required bool, why string) (oas.OptString, error) {
	if strings.TrimSpace(note) == "" {
		if required {
			return oas.OptString{}, cmdutil.FlagErrorf("--note is required: %s", why)
		}
		return oas.OptString{}, nil
	}
	if n := utf8.RuneCountInString(note); n > MaxNote {
		return oas.OptString{}, cmdutil.FlagErrorf("--note is %d characters long; at most %d", n, MaxNote)
	}
	return oas.NewOptString(note), nil
}

// RunDecision sends the decision and prints the account as it is now.
func RunDecision(ctx context.Context, opts *DecisionOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.DecidePayoutAccount(ctx, &opts.Decision, oas.DecidePayoutAccountParams{ID: opts.ID})
	if err != nil {
		return sdk.Wrap(err)
	}
	a := &res.Response
	if err := ResolveDocument(client, a); err != nil {
		return err
	}
	return PrintDecided(opts.IO, opts.Exporter, a)
}

// PrintDecided prints an account after a decision: on a terminal a line with its new
// status (and what happens next when it waits for its owner or the associate), piped the
// new status alone, or the account through --json, --jq and --csv.
func PrintDecided(ios *iostreams.IOStreams, e *cmdutil.Exporter, a *oas.PayoutAccount) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(a, Fields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if !ios.IsStdoutTTY() {
		_, err := fmt.Fprintln(ios.Out, a.Status)
		return err
	}
	cs := ios.ColorScheme()
	who := Associate(a)
	if who != "" {
		who += ", "
	}
	fmt.Fprintf(ios.Out, "%s Payout account %d (%s%s): %s\n", cs.SuccessIcon(), a.ID, who, Masked(a.AccountLast4),
		StatusColor(cs, string(a.Status)))
	switch a.Status {
	case oas.PayoutStatusPendingForOwner:
		fmt.Fprintf(ios.Out, "  The owner, %s, is mailed a link to approve it.\n", Owner(a))
	case oas.PayoutStatusPendingForAssociate, oas.PayoutStatusRejectedByAdmin:
		fmt.Fprintln(ios.Out, "  The associate is mailed; a change sends it to staff again.")
	case oas.PayoutStatusApproved:
		if a.Active {
			fmt.Fprintln(ios.Out, "  It is now the account in use.")
		}
	}
	return nil
}
