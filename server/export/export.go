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
	"time"

	"github.com/associateportal/portal/sdk/lists"
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

// New is a writer of a format with a header row of the columns' names. CSV writes the
// values as they come; XLSX gives each cell its column's type (numbers, dates, times and
// booleans as such), so a spreadsheet sums and sorts them without conversion.
func New(f Format, w io.Writer, cols []lists.Column) (Writer, error) {
	var out Writer
	switch f {
	case CSV:
		out = &csvWriter{w: bufio.NewWriterSize(w, 64<<10)}
	case XLSX:
		x, err := newXLSX(w, cols)
		if err != nil {
			return nil, err
		}
		out = x
	default:
		return nil, fmt.Errorf("export: unknown format %q", f)
	}
	h := make([][]byte, len(cols))
	for i, c := range cols {
		h[i] = []byte(c.Name)
	}
	if x, ok := out.(*xlsxWriter); ok {
		return out, x.row(h, true)
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

// xlsxWriter streams one worksheet into an OOXML package: text as inline strings, the
// other types as typed cells.
type xlsxWriter struct {
	z     *zip.Writer
	sheet *bufio.Writer
	rows  int
	types []lists.Type
}

const (
	contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`
	rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>`
	workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`
	// Cell styles: 0 general, 1 a date (yyyy-mm-dd), 2 a date and time, 3 a bold header.
	styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`
)

func newXLSX(w io.Writer, cols []lists.Column) (*xlsxWriter, error) {
	z := zip.NewWriter(w)
	for _, f := range []struct{ name, body string }{
		{"[Content_Types].xml", contentTypes}, {"_rels/.rels", rootRels},
		{"xl/workbook.xml", workbook}, {"xl/_rels/workbook.xml.rels", workbookRels},
		{"xl/styles.xml", styles},
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
	x := &xlsxWriter{z: z, sheet: bufio.NewWriterSize(fw, 64<<10), types: make([]lists.Type, len(cols))}
	for i, c := range cols {
		x.types[i] = c.Type
	}
	_, err = x.sheet.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	return x, err
}

// Row writes one row of values, each typed by its column.
func (x *xlsxWriter) Row(values [][]byte) error { return x.row(values, false) }

func (x *xlsxWriter) row(values [][]byte, header bool) error {
	x.rows++
	s := x.sheet
	_, _ = s.WriteString(`<row r="` + strconv.Itoa(x.rows) + `">`)
	for i, v := range values {
		if v == nil {
			_, _ = s.WriteString(`<c/>`)
			continue
		}
		t := lists.String
		if !header && i < len(x.types) {
			t = x.types[i]
		}
		if !x.typed(t, v) {
			if header {
				_, _ = s.WriteString(`<c s="3" t="inlineStr"><is><t xml:space="preserve">`)
			} else {
				_, _ = s.WriteString(`<c t="inlineStr"><is><t xml:space="preserve">`)
			}
			escapeXML(s, v)
			_, _ = s.WriteString(`</t></is></c>`)
		}
	}
	_, err := s.WriteString(`</row>`)
	return err
}

// excelEpoch is day 0 of a spreadsheet's dates (1900 date system, as Excel counts it).
var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// typed writes v as a typed cell of t and reports whether it could; a value that does not
// parse as its type is left to be written as text.
func (x *xlsxWriter) typed(t lists.Type, v []byte) bool {
	s := x.sheet
	switch t {
	case lists.Int:
		if _, err := strconv.ParseInt(string(v), 10, 64); err != nil {
			return false
		}
		_, _ = s.WriteString(`<c><v>`)
		_, _ = s.Write(v)
		_, _ = s.WriteString(`</v></c>`)
	case lists.Bool:
		b, err := strconv.ParseBool(string(v))
		if err != nil {
			return false
		}
		_, _ = s.WriteString(`<c t="b"><v>` + map[bool]string{true: "1", false: "0"}[b] + `</v></c>`)
	case lists.Date:
		d, err := time.Parse(time.DateOnly, string(v))
		if err != nil {
			return false
		}
		_, _ = s.WriteString(`<c s="1"><v>` + strconv.Itoa(int(d.Sub(excelEpoch).Hours()/24)) + `</v></c>`)
	case lists.Time:
		ts, err := time.Parse(time.RFC3339, string(v))
		if err != nil {
			return false
		}
		days := float64(ts.UTC().Sub(excelEpoch)) / float64(24*time.Hour)
		_, _ = s.WriteString(`<c s="2"><v>` + strconv.FormatFloat(days, 'f', 8, 64) + `</v></c>`)
	default:
		return false
	}
	return true
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
		case b == '\r':
			// A raw CR is read back as LF (XML normalises line ends): a reference keeps it.
			_, _ = w.WriteString("&#13;")
		case b < 0x20 && b != '\t' && b != '\n':
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
