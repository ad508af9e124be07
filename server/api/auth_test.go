package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/argon2"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/app"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

func TestLogin(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	c := client(t, env, "")
	for _, who := range []string{seed.DemoAgent, "AGENT@Example.com", seed.DemoAgtCode, strings.ToLower(seed.DemoAgtCode)} {
		res, err := c.Login(ctx, &oas.LoginRequest{Login: who, Password: seed.DemoPassword})
		if err != nil {
			t.Fatalf("login as %q: %v", who, err)
		}
		if res.User.Code.Or("") != seed.DemoAgtCode || res.User.IsSeniorLevel || res.Token == "" {
			t.Errorf("login as %q: user %+v", who, res.User)
		}
	}
	bad := do(t, env, "POST", "/api/auth/login", "", map[string]string{"login": seed.DemoAgent, "password": "wrong"}, nil)
	nobody := do(t, env, "POST", "/api/auth/login", "", map[string]string{"login": "nobody@example.com", "password": "wrong"}, nil)
	if bad.Status != 401 || nobody.Status != 401 {
		t.Fatalf("bad password %d, unknown login %d; want 401", bad.Status, nobody.Status)
	}
	if a, b := bad.apiError(t).Message, nobody.apiError(t).Message; a != b {
		t.Errorf("a wrong password (%q) and an unknown login (%q) must read the same", a, b)
	}
	staff, err := c.Login(ctx, &oas.LoginRequest{Login: seed.DemoStaff, Password: seed.DemoPassword})
	if err != nil || !staff.User.IsStaff || staff.User.Code.Set {
		t.Fatalf("staff login: %+v %v", staff, err)
	}
}

// TestLoginRehashesOlderHashes: a hash made with former parameters (argon2id 64 MiB, t=3,
// p=2) still logs in, and is replaced by one with today's; a failed login changes nothing.
func TestLoginRehashesOlderHashes(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	salt := []byte("0123456789abcdef")
	key := argon2.IDKey([]byte(seed.DemoPassword), salt, 3, 64*1024, 2, 32)
	b64 := base64.RawStdEncoding
	old := "$argon2id$v=19$m=65536,t=3,p=2$" + b64.EncodeToString(salt) + "$" + b64.EncodeToString(key)
	if _, err := env.Pool.Exec(ctx, `UPDATE users SET password_hash = $2 WHERE email = $1`, seed.DemoAgent, old); err != nil {
		t.Fatal(err)
	}
	stored := func() string {
		var h string
		if err := env.Pool.QueryRow(ctx, `SELECT password_hash FROM users WHERE email = $1`, seed.DemoAgent).Scan(&h); err != nil {
			t.Fatal(err)
		}
		return h
	}
	c := client(t, env, "")
	if _, err := c.Login(ctx, &oas.LoginRequest{Login: seed.DemoAgent, Password: "not the password"}); statusOf(err) != 401 {
		t.Fatalf("a wrong password: %v", err)
	}
	if stored() != old {
		t.Fatal("a failed login changed the hash")
	}
	if _, err := c.Login(ctx, &oas.LoginRequest{Login: seed.DemoAgent, Password: seed.DemoPassword}); err != nil {
		t.Fatalf("login with the former hash: %v", err)
	}
	fresh := stored()
	if !strings.HasPrefix(fresh, "$argon2id$v=19$m=19456,t=2,p=1$") || auth.NeedsRehash(fresh) {
		t.Fatalf("after the login the hash is %q", fresh)
	}
	if _, err := c.Login(ctx, &oas.LoginRequest{Login: seed.DemoAgent, Password: seed.DemoPassword}); err != nil || stored() != fresh {
		t.Fatalf("login with today's hash: %v (hash changed: %v)", err, stored() != fresh)
	}
}

