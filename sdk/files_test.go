package sdk_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/servertest"
)

// loseUploadAnswers delivers every signed upload to the server, but loses the answer of the
// first try of each URL: the server stored the file, the caller saw a network error.
type loseUploadAnswers struct {
	next http.RoundTripper
	// acks loses the first answer of each acknowledgement PUT too.
	acks bool

	mu    sync.Mutex
	seen  map[string]int // tries per URL
	lost  int
	tries int
}

func (l *loseUploadAnswers) RoundTrip(req *http.Request) (*http.Response, error) {
	ack := l.acks && strings.HasPrefix(req.URL.Path, "/api/dashboard/acknowledgements/")
	if req.Method != http.MethodPut || (!strings.HasPrefix(req.URL.Path, "/api/files/") && !ack) {
		return l.next.RoundTrip(req)
	}
	l.mu.Lock()
	first := l.seen[req.URL.String()] == 0
	l.seen[req.URL.String()]++
	l.tries++
	l.mu.Unlock()
	resp, err := l.next.RoundTrip(req)
	if err != nil || !first {
		return resp, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New("test: the first try was not stored: " + resp.Status)
	}
	l.mu.Lock()
	l.lost++
	l.mu.Unlock()
	return nil, errors.New("test: connection reset after the upload")
}

func newLossyClient(t *testing.T, env *servertest.Env) (*sdk.Client, *loseUploadAnswers) {
	t.Helper()
	lossy := &loseUploadAnswers{next: http.DefaultTransport, seen: map[string]int{}}
	c, err := sdk.New(env.URL, sdk.WithRetryPolicy(tinyRetries), sdk.WithHTTPClient(&http.Client{Transport: lossy}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Login(context.Background(), "agent@example.com", demoPassword); err != nil {
		t.Fatal(err)
	}
	return c, lossy
}

// A signed upload whose answer is lost is retried by the transport, and the retry answers
// the file the first try stored.
func TestUploadRetryAfterALostAnswer(t *testing.T) {
	env := servertest.Start(t)
	c, lossy := newLossyClient(t, env)
	ctx := context.Background()

	su, err := c.GetAcknowledgementSignedURL(ctx, oas.GetAcknowledgementSignedURLParams{Kind: oas.AcknowledgementKindMemos})
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Upload(ctx, su.Response.URL, bytes.NewReader(signature), "image/svg+xml")
	if err != nil {
		t.Fatalf("Upload after a lost answer: %v", err)
	}
	if lossy.lost != 1 || lossy.tries != 2 {
		t.Fatalf("lost %d answers in %d tries, want 1 in 2", lossy.lost, lossy.tries)
	}
	if got.ID != su.Response.ID || got.ContentType != "image/svg+xml" || got.Size <= 0 {
		t.Errorf("stored file %+v", got)
	}
	// Calling Upload again with the same bytes is as safe; other bytes are refused.
	again, err := c.Upload(ctx, su.Response.URL, bytes.NewReader(signature), "image/svg+xml")
	if err != nil {
		t.Fatalf("Upload again: %v", err)
	}
	if diff := cmp.Diff(got, again); diff != "" {
		t.Errorf("answers (-first +again):\n%s", diff)
	}
	other := bytes.Replace(signature, []byte("L10 10"), []byte("L5 5"), 1)
	if _, err := c.Upload(ctx, su.Response.URL, bytes.NewReader(other), "image/svg+xml"); !sdk.IsConflict(err) {
		t.Errorf("Upload of other bytes: %v, want a conflict", err)
	}
}

// Acknowledging signs with uploads: losing each upload's first answer changes nothing.
func TestAcknowledgeAllSurvivesLostUploadAnswers(t *testing.T) {
	env := servertest.Start(t)
	c, lossy := newLossyClient(t, env)
	ctx := context.Background()

	done, err := c.AcknowledgeAll(ctx, signature)
	if err != nil {
		t.Fatalf("AcknowledgeAll: %v", err)
	}
	if lossy.lost == 0 {
		t.Fatal("no upload answer was lost: the seed asks for no signature")
	}
	signed := 0
	for _, a := range done {
		if a.Signature.Set {
			signed++
		}
	}
	if signed != lossy.lost {
		t.Errorf("%d acknowledgements signed, %d upload answers lost", signed, lossy.lost)
	}
	pending, err := c.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pending.Memos) + len(pending.W9Documents); n != 0 {
		t.Errorf("%d items still pending", n)
	}
}

// Losing the answer of each acknowledgement itself changes nothing either: the retried PUT
// of the same acknowledgement answers as the first did.
func TestAcknowledgeAllSurvivesLostAcknowledgementAnswers(t *testing.T) {
	env := servertest.Start(t)
	c, lossy := newLossyClient(t, env)
	lossy.acks = true
	ctx := context.Background()
	done, err := c.AcknowledgeAll(ctx, signature)
	if err != nil {
		t.Fatalf("AcknowledgeAll: %v", err)
	}
	if lossy.lost <= len(done) {
		t.Fatalf("lost %d answers for %d acknowledgements: the acknowledgements' answers were not lost", lossy.lost, len(done))
	}
	pending, err := c.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pending.Memos) + len(pending.W9Documents); n != 0 || len(done) == 0 {
		t.Errorf("%d acknowledged, %d still pending", len(done), n)
	}
}
