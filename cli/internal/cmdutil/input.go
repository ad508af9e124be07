package cmdutil

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/associateportal/portal/cli/internal/text"
)

// The input flags of create and edit commands: only the flags given on the command line
// change a field, so an edit keeps what it is not told; the values are checked here, before
// any request, and a bad one is a *FlagError naming its flag.

// ChangedFlags records which flags of a command were given (flag name → true).
type ChangedFlags map[string]bool

// Changed returns the flags of fs given on the command line; call it in RunE.
func Changed(fs *pflag.FlagSet) ChangedFlags {
	c := ChangedFlags{}
	fs.Visit(func(f *pflag.Flag) { c[f.Name] = true })
	return c
}

// Any reports whether one of names was given.
func (c ChangedFlags) Any(names ...string) bool {
	for _, n := range names {
		if c[n] {
			return true
		}
	}
	return false
}

// ParseDay reads the YYYY-MM-DD value of flag as a date (midnight UTC).
func ParseDay(flag, s string) (time.Time, error) {
	d, err := time.Parse("2006-01-02", strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, FlagErrorf("invalid %s %q: expected YYYY-MM-DD, e.g. 2026-01-31", flag, s)
	}
	return d, nil
}

// FirstYear is the first year a month flag takes: the portal holds nothing older.
const FirstYear = 2000

// ParseMonth reads the YYYY-MM value of flag as the first day of that month (midnight UTC);
// a month before FirstYear is refused.
func ParseMonth(flag, s string) (time.Time, error) {
	m, err := time.Parse("2006-01", strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, FlagErrorf("invalid %s %q: expected YYYY-MM, e.g. 2026-11", flag, s)
	}
	if m.Year() < FirstYear {
		return time.Time{}, FlagErrorf("invalid %s %q: expected a month from %d-01 on", flag, s, FirstYear)
	}
	return m, nil
}

// ParseDollarsFlag reads the amount of dollars of flag ("1234.56", "$1,234.5") as integer
// cents, never through a float.
func ParseDollarsFlag(flag, s string) (int64, error) {
	cents, err := text.ParseDollars(s)
	if err != nil {
		return 0, FlagErrorf("%s: %v", flag, err)
	}
	return cents, nil
}

// EnumValue reads the value of flag as one of all, in any case ("pending" is Pending).
func EnumValue[T ~string](flag, v string, all []T) (T, error) {
	v = strings.TrimSpace(v)
	for _, e := range all {
		if strings.EqualFold(string(e), v) {
			return e, nil
		}
	}
	return "", FlagErrorf("invalid %s %q: expected one of %s", flag, v, EnumList(all))
}

// ParseEnum reads s as one of all (what names the kind, for the message) in any case, its
// words apart or run together, with spaces, dashes or underscores: "ready-to-pay",
// "ReadyToPay" and "Ready To Pay" are Ready To Pay.
func ParseEnum[T ~string](what, s string, all []T) (T, error) {
	squash := strings.NewReplacer(" ", "", "-", "", "_", "")
	for _, v := range all {
		if strings.EqualFold(squash.Replace(string(v)), squash.Replace(s)) {
			return v, nil
		}
	}
	return "", FlagErrorf("invalid %s %q: expected one of %s", what, s, EnumList(all))
}

// EnumStrings returns the values of an enum as strings, for completion.
func EnumStrings[T ~string](all []T) []string {
	out := make([]string, len(all))
	for i, e := range all {
		out[i] = string(e)
	}
	return out
}

// EnumList lists the values of an enum for a message or a flag's help; a long one (state
// codes) is cut after eight values.
func EnumList[T ~string](all []T) string {
	s := EnumStrings(all)
	if len(s) > 8 {
		return fmt.Sprintf("%s, … (%d codes)", strings.Join(s[:8], ", "), len(s))
	}
	return strings.Join(s, ", ")
}

// CompleteValues offers values as the completions of flag.
func CompleteValues(cmd *cobra.Command, flag string, values []string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	})
}
