package sdk

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
)

// recorder is a test server that answers from a script and records what it received.
type recorder struct {
	mu       sync.Mutex
	requests []recorded
	answer   func(n int, r *http.Request, w http.ResponseWriter)
}

type recorded struct {
	Method, Path, Auth, UserAgent, Body string
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	n := len(rec.requests)
	rec.requests = append(rec.requests, recorded{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("User-Agent"), string(body)})
	rec.mu.Unlock()
	rec.answer(n, r, w)
}

func (rec *recorder) count() int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return len(rec.requests)
}

var fastRetry = RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond, MaxDelay: 30 * time.Millisecond}

func newTestClient(t *testing.T, h http.Handler, opts ...Option) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, append([]Option{WithRetryPolicy(fastRetry)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

const emptyList = `{"data":[]}`

func TestRetryPolicyDelay(t *testing.T) {
	p := DefaultRetryPolicy
	var got []time.Duration
	for n := 1; n <= 7; n++ {
		got = append(got, p.delay(n))
	}
	want := []time.Duration{1 * time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("delays (-want +got):\n%s", diff)
	}
}

func TestTransportRetries(t *testing.T) {
	tests := []struct {
		name      string
		statuses  []int // answers in order; the last one repeats
		call      func(ctx context.Context, c *Client) error
		wantTries int
		wantErr   int // status of the final error, 0 for success
	}{
		{
			name:     "GET retried after 503 then succeeds",
			statuses: []int{503, 502, 200},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.ListClients(ctx, oas.ListClientsParams{})
				return err
			},
			wantTries: 3,
		},
		{
			name:     "GET gives up after 3 retries",
			statuses: []int{500},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.ListClients(ctx, oas.ListClientsParams{})
				return err
			},
			wantTries: 4,
			wantErr:   500,
		},
		{
			name:     "GET retried after 429",
			statuses: []int{429, 200},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.ListClients(ctx, oas.ListClientsParams{})
				return err
			},
			wantTries: 2,
		},
		{
			name:     "GET not retried after 404",
			statuses: []int{404},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.ListClients(ctx, oas.ListClientsParams{})
				return err
			},
			wantTries: 1,
			wantErr:   404,
		},
		{
			name:     "POST never retried",
			statuses: []int{503},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.CreateClient(ctx, &oas.ClientInput{FirstName: "A", LastName: "B", Country: oas.CountryUSA})
				return err
			},
			wantTries: 1,
			wantErr:   503,
		},
		{
			name:     "PUT retried with its body",
			statuses: []int{500, 200},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.UpdateClient(ctx, &oas.ClientInput{FirstName: "A", LastName: "B", Country: oas.CountryUSA}, oas.UpdateClientParams{ID: 7})
				return err
			},
			wantTries: 2,
		},
		{
			name:     "DELETE retried",
			statuses: []int{502, 204},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.DeleteClient(ctx, oas.DeleteClientParams{ID: 7})
				return err
			},
			wantTries: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{answer: func(n int, r *http.Request, w http.ResponseWriter) {
				st := tt.statuses[min(n, len(tt.statuses)-1)]
				switch {
				case st == 204:
					w.WriteHeader(204)
				case st >= 400:
					writeJSON(w, st, `{"status":`+strconv.Itoa(st)+`,"message":"boom"}`)
				case r.Method == http.MethodGet:
					writeJSON(w, st, emptyList)
				default:
					writeJSON(w, st, clientJSON)
				}
			}}
			c := newTestClient(t, rec, WithToken("tok"))
			err := tt.call(context.Background(), c)
			if got := StatusOf(err); got != tt.wantErr {
				t.Fatalf("error status = %d (%v), want %d", got, err, tt.wantErr)
			}
			if got := rec.count(); got != tt.wantTries {
				t.Errorf("tries = %d, want %d", got, tt.wantTries)
			}
			bodies := map[string]bool{}
			for _, r := range rec.requests {
				bodies[r.Body] = true
				if r.Auth != "Bearer tok" {
					t.Errorf("Authorization = %q on try", r.Auth)
				}
			}
			if len(bodies) != 1 {
				t.Errorf("retried bodies differ: %v", bodies)
			}
		})
	}
}

const clientJSON = `{"id":7,"associate_code":"A1","associate_name":"Ann Agent","first_name":"A","last_name":"B",` +
	`"country":"USA","can_edit":true,"created_at":"2026-01-02T03:04:05Z","updated_at":"2026-01-02T03:04:05Z"}`

