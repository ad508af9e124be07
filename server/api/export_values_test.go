package api_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// exportQueries are the listing parameters each download is asked with (besides format),
// by operationId: a fixed production period for the team, so that both files read the
// same one whatever the day.
var exportQueries = map[string]string{
	"downloadTeam": "period_start=2026-01-01&period_end=2026-10-31",
}

// Both formats of a download carry the same values, cell by cell: the XLSX's typed cells
// (numbers, booleans, dates and times as serial numbers with their date styles) read back
// as the CSV writes them, text cells are the CSV's text but for its quote before what a
// spreadsheet would run as a formula, and every cell has the type of its column.
func TestXLSXValuesEqualCSVValues(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)

	// A client whose text needs the CSV's quoting and formula quote and XML's escapes. The
	// API trims the ends of what it stores, so the leading tab goes in through the database,
	// as an older row or an import might hold it.
	tricky := map[string]any{
		"first_name": "-Dash", "last_name": "+Plus", "country": "USA",
		"address_line1": `=HYPERLINK("http://example.com","x")`, "address_line2": "@SUM(1,2)", "city": "-42",
	}
	r := do(t, env, "POST", "/api/clients", tok, tricky, nil)
	if r.Status != 200 && r.Status != 201 {
		t.Fatalf("create the tricky client: %d %s", r.Status, r.Body)
	}
	var created struct {
		ID int64 `json:"id"`
	}
	r.json(t, &created)
	tag, err := env.Pool.Exec(t.Context(), `UPDATE clients SET notes = $1 WHERE id = $2`,
		"\tTabbed, \"quoted\" <b>&amp;</b> 'single'\nsecond line ✓", created.ID)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("the tricky client's notes: %v (%d rows)", err, tag.RowsAffected())
	}

	columns := api.ExportColumns()
	seen := map[lists.Type]int{} // non-empty cells compared, by type
	defused := 0                 // CSV cells with the formula quote
	for name, id := range downloadOperations(t) {
		t.Run(id, func(t *testing.T) {
			l, ok := lists.ByOperation(id)
			if !ok {
				t.Fatalf("%s is not described in sdk/lists", id)
			}
			cols := columns[name]
			path := "/api" + strings.ReplaceAll(l.Path, "{view}", "Infinity") + "?"
			if q := exportQueries[id]; q != "" {
				path += q + "&"
			}
			csvFile := fetchDownload(t, env, tok, path+"format=csv")
			xlsxFile := fetchDownload(t, env, tok, path+"format=xlsx")

			records, err := csv.NewReader(bytes.NewReader(csvFile)).ReadAll()
			if err != nil {
				t.Fatalf("the CSV: %v", err)
			}
			rows := xlsxRows(t, xlsxFile)
			if len(rows) != len(records) {
				t.Fatalf("%d XLSX rows, %d CSV rows", len(rows), len(records))
			}
			if len(records) < 2 {
				t.Fatalf("the download has no rows: the comparison would prove nothing")
			}
			header := make([]string, len(rows[0]))
			for i, c := range rows[0] {
				if c.T != "inlineStr" || c.S != "3" {
					t.Errorf("header cell %d is not bold text: %v", i, c)
				}
				header[i] = c.text()
			}
			if diff := cmp.Diff(lists.Names(cols), header); diff != "" {
				t.Errorf("XLSX header (-columns +file):\n%s", diff)
			}
			if diff := cmp.Diff(lists.Names(cols), records[0]); diff != "" {
				t.Errorf("CSV header (-columns +file):\n%s", diff)
			}

			failures := 0
			for r := 1; r < len(rows) && failures < 20; r++ {
				if len(rows[r]) != len(cols) {
					t.Errorf("XLSX row %d has %d cells for %d columns", r+1, len(rows[r]), len(cols))
					failures++
					continue
				}
				for i, col := range cols {
					c := rows[r][i]
					value, err := c.value(col.Type)
					if err != nil {
						t.Errorf("row %d %s: %v", r+1, col.Name, err)
						failures++
						continue
					}
					want := csvText(value)
					if got := records[r][i]; got != want {
						t.Errorf("row %d %s: CSV %q, XLSX %q (%v), which the CSV would write %q",
							r+1, col.Name, got, value, c, want)
						failures++
					}
					if want != value {
						defused++
					}
					if value != "" {
						seen[col.Type]++
					}
				}
			}
			t.Logf("%d rows of %d columns compared", len(rows)-1, len(cols))
		})
	}
	for _, typ := range []lists.Type{lists.String, lists.Int, lists.Date, lists.Time, lists.Bool} {
		if seen[typ] == 0 {
			t.Errorf("no %s value was compared", typ)
		}
	}
	if defused < 5 {
		t.Errorf("only %d CSV cells carried the formula quote; the tricky client has five", defused)
	}
}

// fetchDownload asks for a download link and fetches its file.
func fetchDownload(t *testing.T, env *servertest.Env, tok, path string) []byte {
	t.Helper()
	r := do(t, env, "GET", path, tok, nil, nil)
	if r.Status != 200 {
		t.Fatalf("%s: %d %s", path, r.Status, r.Body)
	}
	var dl struct {
		URL string `json:"url"`
	}
	r.json(t, &dl)
	f := do(t, env, "GET", dl.URL, "", nil, nil)
	if f.Status != 200 {
		t.Fatalf("%s: the file: %d %s", path, f.Status, f.Body)
	}
	return f.Body
}

// xlsxCell is one cell of a worksheet as export.go writes it: an inline string, a
// boolean, or a number with its style (1 a date, 2 a date and time), or empty (NULL).
type xlsxCell struct {
	T  string  `xml:"t,attr"`
	S  string  `xml:"s,attr"`
	V  *string `xml:"v"`
	IS *struct {
		T string `xml:"t"`
	} `xml:"is"`
}

