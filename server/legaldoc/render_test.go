package legaldoc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/associateportal/portal/server/errs"
)

func readSVG(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sampleDoc() Document {
	return Document{
		Title:     "Independent Associate Agreement",
		Version:   "2026-01",
		Body:      "This agreement is between the Company and the Associate named below.\n\nThe Associate agrees to the terms.",
		Signer:    "José Ñúñez",
		Code:      "A-10442",
		SignedAt:  time.Date(2026, 1, 15, 10, 4, 5, 0, time.FixedZone("EST", -5*3600)),
		IP:        "203.0.113.7",
		UserAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
	}
}

// pages is the text of each page of a PDF rendered without compression: the literal
// strings shown with Tj, decoded from UTF-16BE (the encoding fpdf uses with UTF-8
// fonts), one line per string.
func pages(t *testing.T, pdf []byte) []string {
	t.Helper()
	var out []string
	for _, m := range regexp.MustCompile(`(?s)stream\n(.*?)\nendstream`).FindAllSubmatch(pdf, -1) {
		content := m[1]
		if !bytes.Contains(content, []byte("BT ")) || !bytes.Contains(content, []byte(")Tj")) {
			continue // a font or another binary stream
		}
		var lines []string
		for _, s := range pdfStrings(content) {
			lines = append(lines, decodeUTF16(t, s))
		}
		out = append(out, strings.Join(lines, "\n"))
	}
	return out
}

// pdfStrings finds the literal strings "(…)" followed by Tj, unescaped.
func pdfStrings(content []byte) [][]byte {
	var out [][]byte
	for i := 0; i < len(content); i++ {
		if content[i] != '(' {
			continue
		}
		var s []byte
		depth := 1
		j := i + 1
		for ; j < len(content) && depth > 0; j++ {
			c := content[j]
			switch {
			case c == '\\' && j+1 < len(content):
				j++
				switch e := content[j]; e {
				case 'n':
					s = append(s, '\n')
				case 'r':
					s = append(s, '\r')
				case 't':
					s = append(s, '\t')
				case 'b':
					s = append(s, '\b')
				case 'f':
					s = append(s, '\f')
				default:
					if e >= '0' && e <= '7' {
						v, k := 0, 0
						for ; k < 3 && j+k < len(content) && content[j+k] >= '0' && content[j+k] <= '7'; k++ {
							v = v*8 + int(content[j+k]-'0')
						}
						j += k - 1
						s = append(s, byte(v))
					} else {
						s = append(s, e)
					}
				}
			case c == '(':
				depth++
				s = append(s, c)
			case c == ')':
				depth--
				if depth > 0 {
					s = append(s, c)
				}
			default:
				s = append(s, c)
			}
		}
		if bytes.HasPrefix(content[j:], []byte("Tj")) {
			out = append(out, s)
		}
		i = j - 1
	}
	return out
}

func decodeUTF16(t *testing.T, b []byte) string {
	t.Helper()
	if len(b)%2 != 0 {
		t.Fatalf("odd UTF-16 string %q", b)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.BigEndian.Uint16(b[2*i:])
	}
	return string(utf16.Decode(u))
}

func renderPlain(t *testing.T, d Document, sig []byte) (raw []byte, text []string) {
	t.Helper()
	raw, err := render(d, sig, options{uncompressed: true})
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	return raw, pages(t, raw)
}

func TestRenderStampsWhatWasSigned(t *testing.T) {
	d := sampleDoc()
	raw, text := renderPlain(t, d, readSVG(t, "pad-absolute.svg"))
	if !bytes.HasPrefix(raw, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", raw[:min(20, len(raw))])
	}
	if len(text) != 1 {
		t.Fatalf("got %d pages, want 1", len(text))
	}
	fp := Fingerprint(d.Title, d.Version, d.Body)
	all := text[0]
	for _, want := range []string{
		"Independent Associate Agreement",
		"Version 2026-01",
		"This agreement is between the Company and the Associate named below.",
		"The Associate agrees to the terms.",
		"José Ñúñez",
		"José Ñúñez (associate A-10442)",
		"2026-01-15T15:04:05Z (UTC)", // the stamp is in UTC whatever the zone given
		"203.0.113.7",
		fp,
		"Mozilla/5.0 (X11; Linux x86_64)",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("page text lacks %q:\n%s", want, all)
		}
	}
	footer := "Signed 2026-01-15T15:04:05Z from 203.0.113.7 · SHA-256 " + fp + " · page 1 of 1"
	if !strings.Contains(strings.ReplaceAll(all, "\n", " "), footer) {
		t.Errorf("page text lacks the footer %q:\n%s", footer, all)
	}
}

