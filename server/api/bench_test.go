package api_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// BenchmarkRequests measures requests through the whole stack (HTTP, auth, gate,
// listing, SQL, JSON) on the small seeded organisation: a probe without auth or
// database, the session alone, and a page of clients.
func BenchmarkRequests(b *testing.B) {
	env := servertest.Start(b)
	tok := ready(b, env, seed.DemoRMD)
	for _, bc := range []struct{ name, path string }{
		{"healthz", "/api/healthz"},
		{"access", "/api/access"},
		{"clients", "/api/clients?limit=100"},
		{"store products", "/api/store/products?limit=100"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req, _ := http.NewRequest("GET", env.URL+bc.path, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			// As wrk asks (bench/): no compression.
			req.Header.Set("Accept-Encoding", "identity")
			for b.Loop() {
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					b.Fatal(res.StatusCode)
				}
			}
		})
	}
}
