package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxReplayBody is the largest request body without GetBody that Transport buffers so that it
// can send it again; a larger one is streamed once, without retries.
const maxReplayBody = 32 << 20

// maxErrorBody bounds how much of an error answer is read to normalise it.
const maxErrorBody = 1 << 20

// Transport is the http.RoundTripper under every SDK request. It
//
//   - sets the User-Agent,
//   - stores the renewed token of any response's X-Token header in Tokens,
//   - retries idempotent requests after network errors, 429 and 5xx answers (Retry),
//     honouring Retry-After, with re-readable bodies,
//   - writes the order[…] parameters of an ordered GET in the order WithOrder gives,
//   - rewrites an error answer that is not the contract's Error JSON (a proxy's HTML page,
//     ogen's {"error_message":…}) into that shape, so every failure decodes to *Error.
type Transport struct {
	Next      http.RoundTripper
	Tokens    TokenStore
	UserAgent string
	Retry     RetryPolicy
	OnRetry   func(RetryEvent)

	// sleep waits d or until ctx ends; tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	next := t.Next
	if next == nil {
		next = http.DefaultTransport
	}
	ctx := req.Context()

	retries := 0
	if idempotent(req.Method) {
		retries = t.Retry.MaxRetries
	}
	// A RoundTripper must not modify the caller's request: work on a copy.
	base := req.Clone(ctx)
	if keys := OrderFrom(ctx); len(keys) > 0 && req.Method == http.MethodGet {
		if q, ok := orderQuery(base.URL.RawQuery, keys); ok {
			u := *base.URL
			u.RawQuery = q
			base.URL = &u
		}
	}
	getBody, err := replayableBody(base, retries > 0)
	if err != nil {
		return nil, err
	}
	if getBody == nil {
		retries = 0
	}

	for attempt := 0; ; attempt++ {
		r := base
		if attempt > 0 {
			r = base.Clone(ctx)
		}
		if attempt > 0 && getBody != nil {
			if r.Body, err = getBody(); err != nil {
				return nil, err
			}
		}
		if t.UserAgent != "" && r.Header.Get("User-Agent") == "" {
			r.Header.Set("User-Agent", t.UserAgent)
		}

		resp, err := next.RoundTrip(r)
		if resp != nil {
			if err := t.storeToken(resp); err != nil {
				_ = resp.Body.Close()
				return nil, err
			}
		}

		if attempt >= retries || ctx.Err() != nil {
			return t.finish(resp, err)
		}
		wait, retry := t.retryAfter(resp, err, attempt+1)
		if !retry {
			return t.finish(resp, err)
		}
		ev := RetryEvent{Method: req.Method, URL: req.URL.Redacted(), Attempt: attempt + 1, Err: err, Wait: wait}
		if resp != nil {
			ev.Status = resp.StatusCode
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
			_ = resp.Body.Close()
		}
		if t.OnRetry != nil {
			t.OnRetry(ev)
		}
		sleep := t.sleep
		if sleep == nil {
			sleep = sleepCtx
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// retryAfter says whether the outcome of a try is worth another one, and after how long.
func (t *Transport) retryAfter(resp *http.Response, err error, n int) (time.Duration, bool) {
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return 0, false
		}
		return t.Retry.delay(n), true
	}
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
		return 0, false
	}
	if resp.StatusCode == http.StatusNotImplemented || resp.StatusCode == http.StatusHTTPVersionNotSupported {
		return 0, false // retrying cannot change these
	}
	if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
		if t.Retry.MaxDelay > 0 && d > t.Retry.MaxDelay {
			return 0, false
		}
		return d, true
	}
	return t.Retry.delay(n), true
}

// finish normalises the final outcome of RoundTrip.
func (t *Transport) finish(resp *http.Response, err error) (*http.Response, error) {
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 400 {
		normaliseError(resp)
	}
	return resp, nil
}