func TestRenderIsDeterministicAndCompressed(t *testing.T) {
	d := sampleDoc()
	sig := readSVG(t, "pad-absolute.svg")
	first, err := Render(d, sig)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		again, err := Render(d, sig)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatalf("render %d differs from the first", i+2)
		}
	}
	if !bytes.HasPrefix(first, []byte("%PDF-")) {
		t.Fatal("not a PDF")
	}
	for _, want := range []string{"/Filter /FlateDecode", "/CreationDate (D:20260115150405)", "/ModDate (D:20260115150405)", "/Producer (" + Producer + ")"} {
		if !bytes.Contains(first, []byte(want)) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	plain, _ := renderPlain(t, d, sig)
	if len(first) >= len(plain) {
		t.Errorf("compressed %d bytes, uncompressed %d: compression is off", len(first), len(plain))
	}
	if bytes.Contains(first, []byte(") Tj")) || bytes.Contains(first, []byte(")Tj")) {
		t.Error("the compressed PDF has text operators in the clear")
	}
}

func TestRenderLongBodyRunsOverPages(t *testing.T) {
	d := sampleDoc()
	var body []string
	for i := range 60 {
		body = append(body, fmt.Sprintf("%d. The Associate shall keep the records of every sale for seven years and show them to the Company on request, at the Company's expense, within thirty days.", i+1))
	}
	d.Body = strings.Join(body, "\n\n")
	_, text := renderPlain(t, d, readSVG(t, "pad-relative.svg"))
	n := len(text)
	if n < 3 {
		t.Fatalf("got %d pages for a long body, want at least 3", n)
	}
	fp := Fingerprint(d.Title, d.Version, d.Body)
	for i, page := range text {
		flat := strings.ReplaceAll(page, "\n", " ")
		footer := fmt.Sprintf("Signed 2026-01-15T15:04:05Z from 203.0.113.7 · SHA-256 %s · page %d of %d", fp, i+1, n)
		if !strings.Contains(flat, footer) {
			t.Errorf("page %d lacks the footer %q:\n%s", i+1, footer, page)
		}
		if i > 0 && !strings.Contains(page, "Independent Associate Agreement · version 2026-01") {
			t.Errorf("page %d lacks the running header", i+1)
		}
		if got := strings.Contains(page, "Signature record"); got != (i == n-1) {
			t.Errorf("page %d has the stamp: %v, want %v", i+1, got, i == n-1)
		}
	}
	if !strings.Contains(text[0], "1. The Associate shall") || !strings.Contains(text[n-1], "60. The Associate shall") {
		t.Error("the body does not run from the first page to the last")
	}
}

func TestRenderUnicode(t *testing.T) {
	d := sampleDoc()
	d.Signer = "Zoë Ñúñez-Lévesque"
	d.Title = "Entente de l'associé indépendant"
	d.Body = "L'associé reconnaît avoir lu « l'entente » et l'accepte. Ça va, Œuvre, naïveté, façade.\n\n" +
		"Señor José (decomposed: Jose\u0301) signs — “quoted” — at 5 ‰.\n\n" +
		"Beyond the font: 漢字 and an emoji 😀 and a control\u0007 character. Braces stay: {nb}."
	raw, text := renderPlain(t, d, readSVG(t, "pad-absolute.svg"))
	all := strings.Join(text, "\n")
	for _, want := range []string{
		"Entente de l'associé indépendant",
		"Zoë Ñúñez-Lévesque",
		"« l'entente »",
		"Ça va, Œuvre, naïveté, façade.",
		"(decomposed: José)",
		"“quoted”",
		"\uFFFD\uFFFD and an emoji \uFFFD and a control character. Braces stay: {nb}.",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("page text lacks %q:\n%s", want, all)
		}
	}
	// The glyphs are embedded: the text is drawn with the Go fonts, not a core font
	// that would print "Ã©" for "é".
	for _, want := range []string{"/FontFile2", "/ToUnicode", "/Subtype /Type0"} {
		if !bytes.Contains(raw, []byte(want)) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	// The fingerprint covers the text as given, not as printed.
	if !strings.Contains(all, Fingerprint(d.Title, d.Version, d.Body)) {
		t.Error("the fingerprint of the original text is not printed")
	}
}

