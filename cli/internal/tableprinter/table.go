// Package tableprinter prints rows as an aligned table on a terminal (header, columns fitted
// to the width) and as tab-separated values, without a header, when the output is piped.
package tableprinter

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

// Table collects rows and prints them.
type Table struct {
	out     io.Writer
	isTTY   bool
	width   int
	cs      *iostreams.ColorScheme
	header  []string
	rows    [][]string
	colorFn []func(string) string
	whole   []bool
}

// New returns a table over ios's standard output with the given column names.
func New(ios *iostreams.IOStreams, header ...string) *Table {
	return &Table{out: ios.Out, isTTY: ios.IsStdoutTTY(), width: ios.TerminalWidth(), cs: ios.ColorScheme(), header: header}
}

// AddRow adds a row of cells.
func (t *Table) AddRow(cells ...string) { t.rows = append(t.rows, cells) }

// SetColumnColor colours column i on a terminal.
func (t *Table) SetColumnColor(i int, fn func(string) string) {
	for len(t.colorFn) <= i {
		t.colorFn = append(t.colorFn, nil)
	}
	t.colorFn[i] = fn
}

// KeepWhole keeps column i whole on a terminal: when the table is wider than the terminal,
// the other columns are cut (a slug that is typed again must not be).
func (t *Table) KeepWhole(i int) {
	for len(t.whole) <= i {
		t.whole = append(t.whole, false)
	}
	t.whole[i] = true
}

// Render prints the table.
func (t *Table) Render() error {
	if !t.isTTY {
		for _, r := range t.rows {
			clean := make([]string, len(r))
			for i, c := range r {
				clean[i] = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(c)
			}
			if _, err := fmt.Fprintln(t.out, strings.Join(clean, "\t")); err != nil {
				return err
			}
		}
		return nil
	}
	const gap = 2
	n := len(t.header)
	widths := make([]int, n)
	for i, h := range t.header {
		widths[i] = ansi.StringWidth(h)
	}
	for _, r := range t.rows {
		for i := 0; i < n && i < len(r); i++ {
			widths[i] = max(widths[i], ansi.StringWidth(r[i]))
		}
	}
	fit(widths, t.whole, t.width-gap*(n-1))

	line := func(cells []string, style func(int, string) string) error {
		var b strings.Builder
		for i := 0; i < n; i++ {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			c = ansi.Truncate(c, widths[i], "…")
			pad := widths[i] - ansi.StringWidth(c)
			c = style(i, c)
			b.WriteString(c)
			if i < n-1 {
				b.WriteString(strings.Repeat(" ", pad+gap))
			}
		}
		_, err := fmt.Fprintln(t.out, strings.TrimRight(b.String(), " "))
		return err
	}
	if err := line(t.header, func(_ int, s string) string { return t.cs.Bold(s) }); err != nil {
		return err
	}
	for _, r := range t.rows {
		if err := line(r, func(i int, s string) string {
			if i < len(t.colorFn) && t.colorFn[i] != nil {
				return t.colorFn[i](s)
			}
			return s
		}); err != nil {
			return err
		}
	}
	return nil
}

// fit shrinks the widest columns, but those kept whole, until the sum of widths fits total
// (never below 5 columns).
func fit(widths []int, whole []bool, total int) {
	sum := 0
	for _, w := range widths {
		sum += w
	}
	for sum > total {
		widest := -1
		for i, w := range widths {
			if i < len(whole) && whole[i] {
				continue
			}
			if widest < 0 || w > widths[widest] {
				widest = i
			}
		}
		if widest < 0 || widths[widest] <= 5 {
			return
		}
		widths[widest]--
		sum--
	}
}
