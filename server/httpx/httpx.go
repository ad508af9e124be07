// Package httpx holds the HTTP middleware of portald: request ids and structured logs,
// panic recovery, body limits and read deadlines, security headers, response hints
// (x-token, content type, Retry-After) and the web app with its SPA fallback.
package httpx

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Info is what handlers may need of the request beyond ogen's parameters.
type Info struct {
	ID        string
	IP        netip.Addr
	UserAgent string
	RawQuery  string
	Method    string
	Path      string
}

// Hints are response headers decided deep inside (the security handler, a file
// download) and written by the middleware before the status line.
type Hints struct {
	XToken             string
	ContentType        string
	ContentDisposition string
	// CacheControl replaces the API's no-store on a 200 (a photo, cached until its signed
	// URL expires).
	CacheControl string
	RetryAfter   string // on a 429 or 503

	after []func() // run once the response is written
}

// AfterResponse runs f once the response of the request of ctx has been written, to
// give back to a pool what the answer was built from. Without the middleware (a handler
// called in-process) f never runs.
func AfterResponse(ctx context.Context, f func()) {
	if h, ok := ctx.Value(hintsKey{}).(*Hints); ok {
		h.after = append(h.after, f)
	}
}

type infoKey struct{}
type hintsKey struct{}

// InfoFrom is the request info of a context (zero when absent).
func InfoFrom(ctx context.Context) Info {
	i, _ := ctx.Value(infoKey{}).(Info)
	return i
}

// HintsFrom is the response hints of a context; a throwaway value when absent.
func HintsFrom(ctx context.Context) *Hints {
	if h, ok := ctx.Value(hintsKey{}).(*Hints); ok {
		return h
	}
	return &Hints{}
}

// WithInfo stores request info in a context (for tests and in-process callers).
func WithInfo(ctx context.Context, i Info) context.Context {
	return context.WithValue(ctx, infoKey{}, i)
}

// writer records the status and size of the response, writes the hinted headers with
// the status line and gathers the body in a pooled buffer, so that encoders that write
// in small pieces (ogen's streaming JSON encoder, the CSV writer) reach the connection in
// large writes without building whole bodies in memory.
type writer struct {
	http.ResponseWriter
	hints  *Hints
	status int
	bytes  int64 // written to the connection (not just buffered)
	buf    *bufio.Writer
	sink   sink
	body   *timedBody // the request body, when it has a read deadline
	drop   bool       // the handler's body is not sent (answerLate answered instead)
}

// sink is what the buffer writes into: the response, counting what it accepted.
type sink struct{ w *writer }

func (s *sink) Write(b []byte) (int, error) {
	n, err := s.w.ResponseWriter.Write(b)
	s.w.bytes += int64(n)
	return n, err
}

// bufSize is the size of the pooled response buffers.
const bufSize = 32 << 10

var bufPool = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, bufSize) }}

