package legaldoc

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"
)

// The PDF is set in the Go fonts (golang.org/x/image/font/gofont), embedded as subsets
// with fpdf's UTF-8 support: they cover Latin (every accent of French, Spanish,
// Portuguese…), Greek and Cyrillic. fpdf panics on characters beyond the Basic
// Multilingual Plane and draws nothing for characters the font lacks, so printable
// replaces those with a visible mark instead.

// glyphs answers whether Go Regular has a glyph for a rune (Go Bold and Go Mono cover the
// same characters).
var glyphs = sync.OnceValue(func() func(rune) bool {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		return func(r rune) bool { return r < 0x80 }
	}
	return func(r rune) bool {
		var buf sfnt.Buffer
		i, err := f.GlyphIndex(&buf, r)
		return err == nil && i != 0
	}
})

// missing stands for a character the font cannot draw.
var missing = sync.OnceValue(func() rune {
	if glyphs()('\uFFFD') {
		return '\uFFFD'
	}
	return '?'
})

// printable prepares text for the PDF: composed (NFC, so "e" + U+0301 prints as "é"),
// line ends as "\n", no-break spaces as U+00A0 (fpdf breaks lines only at U+0020),
// tabs and other spaces as spaces, control and format characters
// dropped, and characters the font lacks shown as U+FFFD. The fingerprint is computed
// over the original text, never over this.
func printable(s string) string {
	s = norm.NFC.String(s)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	has := glyphs()
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteString("    ")
		case r == '\u00A0' || r == '\u202F' || r == '\u2007':
			b.WriteRune('\u00A0') // no line break here (« guillemets », 10 000 $)
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
		case r > 0xFFFF || !has(r):
			b.WriteRune(missing())
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// oneLine is printable text on one line, at most max runes (an ellipsis marks the cut).
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(printable(s)), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

// paragraphs splits a body into paragraphs at blank lines; single line breaks inside a
// paragraph are kept.
func paragraphs(body string) []string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, "\n"))
			cur = nil
		}
	}
	for _, line := range strings.Split(printable(body), "\n") {
		line = strings.TrimRight(line, " ")
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		cur = append(cur, line)
	}
	flush()
	return out
}