func TestLoginThrottlePerAccountSharedAcrossInstances(t *testing.T) {
	env := servertest.Start(t)
	// A second portald instance over the same database.
	handler, _, err := app.New(app.Options{Pool: env.Pool, Keys: env.Keys, DataDir: t.TempDir(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	other := httptest.NewServer(handler)
	defer other.Close()
	env2 := &servertest.Env{URL: other.URL}
	wrong := map[string]string{"login": seed.DemoRMD, "password": "wrong"}
	for i := range 5 {
		target := env
		if i%2 == 1 {
			target = env2
		}
		if r := do(t, target, "POST", "/api/auth/login", "", wrong, nil); r.Status != 401 {
			t.Fatalf("attempt %d: %d", i, r.Status)
		}
	}
	right := map[string]string{"login": seed.DemoRMD, "password": seed.DemoPassword}
	for _, target := range []*servertest.Env{env, env2} {
		r := do(t, target, "POST", "/api/auth/login", "", right, nil)
		if r.Status != 429 {
			t.Fatalf("after 5 failures the right password answers %d, want 429", r.Status)
		}
		if e := r.apiError(t); !strings.Contains(e.Message, "Too many") {
			t.Errorf("message %q", e.Message)
		}
	}
	// Another account from the same address is not locked out by them.
	if r := do(t, env2, "POST", "/api/auth/login", "", map[string]string{"login": seed.DemoAgent, "password": seed.DemoPassword}, nil); r.Status != 200 {
		t.Errorf("another account: %d", r.Status)
	}
	// The window passes: the account opens again.
	if _, err := env.Pool.Exec(context.Background(), `UPDATE login_failures SET failed_at = failed_at - interval '16 minutes'`); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "POST", "/api/auth/login", "", right, nil); r.Status != 200 {
		t.Errorf("after the window: %d", r.Status)
	}
}

func TestSessionRenewalExpiryAndLogout(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := login(t, env, seed.DemoAgent)
	r := do(t, env, "GET", "/api/access", tok, nil, nil)
	if r.Status != 200 || r.Header.Get("X-Token") != "" {
		t.Fatalf("fresh token: %d, x-token %q", r.Status, r.Header.Get("X-Token"))
	}
	// An old token is rotated: the answer carries the new one, on errors too.
	if _, err := env.Pool.Exec(ctx, `UPDATE sessions SET rotated_at = now() - interval '20 minutes'`); err != nil {
		t.Fatal(err)
	}
	r = do(t, env, "GET", "/api/clients/999999999", tok, nil, nil)
	renewed := r.Header.Get("X-Token")
	if renewed == "" || renewed == tok {
		t.Fatalf("no renewed token on a rotated session (status %d)", r.Status)
	}
	if r := do(t, env, "GET", "/api/access", renewed, nil, nil); r.Status != 200 {
		t.Fatalf("renewed token: %d", r.Status)
	}
	// The previous token works for the grace period, then not; it is not rotated again.
	if r := do(t, env, "GET", "/api/access", tok, nil, nil); r.Status != 200 || r.Header.Get("X-Token") != "" {
		t.Fatalf("previous token within grace: %d, x-token %q", r.Status, r.Header.Get("X-Token"))
	}
	// Within the grace, the previous token still needs a live session (it is looked up by a
	// statement of its own): idle too long, neither token opens it.
	if _, err := env.Pool.Exec(ctx, `UPDATE sessions SET last_seen_at = now() - interval '13 hours'`); err != nil {
		t.Fatal(err)
	}
	for name, token := range map[string]string{"previous": tok, "renewed": renewed} {
		if r := do(t, env, "GET", "/api/access", token, nil, nil); r.Status != 401 {
			t.Fatalf("%s token of an idle session: %d", name, r.Status)
		}
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE sessions SET last_seen_at = now()`); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE sessions SET rotated_at = now() - interval '3 minutes'`); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/access", tok, nil, nil); r.Status != 401 {
		t.Fatalf("previous token after grace: %d", r.Status)
	}
	// Logout kills the session.
	if r := do(t, env, "POST", "/api/auth/logout", renewed, nil, nil); r.Status != 204 {
		t.Fatalf("logout: %d %s", r.Status, r.Body)
	}
	r = do(t, env, "GET", "/api/access", renewed, nil, nil)
	if r.Status != 401 {
		t.Fatalf("after logout: %d", r.Status)
	}
	r.apiError(t)
	// Idle sessions die.
	idle := login(t, env, seed.DemoAgent)
	if _, err := env.Pool.Exec(ctx, `UPDATE sessions SET last_seen_at = now() - interval '13 hours' WHERE revoked_at IS NULL`); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/access", idle, nil, nil); r.Status != 401 {
		t.Fatalf("idle session: %d", r.Status)
	}
	// A login writes a session row with the user agent and address.
	var ua, ip string
	if err := env.Pool.QueryRow(ctx, `SELECT user_agent, host(ip) FROM sessions ORDER BY id DESC LIMIT 1`).Scan(&ua, &ip); err != nil {
		t.Fatal(err)
	}
	if ua == "" || ip != "127.0.0.1" {
		t.Errorf("session row: ua %q ip %q", ua, ip)
	}
}

