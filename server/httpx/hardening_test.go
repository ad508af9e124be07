package httpx

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// A client's X-Request-Id is kept only when it is well formed; a forged one (line
// breaks, quotes, markup, a kilobyte) is replaced and reaches neither the answer, nor
// the log, nor an error message.
func TestRequestIDForgedIsNotEchoed(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	h := Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("panic") {
			panic("boom")
		}
		_, _ = io.WriteString(w, "ok")
	}), Options{Log: slog.New(slog.NewTextHandler(lockedWriter{&logs, &mu}, nil)), MaxBody: 1 << 10, MaxUpload: 1 << 10})
	generated := regexp.MustCompile(`^[0-9a-f]{16}$`)
	forged := []string{
		"abc\r\nSet-Cookie: session=evil",
		"abc\ndef",
		`"quoted" id`,
		`<script>alert(1)</script>`,
		"id with spaces",
		"ünïcode",
		strings.Repeat("a", 1024),
		strings.Repeat("b", 65),
	}
	for _, id := range forged {
		for _, path := range []string{"/api/x", "/api/x?panic=1"} {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("X-Request-Id", id)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			got := rec.Header().Get("X-Request-Id")
			if !generated.MatchString(got) {
				t.Errorf("forged id %.40q answered X-Request-Id %.40q, want a generated one", id, got)
			}
			if strings.Contains(rec.Body.String(), id) {
				t.Errorf("forged id %.40q is in the answer: %.200s", id, rec.Body.String())
			}
		}
	}
	mu.Lock()
	logged := logs.String()
	mu.Unlock()
	for _, id := range forged {
		if strings.Contains(logged, id) {
			t.Errorf("forged id %.40q is in the log", id)
		}
	}
	for _, id := range []string{"req-1", "a1B2.c3_d4-e5", strings.Repeat("z", 64)} {
		req := httptest.NewRequest("GET", "/api/x", nil)
		req.Header.Set("X-Request-Id", id)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := rec.Header().Get("X-Request-Id"); got != id {
			t.Errorf("well-formed id %q answered as %q", id, got)
		}
	}
}

// A body that trickles in (one byte at a time, never finishing) is cut once its read
// deadline passes: the client gets a 408 Error answer and the connection is closed,
// long before the body would have arrived.
func TestSlowBodyIsCut(t *testing.T) {
	read := make(chan error, 1)
	srv := httptest.NewServer(Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := io.ReadAll(r.Body)
		read <- err
		if err != nil {
			// What ogen's error path does with a failed read: some error answer.
			WriteError(w, http.StatusBadRequest, "The request body is not valid JSON")
			return
		}
		_, _ = io.WriteString(w, "read it all")
	}), Options{Log: slog.New(slog.DiscardHandler), MaxBody: 1 << 20, MaxUpload: 1 << 20, BodyTimeout: 300 * time.Millisecond}))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The whole body would take 100 s at this pace; the test allows 20.
	if err := conn.SetDeadline(time.Now().Add(20 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Fprintf(conn, "POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if _, err := conn.Write([]byte{'{'}); err != nil {
					return
				}
			}
		}
	}()
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer to a trickling body: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var e struct {
		Status  int
		Message string
	}
	if res.StatusCode != http.StatusRequestTimeout || json.Unmarshal(body, &e) != nil || e.Status != 408 || e.Message == "" {
		t.Fatalf("answer %d %s, want 408 with the Error body", res.StatusCode, body)
	}
	if err := <-read; err == nil {
		t.Error("the handler read the whole body")
	}
	// The connection is closed: nothing more comes, the read ends.
	if n, err := br.Read(make([]byte, 1)); err == nil {
		t.Errorf("the connection stayed open (read %d bytes)", n)
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Error("the connection stayed open until the test's deadline")
	}
}

// The deadline covers the body only: a handler that has read its body, or a request
// without one, may take longer than the deadline to answer, and its request is not
// cancelled by it; the connection is then used again.
func TestBodyDeadlineLeavesLongAnswersAlone(t *testing.T) {
	const timeout = 200 * time.Millisecond
	srv := httptest.NewServer(Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			WriteError(w, http.StatusBadRequest, err.Error())
			return
		}
		select {
		case <-time.After(3 * timeout):
		case <-r.Context().Done():
			WriteError(w, http.StatusInternalServerError, "cancelled")
			return
		}
		_, _ = fmt.Fprintf(w, "read %d", len(b))
	}), Options{Log: slog.New(slog.DiscardHandler), MaxBody: 1 << 20, MaxUpload: 1 << 20, BodyTimeout: timeout}))
	defer srv.Close()
	c := srv.Client()
	for range 2 {
		for _, body := range []string{`{"a":1}`, ""} {
			var rd io.Reader
			method := "GET"
			if body != "" {
				rd, method = strings.NewReader(body), "POST"
			}
			req, _ := http.NewRequest(method, srv.URL+"/api/x", rd)
			res, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if want := fmt.Sprintf("read %d", len(body)); res.StatusCode != 200 || string(got) != want {
				t.Errorf("%s: %d %s, want %q", method, res.StatusCode, got, want)
			}
		}
	}
}

// Retry-After set by a handler goes out on a 429 or 503 only.
func TestRetryAfterHint(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		HintsFrom(r.Context()).RetryAfter = "7"
		status := http.StatusTooManyRequests
		if r.URL.Query().Has("ok") {
			status = http.StatusOK
		}
		w.WriteHeader(status)
	})
	res, _ := get(t, srv.URL+"/api/x")
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "7" {
		t.Errorf("429: Retry-After %q", res.Header.Get("Retry-After"))
	}
	res, _ = get(t, srv.URL+"/api/x?ok")
	if res.Header.Get("Retry-After") != "" {
		t.Errorf("200 with Retry-After %q", res.Header.Get("Retry-After"))
	}
}