func TestRenderSignatureForms(t *testing.T) {
	for _, name := range []string{"pad-absolute.svg", "pad-relative.svg", "freehand-filled.svg"} {
		t.Run(name, func(t *testing.T) {
			raw, _ := renderPlain(t, sampleDoc(), readSVG(t, name))
			// The signature is drawn as Bézier curves or lines inside a clip.
			if !bytes.Contains(raw, []byte(" re W n")) {
				t.Error("no clipping rectangle for the signature")
			}
			if !bytes.Contains(raw, []byte(" c\n")) && !bytes.Contains(raw, []byte(" l\n")) {
				t.Error("no curves or lines drawn")
			}
		})
	}
}

func TestRenderRefuses(t *testing.T) {
	good := readSVG(t, "pad-absolute.svg")
	tests := []struct {
		name  string
		edit  func(*Document)
		sig   string
		field string
	}{
		{name: "no signature", sig: "", field: "signature"},
		{name: "blank signature", sig: " \n ", field: "signature"},
		{name: "not XML", sig: "M 0 0 L 10 10", field: "signature"},
		{name: "not SVG", sig: `<html><path d="M0 0L1 1"/></html>`, field: "signature"},
		{name: "truncated", sig: `<svg viewBox="0 0 10 10"><path d="M0 0L1 1"/>`, field: "signature"},
		{name: "no strokes", sig: `<svg viewBox="0 0 10 10"></svg>`, field: "signature"},
		{name: "only moves", sig: `<svg viewBox="0 0 10 10"><path d="M0 0 M5 5" stroke="black"/></svg>`, field: "signature"},
		{name: "two roots", sig: `<svg viewBox="0 0 10 10"><path d="M0 0L5 5" stroke="black"/></svg><svg/>`, field: "signature"},
		{name: "only invisible strokes", sig: `<svg viewBox="0 0 10 10"><path d="M0 0L5 5" fill="none"/></svg>`, field: "signature"},
		{name: "bad path", sig: `<svg viewBox="0 0 10 10"><path d="M0 0 L 5 x" stroke="black"/></svg>`, field: "signature"},
		{name: "unknown command", sig: `<svg viewBox="0 0 10 10"><path d="M0 0 B 5 5" stroke="black"/></svg>`, field: "signature"},
		{name: "path without a move", sig: `<svg viewBox="0 0 10 10"><path d="L 5 5" stroke="black"/></svg>`, field: "signature"},
		{name: "missing argument", sig: `<svg viewBox="0 0 10 10"><path d="M0 0 C 1 1 2 2 3" stroke="black"/></svg>`, field: "signature"},
		{name: "number out of range", sig: `<svg viewBox="0 0 10 10"><path d="M0 0 L 1e999 5" stroke="black"/></svg>`, field: "signature"},
		{name: "bad viewBox", sig: `<svg viewBox="0 0 0 10"><path d="M0 0L5 5" stroke="black"/></svg>`, field: "signature"},
		{name: "bad transform", sig: `<svg viewBox="0 0 10 10"><path d="M0 0L5 5" stroke="black" transform="spin(3)"/></svg>`, field: "signature"},
		{name: "DOCTYPE", sig: `<!DOCTYPE svg [<!ENTITY x "y">]><svg viewBox="0 0 10 10"><path d="M0 0L5 5" stroke="black"/></svg>`, field: "signature"},
		{name: "no title", edit: func(d *Document) { d.Title = " " }, field: "title"},
		{name: "no signer", edit: func(d *Document) { d.Signer = "" }, field: "signer"},
		{name: "no time", edit: func(d *Document) { d.SignedAt = time.Time{} }, field: "signedAt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := sampleDoc()
			sig := []byte(tt.sig)
			if tt.edit != nil {
				tt.edit(&d)
				sig = good
			}
			out, err := Render(d, sig)
			if err == nil {
				t.Fatalf("Render succeeded (%d bytes), want an error", len(out))
			}
			if !errs.Is(err, errs.Invalid) {
				t.Fatalf("error %v is not Invalid", err)
			}
			e := errs.As(err)
			if len(e.Fields) != 1 || e.Fields[0].Field != tt.field {
				t.Fatalf("fields %+v, want one on %q", e.Fields, tt.field)
			}
			if msg := e.Fields[0].Message; msg == "" || strings.ToUpper(msg[:1]) != msg[:1] {
				t.Errorf("message %q is not a sentence", msg)
			}
		})
	}
}

// A nil signature is the most likely mistake of a caller.
func TestRenderNilSignature(t *testing.T) {
	if _, err := Render(sampleDoc(), nil); !errs.Is(err, errs.Invalid) {
		t.Fatalf("Render(nil signature) = %v, want an Invalid error", err)
	}
}
