package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/associateportal/portal/server/httpx"
)

type item struct {
	Name string
	N    int
}

// A page slice is handed back once the response is written, with nothing of the last
// answer left in it, and is not handed back while the answer is being written.
func TestPagePool(t *testing.T) {
	var pool pagePool[item]
	var backing, fresh [][]item // each request's array, and its content when handed out
	h := httpx.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := pool.get(r.Context(), 4)
		backing = append(backing, s[:cap(s)])
		fresh = append(fresh, slices.Clone(s[:cap(s)]))
		for i := range 3 {
			s = append(s, item{Name: r.URL.Query().Get("name"), N: i + 1})
		}
		// Still ours while the response is written: another get is another slice.
		if other := pool.get(r.Context(), 4); &other[:1][0] == &s[0] {
			t.Error("a page was handed out twice during one request")
		}
		_, _ = io.WriteString(w, s[2].Name)
	}), httpx.Options{Log: slog.New(slog.DiscardHandler), MaxBody: 1 << 10, MaxUpload: 1 << 10})
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, name := range []string{"first", "second"} {
		res, err := http.Get(srv.URL + "/api/x?name=" + name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(b) != name {
			t.Fatalf("answer %q, want %q", b, name)
		}
	}
	// Once written, the answer's records are dropped (the page holds no references).
	for i, b := range backing {
		for _, it := range b {
			if it != (item{}) {
				t.Fatalf("request %d: the page still holds %+v after the response", i, it)
			}
		}
	}
	// sync.Pool may drop items at any GC, so reuse is not promised; a page handed out
	// again arrives empty.
	for i, f := range fresh {
		for _, it := range f {
			if it != (item{}) {
				t.Fatalf("request %d got a page holding %+v", i, it)
			}
		}
	}
	// Without the middleware nothing is registered and nothing breaks.
	if s := pool.get(t.Context(), 2); len(s) != 0 || cap(s) < 2 {
		t.Fatalf("len %d cap %d", len(s), cap(s))
	}
}
