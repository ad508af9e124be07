// Package export writes list downloads as CSV or XLSX while the rows stream from the
// database: memory stays flat however many rows there are.
package export

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// Writer takes rows of raw text values (nil is NULL) and writes them out.
type Writer interface {
	Row(values [][]byte) error
	Close() error
}

// Format names a download format.
type Format string

// Formats.
const (
	CSV  Format = "csv"
	XLSX Format = "xlsx"
)

// ContentType is the MIME type of a format.
func (f Format) ContentType() string {
	if f == XLSX {
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	return "text/csv; charset=utf-8"
}

// New is a writer of a format with a header row.
func New(f Format, w io.Writer, header []string) (Writer, error) {
	var out Writer
	switch f {
	case CSV:
		out = &csvWriter{w: bufio.NewWriterSize(w, 64<<10)}
	case XLSX:
		x, err := newXLSX(w)
		if err != nil {
			return nil, err
		}
		out = x
	default:
		return nil, fmt.Errorf("export: unknown format %q", f)
	}
	h := make([][]byte, len(header))
	for i, s := range header {
		h[i] = []byte(s)
	}
	return out, out.Row(h)
}

type csvWriter struct{ w *bufio.Writer }

// Row writes one CSV record (RFC 4180). A text that a spreadsheet would run as a
// formula (=, +, @, tab, CR, or - other than a plain negative number) is prefixed with a
// quote: "-2+3+cmd|..." is a formula, "-42" and "-0.5" are numbers.
func (c *csvWriter) Row(values [][]byte) error {
	for i, v := range values {
		if i > 0 {
			_ = c.w.WriteByte(',')
		}
		if len(v) > 0 && (v[0] == '=' || v[0] == '+' || v[0] == '@' || v[0] == '\t' || v[0] == '\r' ||
			(v[0] == '-' && !isNumber(v[1:]))) {
			v = append([]byte{'\''}, v...)
		}
		if bytes.ContainsAny(v, ",\"\r\n") {
			_ = c.w.WriteByte('"')
			for _, b := range v {
				if b == '"' {
					_ = c.w.WriteByte('"')
				}
				_ = c.w.WriteByte(b)
			}
			_ = c.w.WriteByte('"')
		} else {
			_, _ = c.w.Write(v)
		}
	}
	_, err := c.w.WriteString("\r\n")
	return err
}

// isNumber reports whether v is digits with an optional decimal part (12, 12.5).
func isNumber(v []byte) bool {
	digits, dot := 0, false
	for i, b := range v {
		switch {
		case b >= '0' && b <= '9':
			digits++
		case b == '.' && !dot && digits > 0 && i < len(v)-1:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

func (c *csvWriter) Close() error { return c.w.Flush() }

// xlsxWriter streams one worksheet of inline strings into an OOXML package.
type xlsxWriter struct {
	z     *zip.Writer
	sheet *bufio.Writer
	row   int
}

const (
	contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
	rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>`
	workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
)

func newXLSX(w io.Writer) (*xlsxWriter, error) {
	z := zip.NewWriter(w)
	for _, f := range []struct{ name, body string }{
		{"[Content_Types].xml", contentTypes}, {"_rels/.rels", rootRels},
		{"xl/workbook.xml", workbook}, {"xl/_rels/workbook.xml.rels", workbookRels},
	} {
		fw, err := z.Create(f.name)
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(fw, f.body); err != nil {
			return nil, err
		}
	}
	fw, err := z.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return nil, err
	}
	x := &xlsxWriter{z: z, sheet: bufio.NewWriterSize(fw, 64<<10)}
	_, err = x.sheet.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	return x, err
}

func (x *xlsxWriter) Row(values [][]byte) error {
	x.row++
	s := x.sheet
	_, _ = s.WriteString(`<row r="` + strconv.Itoa(x.row) + `">`)
	for _, v := range values {
		if v == nil {
			_, _ = s.WriteString(`<c/>`)
			continue
		}
		_, _ = s.WriteString(`<c t="inlineStr"><is><t xml:space="preserve">`)
		escapeXML(s, v)
		_, _ = s.WriteString(`</t></is></c>`)
	}
	_, err := s.WriteString(`</row>`)
	return err
}

func escapeXML(w *bufio.Writer, v []byte) {
	for _, b := range v {
		switch {
		case b == '<':
			_, _ = w.WriteString("&lt;")
		case b == '>':
			_, _ = w.WriteString("&gt;")
		case b == '&':
			_, _ = w.WriteString("&amp;")
		case b == '"':
			_, _ = w.WriteString("&quot;")
		case b < 0x20 && b != '\t' && b != '\n' && b != '\r':
			// Not allowed in XML 1.0: dropped.
		default:
			_ = w.WriteByte(b)
		}
	}
}

func (x *xlsxWriter) Close() error {
	if _, err := x.sheet.WriteString(`</sheetData></worksheet>`); err != nil {
		return err
	}
	if err := x.sheet.Flush(); err != nil {
		return err
	}
	return x.z.Close()
}
