// Package legaldoc makes the PDF copy of a legal document an associate signed: the text
// they were shown, their drawn signature, and a stamp of when, from where and over which
// text (its SHA-256 fingerprint) they signed.
package legaldoc

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/associateportal/portal/server/errs"
)

// Document is what was signed.
type Document struct {
	Title     string
	Version   string // e.g. "2026-01"
	Body      string // plain text, paragraphs separated by blank lines
	Signer    string // full name
	Code      string // associate code
	SignedAt  time.Time
	IP        string // address of the signer
	UserAgent string
}

// Producer is the PDF's Producer entry.
const Producer = "Associate Portal"

// Page layout, in millimetres on US Letter (the portal serves the USA and Canada).
const (
	pageW, pageH  = 215.9, 279.4
	marginX       = 22.0
	marginTop     = 20.0
	marginBottom  = 26.0 // the body stops here; the footer sits below
	footerY       = pageH - 17
	contentW      = pageW - 2*marginX
	bodySize      = 10.5
	bodyLine      = 5.3
	paragraphGap  = 2.6
	sigBoxW       = 80.0
	sigBoxH       = 30.0
	stampLabelW   = 30.0
	stampSize     = 8.5
	stampLine     = 4.3
	stampPad      = 4.0
	maxUserAgent  = 400
	maxShortField = 120
)

const (
	fontText = "go"
	fontMono = "gomono"
)

var (
	ink   = rgb{20, 20, 20}
	muted = rgb{100, 100, 100}
	rule  = rgb{190, 190, 190}
	paper = rgb{246, 246, 246}
)

// options are switches for tests.
type options struct {
	uncompressed bool // write content streams as plain text, to search them
}

// Render makes the PDF copy of a signed document: the title and version, the body
// wrapped on US Letter pages, the drawn signature in a signature box, a stamp block on
// the last page, and on every page the footer
// "Signed <RFC 3339 UTC time> from <IP> · SHA-256 <fingerprint> · page i of n".
//
// The fingerprint is Fingerprint(d.Title, d.Version, d.Body); a caller holding the one
// stored at signing should compare the two before rendering. The same input always gives
// the same bytes: the PDF's dates are d.SignedAt.
//
// A signature that cannot be read (see signature.go for what is read) is an errs.Invalid
// error on the field "signature"; so is a missing title, signer or signing time on its
// field. Render never panics.
func Render(d Document, signatureSVG []byte) ([]byte, error) {
	return render(d, signatureSVG, options{})
}

func render(d Document, signatureSVG []byte, o options) (out []byte, err error) {
	var fields errs.Fields
	if strings.TrimSpace(d.Title) == "" {
		fields.Add("title", "The document has no title")
	}
	if strings.TrimSpace(d.Signer) == "" {
		fields.Add("signer", "The signer's name is missing")
	}
	if d.SignedAt.IsZero() {
		fields.Add("signedAt", "The signing time is missing")
	}
	sig, sigErr := parseSignature(signatureSVG)
	if sigErr != nil {
		msg := strings.TrimPrefix(sigErr.Error(), errSignature.Error()+": ")
		fields.Add("signature", "%s", strings.ToUpper(msg[:1])+msg[1:])
	}
	if err := fields.Err(); err != nil {
		e := errs.As(err)
		e.Err = sigErr
		return nil, e
	}

	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("legaldoc: rendering %q failed: %v", d.Title, r)
		}
	}()
	// Two passes: the first counts the pages for the footers' "page i of n". (fpdf's
	// page-count alias would also replace that alias in the signed text.)
	first := newLayout(d, o, 0)
	first.build(sig)
	if err := first.pdf.Error(); err != nil {
		return nil, fmt.Errorf("legaldoc: rendering %q: %w", d.Title, err)
	}
	l := newLayout(d, o, first.pdf.PageCount())
	l.build(sig)
	var buf bytes.Buffer
	if err := l.pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("legaldoc: rendering %q: %w", d.Title, err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
		return nil, errors.New("legaldoc: the renderer wrote no PDF")
	}
	return buf.Bytes(), nil
}

// layout holds a document being laid out.
type layout struct {
	pdf         *fpdf.Fpdf
	d           Document
	title       string
	version     string
	signer      string
	code        string
	ip          string
	userAgent   string
	signedAt    string
	fingerprint string
	pages       int // the page count, 0 while unknown
}

