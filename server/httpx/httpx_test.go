package httpx

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(Wrap(h, Options{Log: slog.New(slog.DiscardHandler), MaxBody: 1 << 20, MaxUpload: 1 << 20}))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

// Small writes are gathered in the pooled buffer and reach the client whole and in
// order, across several buffer fills.
func TestWriterSmallWrites(t *testing.T) {
	var want bytes.Buffer
	for i := range 20000 {
		want.WriteString(string(rune('a' + i%26)))
		want.WriteString("-piece;")
	}
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for i := range 20000 {
			_, _ = io.WriteString(w, string(rune('a'+i%26))+"-piece;")
		}
	})
	res, body := get(t, srv.URL+"/api/x")
	if res.StatusCode != 200 || !bytes.Equal(body, want.Bytes()) {
		t.Fatalf("status %d, %d bytes, want %d", res.StatusCode, len(body), want.Len())
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("security headers missing: %v", res.Header)
	}
}

// Answers of different sizes, one after the other through the pooled buffers, each come
// out whole (finish flushes every one, however small).
func TestWriterBufferReuse(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.URL.Query().Get("say"))
	})
	for _, say := range []string{"a-long-first-answer", "b", "", "c"} {
		_, body := get(t, srv.URL+"/api/x?say="+say)
		if string(body) != say {
			t.Fatalf("answer %q, want %q", body, say)
		}
	}
}

// Flush reaches the client while the handler is still running (streamed downloads).
func TestWriterFlush(t *testing.T) {
	release := make(chan struct{})
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "first\n")
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-time.After(10 * time.Second):
		}
		_, _ = io.WriteString(w, "second\n")
	})
	res, err := http.Get(srv.URL + "/api/x")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	br := bufio.NewReader(res.Body)
	got := make(chan string, 1)
	go func() { line, _ := br.ReadString('\n'); got <- line }()
	select {
	case line := <-got:
		if line != "first\n" {
			t.Fatalf("first line %q", line)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the flushed part did not reach the client while the handler ran")
	}
	close(release)
	rest, _ := io.ReadAll(br)
	if string(rest) != "second\n" {
		t.Fatalf("rest %q", rest)
	}
}

// A panic before anything was written becomes the contract's Error body with the id.
func TestWriterPanic(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	res, body := get(t, srv.URL+"/api/x")
	if res.StatusCode != 500 || !strings.Contains(string(body), res.Header.Get("X-Request-Id")) || strings.Contains(string(body), "boom") {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
}

// A panic once the status line is out aborts the connection: the client sees a failed
// read, never a complete-looking 200 with part of a body.
func TestWriterPanicAfterStatus(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(200)
		_, _ = io.WriteString(w, `{"data":[{"id":1},`)
		panic("boom")
	})
	res, err := http.Get(srv.URL + "/api/x")
	if err != nil {
		return // aborted before the status line reached us: also a failure the client sees
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err == nil {
		t.Fatalf("status %d and a body read without error: %q", res.StatusCode, body)
	}
	if len(body) != 0 {
		t.Errorf("the buffered part reached the client: %q", body)
	}
}

// The request log says how many bytes went out to the client, buffered or not.
func TestWriterLogsBytesSent(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	h := Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range 1000 {
			_, _ = io.WriteString(w, strings.Repeat("x", 99)+"\n") // 100,000 bytes: several buffers
		}
	}), Options{Log: slog.New(slog.NewJSONHandler(lockedWriter{&logs, &mu}, nil)), MaxBody: 1 << 10, MaxUpload: 1 << 10})
	srv := httptest.NewServer(h)
	defer srv.Close()
	_, body := get(t, srv.URL+"/api/x")
	if len(body) != 100_000 {
		t.Fatalf("%d bytes", len(body))
	}
	srv.Close() // the log line is written once the handler returns
	mu.Lock()
	defer mu.Unlock()
	var line struct{ Bytes int64 }
	if err := json.Unmarshal(logs.Bytes(), &line); err != nil || line.Bytes != 100_000 {
		t.Fatalf("logged bytes %d (%v): %s", line.Bytes, err, logs.String())
	}
}

type lockedWriter struct {
	b  *bytes.Buffer
	mu *sync.Mutex
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
