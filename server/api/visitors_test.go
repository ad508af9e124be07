package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// tokenOf is the last path segment of a link (the token of a reset or confirmation link).
func tokenOf(link string) string { return link[strings.LastIndexByte(link, '/')+1:] }

// TestForgotAndResetOverMail: the answer is the same for a known and an unknown address;
// the known one gets a single-use link over SMTP; the reset checks the policy, ends every
// session, and the link then no longer works; an expired link does not work.
func TestForgotAndResetOverMail(t *testing.T) {
	env := servertest.Start(t)
	box := env.StartMail(t)
	old := login(t, env, seed.DemoAgent)

	known := do(t, env, "POST", "/api/auth/forgot-password", "", map[string]string{"email": "Agent@Example.com"}, nil)
	unknown := do(t, env, "POST", "/api/auth/forgot-password", "", map[string]string{"email": "nobody-here@example.com"}, nil)
	if known.Status != 202 || unknown.Status != known.Status || string(unknown.Body) != string(known.Body) {
		t.Fatalf("known %d %s, unknown %d %s: the answers differ", known.Status, known.Body, unknown.Status, unknown.Body)
	}
	msg := box.Wait(t, seed.DemoAgent, "Reset your Associate Portal password")
	link := msg.Link(t, env.URL, "reset-password/")
	if !strings.Contains(msg.Text, "1 hour") {
		t.Errorf("the mail does not say how long the link works:\n%s", msg.Text)
	}
	token := tokenOf(link)
	var count int
	if err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM account_tokens WHERE token_hash = sha256($1::bytea)`, []byte(token)).Scan(&count); err != nil || count != 1 {
		t.Fatalf("the token is not stored by its hash (%d, %v)", count, err)
	}

	// The policy: a common password is refused and the token stays usable.
	r := do(t, env, "POST", "/api/auth/reset-password", "", map[string]string{"token": token, "password": "password123"}, nil)
	if e := r.apiError(t); r.Status != 422 || len(e.Errors) != 1 || e.Errors[0].Field != "password" {
		t.Fatalf("a common password: %d %s", r.Status, r.Body)
	}
	r = do(t, env, "POST", "/api/auth/reset-password", "", map[string]string{"token": token, "password": "a new and long secret"}, nil)
	if r.Status != 204 {
		t.Fatalf("reset: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "GET", "/api/access", old, nil, nil); r.Status != 401 {
		t.Errorf("a session from before the reset still works: %d", r.Status)
	}
	if _, err := client(t, env, "").Login(context.Background(), &oas.LoginRequest{Login: seed.DemoAgent, Password: "a new and long secret"}); err != nil {
		t.Errorf("login with the new password: %v", err)
	}
	r = do(t, env, "POST", "/api/auth/reset-password", "", map[string]string{"token": token, "password": "yet another secret"}, nil)
	if e := r.apiError(t); r.Status != 422 || e.Code.Or("") != "link_invalid" {
		t.Errorf("the link used twice: %d %s", r.Status, r.Body)
	}

	// A second request replaces the first link; an expired one does not work.
	do(t, env, "POST", "/api/auth/forgot-password", "", map[string]string{"email": seed.DemoRMD}, nil)
	first := tokenOf(box.Wait(t, seed.DemoRMD, "Reset").Link(t, env.URL, "reset-password/"))
	if _, err := env.Pool.Exec(context.Background(), `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = sha256($1::bytea)`, []byte(first)); err != nil {
		t.Fatal(err)
	}
	r = do(t, env, "POST", "/api/auth/reset-password", "", map[string]string{"token": first, "password": "a new and long secret"}, nil)
	if e := r.apiError(t); r.Status != 422 || e.Code.Or("") != "link_invalid" {
		t.Errorf("an expired link: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "POST", "/api/auth/reset-password", "", map[string]string{"token": "made-up", "password": "a new and long secret"}, nil); r.Status != 422 {
		t.Errorf("a made-up token: %d %s", r.Status, r.Body)
	}
	if n := len(box.All(t)); n != 2 {
		t.Errorf("%d messages were sent, want 2 (none for the unknown address)", n)
	}
}

// TestForgotIsThrottled: the sixth request for one address within the window is refused
// (429, code throttled, Retry-After), whether or not the address has an account.
func TestForgotIsThrottled(t *testing.T) {
	env := servertest.Start(t)
	for _, email := range []string{seed.DemoRMD, "nobody-else@example.com"} {
		for i := range 6 {
			r := do(t, env, "POST", "/api/auth/forgot-password", "", map[string]string{"email": email}, nil)
			if i < 5 && r.Status != 202 {
				t.Fatalf("%s request %d: %d %s", email, i+1, r.Status, r.Body)
			}
			if i == 5 {
				e := r.apiError(t)
				if r.Status != 429 || e.Code.Or("") != "throttled" || r.Header.Get("Retry-After") == "" {
					t.Errorf("%s request 6: %d %s (Retry-After %q)", email, r.Status, r.Body, r.Header.Get("Retry-After"))
				}
			}
		}
	}
}

func registration(upline, email, version string) map[string]string {
	return map[string]string{"upline_code": upline, "kind": "Builder", "first_name": "Nora", "last_name": "Quinn",
		"email": email, "phone": "(512) 555-0142", "country": "USA", "state": "TX", "password": "nora's long secret",
		"agreement_version": version}
}

// TestRegisterUnderAnUpline: the upline page, the agreement, a registration that adds a
// Training Associate under the upline with a welcome mail and a login, and an address
// already registered getting the same answer, nothing added, and a note in its mailbox.
func TestRegisterUnderAnUpline(t *testing.T) {
	env := servertest.Start(t)
	box := env.StartMail(t)
	ctx := context.Background()
	anon := client(t, env, "")

	up, err := anon.GetRegistrationUpline(ctx, oas.GetRegistrationUplineParams{Code: "agt100"})
	if err != nil || up.Code != seed.DemoAgtCode || up.Name != "Alex Carter" {
		t.Fatalf("upline: %+v %v", up, err)
	}
	r := do(t, env, "GET", "/api/registration/uplines/ZZZ999", "", nil, nil)
	if e := r.apiError(t); r.Status != 404 || e.Message != "No active associate has the code ZZZ999" {
		t.Errorf("an unknown upline: %d %s", r.Status, r.Body)
	}
	var resigned string
	if err := env.Pool.QueryRow(ctx, `UPDATE associates SET status = 'Resigned' WHERE id = (SELECT max(id) FROM associates) RETURNING code`).Scan(&resigned); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/registration/uplines/"+resigned, "", nil, nil); r.Status != 404 {
		t.Errorf("a resigned upline: %d %s", r.Status, r.Body)
	}

	ag, err := anon.GetMembershipAgreement(ctx, oas.GetMembershipAgreementParams{Country: oas.CountryUSA, Plan: oas.AssociateKindBuilder})
	if err != nil || !strings.Contains(ag.Title, "USA") || !strings.Contains(ag.Body, "Builder plan") || len(ag.Version) != 64 {
		t.Fatalf("agreement: %+v %v", ag, err)
	}
	ca, err := anon.GetMembershipAgreement(ctx, oas.GetMembershipAgreementParams{Country: oas.CountryCanada, Plan: oas.AssociateKindDirect})
	if err != nil || ca.Version == ag.Version || !strings.Contains(ca.Body, "province") {
		t.Fatalf("the Canadian Direct agreement: %+v %v", ca, err)
	}

	// An agreement not the one in force is refused, naming the field.
	r = do(t, env, "POST", "/api/registrations", "", registration("AGT100", "nora@example.com", ca.Version), nil)
	if e := r.apiError(t); r.Status != 422 || e.Errors[0].Field != "agreement_version" {
		t.Fatalf("a stale agreement: %d %s", r.Status, r.Body)
	}
	var before int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM associates`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	fresh := do(t, env, "POST", "/api/registrations", "", registration("AGT100", "Nora@Example.com", ag.Version), nil)
	if fresh.Status != 202 {
		t.Fatalf("register: %d %s", fresh.Status, fresh.Body)
	}
	welcome := box.Wait(t, "nora@example.com", "Welcome")
	welcome.Link(t, env.URL, "login")
	var (
		code, level, status, kind, upline, version string
	)
	if err := env.Pool.QueryRow(ctx, `SELECT a.code, l.code, a.status, a.kind, u.code, r.agreement_version
		FROM associates a JOIN levels l ON l.id = a.level_id JOIN associates u ON u.id = a.upline_id
		JOIN registrations r ON r.associate_id = a.id WHERE a.email = 'nora@example.com'`).
		Scan(&code, &level, &status, &kind, &upline, &version); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(code, "NQ") || level != "TA" || status != "Active" || kind != "Builder" || upline != "AGT100" || version != ag.Version {
		t.Errorf("the new associate: %s %s %s %s under %s, agreement %s", code, level, status, kind, upline, version)
	}
	if !strings.Contains(welcome.Text, code) {
		t.Errorf("the welcome mail does not give the code %s:\n%s", code, welcome.Text)
	}
	res, err := anon.Login(ctx, &oas.LoginRequest{Login: code, Password: "nora's long secret"})
	if err != nil || res.User.Code.Or("") != code {
		t.Fatalf("the new associate logs in: %+v %v", res, err)
	}
	// The upline sees the recruit in its team.
	var inTeam bool
	if err := env.Pool.QueryRow(ctx, `SELECT (SELECT path FROM associates WHERE code = $1) <@ (SELECT path FROM associates WHERE code = 'AGT100')`, code).Scan(&inTeam); err != nil || !inTeam {
		t.Errorf("the recruit is not in the upline's downline (%v)", err)
	}

	// The same address again: the same answer, nothing added, a note to the address.
	again := do(t, env, "POST", "/api/registrations", "", registration("RMD100", "nora@example.com", ag.Version), nil)
	if again.Status != fresh.Status || string(again.Body) != string(fresh.Body) {
		t.Errorf("registering a registered address: %d %s, want %d %s", again.Status, again.Body, fresh.Status, fresh.Body)
	}
	box.Wait(t, "nora@example.com", "Someone tried to register")
	var after int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM associates`).Scan(&after); err != nil || after != before+1 {
		t.Errorf("associates %d → %d, want one more (%v)", before, after, err)
	}

	// Field checks, all at once.
	bad := registration("AGT100", "not an address", ag.Version)
	bad["first_name"], bad["phone"], bad["state"], bad["password"] = " ", "555-01", "ON", "password"
	r = do(t, env, "POST", "/api/registrations", "", bad, nil)
	e := r.apiError(t)
	fields := map[string]bool{}
	for _, f := range e.Errors {
		fields[f.Field] = true
	}
	if r.Status != 422 || !fields["first_name"] || !fields["email"] || !fields["phone"] || !fields["state"] || !fields["password"] {
		t.Errorf("bad fields: %d %s", r.Status, r.Body)
	}
}

// TestSSO: staff with sso.issue issue a token for an associate; it logs in once, within
// 60 s; a used, expired or altered token does not; an associate cannot issue one.
func TestSSO(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	staff := client(t, env, login(t, env, seed.DemoStaff))
	issued, err := staff.IssueSSOToken(ctx, &oas.SSOIssueRequest{Code: "agt100"})
	if err != nil {
		t.Fatal(err)
	}
	tok := issued.Response
	if tok.URL != env.URL+"/login/sso/"+tok.Token || time.Until(tok.ExpiresAt) > time.Minute || time.Until(tok.ExpiresAt) < 50*time.Second {
		t.Errorf("issued: %+v", tok)
	}
	var audited int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM staff_audit WHERE operation = 'issueSSOToken'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d audit rows (%v)", audited, err)
	}
	res, err := client(t, env, "").ExchangeSSOToken(ctx, &oas.TokenInput{Token: tok.Token})
	if err != nil || res.User.Code.Or("") != seed.DemoAgtCode {
		t.Fatalf("exchange: %+v %v", res, err)
	}
	if r := do(t, env, "GET", "/api/access", res.Token, nil, nil); r.Status != 200 {
		t.Errorf("the SSO session: %d", r.Status)
	}
	for name, token := range map[string]string{
		"used twice": tok.Token,
		"altered":    tok.Token[:10] + strings.Map(func(r rune) rune { return map[bool]rune{true: 'B', false: 'A'}[r == 'A'] }, tok.Token[10:11]) + tok.Token[11:],
		"not one":    "hello",
	} {
		r := do(t, env, "POST", "/api/auth/sso", "", map[string]string{"token": token}, nil)
		if e := r.apiError(t); r.Status != 422 || e.Code.Or("") != "link_invalid" {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	env.Handler.Now = func() time.Time { return time.Now().Add(-2 * time.Minute) }
	old, err := staff.IssueSSOToken(ctx, &oas.SSOIssueRequest{Code: "AGT100"})
	env.Handler.Now = nil
	if err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "POST", "/api/auth/sso", "", map[string]string{"token": old.Response.Token}, nil); r.Status != 422 {
		t.Errorf("an expired token: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "POST", "/api/sso-tokens", login(t, env, seed.DemoAgent), map[string]string{"code": "AGT100"}, nil); r.Status != 403 {
		t.Errorf("an associate issuing: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "POST", "/api/sso-tokens", login(t, env, seed.DemoStaff), map[string]string{"code": "ZZZ999"}, nil); r.Status != 404 {
		t.Errorf("an unknown code: %d %s", r.Status, r.Body)
	}
}
