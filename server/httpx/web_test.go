package httpx_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/associateportal/portal/server/httpx"
)

var dist = fstest.MapFS{
	"index.html":            {Data: []byte("<!doctype html><title>Portal</title>" + strings.Repeat("<!-- x -->", 200))},
	"assets/app-1234.js":    {Data: []byte("console.log('raw')")},
	"assets/app-1234.js.br": {Data: []byte("BROTLI")},
	"assets/app-1234.js.gz": {Data: []byte("GZIP")},
	"assets/logo.svg":       {Data: []byte("<svg/>")},
}

func get(t *testing.T, h http.Handler, path, accept string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// Built assets go out precompressed, as the client accepts: brotli first, then gzip, then
// as they are; the content type is the file's, and caches key on Accept-Encoding.
func TestSPAServesPrecompressedAssets(t *testing.T) {
	h := httpx.SPA(dist)
	for _, tt := range []struct{ accept, encoding, body string }{
		{"gzip, deflate, br", "br", "BROTLI"},
		{"gzip", "gzip", "GZIP"},
		{"br;q=0, gzip", "gzip", "GZIP"},
		{"*, br;q=0", "gzip", "GZIP"}, // a named refusal wins over the wildcard, wherever it stands
		{"*;q=0.5", "br", "BROTLI"},
		{"", "", "console.log('raw')"},
		{"identity", "", "console.log('raw')"},
	} {
		res := get(t, h, "/assets/app-1234.js", tt.accept)
		body, _ := io.ReadAll(res.Body)
		if res.Header.Get("Content-Encoding") != tt.encoding || string(body) != tt.body {
			t.Errorf("Accept-Encoding %q: encoding %q, body %q", tt.accept, res.Header.Get("Content-Encoding"), body)
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("Accept-Encoding %q: content type %q", tt.accept, ct)
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("Accept-Encoding %q: headers %v", tt.accept, res.Header)
		}
	}
	// A file without a compressed copy goes out as it is.
	if res := get(t, h, "/assets/logo.svg", "br, gzip"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("svg without copies: encoding %q", res.Header.Get("Content-Encoding"))
	}
	// The app's page, for every client route, compressed for a client that takes gzip.
	res := get(t, h, "/team/Infinity", "gzip")
	zr, err := gzip.NewReader(res.Body)
	if err != nil || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("index: encoding %q, %v", res.Header.Get("Content-Encoding"), err)
	}
	page, _ := io.ReadAll(zr)
	if !bytes.HasPrefix(page, []byte("<!doctype html><title>Portal</title>")) {
		t.Errorf("index: %.40q", page)
	}
}

// API answers above the threshold are gzipped for a client that asks, and only then.
func TestCompress(t *testing.T) {
	big := strings.Repeat(`{"id":1,"name":"Ann"},`, 200)
	h := httpx.Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("small") != "" {
			_, _ = io.WriteString(w, `{"ok":true}`)
			return
		}
		_, _ = io.WriteString(w, big)
	}))
	res := get(t, h, "/api/x", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("large answer: encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); string(got) != big {
		t.Error("the gzipped answer does not decode to the answer")
	}
	if res := get(t, h, "/api/x?small=1", "gzip"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("small answer compressed")
	}
	if res := get(t, h, "/api/x", ""); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("compressed for a client that did not ask")
	}
}
