package api_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// BenchmarkListClients measures one page of clients through the whole stack (HTTP,
// auth, gate, listing, SQL, JSON) on the small seeded organisation.
func BenchmarkListClients(b *testing.B) {
	env := servertest.Start(b)
	tok := ready(b, env, seed.DemoRMD)
	req, _ := http.NewRequest("GET", env.URL+"/api/clients?limit=100", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	b.ResetTimer()
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
}