func newLayout(d Document, o options, pages int) *layout {
	l := &layout{
		d:           d,
		pages:       pages,
		title:       printable(strings.TrimSpace(d.Title)),
		version:     oneLine(d.Version, maxShortField),
		signer:      oneLine(d.Signer, maxShortField),
		code:        oneLine(d.Code, maxShortField),
		ip:          oneLine(d.IP, maxShortField),
		userAgent:   oneLine(d.UserAgent, maxUserAgent),
		signedAt:    d.SignedAt.UTC().Format(time.RFC3339),
		fingerprint: Fingerprint(d.Title, d.Version, d.Body),
	}
	if l.ip == "" {
		l.ip = "an unrecorded address"
	}
	pdf := fpdf.New("P", "mm", "Letter", "")
	l.pdf = pdf
	pdf.SetCompression(!o.uncompressed)
	pdf.SetCatalogSort(true) // fonts in a fixed order: the same input gives the same bytes
	at := d.SignedAt.UTC()
	pdf.SetCreationDate(at)
	pdf.SetModificationDate(at)
	pdf.SetProducer(Producer, false)
	pdf.SetCreator(Producer, false)
	pdf.SetTitle(oneLine(d.Title, 500), true)
	pdf.SetAuthor(l.signer, true)
	pdf.SetSubject("Signed copy, SHA-256 "+l.fingerprint, true)
	pdf.SetLang("en")
	pdf.AddUTF8FontFromBytes(fontText, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontText, "B", gobold.TTF)
	pdf.AddUTF8FontFromBytes(fontMono, "", gomono.TTF)
	pdf.SetMargins(marginX, marginTop, marginX)
	pdf.SetAutoPageBreak(true, marginBottom)
	pdf.SetHeaderFunc(l.header)
	pdf.SetFooterFunc(l.footer)
	pdf.AddPage()
	return l
}

func (l *layout) build(sig *signature) {
	l.titleBlock()
	l.body()
	l.signatureBlock(sig)
}

func (l *layout) color(c rgb) { l.pdf.SetTextColor(c.r, c.g, c.b) }

// header repeats the title on every page after the first.
func (l *layout) header() {
	p := l.pdf
	if p.PageNo() == 1 {
		return
	}
	p.SetFont(fontText, "", 8)
	l.color(muted)
	p.SetXY(marginX, 11)
	head := oneLine(l.d.Title, 110)
	if l.version != "" {
		head += " · version " + l.version
	}
	p.CellFormat(contentW, 4, head, "", 0, "L", false, 0, "")
	p.SetDrawColor(rule.r, rule.g, rule.b)
	p.SetLineWidth(0.2)
	p.Line(marginX, 16, pageW-marginX, 16)
	p.SetXY(marginX, marginTop)
}

// footer is the stamp's short form, on every page.
func (l *layout) footer() {
	p := l.pdf
	p.SetDrawColor(rule.r, rule.g, rule.b)
	p.SetLineWidth(0.2)
	p.Line(marginX, footerY-2, pageW-marginX, footerY-2)
	p.SetXY(marginX, footerY)
	p.SetFont(fontText, "", 7)
	l.color(muted)
	// One line when it fits, else two, broken before the fingerprint rather than
	// wherever the width runs out.
	where := fmt.Sprintf("Signed %s from %s", l.signedAt, l.ip)
	rest := fmt.Sprintf("SHA-256 %s · page %d of %d", l.fingerprint, p.PageNo(), max(l.pages, p.PageNo()))
	if line := where + " · " + rest; p.GetStringWidth(line)+2*p.GetCellMargin() <= contentW {
		p.CellFormat(contentW, 3.3, line, "", 1, "C", false, 0, "")
		return
	}
	p.MultiCell(contentW, 3.3, where+" ·", "", "C", false)
	p.MultiCell(contentW, 3.3, rest, "", "C", false)
}

func (l *layout) titleBlock() {
	p := l.pdf
	p.SetFont(fontText, "B", 17)
	l.color(ink)
	p.MultiCell(contentW, 7.5, l.title, "", "L", false)
	if l.version != "" {
		p.Ln(0.5)
		p.SetFont(fontText, "", 9)
		l.color(muted)
		p.CellFormat(contentW, 4.5, "Version "+l.version, "", 1, "L", false, 0, "")
	}
	p.Ln(2.5)
	p.SetDrawColor(rule.r, rule.g, rule.b)
	p.SetLineWidth(0.3)
	p.Line(marginX, p.GetY(), pageW-marginX, p.GetY())
	p.Ln(6)
}

func (l *layout) body() {
	p := l.pdf
	p.SetFont(fontText, "", bodySize)
	l.color(ink)
	for i, para := range paragraphs(l.d.Body) {
		if i > 0 {
			p.Ln(paragraphGap)
		}
		p.MultiCell(contentW, bodyLine, para, "", "L", false)
	}
}

// stampRow is one line of the stamp block.
type stampRow struct {
	label, value string
	mono         bool
}

