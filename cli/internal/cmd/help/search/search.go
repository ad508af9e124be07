// Package search implements `portal help search`.
package search

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of a search result, in the contract's order (HelpSearchResult).
var Fields = cmdutil.JSONFields(oas.HelpSearchResult{})

// The contract's bounds of a search.
const (
	MaxQuery     = 200 // characters of q
	DefaultLimit = 20
	MaxLimit     = 100
)

// Options are the inputs of a search.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	// Params is the request built from the words and flags.
	Params oas.SearchHelpParams
}

// NewCmdSearch returns the search command; runF replaces the run in tests.
func NewCmdSearch(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	var limit int
	cmd := &cobra.Command{
		Use:   "search <words>...",
		Short: "Search the help centre",
		Long: `Search the help centre's articles you may read, best match first. The words are
matched in each article's language (English or French), with stemming: "chargeback" finds
"Chargebacks". Quotes, OR and a leading minus work as in a web search; put -- before the
words when one starts with a minus, so that it is not read as a flag.

On a terminal each result shows its title, its slug and category, and the passage that
matched with the matched words highlighted; read an article with portal help view SLUG.
Piped, one tab-separated line per result: slug, title, category, category_name, snippet
(the passage as plain text). No match is not an error: the command says so on standard
error and exits 0. --json, --jq and --csv take the contract's HelpSearchResult fields (the
snippet as its parts, each with match true or false).`,
		Example: `  $ portal help search escrow
  $ portal help search advance escrow --limit 5
  $ portal help search -- '"target premium"' -lapses
  $ portal help search commission --jq '.[].slug'`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := Query(args)
			if err != nil {
				return err
			}
			if limit < 1 || limit > MaxLimit {
				return cmdutil.FlagErrorf("--limit must be between 1 and %d", MaxLimit)
			}
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Params = oas.SearchHelpParams{Q: q, Limit: oas.NewOptInt(limit)}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return searchRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVarP(&limit, "limit", "L", DefaultLimit, fmt.Sprintf("Results at most (1-%d)", MaxLimit))
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

// Query is the search of the words: joined by spaces, at most MaxQuery characters. No
// words, or only spaces, is a *cmdutil.FlagError.
func Query(words []string) (string, error) {
	q := strings.TrimSpace(strings.Join(words, " "))
	if q == "" {
		return "", cmdutil.FlagErrorf("give the words to look for, e.g. portal help search escrow")
	}
	if n := utf8.RuneCountInString(q); n > MaxQuery {
		return "", cmdutil.FlagErrorf("the search is %d characters long; at most %d", n, MaxQuery)
	}
	return q, nil
}

func searchRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.SearchHelp(ctx, opts.Params)
	if err != nil {
		return sdk.Wrap(err)
	}
	return Print(opts.IO, opts.Exporter, opts.Params.Q, res.Response.Data)
}

// Print prints the results of the search q in the format asked for: the machine output of
// the exporter, the results with their highlighted passages on a terminal, tab-separated
// lines when piped; with no results, a message on standard error.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, q string, rs []oas.HelpSearchResult) error {
	if e.Enabled() {
		recs, err := cmdutil.ToRecords(rs, Fields)
		if err != nil {
			return err
		}
		return e.Write(ios, recs)
	}
	if len(rs) == 0 {
		fmt.Fprintf(ios.ErrOut, "No help articles match %q.\n", q)
		return nil
	}
	if !ios.IsStdoutTTY() {
		t := tableprinter.New(ios)
		for i := range rs {
			r := &rs[i]
			t.AddRow(r.Slug, r.Title, r.Category, r.CategoryName, Snippet(r.Snippet, nil))
		}
		return t.Render()
	}
	cs := ios.ColorScheme()
	width := ios.TerminalWidth() - 2
	highlight := func(s string) string { return cs.Bold(cs.Yellow(s)) }
	for i := range rs {
		r := &rs[i]
		if i > 0 {
			fmt.Fprintln(ios.Out)
		}
		fmt.Fprintln(ios.Out, cs.Bold(r.Title))
		fmt.Fprintln(ios.Out, cs.Gray(r.Slug+" · "+r.CategoryName))
		if s := Snippet(r.Snippet, highlight); s != "" {
			for _, line := range strings.Split(ansi.Wordwrap(s, width, ""), "\n") {
				fmt.Fprintln(ios.Out, "  "+line)
			}
		}
	}
	fmt.Fprintln(ios.ErrOut, cs.Gray(fmt.Sprintf("\n%s; read one with portal help view SLUG", results(len(rs)))))
	return nil
}

func results(n int) string {
	if n == 1 {
		return "1 article"
	}
	return fmt.Sprintf("%d articles", n)
}

// Snippet is the passage of a result on one line, every run of white space one space, the
// matched parts passed through highlight (nil: left as they are).
func Snippet(parts []oas.HelpSnippetPart, highlight func(string) string) string {
	var b strings.Builder
	space := false // a space is owed before the next word
	for _, p := range parts {
		var word strings.Builder
		flush := func() {
			if word.Len() == 0 {
				return
			}
			w := word.String()
			if p.Match && highlight != nil {
				w = highlight(w)
			}
			b.WriteString(w)
			word.Reset()
		}
		for _, r := range p.Text {
			if unicode.IsSpace(r) {
				flush()
				space = true
				continue
			}
			if space && b.Len() > 0 && word.Len() == 0 {
				b.WriteByte(' ')
			}
			space = false
			word.WriteRune(r)
		}
		flush()
	}
	return b.String()
}
