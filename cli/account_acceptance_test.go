package cli_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// The acceptance test of the account and sso commands: the portal command line, in process,
// against a real portald over a freshly seeded database, with the configuration in a
// temporary directory (the setup of acceptance_test.go). The demo agent shows its account,
// lists and ends its sessions and changes its password; staff show an associate's account
// with --as and issue a login link that the server exchanges.

// session is a login session as --json prints it.
type session struct {
	ID      int64  `json:"id"`
	Device  string `json:"device"`
	Current bool   `json:"current"`
}

func TestAccountAcceptance(t *testing.T) {
	env := startAsAgent(t)
	ctx := context.Background()

	// apiLogin opens another session of login over the API (another browser, say) and
	// returns its token.
	apiLogin := func(t *testing.T, login, password string) string {
		t.Helper()
		c, err := sdk.New(env.URL)
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.Login(ctx, login, password)
		if err != nil {
			t.Fatalf("login %s over the API: %v", login, err)
		}
		return res.Token
	}
	// alive reports whether a session token still works.
	alive := func(t *testing.T, token string) bool {
		t.Helper()
		c, err := sdk.New(env.URL, sdk.WithToken(token))
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Access(ctx)
		if err != nil && !sdk.IsUnauthorized(err) {
			t.Fatal(err)
		}
		return err == nil
	}
	sessions := func(t *testing.T) []session {
		t.Helper()
		var ss []session
		if err := json.Unmarshal([]byte(mustPortal(t, "account", "sessions", "list", "--json")), &ss); err != nil {
			t.Fatal(err)
		}
		return ss
	}
	// fails runs the command, which must exit 1 with every one of want in its standard error.
	fails := func(t *testing.T, stdin string, want []string, args ...string) {
		t.Helper()
		r := portal(t, stdin, args...)
		if r.code != cmdutil.ExitError {
			t.Errorf("%s: exit %d, want 1; stderr %q", strings.Join(args, " "), r.code, r.stderr)
		}
		for _, w := range want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("%s: stderr %q lacks %q", strings.Join(args, " "), r.stderr, w)
			}
		}
	}

	t.Run("account view as the agent", func(t *testing.T) {
		out := mustPortal(t, "account", "view")
		for _, want := range []string{"code:\tAGT100\n", "first_name:\tAlex\n", "email:\tagent@example.com\n", "status:\tActive\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("account view lacks %q:\n%s", want, out)
			}
		}
		var acc struct {
			Code   string `json:"code"`
			Email  string `json:"email"`
			Level  struct{ Code string }
			Upline *struct{ Code string }
		}
		if err := json.Unmarshal([]byte(mustPortal(t, "account", "view", "--json", "code,email,level,upline")), &acc); err != nil {
			t.Fatal(err)
		}
		if acc.Code != "AGT100" || acc.Email != "agent@example.com" || acc.Level.Code == "" || acc.Upline == nil || acc.Upline.Code == "" {
			t.Errorf("account view --json: %+v", acc)
		}
		if out := mustPortal(t, "account", "view", "--jq", ".upline.code"); strings.TrimSpace(out) != acc.Upline.Code {
			t.Errorf("--jq .upline.code = %q, want %s", out, acc.Upline.Code)
		}
		fails(t, "", []string{`unknown JSON field "relation"`}, "account", "view", "--json", "relation")
	})

	t.Run("sessions list shows the current one", func(t *testing.T) {
		ss := sessions(t)
		if len(ss) == 0 || !ss[0].Current {
			t.Fatalf("sessions: %+v; want the current one first", ss)
		}
		for _, s := range ss[1:] {
			if s.Current {
				t.Errorf("two current sessions: %+v", ss)
			}
		}
		lines := strings.Split(strings.TrimSpace(mustPortal(t, "account", "sessions", "list")), "\n")
		if len(lines) != len(ss) || !strings.HasPrefix(lines[0], strconv.FormatInt(ss[0].ID, 10)+"\t") || !strings.HasSuffix(lines[0], "\ttrue") {
			t.Errorf("piped list:\n%s", strings.Join(lines, "\n"))
		}
	})

	t.Run("revoke one session, then the others", func(t *testing.T) {
		other1, other2 := apiLogin(t, "agent@example.com", demoPassword), apiLogin(t, "agent@example.com", demoPassword)
		ss := sessions(t)
		if len(ss) != 3 {
			t.Fatalf("%d sessions, want 3: %+v", len(ss), ss)
		}
		id := strconv.FormatInt(ss[1].ID, 10)
		r := portal(t, "", "account", "sessions", "revoke", id)
		if r.code != 0 || r.stderr != "✓ Ended session "+id+"\n" || r.stdout != "" {
			t.Fatalf("revoke %s: exit %d, stdout %q, stderr %q", id, r.code, r.stdout, r.stderr)
		}
		if a1, a2 := alive(t, other1), alive(t, other2); a1 == a2 {
			t.Errorf("after revoking one: other sessions alive %v and %v, want exactly one", a1, a2)
		}
		fails(t, "", []string{"HTTP 404"}, "account", "sessions", "revoke", id)
		fails(t, "", []string{"give a session ID or --others, not both", "Run 'portal account sessions revoke --help' for usage."},
			"account", "sessions", "revoke", "--others", id)
		fails(t, "", []string{"takes one session ID, or --others"}, "account", "sessions", "revoke")

		r = portal(t, "", "account", "sessions", "revoke", "--others")
		if r.code != 0 || r.stderr != "✓ Ended 1 other session\n" {
			t.Fatalf("revoke --others: exit %d, stderr %q", r.code, r.stderr)
		}
		if alive(t, other1) || alive(t, other2) {
			t.Error("another session survived revoke --others")
		}
		if ss := sessions(t); len(ss) != 1 || !ss[0].Current {
			t.Errorf("after revoke --others: %+v", ss)
		}
	})

	const newPassword = "a brand new portal secret"
	t.Run("password change via --password-stdin, then a login with the new one", func(t *testing.T) {
		fails(t, "", []string{"--password-stdin is required when not running interactively"}, "account", "password")
		fails(t, demoPassword+"\n", []string{"the new password is empty"}, "account", "password", "--password-stdin")
		// The server's field errors, one a line; nothing changes.
		fails(t, "not it\n"+newPassword+"\n", []string{"HTTP 422", "\n  current_password: "}, "account", "password", "--password-stdin")
		fails(t, demoPassword+"\npassword123\n", []string{"HTTP 422", "\n  new_password: "}, "account", "password", "--password-stdin")

		other := apiLogin(t, "agent@example.com", demoPassword)
		r := portal(t, demoPassword+"\n"+newPassword+"\n", "account", "password", "--password-stdin")
		if r.code != 0 || !strings.Contains(r.stderr, "Password changed") || !strings.Contains(r.stderr, "other session") || r.stdout != "" {
			t.Fatalf("password: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
		if alive(t, other) {
			t.Error("another session survived the password change")
		}
		if out := mustPortal(t, "account", "view", "--jq", ".code"); strings.TrimSpace(out) != "AGT100" {
			t.Errorf("the CLI's own session after the change: %q", out)
		}
		r = portal(t, demoPassword+"\n", "auth", "login", "--server", env.URL, "--login", "agent@example.com", "--password-stdin")
		if r.code != 1 || !strings.Contains(r.stderr, "login failed") {
			t.Errorf("login with the old password: exit %d, stderr %q", r.code, r.stderr)
		}
		r = portal(t, newPassword+"\n", "auth", "login", "--server", env.URL, "--login", "agent@example.com", "--password-stdin")
		if r.code != 0 || !strings.Contains(r.stderr, "Logged in to "+env.URL) {
			t.Fatalf("login with the new password: exit %d, stderr %q", r.code, r.stderr)
		}
		if out := mustPortal(t, "account", "view", "--jq", ".email"); strings.TrimSpace(out) != "agent@example.com" {
			t.Errorf("account view after the new login: %q", out)
		}
	})

	t.Run("an associate may not issue login links", func(t *testing.T) {
		fails(t, "", []string{"This is for staff with the sso.issue permission (HTTP 403)"}, "sso", "issue", "RMD100")
	})

	login(t, env.URL, "staff@example.com")

	t.Run("account view as staff with --as", func(t *testing.T) {
		fails(t, "", []string{"This is for associates (HTTP 403)", "--as CODE or PORTAL_ACT_AS=CODE"}, "account", "view")
		out := mustPortal(t, "account", "view", "--as", "agt100")
		if !strings.Contains(out, "code:\tAGT100\n") || !strings.Contains(out, "email:\tagent@example.com\n") {
			t.Errorf("account view --as agt100:\n%s", out)
		}
		if out := mustPortal(t, "--as", "AGT100", "account", "view", "--jq", ".code"); strings.TrimSpace(out) != "AGT100" {
			t.Errorf("--as before the command: %q", out)
		}
		// Sessions and passwords are each user's own.
		fails(t, "", []string{"each user's own", "HTTP 403"}, "account", "sessions", "list", "--as", "AGT100")
		fails(t, "x\ny\n", []string{"each user's own", "HTTP 403"}, "account", "password", "--password-stdin", "--as", "AGT100")
		// Staff have sessions of their own.
		if ss := sessions(t); len(ss) == 0 || !ss[0].Current {
			t.Errorf("staff's own sessions: %+v", ss)
		}
	})

	t.Run("sso issue as staff prints a URL the server exchanges", func(t *testing.T) {
		url := strings.TrimSpace(mustPortal(t, "sso", "issue", "agt100"))
		prefix := env.URL + "/login/sso/"
		if !strings.HasPrefix(url, prefix) || len(url) == len(prefix) || strings.Contains(url, "\n") {
			t.Fatalf("sso issue printed %q, want %s<token>", url, prefix)
		}
		anon, err := sdk.New(env.URL)
		if err != nil {
			t.Fatal(err)
		}
		res, err := anon.ExchangeSSOToken(ctx, &oas.TokenInput{Token: strings.TrimPrefix(url, prefix)})
		if err != nil || res.User.Code.Or("") != "AGT100" {
			t.Fatalf("exchange: %+v %v", res, err)
		}
		if !alive(t, res.Token) {
			t.Error("the session of the exchanged token does not work")
		}
		if _, err := anon.ExchangeSSOToken(ctx, &oas.TokenInput{Token: strings.TrimPrefix(url, prefix)}); err == nil {
			t.Error("the token was exchanged twice")
		}

		var tok struct {
			Token     string    `json:"token"`
			URL       string    `json:"url"`
			ExpiresAt time.Time `json:"expires_at"`
		}
		if err := json.Unmarshal([]byte(mustPortal(t, "sso", "issue", "AGT100", "--json")), &tok); err != nil {
			t.Fatal(err)
		}
		if tok.URL != prefix+tok.Token || time.Until(tok.ExpiresAt) > time.Minute || time.Until(tok.ExpiresAt) <= 0 {
			t.Errorf("sso issue --json: %+v", tok)
		}
		fails(t, "", []string{"HTTP 404"}, "sso", "issue", "ZZZ999")
		fails(t, "", []string{`invalid associate code "a-1"`}, "sso", "issue", "a-1")
	})
}