func (l *layout) stampRows() []stampRow {
	doc := oneLine(l.d.Title, 300)
	if l.version != "" {
		doc += ", version " + l.version
	}
	who := l.signer
	if l.code != "" {
		who += " (associate " + l.code + ")"
	}
	ua := l.userAgent
	if ua == "" {
		ua = "not recorded"
	}
	return []stampRow{
		{"Document", doc, false},
		{"Signed by", who, false},
		{"Signed at", l.signedAt + " (UTC)", false},
		{"From address", l.ip, false},
		{"Browser", ua, false},
		{"SHA-256", l.fingerprint, true},
	}
}

// rowLines wraps a stamp row's value to the value column.
func (l *layout) rowLines(r stampRow) []string {
	p := l.pdf
	if r.mono {
		p.SetFont(fontMono, "", stampSize)
	} else {
		p.SetFont(fontText, "", stampSize)
	}
	lines := p.SplitText(r.value, contentW-2*stampPad-stampLabelW)
	if len(lines) == 0 {
		lines = []string{""}
	}
	return lines
}

const stampNote = "The SHA-256 fingerprint is computed over the title, version and text of this document exactly as they were shown to the signer."

// signatureBlock draws the signature box and the stamp, together, on the last page.
func (l *layout) signatureBlock(sig *signature) {
	p := l.pdf
	rows := l.stampRows()
	stampH := 2*stampPad + 5.5 // padding and heading
	for _, r := range rows {
		stampH += float64(len(l.rowLines(r))) * stampLine
	}
	p.SetFont(fontText, "", 7.5)
	noteLines := p.SplitText(stampNote, contentW-2*stampPad)
	stampH += 1.5 + float64(len(noteLines))*3.5
	const sigH = 5 + sigBoxH + 2 + 5 + 4.5 // label, box, gap, name, code
	need := 10 + sigH + 7 + stampH
	if p.GetY()+need > pageH-marginBottom {
		p.AddPage()
	} else {
		p.Ln(10)
	}

	// The signature box.
	y := p.GetY()
	p.SetFont(fontText, "B", 9)
	l.color(ink)
	p.SetXY(marginX, y)
	p.CellFormat(sigBoxW, 5, "Signature", "", 1, "L", false, 0, "")
	boxY := y + 5
	p.SetDrawColor(rule.r, rule.g, rule.b)
	p.SetLineWidth(0.2)
	p.Rect(marginX, boxY, sigBoxW, sigBoxH, "D")
	sig.draw(p, marginX+2.5, boxY+2.5, sigBoxW-5, sigBoxH-5)
	p.SetDrawColor(ink.r, ink.g, ink.b)
	p.SetLineWidth(0.3)
	p.Line(marginX, boxY+sigBoxH, marginX+sigBoxW, boxY+sigBoxH)
	p.SetXY(marginX, boxY+sigBoxH+2)
	p.SetFont(fontText, "B", 10)
	l.color(ink)
	p.CellFormat(contentW, 5, l.signer, "", 1, "L", false, 0, "")
	if l.code != "" {
		p.SetFont(fontText, "", 8.5)
		l.color(muted)
		p.CellFormat(contentW, 4.5, "Associate "+l.code, "", 1, "L", false, 0, "")
	}

	// The stamp.
	y += sigH + 7
	p.SetFillColor(paper.r, paper.g, paper.b)
	p.SetDrawColor(rule.r, rule.g, rule.b)
	p.SetLineWidth(0.2)
	p.Rect(marginX, y, contentW, stampH, "FD")
	x := marginX + stampPad
	p.SetXY(x, y+stampPad)
	p.SetFont(fontText, "B", 9)
	l.color(ink)
	p.CellFormat(contentW-2*stampPad, 5.5, "Signature record", "", 1, "L", false, 0, "")
	cy := y + stampPad + 5.5
	for _, r := range rows {
		lines := l.rowLines(r)
		p.SetXY(x, cy)
		p.SetFont(fontText, "", stampSize)
		l.color(muted)
		p.CellFormat(stampLabelW, stampLine, r.label, "", 0, "L", false, 0, "")
		l.color(ink)
		if r.mono {
			p.SetFont(fontMono, "", stampSize)
		}
		for i, line := range lines {
			p.SetXY(x+stampLabelW, cy+float64(i)*stampLine)
			p.CellFormat(contentW-2*stampPad-stampLabelW, stampLine, line, "", 0, "L", false, 0, "")
		}
		cy += float64(len(lines)) * stampLine
	}
	p.SetXY(x, cy+1.5)
	p.SetFont(fontText, "", 7.5)
	l.color(muted)
	for _, line := range noteLines {
		p.SetX(x)
		p.CellFormat(contentW-2*stampPad, 3.5, line, "", 1, "L", false, 0, "")
	}
}
