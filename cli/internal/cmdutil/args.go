package cmdutil

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

var fieldList = regexp.MustCompile(`^(\*|[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*)$`)

// ExpandJSONArgs lets --json take its field list as the next word, as in gh:
// "--json id,first_name" becomes "--json=id,first_name". A bare --json (followed by a flag,
// by a word that is not a field list such as an ID, or by nothing) selects all fields.
func ExpandJSONArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if a == "--json" && i+1 < len(args) && fieldList.MatchString(args[i+1]) {
			out = append(out, "--json="+args[i+1])
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}

// NoArgsUnknownCommand is the Args of a command group: a stray word is an unknown
// subcommand (exit 1), not a reason to print help and succeed.
func NoArgsUnknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	return FlagErrorf("unknown command %q for %q", args[0], cmd.CommandPath())
}

// ExactID reads the one ID argument of a command: a positive integer.
func ExactID(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 {
			return FlagErrorf("%s takes one %s ID, got %d arguments", cmd.CommandPath(), what, len(args))
		}
		if _, err := ParseID(args[0]); err != nil {
			return FlagErrorf("invalid %s ID %q: expected a positive integer", what, args[0])
		}
		return nil
	}
}

// ParseID parses a positive integer ID (a leading # is allowed).
func ParseID(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimPrefix(s, "#"), 10, 64)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("invalid ID %q", s)
	}
	return n, nil
}

// codePattern is the contract's pattern of an associate code.
var codePattern = regexp.MustCompile(`^[A-Za-z0-9]{3,16}$`)

// ParseCode reads an associate code argument, in any case (codes are upper case): 3 to 16
// letters and digits, as the contract says. The error is a *FlagError.
func ParseCode(s string) (string, error) {
	s = strings.TrimSpace(s)
	if !codePattern.MatchString(s) {
		return "", FlagErrorf("invalid associate code %q: 3 to 16 letters and digits", s)
	}
	return strings.ToUpper(s), nil
}

// slugPattern is the contract's pattern of a slug (parameter Slug): lower-case letters and
// digits in words joined by single hyphens.
var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// MaxSlug is the contract's longest slug.
const MaxSlug = 100

// ParseSlug checks the slug of a help article, an event… as the contract declares it:
// lower-case letters and digits in words joined by single hyphens, at most MaxSlug
// characters. what names the thing in the error ("help article"), example is a good slug.
// The error is a *FlagError.
func ParseSlug(what, example, s string) (string, error) {
	if !slugPattern.MatchString(s) || len(s) > MaxSlug {
		return "", FlagErrorf("invalid %s slug %q: lower-case letters and digits joined by single hyphens, e.g. %s", what, s, example)
	}
	return s, nil
}