// String shows a cell as its attributes and content, for failure messages.
func (c xlsxCell) String() string {
	out := fmt.Sprintf("<c t=%q s=%q>", c.T, c.S)
	if c.V != nil {
		out += fmt.Sprintf("<v>%s</v>", *c.V)
	}
	if c.IS != nil {
		out += fmt.Sprintf("<is><t>%q</t></is>", c.IS.T)
	}
	return out
}

func (c xlsxCell) text() string {
	if c.IS == nil {
		return ""
	}
	return c.IS.T
}

// excelDay0 is day 0 of the 1900 date system, as spreadsheets count it.
var excelDay0 = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// value reads a cell back as the CSV writes the value (and the API answers it: cents,
// true/false, YYYY-MM-DD, RFC 3339 in UTC to the second), and checks that the cell has the
// type of its column.
func (c xlsxCell) value(typ lists.Type) (string, error) {
	kind, v := "", ""
	switch {
	case c.V == nil && c.IS == nil:
		return "", nil // NULL
	case c.T == "inlineStr" && c.IS != nil:
		kind, v = "text", c.IS.T
	case c.T == "b" && c.V != nil:
		switch *c.V {
		case "1":
			v = "true"
		case "0":
			v = "false"
		default:
			return "", fmt.Errorf("a boolean %q", *c.V)
		}
		kind = "bool"
	case c.T == "" && c.S == "1" && c.V != nil:
		n, err := strconv.Atoi(*c.V)
		if err != nil {
			return "", fmt.Errorf("a date serial %q: %v", *c.V, err)
		}
		kind, v = "date", excelDay0.AddDate(0, 0, n).Format(time.DateOnly)
	case c.T == "" && c.S == "2" && c.V != nil:
		days, err := strconv.ParseFloat(*c.V, 64)
		if err != nil {
			return "", fmt.Errorf("a time serial %q: %v", *c.V, err)
		}
		secs := math.Round(days * 86400)
		kind, v = "time", excelDay0.Add(time.Duration(secs)*time.Second).Format("2006-01-02T15:04:05Z")
	case c.T == "" && c.S == "" && c.V != nil:
		if _, err := strconv.ParseInt(*c.V, 10, 64); err != nil {
			return "", fmt.Errorf("a number that is not whole cents or a count: %q", *c.V)
		}
		kind, v = "int", *c.V
	default:
		return "", fmt.Errorf("a cell of no known kind: %v", c)
	}
	want := map[lists.Type]string{lists.String: "text", lists.Enum: "text", lists.Int: "int",
		lists.Date: "date", lists.Time: "time", lists.Bool: "bool"}[typ]
	if kind != want {
		return v, fmt.Errorf("a %s cell (%q) in a %s column", kind, v, typ)
	}
	return v, nil
}

// xlsxRows reads the rows of a workbook's only sheet, checking they are numbered 1, 2, …
func xlsxRows(t *testing.T, data []byte) [][]xlsxCell {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := z.Open("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raw, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	var sheet struct {
		Rows []struct {
			R     int        `xml:"r,attr"`
			Cells []xlsxCell `xml:"c"`
		} `xml:"sheetData>row"`
	}
	if err := xml.Unmarshal(raw, &sheet); err != nil {
		t.Fatal(err)
	}
	out := make([][]xlsxCell, len(sheet.Rows))
	for i, r := range sheet.Rows {
		if r.R != i+1 {
			t.Fatalf("row %d is numbered %d", i+1, r.R)
		}
		out[i] = r.Cells
	}
	return out
}

// csvText is a value as the CSV writer writes it (server/export): a text a spreadsheet
// would run as a formula (=, +, @, tab, CR, or - not starting a plain number) gets a quote
// before it.
func csvText(v string) string {
	if v == "" {
		return v
	}
	switch v[0] {
	case '=', '+', '@', '\t', '\r':
		return "'" + v
	case '-':
		if !plainNumber(v[1:]) {
			return "'" + v
		}
	}
	return v
}

// plainNumber is digits with an optional decimal part (12, 12.5).
func plainNumber(s string) bool {
	digits, dot := 0, false
	for i, b := range []byte(s) {
		switch {
		case b >= '0' && b <= '9':
			digits++
		case b == '.' && !dot && digits > 0 && i < len(s)-1:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// A download link made before a memo was published is gated when fetched, like the list it
// came from.
func TestDownloadLinkFollowsTheGateWhenFetched(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	u := downloadURL(t, env, tok, "format=csv")
	if _, err := env.Pool.Exec(t.Context(), `INSERT INTO memos (title, body, requires_signature, status, published_at)
		VALUES ('New', 'Read me', false, 'Published', now())`); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/clients", tok, nil, nil); r.Status != 403 {
		t.Fatalf("the list: %d", r.Status)
	}
	r := do(t, env, "GET", u, "", nil, nil)
	if r.Status != 403 || r.Header.Get("Content-Disposition") != "" {
		t.Errorf("the link while gated: %d %q", r.Status, r.Header.Get("Content-Disposition"))
	}
}

// A carriage return in a text value survives in the XLSX as in the CSV (XML reads a raw CR
// back as LF, so it is written as a character reference).
func TestXLSXKeepsCarriageReturns(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	do(t, env, "POST", "/api/clients", tok, map[string]any{"first_name": "Cr", "last_name": "Test", "country": "USA",
		"notes": "one\rtwo"}, nil)
	rows := xlsxRows(t, fetchDownload(t, env, tok, "/api/clients/download?format=xlsx&filter[first_name][eq]=Cr"))
	if got := rows[1][17].text(); got != "one\rtwo" { // notes
		t.Errorf("notes in the XLSX: %q", got)
	}
}