func (t *Transport) storeToken(resp *http.Response) error {
	if t.Tokens == nil {
		return nil
	}
	tok := strings.TrimSpace(resp.Header.Get("X-Token"))
	if tok == "" || tok == t.Tokens.Token() {
		return nil
	}
	if err := t.Tokens.SetToken(tok); err != nil {
		return &TokenStoreError{Err: err}
	}
	return nil
}

// TokenStoreError reports that a renewed token could not be stored.
type TokenStoreError struct{ Err error }

func (e *TokenStoreError) Error() string { return "store renewed token: " + e.Err.Error() }
func (e *TokenStoreError) Unwrap() error { return e.Err }

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// replayableBody returns a function that yields the request body again, or nil when the body
// cannot be sent twice. With buffer set, a body without GetBody of at most maxReplayBody bytes
// is read into memory (req.Body is replaced so the first try still sends it all).
func replayableBody(req *http.Request, buffer bool) (func() (io.ReadCloser, error), error) {
	if req.Body == nil || req.Body == http.NoBody {
		return func() (io.ReadCloser, error) { return http.NoBody, nil }, nil
	}
	if req.GetBody != nil {
		return req.GetBody, nil
	}
	if !buffer {
		return nil, nil
	}
	buf, err := io.ReadAll(io.LimitReader(req.Body, maxReplayBody+1))
	if err != nil {
		_ = req.Body.Close()
		return nil, err
	}
	if len(buf) > maxReplayBody {
		// Too large to keep: send what was read followed by the rest, once.
		req.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(buf), req.Body), req.Body}
		return nil, nil
	}
	_ = req.Body.Close()
	req.Body = io.NopCloser(bytes.NewReader(buf))
	return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(buf)), nil }, nil
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil {
		if s < 0 {
			return 0, false
		}
		return time.Duration(s) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		d := at.Sub(now)
		if d < 0 {
			d = 0
		}
		return d, true
	}
	return 0, false
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// normaliseError makes sure an error answer carries the contract's Error JSON
// ({status, message, errors}); anything else is replaced by an equivalent body.
func normaliseError(resp *http.Response) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	_ = resp.Body.Close()

	ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if ct == "application/json" {
		var e struct {
			Status       *int            `json:"status"`
			Message      *string         `json:"message"`
			Errors       json.RawMessage `json:"errors"`
			ErrorMessage string          `json:"error_message"`
		}
		if json.Unmarshal(body, &e) == nil {
			if e.Status != nil && e.Message != nil && (len(e.Errors) == 0 || e.Errors[0] == '[' || string(e.Errors) == "null") {
				if string(e.Errors) == "null" {
					body = rewriteNullErrors(body)
				}
				setBody(resp, body)
				return
			}
			if e.ErrorMessage != "" {
				setErrorBody(resp, e.ErrorMessage)
				return
			}
			if e.Message != nil && *e.Message != "" {
				setErrorBody(resp, *e.Message)
				return
			}
		}
	}
	msg := http.StatusText(resp.StatusCode)
	if ct == "text/plain" {
		if s := strings.TrimSpace(string(body)); s != "" && len(s) <= 500 {
			msg = s
		}
	}
	if msg == "" {
		msg = "HTTP " + strconv.Itoa(resp.StatusCode)
	}
	setErrorBody(resp, msg)
}

func rewriteNullErrors(body []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	delete(m, "errors")
	out, err := json.Marshal(m)
	if err != nil {
		return body
	}
	return out
}

func setErrorBody(resp *http.Response, msg string) {
	b, _ := json.Marshal(struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}{resp.StatusCode, msg})
	resp.Header.Set("Content-Type", "application/json")
	setBody(resp, b)
}

func setBody(resp *http.Response, b []byte) {
	resp.Body = io.NopCloser(bytes.NewReader(b))
	resp.ContentLength = int64(len(b))
	resp.Header.Set("Content-Length", strconv.Itoa(len(b)))
}