func TestTransportRetriesNetworkErrors(t *testing.T) {
	var tries int
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		tries++
		if tries < 3 {
			return nil, errors.New("connection refused")
		}
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(emptyList)), Request: r}, nil
	})
	var events []RetryEvent
	c, err := New("http://portal.invalid", WithToken("t"), WithRetryPolicy(fastRetry),
		WithHTTPClient(&http.Client{Transport: rt}),
		WithRetryHook(func(e RetryEvent) { e.Err = nil; events = append(events, e) }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListClients(context.Background(), oas.ListClientsParams{}); err != nil {
		t.Fatal(err)
	}
	want := []RetryEvent{
		{Method: "GET", URL: "http://portal.invalid/api/clients", Attempt: 1, Wait: time.Millisecond},
		{Method: "GET", URL: "http://portal.invalid/api/clients", Attempt: 2, Wait: 2 * time.Millisecond},
	}
	if diff := cmp.Diff(want, events); diff != "" {
		t.Errorf("retry events (-want +got):\n%s", diff)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestTransportRetryAfter(t *testing.T) {
	tests := []struct {
		name       string
		retryAfter string
		wantTries  int
		wantWait   time.Duration
	}{
		{"seconds within max delay", "0", 2, 0},
		{"longer than max delay is not waited for", "120", 1, 0},
		{"garbage falls back to the policy", "soon", 2, time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{answer: func(n int, r *http.Request, w http.ResponseWriter) {
				if n == 0 {
					w.Header().Set("Retry-After", tt.retryAfter)
					writeJSON(w, 429, `{"status":429,"message":"Too many requests"}`)
					return
				}
				writeJSON(w, 200, emptyList)
			}}
			var waits []time.Duration
			c := newTestClient(t, rec, WithToken("t"), WithRetryHook(func(e RetryEvent) { waits = append(waits, e.Wait) }))
			_, err := c.ListClients(context.Background(), oas.ListClientsParams{})
			if tt.wantTries == 1 {
				if !IsRateLimited(err) {
					t.Fatalf("err = %v, want rate limited", err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if got := rec.count(); got != tt.wantTries {
				t.Errorf("tries = %d, want %d", got, tt.wantTries)
			}
			if tt.wantTries > 1 && (len(waits) != 1 || waits[0] != tt.wantWait) {
				t.Errorf("waits = %v, want [%v]", waits, tt.wantWait)
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in     string
		want   time.Duration
		wantOK bool
	}{
		{"", 0, false},
		{"5", 5 * time.Second, true},
		{"-1", 0, false},
		{"Thu, 01 Jan 2026 12:00:10 GMT", 10 * time.Second, true},
		{"Thu, 01 Jan 2026 11:00:00 GMT", 0, true},
		{"later", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseRetryAfter(tt.in, now)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestTransportStoresRenewedToken(t *testing.T) {
	rec := &recorder{answer: func(n int, r *http.Request, w http.ResponseWriter) {
		switch n {
		case 0:
			w.Header().Set("X-Token", "renewed-1")
			writeJSON(w, 200, emptyList)
		case 1:
			// A renewal on an error answer counts too.
			w.Header().Set("X-Token", "renewed-2")
			writeJSON(w, 404, `{"status":404,"message":"Not found"}`)
		default:
			writeJSON(w, 200, emptyList)
		}
	}}
	store := NewMemoryTokenStore("first")
	c := newTestClient(t, rec, WithTokenStore(store))
	ctx := context.Background()
	if _, err := c.ListClients(ctx, oas.ListClientsParams{}); err != nil {
		t.Fatal(err)
	}
	if got := store.Token(); got != "renewed-1" {
		t.Errorf("token after first call = %q", got)
	}
	if _, err := c.GetClient(ctx, oas.GetClientParams{ID: 1}); !IsNotFound(err) {
		t.Fatalf("err = %v, want not found", err)
	}
	if _, err := c.ListClients(ctx, oas.ListClientsParams{}); err != nil {
		t.Fatal(err)
	}
	var auths []string
	for _, r := range rec.requests {
		auths = append(auths, r.Auth)
	}
	want := []string{"Bearer first", "Bearer renewed-1", "Bearer renewed-2"}
	if diff := cmp.Diff(want, auths); diff != "" {
		t.Errorf("Authorization headers (-want +got):\n%s", diff)
	}
}

func TestUserAgent(t *testing.T) {
	rec := &recorder{answer: func(n int, r *http.Request, w http.ResponseWriter) { writeJSON(w, 200, emptyList) }}
	c := newTestClient(t, rec, WithToken("t"), WithUserAgent("portal-cli/1.0"))
	if _, err := c.ListClients(context.Background(), oas.ListClientsParams{}); err != nil {
		t.Fatal(err)
	}
	if got := rec.requests[0].UserAgent; got != "portal-cli/1.0" {
		t.Errorf("User-Agent = %q", got)
	}
}

func TestNoTokenFailsBeforeRequest(t *testing.T) {
	rec := &recorder{answer: func(n int, r *http.Request, w http.ResponseWriter) { writeJSON(w, 200, emptyList) }}
	c := newTestClient(t, rec)
	_, err := c.ListClients(context.Background(), oas.ListClientsParams{})
	if !IsUnauthorized(err) || !errors.Is(err, ErrNoToken) {
		t.Fatalf("err = %v, want ErrNoToken", err)
	}
	if rec.count() != 0 {
		t.Errorf("a request was sent without a token")
	}
}

func TestAccessTokenHeader(t *testing.T) {
	var got string
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Get("access-token")
		writeJSON(w, 200, emptyList)
	}), WithToken("t"), WithAccessToken("A123"))
	if _, err := c.ListClients(context.Background(), oas.ListClientsParams{}); err != nil {
		t.Fatal(err)
	}
	if got != "A123" {
		t.Errorf("access-token = %q", got)
	}
}

func TestErrorsAreTyped(t *testing.T) {
	tests := []struct {
		name        string
		contentType string
		status      int
		body        string
		want        *Error
		is          func(error) bool
	}{
		{
			name: "contract error with field errors", contentType: "application/json", status: 422,
			body: `{"status":422,"message":"Validation error","errors":[{"field":"email","message":"is not an email"}]}`,
			want: &Error{Status: 422, Message: "Validation error", Errors: []FieldError{{"email", "is not an email"}}},
			is:   IsValidation,
		},
		{
			name: "ogen parameter error", contentType: "application/json", status: 400,
			body: `{"error_message":"operation listClients: decode params: limit: too big"}`,
			want: &Error{Status: 400, Message: "operation listClients: decode params: limit: too big"},
			is:   func(err error) bool { return StatusOf(err) == 400 },
		},
		{
			name: "proxy HTML page", contentType: "text/html", status: 502,
			body: `<html><body>Bad gateway</body></html>`,
			want: &Error{Status: 502, Message: "Bad Gateway"},
			is:   func(err error) bool { return StatusOf(err) == 502 },
		},
		{
			name: "plain text", contentType: "text/plain; charset=utf-8", status: 409,
			body: "already exists\n",
			want: &Error{Status: 409, Message: "already exists"},
			is:   IsConflict,
		},
		{
			name: "forbidden", contentType: "application/json", status: 403,
			body: `{"status":403,"message":"Acknowledge the pending memos first","errors":null}`,
			want: &Error{Status: 403, Message: "Acknowledge the pending memos first"},
			is:   IsForbidden,
		},
		{
			name: "unauthorized", contentType: "application/json", status: 401,
			body: `{"status":401,"message":"Session expired"}`,
			want: &Error{Status: 401, Message: "Session expired"},
			is:   IsUnauthorized,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.contentType)
				w.WriteHeader(tt.status)
				_, _ = io.WriteString(w, tt.body)
			}), WithToken("t"), WithRetryPolicy(RetryPolicy{}))
			_, err := c.GetClient(context.Background(), oas.GetClientParams{ID: 1})
			got, ok := AsError(err)
			if !ok {
				t.Fatalf("AsError(%v) failed", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if !tt.is(err) || !tt.is(Wrap(err)) {
				t.Errorf("predicate false for %v", err)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	e := &Error{Status: 422, Message: "Validation error", Errors: []FieldError{{"email", "is not an email"}, {"phone", "ten digits"}}}
	want := "Validation error (HTTP 422): email: is not an email; phone: ten digits"
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestUploadRetriesWithBody(t *testing.T) {
	rec := &recorder{answer: func(n int, r *http.Request, w http.ResponseWriter) {
		if n == 0 {
			writeJSON(w, 503, `{"status":503,"message":"busy"}`)
			return
		}
		writeJSON(w, 200, `{"id":"abcdefgh","content_type":"image/svg+xml","size":5}`)
	}}
	c := newTestClient(t, rec)
	// A plain io.Reader (no Seek, no GetBody) is buffered by the transport.
	f, err := c.Upload(context.Background(), "/api/files/abcdefgh?expires=1&signature=x", io.MultiReader(strings.NewReader("<svg/>")), "image/svg+xml")
	if err != nil {
		t.Fatal(err)
	}
	if f.ID != "abcdefgh" {
		t.Errorf("stored file = %+v", f)
	}
	for i, r := range rec.requests {
		if r.Body != "<svg/>" || r.Method != http.MethodPut || r.Path != "/api/files/abcdefgh" || r.Auth != "" {
			t.Errorf("request %d = %+v", i, r)
		}
	}
	if rec.count() != 2 {
		t.Errorf("tries = %d, want 2", rec.count())
	}
}

func TestDownload(t *testing.T) {
	content := strings.Repeat("id,name\n1,Ann\n", 1000)
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/files/export1234" || r.URL.Query().Get("signature") != "sig" {
			writeJSON(w, 403, `{"status":403,"message":"Invalid signature"}`)
			return
		}
		w.Header().Set("Content-Type", "text/csv")
		w.Header().Set("Content-Disposition", `attachment; filename="../clients.csv"`)
		w.Header().Set("Content-Length", strconv.Itoa(len(content)))
		_, _ = io.WriteString(w, content)
	}))
	var buf strings.Builder
	var last [2]int64
	calls := 0
	info, err := c.DownloadWithInfo(context.Background(), "/api/files/export1234?expires=9&signature=sig", &buf,
		func(done, total int64) { last = [2]int64{done, total}; calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != content {
		t.Errorf("content differs: %d bytes", buf.Len())
	}
	if last != [2]int64{int64(len(content)), int64(len(content))} || calls < 2 {
		t.Errorf("progress last = %v after %d calls", last, calls)
	}
	want := &DownloadInfo{Filename: "clients.csv", ContentType: "text/csv", Size: int64(len(content))}
	if diff := cmp.Diff(want, info); diff != "" {
		t.Errorf("info (-want +got):\n%s", diff)
	}

	err = c.Download(context.Background(), "/api/files/export1234?expires=9&signature=bad", io.Discard, nil)
	if !IsForbidden(err) {
		t.Errorf("err = %v, want forbidden", err)
	}
}

func TestResolveURL(t *testing.T) {
	c, err := New("http://127.0.0.1:8080/portal/")
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{
		"/api/files/x?expires=1":            "http://127.0.0.1:8080/api/files/x?expires=1",
		"api/files/x":                       "http://127.0.0.1:8080/portal/api/files/x",
		"https://files.example.com/x?sig=1": "https://files.example.com/x?sig=1",
	}
	for in, want := range tests {
		got, err := c.ResolveURL(in)
		if err != nil || got != want {
			t.Errorf("ResolveURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestNewRejectsBadURLs(t *testing.T) {
	for _, in := range []string{"", "127.0.0.1:8080", "ftp://x", "http://"} {
		if _, err := New(in); err == nil {
			t.Errorf("New(%q) succeeded", in)
		}
	}
}

// An order put in the context rewrites the order[…] parameters of a list request, and no
// other request: not a GET without them (a signed download, another operation), not a POST.
func TestTransportRewritesOnlyOrderedGets(t *testing.T) {
	var (
		mu      sync.Mutex
		queries []string
	)
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		queries = append(queries, r.Method+" "+r.URL.RawQuery)
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	ctx := WithOrder(context.Background(), OrderKey{"state", "DESC"}, OrderKey{"last_name", "ASC"})
	send := func(method, query string) {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, method, c.BaseURL()+"/api/x?"+query, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.HTTPClient().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
	}
	send(http.MethodGet, "limit=5&order%5Blast_name%5D=ASC&order%5Bstate%5D=DESC")
	send(http.MethodGet, "expires=9&signature=a%2Bb")
	send(http.MethodGet, "")
	send(http.MethodPost, "order%5Blast_name%5D=ASC&order%5Bstate%5D=DESC")
	want := []string{
		"GET limit=5&order%5Bstate%5D=DESC&order%5Blast_name%5D=ASC",
		"GET expires=9&signature=a%2Bb",
		"GET ",
		"POST order%5Blast_name%5D=ASC&order%5Bstate%5D=DESC",
	}
	if diff := cmp.Diff(want, queries); diff != "" {
		t.Errorf("queries received (-want +got):\n%s", diff)
	}
}
