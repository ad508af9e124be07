package export_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/export"
)

// write runs a writer of a format over a header and rows and answers the bytes.
func write(t *testing.T, f export.Format, header []string, rows [][][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	cols := make([]lists.Column, len(header))
	for i, h := range header {
		cols[i] = lists.Column{Name: h, Type: lists.String}
	}
	w, err := export.New(f, &buf, cols)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for _, r := range rows {
		if err := w.Row(r); err != nil {
			t.Fatalf("Row: %v", err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return buf.Bytes()
}

func row(vals ...string) [][]byte {
	out := make([][]byte, len(vals))
	for i, v := range vals {
		out[i] = []byte(v)
	}
	return out
}

func TestCSVCells(t *testing.T) {
	tests := []struct {
		name string
		in   []byte // nil is NULL
		want string // the field as a CSV reader reads it back
		raw  string // the field as written
	}{
		{"plain", []byte("Ann"), "Ann", "Ann"},
		{"NULL", nil, "", ""},
		{"empty", []byte{}, "", ""},
		{"comma", []byte("Lee, Ann"), "Lee, Ann", `"Lee, Ann"`},
		{"quotes", []byte(`say "hi"`), `say "hi"`, `"say ""hi"""`},
		{"newline", []byte("line 1\nline 2"), "line 1\nline 2", "\"line 1\nline 2\""},
		{"carriage return", []byte("a\r\nb"), "a\nb", "\"a\r\nb\""},
		{"unicode", []byte("Zoë Ñúñez 東京"), "Zoë Ñúñez 東京", "Zoë Ñúñez 東京"},
		{"formula", []byte("=1+1"), "'=1+1", "'=1+1"},
		{"formula with comma", []byte(`=HYPERLINK("http://x","y")`), `'=HYPERLINK("http://x","y")`, `"'=HYPERLINK(""http://x"",""y"")"`},
		{"plus", []byte("+1 555 0100"), "'+1 555 0100", "'+1 555 0100"},
		{"at", []byte("@SUM(A1)"), "'@SUM(A1)", "'@SUM(A1)"},
		{"minus word", []byte("-cmd"), "'-cmd", "'-cmd"},
		{"lone minus", []byte("-"), "'-", "'-"},
		{"minus then formula", []byte("-=1"), "'-=1", "'-=1"},
		{"negative number", []byte("-42"), "-42", "-42"},
		{"negative decimal", []byte("-0.5"), "-0.5", "-0.5"},
		{"negative cents", []byte("-1234.50"), "-1234.50", "-1234.50"},
		{"minus then two dots", []byte("-1.2.3"), "'-1.2.3", "'-1.2.3"},
		{"minus then dot", []byte("-.5"), "'-.5", "'-.5"},
		{"negative number then formula", []byte("-2+3+cmd|' /C calc'!A0"), "'-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"negative number then text", []byte("-1 day"), "'-1 day", "'-1 day"},
		{"tab", []byte("\t=1"), "'\t=1", "'\t=1"},
		{"leading carriage return", []byte("\r=1"), "'\r=1", "\"'\r=1\""},
		{"equals later", []byte("a=b"), "a=b", "a=b"},
		{"positive number", []byte("42"), "42", "42"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := write(t, export.CSV, []string{"h"}, [][][]byte{{tt.in, []byte("end")}})
			r := csv.NewReader(bytes.NewReader(out))
			r.FieldsPerRecord = -1
			records, err := r.ReadAll()
			if err != nil {
				t.Fatalf("output is not CSV: %v\n%q", err, out)
			}
			want := [][]string{{"h"}, {tt.want, "end"}}
			if diff := cmp.Diff(want, records); diff != "" {
				t.Errorf("read back (-want +got):\n%s", diff)
			}
			if wantRaw := "h\r\n" + tt.raw + ",end\r\n"; string(out) != wantRaw {
				t.Errorf("written %q, want %q", out, wantRaw)
			}
		})
	}
}

func TestCSVRows(t *testing.T) {
	out := write(t, export.CSV, []string{"id", "name", "email"}, [][][]byte{
		row("1", "Ann", "ann@example.com"),
		{[]byte("2"), []byte("Bob"), nil},
		row("3", "=evil()", "a,b"),
	})
	want := "id,name,email\r\n1,Ann,ann@example.com\r\n2,Bob,\r\n3,'=evil(),\"a,b\"\r\n"
	if string(out) != want {
		t.Errorf("CSV =\n%q\nwant\n%q", out, want)
	}
}

func TestCSVHeaderOnly(t *testing.T) {
	out := write(t, export.CSV, []string{"first name", "last, name"}, nil)
	if want := "first name,\"last, name\"\r\n"; string(out) != want {
		t.Errorf("CSV = %q, want %q", out, want)
	}
}

func TestNewUnknownFormat(t *testing.T) {
	if _, err := export.New("pdf", io.Discard, []lists.Column{{Name: "a", Type: lists.String}}); err == nil {
		t.Error("New(pdf) succeeded")
	}
}

func TestContentType(t *testing.T) {
	tests := []struct {
		f    export.Format
		want string
	}{
		{export.CSV, "text/csv; charset=utf-8"},
		{export.XLSX, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	}
	for _, tt := range tests {
		t.Run(string(tt.f), func(t *testing.T) {
			if got := tt.f.ContentType(); got != tt.want {
				t.Errorf("ContentType = %q, want %q", got, tt.want)
			}
		})
	}
}

// cell is a worksheet cell: its kind ("" for an empty, NULL cell; "str" for an inline
// string; "num", "bool", "date" or "time" for typed cells) and its text or value.
type cell struct {
	Kind, Text string
}

func str(s string) cell { return cell{"str", s} }

type sheetXML struct {
	Rows []struct {
		R     string `xml:"r,attr"`
		Cells []struct {
			T     string `xml:"t,attr"`
			S     string `xml:"s,attr"`
			V     string `xml:"v"`
			Texts []struct {
				Space string `xml:"space,attr"`
				Text  string `xml:",chardata"`
			} `xml:"is>t"`
		} `xml:"c"`
	} `xml:"sheetData>row"`
}

type relsXML struct {
	Rels []struct {
		Target string `xml:"Target,attr"`
	} `xml:"Relationship"`
}

// openXLSX checks the package structure of an XLSX and answers the cells of its sheet.
func openXLSX(t *testing.T, data []byte) [][]cell {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("output is not a zip: %v", err)
	}
	parts := map[string][]byte{}
	var names []string
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		_ = r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		parts[f.Name] = b
		names = append(names, f.Name)
		if err := wellFormed(b); err != nil {
			t.Errorf("%s is not well-formed XML: %v", f.Name, err)
		}
	}
	slices.Sort(names)
	wantNames := []string{"[Content_Types].xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Fatalf("package parts (-want +got):\n%s", diff)
	}
	// The relationships lead from the package to the workbook and on to the sheet.
	for rels, dir := range map[string]string{"_rels/.rels": "", "xl/_rels/workbook.xml.rels": "xl"} {
		var r relsXML
		if err := xml.Unmarshal(parts[rels], &r); err != nil {
			t.Fatalf("%s: %v", rels, err)
		}
		for _, rel := range r.Rels {
			if _, ok := parts[path.Join(dir, rel.Target)]; !ok {
				t.Errorf("%s points to %s, which is not in the package", rels, rel.Target)
			}
		}
	}
	for _, p := range []string{"/xl/workbook.xml", "/xl/worksheets/sheet1.xml", "/xl/styles.xml"} {
		if !bytes.Contains(parts["[Content_Types].xml"], []byte(`PartName="`+p+`"`)) {
			t.Errorf("[Content_Types].xml has no override for %s", p)
		}
	}

	var s sheetXML
	if err := xml.Unmarshal(parts["xl/worksheets/sheet1.xml"], &s); err != nil {
		t.Fatalf("sheet1.xml: %v", err)
	}
	var out [][]cell
	for i, r := range s.Rows {
		if r.R != strconv.Itoa(i+1) {
			t.Errorf("row %d has r=%q", i+1, r.R)
		}
		var cells []cell
		for _, c := range r.Cells {
			switch {
			case c.T == "" && c.V == "" && len(c.Texts) == 0:
				cells = append(cells, cell{})
			case c.T == "inlineStr" && len(c.Texts) == 1 && c.Texts[0].Space == "preserve" && (c.S == "" || c.S == "3"):
				cells = append(cells, str(c.Texts[0].Text))
			case c.T == "" && c.S == "" && c.V != "":
				cells = append(cells, cell{"num", c.V})
			case c.T == "b" && (c.V == "0" || c.V == "1"):
				cells = append(cells, cell{"bool", c.V})
			case c.T == "" && c.S == "1":
				cells = append(cells, cell{"date", c.V})
			case c.T == "" && c.S == "2":
				cells = append(cells, cell{"time", c.V})
			default:
				t.Fatalf("row %d: unexpected cell %+v", i+1, c)
			}
		}
		out = append(out, cells)
	}
	return out
}

func wellFormed(b []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = true
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestXLSX(t *testing.T) {
	out := write(t, export.XLSX, []string{"id", "name", "notes"}, [][][]byte{
		row("1", "Ann & <Bob>", `say "hi" & 'bye'`),
		{[]byte("2"), nil, []byte("")},
		row("3", "bell\x07 and\x00 null\x1f", "tab\tnew\nline\rcr"),
		row("4", "=1+1", "Zoë 東京 ]]> &amp;"),
	})
	want := [][]cell{
		{str("id"), str("name"), str("notes")},
		{str("1"), str("Ann & <Bob>"), str(`say "hi" & 'bye'`)},
		{str("2"), {}, str("")},
		// Control characters are dropped; a CR is kept (written as a reference).
		{str("3"), str("bell and null"), str("tab\tnew\nline\rcr")},
		// Inline strings are never formulas: no prefix needed.
		{str("4"), str("=1+1"), str("Zoë 東京 ]]> &amp;")},
	}
	if diff := cmp.Diff(want, openXLSX(t, out)); diff != "" {
		t.Errorf("sheet (-want +got):\n%s", diff)
	}
}

func TestXLSXManyRows(t *testing.T) {
	const n = 5000
	rows := make([][][]byte, n)
	for i := range rows {
		rows[i] = row(strconv.Itoa(i), strings.Repeat("x", i%50))
	}
	cells := openXLSX(t, write(t, export.XLSX, []string{"n", "pad"}, rows))
	if len(cells) != n+1 {
		t.Fatalf("%d rows, want %d (header and %d rows)", len(cells), n+1, n)
	}
	for i, c := range cells[1:] {
		if c[0].Text != strconv.Itoa(i) || len(c[1].Text) != i%50 {
			t.Fatalf("row %d = %+v", i+2, c)
		}
	}
}

func TestXLSXHeaderOnly(t *testing.T) {
	want := [][]cell{{str("only")}}
	if diff := cmp.Diff(want, openXLSX(t, write(t, export.XLSX, []string{"only"}, nil))); diff != "" {
		t.Errorf("sheet (-want +got):\n%s", diff)
	}
}

// XLSX cells carry their column's type: a spreadsheet sums money and sorts dates without
// conversion. A value that does not parse as its type stays text rather than failing.
func TestXLSXTypedCells(t *testing.T) {
	cols := []lists.Column{{Name: "id", Type: lists.Int}, {Name: "income", Type: lists.Int}, {Name: "born", Type: lists.Date},
		{Name: "created", Type: lists.Time}, {Name: "licensed", Type: lists.Bool}, {Name: "name", Type: lists.String}}
	var buf bytes.Buffer
	w, err := export.New(export.XLSX, &buf, cols)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range [][][]byte{
		row("7", "12345678", "1980-02-29", "2026-01-31T12:00:00Z", "true", "Ann"),
		{[]byte("8"), nil, []byte("1900-03-01"), []byte("1899-12-30T06:00:00Z"), []byte("false"), []byte("42")},
		row("x", "-5", "someday", "later", "maybe", "Bob"),
	} {
		if err := w.Row(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want := [][]cell{
		{str("id"), str("income"), str("born"), str("created"), str("licensed"), str("name")},
		// 1980-02-29 is day 29280 of the 1900 date system; noon is half a day.
		{{"num", "7"}, {"num", "12345678"}, {"date", "29280"}, {"time", "46053.50000000"}, {"bool", "1"}, str("Ann")},
		{{"num", "8"}, {}, {"date", "61"}, {"time", "0.25000000"}, {"bool", "0"}, str("42")},
		{str("x"), {"num", "-5"}, str("someday"), str("later"), str("maybe"), str("Bob")},
	}
	if diff := cmp.Diff(want, openXLSX(t, buf.Bytes())); diff != "" {
		t.Errorf("sheet (-want +got):\n%s", diff)
	}
}
