package httpx

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// An API path with an empty or dot segment answers 404 in the Error shape, never reaching
// the router (whose ServeMux would answer an HTML redirect); clean API paths and paths of
// the web app go on as they are.
func TestCleanAPIPaths(t *testing.T) {
	var reached string
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		reached = r.URL.Path
		_, _ = w.Write([]byte("ok"))
	})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/api//clients", 404},
		{"/api/clients/../access", 404},
		{"/api/clients/%2e%2e/access", 404},
		{"/api/./clients", 404},
		{"/api/clients/.", 404},
		{"/api/clients//", 404},
		{"//api/clients", 404},
		{"/x/../api/clients", 404},
		{"/api", 404},
		{"/api/clients", 200},
		{"/api/clients/", 200}, // a trailing slash is clean: the API's router answers it
		{"/api/files/abc.csv", 200},
		{"/clients//5", 200}, // the web app's paths are left to the router
		{"/", 200},
	} {
		reached = ""
		res, err := client.Get(srv.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Status  int    `json:"status"`
			Message string `json:"message"`
		}
		err = json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d", tc.path, res.StatusCode, tc.status)
			continue
		}
		if tc.status == 404 {
			if err != nil || e.Status != 404 || !strings.HasPrefix(e.Message, "No API operation at GET ") {
				t.Errorf("%s: not the Error body (%v): %+v", tc.path, err, e)
			}
			if reached != "" {
				t.Errorf("%s reached the handler as %s", tc.path, reached)
			}
		} else if reached == "" {
			t.Errorf("%s did not reach the handler", tc.path)
		}
	}
}

func FuzzCleanPath(f *testing.F) {
	for _, p := range []string{"/api//clients", "/api/clients/../access", "/api/./x", "/", "", "/api", "/api/", "//", "/a/b/", "/../..", "/api/x/.."} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		c := cleanPath(p)
		if c == "" || c[0] != '/' {
			t.Fatalf("cleanPath(%q) = %q, not absolute", p, c)
		}
		if cleanPath(c) != c {
			t.Fatalf("cleanPath(%q) = %q is not clean itself", p, c)
		}
		if isCleanPath(p) {
			for seg := range strings.SplitSeq(strings.TrimSuffix(strings.TrimPrefix(p, "/"), "/"), "/") {
				if (seg == "" && p != "/") || seg == "." || seg == ".." {
					t.Fatalf("%q is taken as clean with the segment %q", p, seg)
				}
			}
		}
	})
}
