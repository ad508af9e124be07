package api_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// downloadOperations are the operations of the contract that answer a Download: their
// generated names, with their operationIds.
func downloadOperations(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for id, op := range contractOperations(t) {
		if op.answers == "Download" {
			out[op.name] = id
		}
	}
	if len(out) < 2 {
		t.Fatalf("found %d download operations", len(out))
	}
	return out
}

// Every …/download operation of the contract has an exporter, and its file holds the
// columns sdk/lists declares for it, in CSV and in XLSX. Without this a download without
// an exporter would fail only when its link is fetched.
func TestEveryDownloadHasAnExporter(t *testing.T) {
	ops := downloadOperations(t)
	exporters := api.ExportColumns()
	for name := range ops {
		if _, ok := exporters[name]; !ok {
			t.Errorf("%s answers a download and has no exporter", name)
		}
	}
	for name := range exporters {
		if _, ok := ops[name]; !ok {
			t.Errorf("an exporter is registered for %s, which the contract does not download", name)
		}
	}

	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	for name, id := range ops {
		l, ok := lists.ByOperation(id)
		if !ok {
			t.Errorf("%s is not described in sdk/lists", id)
			continue
		}
		path := "/api" + strings.ReplaceAll(l.Path, "{view}", "Infinity")
		want := lists.Names(exporters[name])
		for _, format := range []string{"csv", "xlsx"} {
			var dl struct {
				URL string `json:"url"`
			}
			do(t, env, "GET", path+"?format="+format+"&limit=5", tok, nil, nil).json(t, &dl)
			res, err := http.Get(env.URL + dl.URL)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Fatalf("%s %s: %d %s", id, format, res.StatusCode, body)
			}
			var header []string
			if format == "csv" {
				r, err := csv.NewReader(bytes.NewReader(body)).Read()
				if err != nil {
					t.Fatal(err)
				}
				header = r
			} else {
				header = xlsxHeader(t, body)
			}
			if diff := cmp.Diff(want, header); diff != "" {
				t.Errorf("%s %s header (-columns +file):\n%s", id, format, diff)
			}
		}
	}
}

// xlsxHeader reads the first row of a workbook's sheet (inline strings).
func xlsxHeader(t *testing.T, data []byte) []string {
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
	sheet, _ := io.ReadAll(f)
	first, _, _ := strings.Cut(string(sheet), "</row>")
	var out []string
	for _, part := range strings.Split(first, `<t xml:space="preserve">`)[1:] {
		text, _, _ := strings.Cut(part, "</t>")
		out = append(out, text)
	}
	return out
}