func (w *writer) WriteHeader(code int) {
	if w.status != 0 {
		return
	}
	w.status = code
	h := w.Header()
	if w.hints.XToken != "" {
		h.Set("X-Token", w.hints.XToken)
	}
	if w.hints.ContentType != "" && code == http.StatusOK {
		h.Set("Content-Type", w.hints.ContentType)
	}
	if w.hints.ContentDisposition != "" && code == http.StatusOK {
		h.Set("Content-Disposition", w.hints.ContentDisposition)
	}
	if w.hints.CacheControl != "" && code == http.StatusOK {
		h.Set("Cache-Control", w.hints.CacheControl)
	}
	if w.hints.RetryAfter != "" && (code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable) {
		h.Set("Retry-After", w.hints.RetryAfter)
	}
	if w.body != nil && w.body.late {
		w.answerLate()
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

// answerLate answers a request whose body did not arrive in time, whatever the handler
// made of the failed read: 408 with the Error body, and the connection is closed.
func (w *writer) answerLate() {
	w.status = http.StatusRequestTimeout
	w.drop = true
	h := w.Header()
	for _, k := range []string{"Content-Disposition", "Content-Encoding", "Content-Length", "Retry-After"} {
		h.Del(k) // what the handler meant for its own answer
	}
	h.Set("Connection", "close")
	cw := &countingWriter{w: w.ResponseWriter}
	WriteError(cw, http.StatusRequestTimeout, fmt.Sprintf("The request body did not arrive within %s", w.body.timeout))
	w.bytes += cw.n
}

type countingWriter struct {
	w http.ResponseWriter
	n int64
}

func (c *countingWriter) Header() http.Header  { return c.w.Header() }
func (c *countingWriter) WriteHeader(code int) { c.w.WriteHeader(code) }
func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

func (w *writer) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.drop {
		return len(b), nil
	}
	if w.buf == nil {
		w.buf = bufPool.Get().(*bufio.Writer)
		w.sink.w = w
		w.buf.Reset(&w.sink)
	}
	return w.buf.Write(b)
}

// Flush sends what is buffered to the client.
func (w *writer) Flush() {
	if w.buf != nil {
		_ = w.buf.Flush()
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// discard drops what is buffered and gives the buffer back to the pool.
func (w *writer) discard() {
	if w.buf == nil {
		return
	}
	w.buf.Reset(nil)
	bufPool.Put(w.buf)
	w.buf = nil
}

// finish writes out the buffer and gives it back to the pool.
func (w *writer) finish() {
	if w.buf == nil {
		return
	}
	_ = w.buf.Flush()
	w.buf.Reset(nil)
	bufPool.Put(w.buf)
	w.buf = nil
}

func (w *writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func newID() string {
	// A request id names a request in logs and answers; it is no secret, so the runtime's
	// fast generator serves (crypto/rand cost a system call on every request).
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// requestID is the client's X-Request-Id when it is well formed (1 to 64 of
// A-Z a-z 0-9 . _ -), so that it can be quoted in logs and answers as it is; otherwise
// a new one.
func requestID(r *http.Request) string {
	id := r.Header.Get("X-Request-Id")
	if id == "" || len(id) > 64 {
		return newID()
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return newID()
		}
	}
	return id
}

func clientIP(r *http.Request, trustProxy bool) netip.Addr {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			if ip, err := netip.ParseAddr(strings.TrimSpace(first)); err == nil {
				return ip.Unmap()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, _ := netip.ParseAddr(host)
	return ip.Unmap()
}

// Options of the middleware chain.
type Options struct {
	Log        *slog.Logger
	TrustProxy bool  // take the client address from X-Forwarded-For
	MaxBody    int64 // limit of JSON bodies
	MaxUpload  int64 // limit of file uploads
	// The longest time to read a JSON body and an upload, from the start of the handler
	// (after the headers); zero takes DefaultBodyTimeout and DefaultUploadTimeout.
	BodyTimeout   time.Duration
	UploadTimeout time.Duration
	// OnPanic reports a recovered panic (Sentry); optional.
	OnPanic func(ctx context.Context, v any)
}

// StripeWebhookPath is where Stripe posts its events (the contract's receiveStripeWebhook).
const StripeWebhookPath = "/api/store/stripe-webhook"

// Wrap puts the middleware around the whole application: request id, info and hints,
// logs, recovery, body limits and security headers.
func Wrap(next http.Handler, o Options) http.Handler {
	next = cleanAPIPaths(validText(next)) // paths.go, text.go
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestID(r)
		info := Info{ID: id, IP: clientIP(r, o.TrustProxy), UserAgent: cleanUserAgent(r.UserAgent()), RawQuery: r.URL.RawQuery, Method: r.Method, Path: r.URL.Path}
		hints := &Hints{}
		ctx := context.WithValue(context.WithValue(r.Context(), infoKey{}, info), hintsKey{}, hints)
		ww := &writer{ResponseWriter: w, hints: hints}
		securityHeaders(ww.Header(), r.URL.Path)
		ww.Header().Set("X-Request-Id", id)
		api := strings.HasPrefix(r.URL.Path, "/api/")
		if api && r.Body != nil {
			limit, timeout := o.MaxBody, cmp.Or(o.BodyTimeout, DefaultBodyTimeout)
			if r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/api/files/") {
				limit, timeout = o.MaxUpload, cmp.Or(o.UploadTimeout, DefaultUploadTimeout)
				// The type of an upload is sniffed from its content; whatever the client
				// declared, the contract takes the bytes as application/octet-stream.
				r.Header.Set("Content-Type", "application/octet-stream")
			}
			if r.Method == http.MethodPost && r.URL.Path == StripeWebhookPath {
				// Stripe signs the bytes it sends: the contract takes them as they are.
				r.Header.Set("Content-Type", "application/octet-stream")
			}
			if r.Body != http.NoBody {
				ww.body = withDeadline(w, r.Body, timeout)
				r.Body = ww.body
			}
			r.Body = http.MaxBytesReader(ww, r.Body, limit)
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				o.Log.ErrorContext(ctx, "panic", "request_id", id, "panic", v)
				if o.OnPanic != nil {
					o.OnPanic(ctx, v)
				}
				if ww.status != 0 {
					// The status line is out and part of the body may be buffered: drop
					// it and abort the connection, so the client sees a failed response
					// rather than a complete-looking 200 with a cut body.
					ww.discard()
					panic(http.ErrAbortHandler)
				}
				WriteError(ww, http.StatusInternalServerError, "Something went wrong. Quote request id "+id+" to support.")
			}
			ww.finish()
			level := slog.LevelInfo
			if ww.status >= 500 {
				level = slog.LevelError
			}
			if !o.Log.Enabled(ctx, level) {
				return
			}
			o.Log.Log(ctx, level, "request", "request_id", id, "method", r.Method, "path", r.URL.Path,
				"status", ww.status, "bytes", ww.bytes, "duration_ms", float64(time.Since(start).Microseconds())/1000,
				"ip", info.IP.String())
		}()
		next.ServeHTTP(ww, r.WithContext(ctx))
		if ww.status == 0 && ww.body != nil && ww.body.late {
			ww.WriteHeader(http.StatusRequestTimeout)
		}
		ww.finish()
		for _, f := range hints.after {
			f()
		}
	})
}

// WriteError writes the contract's Error body outside ogen (panics, the web app).
func WriteError(w http.ResponseWriter, status int, message string, fields ...FieldError) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Status  int          `json:"status"`
		Message string       `json:"message"`
		Errors  []FieldError `json:"errors,omitempty"`
	}{status, message, fields})
}

