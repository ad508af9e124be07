package main

import (
	"errors"
	"net/http"
	"testing"

	"github.com/getsentry/sentry-go"
)

func TestDropAborts(t *testing.T) {
	event := &sentry.Event{Message: "x"}
	if got := dropAborts(event, &sentry.EventHint{RecoveredException: http.ErrAbortHandler}); got != nil {
		t.Error("a deliberate abort is reported")
	}
	if got := dropAborts(event, &sentry.EventHint{RecoveredException: errors.New("boom")}); got != event {
		t.Error("a real panic is dropped")
	}
	if got := dropAborts(event, nil); got != event {
		t.Error("an event without a hint is dropped")
	}
}
