// Package sdk is the Go client of the Associate Portal API.
//
// It wraps the client that ogen generates from openapi.yaml (package sdk/oas) with what every
// caller needs: token storage and the sliding x-token renewal, retries of idempotent calls,
// typed errors, iterators over paged lists, and the signed-URL downloads and uploads.
//
//	c, err := sdk.New("http://127.0.0.1:8080")
//	if err := c.Login(ctx, "agent@example.com", password); err != nil { … }
//	for client, err := range c.ClientsAll(ctx, oas.ListClientsParams{}) { … }
//
// Every generated operation is available on *Client through the embedded *oas.Client (or
// c.API()); use AsError or the Is… helpers to read the errors they return.
package sdk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/associateportal/portal/sdk/oas"
)

// DefaultUserAgent is sent when no WithUserAgent option is given.
const DefaultUserAgent = "portal-sdk-go"

// TokenStore holds the session token. SetToken is called after a login, after a logout
// (with "") and whenever a response carries a renewed token in the x-token header, so a
// store that persists the token keeps the session alive across runs.
type TokenStore interface {
	Token() string
	SetToken(string) error
}

// MemoryTokenStore is the default TokenStore: the token lives as long as the process.
type MemoryTokenStore struct {
	mu    sync.RWMutex
	token string
}

// NewMemoryTokenStore returns a store holding token.
func NewMemoryTokenStore(token string) *MemoryTokenStore {
	return &MemoryTokenStore{token: token}
}

// Token returns the stored token.
func (s *MemoryTokenStore) Token() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.token
}

// SetToken replaces the stored token.
func (s *MemoryTokenStore) SetToken(token string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = token
	return nil
}

// RetryPolicy says how idempotent requests (GET, HEAD, PUT, DELETE, OPTIONS) are retried after
// a network error, a 429 or a 5xx answer. The n-th retry waits BaseDelay·2^(n-1), at most
// MaxDelay; a Retry-After header, when present, sets the wait instead (a Retry-After longer
// than MaxDelay ends the retries and the answer is returned as is).
type RetryPolicy struct {
	MaxRetries int           // retries after the first try; 0 disables retries
	BaseDelay  time.Duration // wait before the first retry
	MaxDelay   time.Duration // upper bound of any wait
}

// DefaultRetryPolicy is the contract's policy: up to 3 retries, 1000 ms doubling, at most 30 s.
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 3, BaseDelay: time.Second, MaxDelay: 30 * time.Second}

// delay returns the wait before retry number n (1-based).
func (p RetryPolicy) delay(n int) time.Duration {
	d := p.BaseDelay
	for i := 1; i < n; i++ {
		d *= 2
		if p.MaxDelay > 0 && d >= p.MaxDelay {
			return p.MaxDelay
		}
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		return p.MaxDelay
	}
	return d
}

// Option configures a Client.
type Option func(*config)

type config struct {
	tokens      TokenStore
	accessToken string
	httpClient  *http.Client
	userAgent   string
	retry       RetryPolicy
	onRetry     func(RetryEvent)
}

// WithTokenStore keeps the session token in s instead of memory.
func WithTokenStore(s TokenStore) Option { return func(c *config) { c.tokens = s } }

// WithToken starts the client with a known session token (kept in memory).
func WithToken(token string) Option {
	return func(c *config) { c.tokens = NewMemoryTokenStore(token) }
}

// WithAccessToken turns on admin app mode: every authenticated call also sends the
// access-token header, the code of the associate a staff member acts for.
func WithAccessToken(code string) Option { return func(c *config) { c.accessToken = code } }

// WithHTTPClient sends requests through hc. Its Transport is wrapped, never replaced, by the
// SDK's (x-token renewal, retries, user agent); hc itself is not modified.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithUserAgent sets the User-Agent header, e.g. "portal-cli/1.2.0".
func WithUserAgent(ua string) Option { return func(c *config) { c.userAgent = ua } }

// WithRetryPolicy replaces DefaultRetryPolicy (tests use a tiny delay; MaxRetries 0 disables).
func WithRetryPolicy(p RetryPolicy) Option { return func(c *config) { c.retry = p } }

// RetryEvent describes a retry about to happen; see WithRetryHook.
type RetryEvent struct {
	Method  string
	URL     string
	Attempt int           // the retry number, from 1
	Status  int           // the status that caused it, 0 after a network error
	Err     error         // the network error, if any
	Wait    time.Duration // how long the client waits before it
}

// WithRetryHook calls fn before each retry (for logs or a "retrying…" notice).
func WithRetryHook(fn func(RetryEvent)) Option { return func(c *config) { c.onRetry = fn } }