// FieldError is one field's message in an Error body.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// contentSecurityPolicy allows the portal's own origin, and Stripe's for the store's card
// checkout (Stripe.js from js.stripe.com, its card fields in frames of js.stripe.com and
// hooks.stripe.com, its calls to api.stripe.com: Stripe's documented policy); Radix Themes
// needs inline styles.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' https://js.stripe.com https://*.js.stripe.com; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
	"connect-src 'self' https://api.stripe.com https://*.sentry.io https://*.ingest.sentry.io; " +
	"frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; " +
	"worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

func securityHeaders(h http.Header, path string) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
	if strings.HasPrefix(path, "/api/") {
		h.Set("Cache-Control", "no-store")
	}
}

// MaxUserAgent is the longest user agent kept (stored with sessions and acknowledgements).
const MaxUserAgent = 512

// cleanUserAgent is a header value fit to store as text: HTTP lets any byte through, and
// PostgreSQL refuses invalid UTF-8 and NUL — a login must not fail over its browser's name.
// Cut to MaxUserAgent bytes on a character boundary.
func cleanUserAgent(ua string) string {
	ua = strings.ReplaceAll(strings.ToValidUTF8(ua, "\uFFFD"), "\x00", "")
	if len(ua) <= MaxUserAgent {
		return ua
	}
	cut := MaxUserAgent
	for cut > 0 && !utf8.RuneStart(ua[cut]) {
		cut--
	}
	return ua[:cut]
}
