// Package shared holds what the help centre commands share: reading an article's slug and
// showing Markdown on a terminal.
package shared

import (
	"fmt"
	"os"
	"strings"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// ParseSlug checks an article's slug as the contract declares it (cmdutil.ParseSlug). The
// error is a *cmdutil.FlagError.
func ParseSlug(s string) (string, error) {
	return cmdutil.ParseSlug("help article", "advances-and-escrow", s)
}

// MaxWidth is the widest a rendered article is wrapped, however wide the terminal: longer
// lines are hard to read.
const MaxWidth = 100

// MarkdownStyle is the glamour style of an article on the terminal of ios: "notty" (layout
// without escape codes) when colour is off, else GLAMOUR_STYLE when set, else "light" or
// "dark" after the terminal's background (dark when it cannot be asked).
func MarkdownStyle(ios *iostreams.IOStreams) string {
	if !ios.ColorEnabled() {
		return styles.NoTTYStyle
	}
	if s := os.Getenv("GLAMOUR_STYLE"); s != "" {
		return s
	}
	in, inOK := ios.In.(*os.File)
	out, outOK := ios.Out.(*os.File)
	if inOK && outOK && !lipgloss.HasDarkBackground(in, out) {
		return styles.LightStyle
	}
	return styles.DarkStyle
}

// RenderMarkdown renders md for the terminal of ios in style (MarkdownStyle), wrapped to
// the terminal's width (at most MaxWidth), its colours brought down to what the terminal
// shows; without colour, the layout alone.
func RenderMarkdown(ios *iostreams.IOStreams, md, style string) (string, error) {
	width := min(ios.TerminalWidth(), MaxWidth)
	r, err := glamour.NewTermRenderer(glamour.WithStylePath(style), glamour.WithWordWrap(width))
	if err != nil {
		return "", fmt.Errorf("rendering the article: %w", err)
	}
	s, err := r.Render(md)
	if err != nil {
		return "", fmt.Errorf("rendering the article: %w", err)
	}
	if !ios.ColorEnabled() {
		// No escape code at all (glamour writes links as OSC 8 hyperlinks in any style), and
		// no padding at the ends of lines.
		lines := strings.Split(ansi.Strip(s), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " ")
		}
		return strings.Join(lines, "\n"), nil
	}
	var b strings.Builder
	w := colorprofile.NewWriter(&b, os.Environ())
	w.Profile = colorProfile(ios)
	if _, err := w.WriteString(s); err != nil {
		return "", err
	}
	return b.String(), nil
}

// colorProfile is the colours the terminal of ios shows: detected from the terminal and
// the environment, every colour when standard output is not a file (tests).
func colorProfile(ios *iostreams.IOStreams) colorprofile.Profile {
	if f, ok := ios.Out.(*os.File); ok {
		if p := colorprofile.Detect(f, os.Environ()); p > colorprofile.NoTTY {
			return p
		}
		return colorprofile.ANSI
	}
	return colorprofile.TrueColor
}