// Client is the Associate Portal client. It embeds the generated *oas.Client, so every
// operation of the contract is a method of Client; the methods defined here add the
// conveniences (Login stores the token, All pages through lists, …).
type Client struct {
	*oas.Client

	base   *url.URL // the server root, without a trailing slash
	tokens TokenStore
	access string
	http   *http.Client // the SDK's client: wrapped transport, used for every request
}

// New returns a client of the server at baseURL, the server root (for example
// http://127.0.0.1:8080); the API is at baseURL + "/api".
func New(baseURL string, opts ...Option) (*Client, error) {
	base, err := parseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	cfg := config{userAgent: DefaultUserAgent, retry: DefaultRetryPolicy}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.tokens == nil {
		cfg.tokens = NewMemoryTokenStore("")
	}

	hc := &http.Client{}
	if cfg.httpClient != nil {
		*hc = *cfg.httpClient //nolint:govet // a shallow copy so the caller's client is not changed
	}
	next := hc.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	hc.Transport = &Transport{
		Next:      next,
		Tokens:    cfg.tokens,
		UserAgent: cfg.userAgent,
		Retry:     cfg.retry,
		OnRetry:   cfg.onRetry,
	}

	return newClient(base, cfg.tokens, cfg.accessToken, hc)
}

// newClient builds a Client over the SDK's HTTP client hc (its transport already wrapped)
// with the generated client of the API below base.
func newClient(base *url.URL, tokens TokenStore, access string, hc *http.Client) (*Client, error) {
	c := &Client{base: base, tokens: tokens, access: access, http: hc}
	api, err := oas.NewClient(base.String()+"/api", security{c}, oas.WithClient(hc))
	if err != nil {
		return nil, fmt.Errorf("sdk: %w", err)
	}
	c.Client = api
	return c, nil
}

func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("sdk: server URL %q: %w", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("sdk: server URL %q must start with http:// or https://", raw)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("sdk: server URL %q has no host", raw)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	u.RawQuery, u.Fragment = "", ""
	return u, nil
}

// API returns the generated client (the same one Client embeds).
func (c *Client) API() *oas.Client { return c.Client }

// BaseURL returns the server root the client talks to.
func (c *Client) BaseURL() string { return c.base.String() }

// Token returns the current session token ("" when logged out).
func (c *Client) Token() string { return c.tokens.Token() }

// HTTPClient returns the *http.Client the SDK sends every request through (x-token renewal,
// retries, user agent), for calls the contract describes but the generated client cannot make
// well, such as streaming a download.
func (c *Client) HTTPClient() *http.Client { return c.http }

// ErrNoToken is returned, before any request, by an operation that needs a session while the
// client has no token. IsUnauthorized reports true for it.
var ErrNoToken = errors.New("not logged in")

// security is the oas.SecuritySource: the bearer token from the store and, in admin app
// mode, the access token.
type security struct{ c *Client }

func (s security) BearerAuth(context.Context, oas.OperationName) (oas.BearerAuth, error) {
	t := s.c.tokens.Token()
	if t == "" {
		return oas.BearerAuth{}, ErrNoToken
	}
	return oas.BearerAuth{Token: t}, nil
}

func (s security) AccessToken(context.Context, oas.OperationName) (oas.AccessToken, error) {
	if s.c.access == "" {
		return oas.AccessToken{}, errSkipSecurity
	}
	return oas.AccessToken{APIKey: s.c.access}, nil
}

// Tokens returns the client's token store.
func (c *Client) Tokens() TokenStore { return c.tokens }

// AccessToken returns the code of the associate the client acts for (admin app mode), ""
// when it acts for nobody.
func (c *Client) AccessToken() string { return c.access }

// ActAs returns a client that acts for the associate code (admin app mode; "" for nobody):
// it shares c's token store, HTTP client and settings, and only the access-token header
// differs. c is not changed, so a program can keep a client of the staff member itself
// (for the associate lookup) beside the one that acts.
func (c *Client) ActAs(code string) (*Client, error) {
	return newClient(c.base, c.tokens, code, c.http)
}

// NormalizeAssociateCode trims an associate code and puts it in upper case: codes match in
// any case ("agt100" is AGT100).
func NormalizeAssociateCode(code string) string {
	return strings.ToUpper(strings.TrimSpace(code))
}

// IsAccessTokenNeeded reports an operation that a staff member may call only when acting
// for an associate (send access-token with WithAccessToken or ActAs): it is for associates,
// or it needs a permission the staff member lacks.
func IsAccessTokenNeeded(err error) bool {
	code := CodeOf(err)
	return code == CodeAssociatesOnly || code == CodeStaffPermission
}

// IsAccessTokenRefused reports that the server refused the access-token itself: no
// associate has the code, or the caller may not act for associates. The session is fine.
func IsAccessTokenRefused(err error) bool {
	code := CodeOf(err)
	return code == CodeActingNotAllowed || code == CodeActingCodeUnknown
}
