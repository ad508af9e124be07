package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ogen-go/ogen/ogenerrors"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/httpx"
)

// A request the client abandoned is not a server failure: 499, nothing reported, no
// error logged; the same error while the client waits is a 503 that is reported.
func TestClassifyAbandonedRequest(t *testing.T) {
	var logs bytes.Buffer
	var reported []error
	h := &Handler{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo})),
		Report: func(_ context.Context, err error) { reported = append(reported, err) }}
	cause := errs.Wrap(errs.Unavailable, context.Canceled, "The request was cancelled")

	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if status, body := h.classify(gone, cause); status != statusClientClosed || body.Status != statusClientClosed {
		t.Fatalf("abandoned: %d %+v", status, body)
	}
	if len(reported) != 0 || logs.Len() != 0 {
		t.Fatalf("abandoned request reported %v, logged %q", reported, logs.String())
	}

	if status, _ := h.classify(context.Background(), cause); status != 503 {
		t.Fatalf("waiting client: %d", status)
	}
	if len(reported) != 1 || !errors.Is(reported[0], context.Canceled) || !bytes.Contains(logs.Bytes(), []byte("request failed")) {
		t.Fatalf("waiting client: reported %v, logged %q", reported, logs.String())
	}
}

// An answer that fails once its status line is out (a download whose rows stop coming)
// ends in a failed transfer: no Error body appended to half a file, which would read as
// its end. Errors before the answer still get the Error body.
func TestErrorHandlerAfterTheAnswerStarted(t *testing.T) {
	h := &Handler{Log: slog.New(slog.DiscardHandler)}
	srv := httptest.NewServer(httpx.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("before") {
			h.ErrorHandler(r.Context(), w, r, &ogenerrors.DecodeParamsError{Err: &ogenerrors.DecodeParamError{Name: "page", In: "query", Err: errors.New("bad")}})
			return
		}
		w.Header().Set("Content-Disposition", `attachment; filename="clients.csv"`)
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, "id,name\n1,Ann\n")
		h.ErrorHandler(r.Context(), w, r, fmt.Errorf("write: %w", errors.New("the database went away")))
	}), httpx.Options{Log: slog.New(slog.DiscardHandler), MaxBody: 1 << 10, MaxUpload: 1 << 10}))
	defer srv.Close()

	res, err := http.Get(srv.URL + "/api/files/x.csv")
	if err == nil {
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err == nil {
			t.Fatalf("%d and a complete body: %q", res.StatusCode, body)
		}
	}

	res, err = http.Get(srv.URL + "/api/files/x.csv?before=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 422 || !bytes.Contains(body, []byte(`"status":422`)) {
		t.Fatalf("an error before the answer: %d %s", res.StatusCode, body)
	}
}

// A database that went away for a moment is a 503 with Retry-After, logged as a warning
// and not reported: it heals by itself.
func TestClassifyUnreachableDatabase(t *testing.T) {
	var logs bytes.Buffer
	var reported []error
	h := &Handler{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo})),
		Report: func(_ context.Context, err error) { reported = append(reported, err) }}
	cause := errs.Later(errs.Wrap(errs.Unavailable, errors.New("broken pipe"), "The database is not reachable"), errs.CodeUnreachable, time.Second)
	var retryAfter string
	srv := httptest.NewServer(httpx.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		status, _ := h.classify(r.Context(), cause)
		httpx.WriteError(w, status, "x")
	}), httpx.Options{Log: slog.New(slog.DiscardHandler), MaxBody: 1 << 10, MaxUpload: 1 << 10}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/api/x")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	retryAfter = res.Header.Get("Retry-After")
	if res.StatusCode != 503 || retryAfter == "" {
		t.Errorf("status %d, Retry-After %q", res.StatusCode, retryAfter)
	}
	if len(reported) != 0 || !bytes.Contains(logs.Bytes(), []byte("level=WARN")) || bytes.Contains(logs.Bytes(), []byte("level=ERROR")) {
		t.Errorf("reported %v, logged %q", reported, logs.String())
	}
}
