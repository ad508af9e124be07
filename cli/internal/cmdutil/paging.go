package cmdutil

import (
	"fmt"
	"iter"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Paging holds --limit, --page and --all, the paging flags of every list command.
type Paging struct {
	Limit int
	Page  int
	All   bool
}

// AddPagingFlags adds --limit (-L), --page and --all to cmd.
func AddPagingFlags(cmd *cobra.Command, p *Paging) {
	cmd.Flags().IntVarP(&p.Limit, "limit", "L", sdk.DefaultLimit, "Rows per page (1-1000)")
	cmd.Flags().IntVar(&p.Page, "page", 1, "Page `number` to show")
	cmd.Flags().BoolVar(&p.All, "all", false, "List every page")
}

// Validate checks the paging flags of cmd; call it before any request.
func (p *Paging) Validate(cmd *cobra.Command) error {
	if p.Limit < 1 || p.Limit > 1000 {
		return FlagErrorf("--limit must be between 1 and 1000")
	}
	if p.Page < 1 {
		return FlagErrorf("--page must be 1 or more")
	}
	if p.All && cmd.Flags().Changed("page") {
		return FlagErrorf("--page and --all cannot be combined")
	}
	return nil
}

// Params returns the limit and page of the list request the flags ask for; the page is left
// unset on the first one.
func (p Paging) Params() (limit, page oas.OptInt) {
	limit = oas.NewOptInt(p.Limit)
	if p.Page > 1 {
		page = oas.NewOptInt(p.Page)
	}
	return limit, page
}

// FetchRows gets the rows the paging flags ask for: with --all every row that all yields
// (an SDK iterator, which follows next_cursor), otherwise the one page that page answers,
// cut to --limit; more reports the extra row the contract's lists add when another page
// exists.
func FetchRows[T any](p Paging, all func() iter.Seq2[T, error], page func() ([]T, error)) (rows []T, more bool, err error) {
	if p.All {
		for r, err := range all() {
			if err != nil {
				return nil, false, err
			}
			rows = append(rows, r)
		}
		return rows, false, nil
	}
	rows, err = page()
	if err != nil {
		return nil, false, sdk.Wrap(err)
	}
	if len(rows) > p.Limit { // the extra row only says that another page exists
		rows, more = rows[:p.Limit], true
	}
	return rows, more, nil
}

// PrintFooter says on a terminal which rows are shown and how to get more:
// "Showing 101–200; more on --page 3, or use --all".
func (p Paging) PrintFooter(ios *iostreams.IOStreams, shown int, more bool) {
	if !ios.IsStdoutTTY() || shown == 0 {
		return
	}
	cs := ios.ColorScheme()
	first := (p.Page-1)*p.Limit + 1
	if p.All {
		first = 1
	}
	msg := fmt.Sprintf("Showing %d–%d", first, first+shown-1)
	if more {
		msg += fmt.Sprintf("; more on --page %d, or use --all", p.Page+1)
	}
	fmt.Fprintln(ios.ErrOut, cs.Gray(msg))
}

// WriteList prints a fetched page of a list: through --json/--jq/--csv when one is asked
// for, otherwise as the table with the paging footer, or the none message on a terminal
// when there are no rows.
func WriteList[T any](ios *iostreams.IOStreams, exp *Exporter, paging Paging, rows []T, more bool, none string,
	records func([]T) ([]Record, error), print func(*iostreams.IOStreams, []T) error) error {
	if exp.Enabled() {
		recs, err := records(rows)
		if err != nil {
			return err
		}
		return exp.Write(ios, recs)
	}
	if len(rows) == 0 {
		if ios.IsStdoutTTY() {
			fmt.Fprintln(ios.ErrOut, none)
		}
		return nil
	}
	if err := print(ios, rows); err != nil {
		return err
	}
	paging.PrintFooter(ios, len(rows), more)
	return nil
}
