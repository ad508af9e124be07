package api_test

import (
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
	rows := xlsxRows(t, data)
	if len(rows) == 0 {
		t.Fatal("the workbook has no header row")
	}
	var out []string
	for _, c := range rows[0] {
		out = append(out, c.text())
	}
	return out
}

// downloadURL asks for a client download and answers its URL.
func downloadURL(t *testing.T, env *servertest.Env, tok, query string) string {
	t.Helper()
	var dl struct {
		URL string `json:"url"`
	}
	r := do(t, env, "GET", "/api/clients/download?"+query, tok, nil, nil)
	if r.Status != 200 {
		t.Fatalf("download: %d %s", r.Status, r.Body)
	}
	r.json(t, &dl)
	return dl.URL
}

// A download whose query fails once its URL was issued answers an error status with the
// Error body, before a byte of the file: never a 200 that names a CSV and holds an error.
// A download without rows is its header.
func TestDownloadFailsBeforeTheFile(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoAgent)
	empty := downloadURL(t, env, tok, "format=csv&filter[first_name][eq]=Nobody-at-all")
	var urls []string
	for _, format := range []string{"csv", "xlsx"} {
		urls = append(urls, downloadURL(t, env, tok, "format="+format))
	}

	r := do(t, env, "GET", empty, "", nil, nil)
	if r.Status != 200 || r.Header.Get("Content-Disposition") == "" || strings.Count(string(r.Body), "\n") != 1 {
		t.Fatalf("a download without rows: %d %q %q", r.Status, r.Header.Get("Content-Disposition"), r.Body)
	}

	// The database changes under the issued links (a migration, say): the query fails.
	if _, err := env.Pool.Exec(t.Context(), `ALTER TABLE clients RENAME COLUMN notes TO notes_moved`); err != nil {
		t.Fatal(err)
	}
	for _, u := range urls {
		r := do(t, env, "GET", u, "", nil, nil)
		if r.Status != 500 {
			t.Errorf("%s: %d, want 500: %s", u, r.Status, r.Body)
		}
		if cd := r.Header.Get("Content-Disposition"); cd != "" {
			t.Errorf("%s: an error named as a file: %s", u, cd)
		}
		if e := r.apiError(t); strings.Contains(e.Message, "notes") || strings.Contains(string(r.Body), "SQLSTATE") {
			t.Errorf("%s: the answer leaks the cause: %s", u, r.Body)
		}
	}
}
