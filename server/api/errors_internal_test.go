package api

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/associateportal/portal/server/errs"
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