func TestAccessAndAdminMode(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	rmd, err := client(t, env, login(t, env, seed.DemoRMD)).GetAccess(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !rmd.Response.User.IsSeniorLevel || rmd.Response.User.Code.Or("") != seed.DemoRMDCode {
		t.Errorf("rmd access: %+v", rmd.Response.User)
	}
	staffTok := login(t, env, seed.DemoStaff)
	acting, err := oas.NewClient(env.URL+"/api", creds{token: staffTok, actAs: seed.DemoAgtCode})
	if err != nil {
		t.Fatal(err)
	}
	a, err := acting.GetAccess(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a.Response.User.Code.Or("") != seed.DemoAgtCode || a.Response.User.ActingStaff.Or("") != "Sam Staffer" {
		t.Errorf("acting access: %+v", a.Response.User)
	}
	// Staff acting for an associate are not held at the acknowledgement gate, and every
	// request is audited.
	if _, err := acting.ListClients(ctx, oas.ListClientsParams{}); err != nil {
		t.Errorf("acting staff list clients: %v", err)
	}
	var audited int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM staff_audit s JOIN associates a ON a.id = s.associate_id WHERE a.code = $1`, seed.DemoAgtCode).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 2 {
		t.Errorf("audit rows = %d, want 2", audited)
	}
	// Nobody else may use access-token; an unknown code is refused.
	agentTok := login(t, env, seed.DemoAgent)
	if r := do(t, env, "GET", "/api/access", agentTok, nil, header{"access-token": seed.DemoRMDCode}); r.Status != 403 {
		t.Errorf("associate with access-token: %d", r.Status)
	}
	if r := do(t, env, "GET", "/api/access", staffTok, nil, header{"access-token": "NOSUCH1"}); r.Status != 403 {
		t.Errorf("unknown code: %d", r.Status)
	} else {
		r.apiError(t)
	}
	if r := do(t, env, "GET", "/api/access", "", nil, header{"access-token": seed.DemoAgtCode}); r.Status != 401 {
		t.Errorf("access-token without a bearer: %d", r.Status)
	}
}

func TestHealthAndHeaders(t *testing.T) {
	env := servertest.Start(t)
	for _, p := range []string{"/api/healthz", "/api/readyz"} {
		r := do(t, env, "GET", p, "", nil, nil)
		if r.Status != 200 {
			t.Errorf("%s: %d", p, r.Status)
		}
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
			if r.Header.Get(h) == "" {
				t.Errorf("%s: no %s header", p, h)
			}
		}
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", p, r.Header.Get("Cache-Control"))
		}
	}
	csp := do(t, env, "GET", "/", "", nil, nil).Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Error("the web app has no frame-ancestors policy")
	}
	// The store's card checkout: Stripe.js, its card frames and its API (Stripe's documented
	// policy), and no other outside script.
	directives := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		if name, value, _ := strings.Cut(strings.TrimSpace(d), " "); name != "" {
			directives[name] = value
		}
	}
	for name, want := range map[string]string{"script-src": "https://js.stripe.com", "frame-src": "https://hooks.stripe.com",
		"connect-src": "https://api.stripe.com"} {
		if !strings.Contains(directives[name], want) {
			t.Errorf("%s %q does not allow %s", name, directives[name], want)
		}
	}
	if directives["script-src"] != "'self' https://js.stripe.com https://*.js.stripe.com" {
		t.Errorf("script-src %q", directives["script-src"])
	}
	r := do(t, env, "GET", "/api/no/such/thing", "", nil, nil)
	if r.Status != 404 {
		t.Errorf("unknown API path: %d", r.Status)
	}
	r.apiError(t)
	r = do(t, env, "PATCH", "/api/access", "", nil, nil)
	if r.Status != 405 {
		t.Errorf("wrong method: %d", r.Status)
	}
	r.apiError(t)
	// The SPA answers unknown non-API paths with the app.
	if r := do(t, env, "GET", "/business/clients/12", "", nil, nil); r.Status != 200 || !strings.Contains(r.Header.Get("Content-Type"), "text/html") {
		t.Errorf("SPA fallback: %d %s", r.Status, r.Header.Get("Content-Type"))
	}
}

// patient gives the test server a hashing budget that waits long enough for every
// parallel check of a test on a loaded machine, so that only the throttle refuses.
func patient(env *servertest.Env) {
	env.Handler.Hashing = auth.NewBudget(auth.DefaultHashBudget, 5*time.Minute)
}

// loginAll sends the logins at once and answers the replies in order.
func loginAll(t *testing.T, env *servertest.Env, bodies []map[string]string) []reply {
	t.Helper()
	out := make([]reply, len(bodies))
	fails := make([]error, len(bodies))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, b := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			raw, _ := json.Marshal(b)
			<-start
			res, err := http.Post(env.URL+"/api/auth/login", "application/json", bytes.NewReader(raw))
			if err != nil {
				fails[i] = err
				return
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			out[i], fails[i] = reply{Status: res.StatusCode, Header: res.Header, Body: body}, err
		}()
	}
	close(start)
	wg.Wait()
	if err := errors.Join(fails...); err != nil {
		t.Fatal(err)
	}
	return out
}

// countStatuses counts the answers by status; a 429 must be the throttle's, with a
// Retry-After.
func countStatuses(t *testing.T, rs []reply) map[int]int {
	t.Helper()
	n := map[int]int{}
	for _, r := range rs {
		n[r.Status]++
		if r.Status == 429 {
			if e := r.apiError(t); !strings.Contains(e.Message, "failed login attempts") || e.Code.Or("") != "login_throttled" {
				t.Errorf("429 that is not the throttle's: %q (%q)", e.Message, e.Code.Or(""))
			}
			if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 900 {
				t.Errorf("Retry-After %q on a throttled login", r.Header.Get("Retry-After"))
			}
		}
	}
	return n
}

// Parallel wrong guesses cannot all pass the check before any is counted: of eight at
// once, five are checked (401) and three refused (429).
func TestLoginThrottleParallelGuesses(t *testing.T) {
	env := servertest.Start(t)
	patient(env)
	wrong := map[string]string{"login": seed.DemoAgent, "password": "wrong"}
	got := countStatuses(t, loginAll(t, env, slices.Repeat([]map[string]string{wrong}, 8)))
	if want := map[int]int{401: 5, 429: 3}; !maps.Equal(got, want) {
		t.Fatalf("8 parallel wrong guesses answered %v, want %v", got, want)
	}
	if r := do(t, env, "POST", "/api/auth/login", "", map[string]string{"login": seed.DemoAgent, "password": seed.DemoPassword}, nil); r.Status != 429 {
		t.Fatalf("the right password after them: %d, want 429", r.Status)
	}
}

// An account has one count of failures whether its email or its code is typed (in any
// case): guesses spread over them, in parallel, get five tries in all.
func TestLoginThrottlePerAccountWhateverIsTyped(t *testing.T) {
	env := servertest.Start(t)
	patient(env)
	spellings := []string{seed.DemoAgent, strings.ToUpper(seed.DemoAgent), seed.DemoAgtCode, strings.ToLower(seed.DemoAgtCode)}
	var guesses []map[string]string
	for i := range 8 {
		guesses = append(guesses, map[string]string{"login": spellings[i%len(spellings)], "password": "wrong"})
	}
	got := countStatuses(t, loginAll(t, env, guesses))
	if want := map[int]int{401: 5, 429: 3}; !maps.Equal(got, want) {
		t.Fatalf("8 parallel wrong guesses by email and code answered %v, want %v", got, want)
	}
	for _, who := range spellings {
		if r := do(t, env, "POST", "/api/auth/login", "", map[string]string{"login": who, "password": seed.DemoPassword}, nil); r.Status != 429 {
			t.Errorf("the right password as %q: %d, want 429", who, r.Status)
		}
	}
	// A login that names nobody is counted by its text, and does not lock the account.
	nobody := map[string]string{"login": "nobody@example.com", "password": "wrong"}
	got = countStatuses(t, loginAll(t, env, slices.Repeat([]map[string]string{nobody}, 7)))
	if want := map[int]int{401: 5, 429: 2}; !maps.Equal(got, want) {
		t.Fatalf("7 parallel guesses at an unknown login answered %v, want %v", got, want)
	}
	if r := do(t, env, "POST", "/api/auth/login", "", map[string]string{"login": seed.DemoRMD, "password": seed.DemoPassword}, nil); r.Status != 200 {
		t.Errorf("another account: %d", r.Status)
	}
}

// Password checks run within the memory budget: a login that finds it spent waits, then
// answers 429 with Retry-After, and is not counted as a failure.
func TestLoginWithinHashingBudget(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	env.Handler.Hashing = auth.NewBudget(auth.HashMemory, 100*time.Millisecond)
	release, err := env.Handler.Hashing.Acquire(ctx, env.Handler.Hashing.Size())
	if err != nil {
		t.Fatal(err)
	}
	right := map[string]string{"login": seed.DemoAgent, "password": seed.DemoPassword}
	for _, body := range []map[string]string{right, {"login": seed.DemoAgent, "password": "wrong"}, {"login": "nobody@example.com", "password": "x"}} {
		r := do(t, env, "POST", "/api/auth/login", "", body, nil)
		if r.Status != 429 || r.Header.Get("Retry-After") == "" {
			t.Fatalf("login with the budget spent: %d, Retry-After %q: %s", r.Status, r.Header.Get("Retry-After"), r.Body)
		}
		if e := r.apiError(t); !strings.Contains(e.Message, "Too many people") || e.Code.Or("") != "login_busy" {
			t.Errorf("message %q", e.Message)
		}
	}
	var counted int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM login_failures`).Scan(&counted); err != nil {
		t.Fatal(err)
	}
	if counted != 0 {
		t.Errorf("%d failures counted for logins that were never checked", counted)
	}
	release()
	if r := do(t, env, "POST", "/api/auth/login", "", right, nil); r.Status != 200 {
		t.Fatalf("once the budget is free: %d %s", r.Status, r.Body)
	}
}

// A login body that trickles in is cut when its read deadline passes: the whole app
// (ogen's decoding included) answers 408 with the Error body and closes the connection.
func TestSlowLoginBodyIsCut(t *testing.T) {
	env := servertest.Start(t)
	handler, _, err := app.New(app.Options{Pool: env.Pool, Keys: env.Keys, DataDir: t.TempDir(),
		Log: slog.New(slog.DiscardHandler), BodyTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler)
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The body would take a minute at this pace; the test allows 20 s.
	if err := conn.SetDeadline(time.Now().Add(20 * time.Second)); err != nil {
		t.Fatal(err)
	}
	body := `{"login":"` + seed.DemoAgent + `","password":"` + seed.DemoPassword + `"}`
	if _, err := fmt.Fprintf(conn, "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body)); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for i := 0; i < len(body); i++ {
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
			}
			if _, err := conn.Write([]byte{body[i]}); err != nil {
				return
			}
		}
	}()
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer to a trickling body: %v", err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	r := reply{Status: res.StatusCode, Header: res.Header, Body: b}
	if r.Status != http.StatusRequestTimeout {
		t.Fatalf("answer %d %s, want 408", r.Status, b)
	}
	r.apiError(t)
	if _, err := br.ReadByte(); err == nil {
		t.Error("the connection stayed open")
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Error("the connection stayed open until the test's deadline")
	}
}

// A browser's name is a header, and HTTP lets any byte through: a user agent that is not
// UTF-8, or longer than is kept (cut inside a character), never fails a login or an
// acknowledgement, and is stored as valid text.
func TestOddUserAgents(t *testing.T) {
	env := servertest.Start(t)
	long := strings.Repeat("a", 511) + "é" + strings.Repeat("b", 100) // é straddles byte 512
	for _, ua := range []string{"Mozilla \xe9t\xe9", long} {
		r := do(t, env, "POST", "/api/auth/login", "", map[string]string{"login": seed.DemoAgent, "password": seed.DemoPassword},
			header{"User-Agent": ua})
		if r.Status != 200 {
			t.Fatalf("login with user agent %.20q: %d %s", ua, r.Status, r.Body)
		}
	}
	rows, err := env.Pool.Query(context.Background(), `SELECT s.user_agent FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE u.email = $1 ORDER BY s.id`, seed.DemoAgent)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Mozilla \uFFFDt\uFFFD", strings.Repeat("a", 511)}
	if diff := cmp.Diff(want, stored); diff != "" {
		t.Errorf("stored user agents (-want +got):\n%s", diff)
	}
}
