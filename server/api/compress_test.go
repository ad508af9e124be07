package api_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"

	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// A list answer goes through the whole stack gzipped for a client that asks (streamed,
// pooled and compressed at once), and decodes to the very bytes sent to a client that
// does not ask.
func TestListAnswersAreCompressedWhenAsked(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	fetch := func(encoding string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", env.URL+"/api/clients?limit=500", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Accept-Encoding", encoding)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}
	plainRes, plain := fetch("identity")
	gzRes, compressed := fetch("gzip")
	if plainRes.Header.Get("Content-Encoding") != "" || gzRes.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("encodings %q and %q", plainRes.Header.Get("Content-Encoding"), gzRes.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(compressed))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(unzipped, plain) {
		t.Fatalf("the gzipped answer differs from the plain one (%v)", err)
	}
	if len(compressed)*4 > len(plain) {
		t.Errorf("%d bytes gzipped from %d: hardly compressed", len(compressed), len(plain))
	}
	// Errors keep their shape.
	req, _ := http.NewRequest("GET", env.URL+"/api/clients?limit=0", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req) // Go's transport asks for gzip and unzips itself
	if err != nil {
		t.Fatal(err)
	}
	r := reply{Status: res.StatusCode, Header: res.Header}
	r.Body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if r.Status != 422 || r.apiError(t).Message != "Validation error" {
		t.Errorf("error through compression: %d %s", r.Status, r.Body)
	}
}
