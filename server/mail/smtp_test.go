package mail_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"github.com/associateportal/portal/server/mail/mailtest"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/associateportal/portal/server/mail"
)

// password is the SMTP password of the tests; no error or printed config may hold it.
const password = "s3cr3t-p@ss/w?rd#1"

var from = mail.Address{Name: "Associate Portal", Address: "no-reply@portal.example.com"}

// sender parses an SMTP URL, trusts the roots, and builds the sender.
func sender(t *testing.T, rawURL string, roots *x509.CertPool) *mail.SMTP {
	t.Helper()
	cfg, err := mail.ParseURL(rawURL)
	if err != nil {
		t.Fatalf("ParseURL: %v", err)
	}
	if roots != nil {
		cfg.TLSConfig = &tls.Config{RootCAs: roots}
	}
	s, err := mail.NewSMTP(cfg)
	if err != nil {
		t.Fatalf("NewSMTP: %v", err)
	}
	return s
}

// authURL is an smtp URL for a server with the test's user and password.
func authURL(scheme, port string) string {
	return fmt.Sprintf("%s://portal:%s@127.0.0.1:%s?from=%s", scheme, escape(password), port, escape(from.String()))
}

func escape(s string) string {
	r := strings.NewReplacer("%", "%25", "@", "%40", "/", "%2F", "?", "%3F", "#", "%23", " ", "%20", "<", "%3C", ">", "%3E", "&", "%26", "+", "%2B")
	return r.Replace(s)
}

// TestSMTPSendsEveryKind sends every kind over STARTTLS with AUTH PLAIN and reads what
// arrived as a receiver would.
func TestSMTPSendsEveryKind(t *testing.T) {
	serverTLS, roots := mailtest.TLS(t)
	srv := mailtest.Start(t, mailtest.Options{User: "portal", Pass: password, StartTLS: serverTLS})
	s := sender(t, authURL("smtp", srv.Port), roots)
	to := mail.Address{Name: "Ann O'Neil", Address: "ann@example.com"}
	for i, f := range fixtures {
		m := mail.Message{ID: fmt.Sprintf("%s.%d", strings.ReplaceAll(f.name, "_", "-"), 40+i), To: to, Content: f.content}
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatalf("%s: Send: %v", f.name, err)
		}
		want, err := m.Render()
		if err != nil {
			t.Fatal(err)
		}
		got := srv.Deliveries()
		if len(got) != i+1 {
			t.Fatalf("%s: %d deliveries, want %d", f.name, len(got), i+1)
		}
		d := got[i]
		if d.From != from.Address || !cmp.Equal(d.To, []string{to.Address}) || d.User != "portal" || !d.TLS {
			t.Errorf("%s: envelope from %q to %q, user %q, TLS %v", f.name, d.From, d.To, d.User, d.TLS)
		}
		p := mailtest.Parse(t, d.Data)
		head := map[string]string{
			"Subject":        mailtest.DecodeHeader(t, p.Header, "Subject"),
			"Message-ID":     p.Header.Get("Message-ID"),
			"Auto-Submitted": p.Header.Get("Auto-Submitted"),
		}
		wantHead := map[string]string{
			"Subject":        want.Subject,
			"Message-ID":     "<" + m.ID + "@portal.example.com>",
			"Auto-Submitted": "auto-generated",
		}
		if diff := cmp.Diff(wantHead, head); diff != "" {
			t.Errorf("%s: headers (-want +got):\n%s", f.name, diff)
		}
		for name, want := range map[string]mail.Address{"From": from, "To": to} {
			a, err := p.Header.AddressList(name)
			if err != nil || len(a) != 1 || a[0].Name != want.Name || a[0].Address != want.Address {
				t.Errorf("%s: %s %v (%v), want %v", f.name, name, a, err, want)
			}
		}
		if date, err := p.Header.Date(); err != nil || time.Since(date) > time.Minute {
			t.Errorf("%s: Date %v (%v)", f.name, date, err)
		}
		// The bodies arrive as rendered (up to line ends), quoted-printable undone.
		if diff := cmp.Diff(want.Text, strings.ReplaceAll(p.Text, "\r\n", "\n")); diff != "" {
			t.Errorf("%s: text body (-want +got):\n%s", f.name, diff)
		}
		if diff := cmp.Diff(want.HTML, strings.ReplaceAll(p.HTML, "\r\n", "\n")); diff != "" {
			t.Errorf("%s: HTML body (-want +got):\n%s", f.name, diff)
		}
		if diff := cmp.Diff(f.links, mail.Links(p.Text)); diff != "" {
			t.Errorf("%s: links (-want +got):\n%s", f.name, diff)
		}
		if strings.Contains(p.HTML, "<script>") || !strings.Contains(p.HTML, "&lt;script&gt;") {
			t.Errorf("%s: the name is not escaped in the HTML body", f.name)
		}
		if !strings.Contains(p.Text, hostile) {
			t.Errorf("%s: the text body does not hold the name as it is", f.name)
		}
	}
}

// TestSMTPModes sends over each way of connecting that the URL can say.
func TestSMTPModes(t *testing.T) {
	serverTLS, roots := mailtest.TLS(t)
	fromQ := "from=" + escape(from.String())
	for _, c := range []struct {
		name     string
		opts     mailtest.Options
		url      func(port string) string
		user     string
		wantTLS  bool
		wantAuth bool
	}{
		{"no TLS, no auth (a local relay)", mailtest.Options{},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?" + fromQ }, "", false, false},
		{"STARTTLS when offered", mailtest.Options{StartTLS: serverTLS},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?" + fromQ }, "", true, false},
		{"STARTTLS refused by starttls=none", mailtest.Options{StartTLS: serverTLS},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?starttls=none&" + fromQ }, "", false, false},
		{"smtps with auth", mailtest.Options{ImplicitTLS: serverTLS, User: "portal", Pass: password},
			func(p string) string { return authURL("smtps", p) }, "portal", true, true},
		{"auth=plain without TLS on localhost", mailtest.Options{User: "portal", Pass: password, Insecure: true},
			func(p string) string { return authURL("smtp", p) + "&starttls=none&auth=plain" }, "portal", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := mailtest.Start(t, c.opts)
			s := sender(t, c.url(srv.Port), roots)
			if err := s.Check(context.Background()); err != nil {
				t.Fatalf("Check: %v", err)
			}
			m := mail.Message{ID: "mode.1", To: mail.Address{Address: "ann@example.com"}, Content: fixtures[0].content}
			if err := s.Send(context.Background(), m); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := srv.Deliveries()
			if len(got) != 1 {
				t.Fatalf("%d deliveries, want 1", len(got))
			}
			if got[0].TLS != c.wantTLS || got[0].User != c.user {
				t.Errorf("TLS %v, user %q; want %v, %q", got[0].TLS, got[0].User, c.wantTLS, c.user)
			}
			mailtest.Parse(t, got[0].Data)
		})
	}
}

// TestSMTPFailures: what each failure says about retrying, and that none shows the
// password.
func TestSMTPFailures(t *testing.T) {
	serverTLS, roots := mailtest.TLS(t)
	// A port that was just free: nobody listens there.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, closedPort, _ := net.SplitHostPort(ln.Addr().String())
	_ = ln.Close()
	reply := func(code int, enh smtp.EnhancedCode, msg string) *smtp.SMTPError {
		return &smtp.SMTPError{Code: code, EnhancedCode: enh, Message: msg}
	}
	for _, c := range []struct {
		name      string
		opts      mailtest.Options
		url       func(port string) string
		permanent bool
		code      int
		enhanced  string
	}{
		{"451 to RCPT is temporary", mailtest.Options{StartTLS: serverTLS, User: "portal", Pass: password, RcptErr: reply(451, smtp.EnhancedCode{4, 3, 0}, "try later")},
			func(p string) string { return authURL("smtp", p) }, false, 451, "4.3.0"},
		{"550 to RCPT is permanent", mailtest.Options{StartTLS: serverTLS, User: "portal", Pass: password, RcptErr: reply(550, smtp.EnhancedCode{5, 1, 1}, "no such user")},
			func(p string) string { return authURL("smtp", p) }, true, 550, "5.1.1"},
		{"421 to MAIL is temporary", mailtest.Options{MailErr: reply(421, smtp.EnhancedCode{4, 7, 0}, "too busy")},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?from=" + escape(from.Address) }, false, 421, "4.7.0"},
		{"530 to MAIL (authentication required) is temporary", mailtest.Options{MailErr: reply(530, smtp.EnhancedCode{5, 7, 0}, "authenticate first")},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?from=" + escape(from.Address) }, false, 530, "5.7.0"},
		{"554 after DATA is permanent", mailtest.Options{DataErr: reply(554, smtp.EnhancedCode{5, 7, 1}, "looks like spam")},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?from=" + escape(from.Address) }, true, 554, "5.7.1"},
		{"452 after DATA is temporary", mailtest.Options{DataErr: reply(452, smtp.EnhancedCode{4, 3, 1}, "disk full")},
			func(p string) string { return "smtp://127.0.0.1:" + p + "?from=" + escape(from.Address) }, false, 452, "4.3.1"},
		{"wrong password is temporary", mailtest.Options{StartTLS: serverTLS, User: "portal", Pass: "another"},
			func(p string) string { return authURL("smtp", p) }, false, 535, ""},
		{"mandatory STARTTLS, server without it", mailtest.Options{User: "portal", Pass: password, Insecure: true},
			func(p string) string { return authURL("smtp", p) }, false, 0, ""},
		{"nobody listening", mailtest.Options{},
			func(string) string { return authURL("smtp", closedPort) }, false, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := mailtest.Start(t, c.opts)
			s := sender(t, c.url(srv.Port), roots)
			m := mail.Message{ID: "fail.1", To: mail.Address{Address: "ann@example.com"}, Content: fixtures[0].content}
			err := s.Send(context.Background(), m)
			var se *mail.SendError
			if !errors.As(err, &se) {
				t.Fatalf("Send: %v, want a *mail.SendError", err)
			}
			if se.Permanent != c.permanent || mail.IsPermanent(err) != c.permanent || se.Temporary() == c.permanent {
				t.Errorf("permanent %v, IsPermanent %v, Temporary %v; want permanent %v (%v)",
					se.Permanent, mail.IsPermanent(err), se.Temporary(), c.permanent, err)
			}
			if se.Code != c.code || se.Enhanced != c.enhanced || se.MessageID != "fail.1@portal.example.com" {
				t.Errorf("code %d, enhanced %q, message ID %q; want %d, %q (%v)", se.Code, se.Enhanced, se.MessageID, c.code, c.enhanced, err)
			}
			if strings.Contains(err.Error(), password) {
				t.Errorf("error shows the password: %v", err)
			}
			if n := len(srv.Deliveries()); n != 0 {
				t.Errorf("%d deliveries, want none", n)
			}
		})
	}
}

func TestSMTPCheckFails(t *testing.T) {
	serverTLS, roots := mailtest.TLS(t)
	srv := mailtest.Start(t, mailtest.Options{StartTLS: serverTLS, User: "portal", Pass: "another"})
	err := sender(t, authURL("smtp", srv.Port), roots).Check(context.Background())
	var se *mail.SendError
	if !errors.As(err, &se) || se.Permanent || se.Code != 535 || strings.Contains(err.Error(), password) {
		t.Errorf("Check with a wrong password: %v", err)
	}
	// The server's certificate is not trusted without its roots.
	if err := sender(t, authURL("smtp", srv.Port), nil).Check(context.Background()); err == nil || mail.IsPermanent(err) {
		t.Errorf("Check of an untrusted certificate: %v, want a temporary error", err)
	}
}

func TestSMTPContextDone(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := sender(t, "smtp://127.0.0.1:"+srv.Port+"?from="+escape(from.Address), nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := mail.Message{ID: "ctx.1", To: mail.Address{Address: "ann@example.com"}, Content: fixtures[0].content}
	err := s.Send(ctx, m)
	if !errors.Is(err, context.Canceled) || mail.IsPermanent(err) {
		t.Errorf("Send with a cancelled context: %v, want context.Canceled, temporary", err)
	}
	if n := len(srv.Deliveries()); n != 0 {
		t.Errorf("%d deliveries, want none", n)
	}
}

// TestSMTPContextCancelledMidway: cancelling the context ends a conversation the server
// keeps waiting, at once rather than at the timeout.
func TestSMTPContextCancelledMidway(t *testing.T) {
	st := &mailtest.Stall{Reached: make(chan struct{}, 1), Release: make(chan struct{})}
	srv := mailtest.Start(t, mailtest.Options{Stall: st})
	s := sender(t, "smtp://127.0.0.1:"+srv.Port+"?timeout=10m&from="+escape(from.Address), nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-st.Reached: // the server holds RCPT TO
			cancel()
		case <-ctx.Done():
		}
	}()
	start := time.Now()
	err := s.Send(ctx, mail.Message{ID: "stall.1", To: mail.Address{Address: "ann@example.com"}, Content: fixtures[0].content})
	close(st.Release)
	var se *mail.SendError
	if !errors.As(err, &se) || se.Permanent {
		t.Errorf("Send cancelled midway: %v, want a temporary *mail.SendError", err)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("Send took %s after the cancel", d)
	}
}

func TestAddressString(t *testing.T) {
	for _, a := range []mail.Address{
		{Address: "ann@example.com"},
		{Name: "Ann O'Neil", Address: "ann@example.com"},
		{Name: "Zoë Ångström", Address: "zoe@example.com"},
		{Name: `Eve "the" \ one`, Address: "eve@example.com"},
	} {
		got, err := mail.ParseAddress(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAddress(%q) = %+v, %v; want %+v", a.String(), got, err, a)
		}
	}
	if got := (mail.Address{Name: "Eve\r\nBcc: x", Address: "eve@example.com"}).String(); strings.ContainsAny(got, "\r\n") {
		t.Errorf("String keeps a line break: %q", got)
	}
}

// TestSMTPInvalidMessage: an invalid message is refused before connecting.
func TestSMTPInvalidMessage(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := sender(t, "smtp://127.0.0.1:"+srv.Port+"?from="+escape(from.Address), nil)
	err := s.Send(context.Background(), mail.Message{ID: "bad.1", To: mail.Address{Address: "not an address"}, Content: fixtures[0].content})
	if !errors.Is(err, mail.ErrInvalid) || !mail.IsPermanent(err) {
		t.Errorf("Send to a bad address: %v, want ErrInvalid", err)
	}
	if n := len(srv.Deliveries()); n != 0 {
		t.Errorf("%d deliveries, want none", n)
	}
}

// TestSMTPNoHeaderInjection: line breaks in a name or subject stay inside their header.
func TestSMTPNoHeaderInjection(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := sender(t, "smtp://127.0.0.1:"+srv.Port+"?from="+escape(from.Address), nil)
	m := mail.Message{
		ID:      "inject.1",
		To:      mail.Address{Name: "Eve\r\nBcc: mallory@example.net", Address: "eve@example.com"},
		Subject: "Hello\r\nBcc: mallory@example.net",
		Text:    "Hi",
		HTML:    "<p>Hi</p>",
	}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	d := srv.Deliveries()[0]
	if !cmp.Equal(d.To, []string{"eve@example.com"}) {
		t.Errorf("envelope to %v", d.To)
	}
	p := mailtest.Parse(t, d.Data)
	if b := p.Header.Get("Bcc"); b != "" {
		t.Errorf("a Bcc header was injected: %q", b)
	}
	if to, err := p.Header.AddressList("To"); err != nil || len(to) != 1 || to[0].Address != "eve@example.com" {
		t.Errorf("To %v (%v)", to, err)
	}
}

func TestParseURL(t *testing.T) {
	for _, c := range []struct {
		url  string
		want mail.Config
	}{
		{"smtp://mail.example.com?from=no-reply%40example.com",
			mail.Config{Host: "mail.example.com", TLS: mail.StartTLSOpportunistic, From: mail.Address{Address: "no-reply@example.com"}}},
		{"smtp://user%40example.com:" + escape(password) + "@mail.example.com:2525?from=" + escape(from.String()) + "&timeout=30s",
			mail.Config{Host: "mail.example.com", Port: 2525, Username: "user@example.com", Password: password, TLS: mail.StartTLSMandatory, From: from, Timeout: 30 * time.Second}},
		{"SMTPS://u:p@[::1]/?auth=SCRAM-SHA-256",
			mail.Config{Host: "::1", Username: "u", Password: "p", TLS: mail.ImplicitTLS, Auth: "scram-sha-256"}},
		{"smtp://u:p@relay:25?starttls=opportunistic", mail.Config{Host: "relay", Port: 25, Username: "u", Password: "p", TLS: mail.StartTLSOpportunistic}},
		{"smtp://relay:25?starttls=NONE", mail.Config{Host: "relay", Port: 25, TLS: mail.NoTLS}},
		{"smtp://relay?starttls=mandatory", mail.Config{Host: "relay", TLS: mail.StartTLSMandatory}},
	} {
		got, err := mail.ParseURL(c.url)
		if err != nil {
			t.Errorf("ParseURL(%q): %v", c.url, err)
			continue
		}
		if diff := cmp.Diff(c.want, got, cmpopts.IgnoreFields(mail.Config{}, "TLSConfig")); diff != "" {
			t.Errorf("ParseURL(%q) (-want +got):\n%s", c.url, diff)
		}
	}
}

func TestParseURLRefusesWithoutShowingThePassword(t *testing.T) {
	const pw = "s3cr3t"
	for _, c := range []struct {
		url  string
		want string
	}{
		{"", "empty"},
		{"http://u:" + pw + "@mail.example.com", "mail: bad SMTP URL http://u:xxxxx@mail.example.com: the scheme must be smtp or smtps"},
		{"smtp://u:" + pw + "@", "host is missing"},
		{"smtp://u:" + pw + "@mail.example.com:99999", "port must be a number"},
		{"smtp://u:" + pw + "@mail.example.com/inbox", "no path"},
		{"smtp://u:" + pw + "@mail.example.com?form=a%40b.c", "unknown parameter"},
		{"smtp://u:" + pw + "@mail.example.com?starttls=maybe", `starttls="maybe"`},
		{"smtps://u:" + pw + "@mail.example.com?starttls=none", "does not apply to smtps"},
		{"smtp://u:" + pw + "@mail.example.com?timeout=0s", "timeout"},
		{"smtp://u:" + pw + "@mail.example.com?from=nobody", `from="nobody" is not an address`},
		{"smtp://u:" + pw + "@mail.example.com?from=a%40b.c&from=d%40e.f", "given 2 times"},
		{"smtp://u:" + pw + "@mail.example.com?auth=magic", `auth="magic"`},
		{"smtp://mail.example.com?auth=plain", "auth needs a user name"},
		{"smtp://u:@mail.example.com", "both a user name and a password"},
		{"smtp://:" + pw + "@mail.example.com", "both a user name and a password"},
		{"smtp://u:" + pw + "@mail.example.com?from=%zz", "not percent-encoded"},
		// Passwords with characters that should have been percent-encoded.
		{"smtp://u:12/" + pw + "@mail.example.com", "must be percent-encoded"},
		{"smtp://u:" + pw + "/x@mail.example.com", "not a URL"},
		{"smtp://u:12" + pw + "?x@mail.example.com", "not a URL"},
		{"smtp://u:12?" + pw + "@mail.example.com", "must be percent-encoded"},
		{"smtp://u:12#" + pw + "@mail.example.com", "must be percent-encoded"},
		{"smtp://u:" + pw + "#@mail.example.com", "not a URL"},
		{"smtp://u:" + pw + "%zz@mail.example.com", "not a URL"},
		{"smtp://u:" + pw + " @mail.example.com", "not a URL"},
	} {
		_, err := mail.ParseURL(c.url)
		var ce *mail.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("ParseURL(%q): %v, want a *mail.ConfigError", c.url, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseURL(%q): %q, want it to say %q", c.url, err, c.want)
		}
		if strings.Contains(err.Error(), pw) || strings.Contains(err.Error(), "12") {
			t.Errorf("ParseURL(%q): %q shows the password", c.url, err)
		}
	}
}

func TestConfigNeverPrintsThePassword(t *testing.T) {
	cfg, err := mail.ParseURL(authURL("smtp", "587") + "&auth=plain&timeout=20s")
	if err != nil {
		t.Fatal(err)
	}
	want := "smtp://portal:xxxxx@127.0.0.1:587?auth=plain&from=%22Associate+Portal%22+%3Cno-reply%40portal.example.com%3E&starttls=mandatory&timeout=20s"
	if got := cfg.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
		if s := fmt.Sprintf(f, cfg); strings.Contains(s, password) {
			t.Errorf("%s shows the password: %s", f, s)
		}
	}
}

func TestNewSMTPRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  mail.Config
		want string
	}{
		{"no host", mail.Config{From: from}, "host is missing"},
		{"no from", mail.Config{Host: "mail.example.com"}, "sender address is missing (add ?from="},
		{"bad from", mail.Config{Host: "mail.example.com", From: mail.Address{Address: "nobody"}}, `"nobody" is not an address`},
		{"user without password", mail.Config{Host: "mail.example.com", From: from, Username: "u"}, "both a user name and a password"},
		{"unknown auth", mail.Config{Host: "mail.example.com", From: from, Username: "u", Password: password, Auth: "magic"}, `unknown auth mechanism "magic"`},
		{"bad port", mail.Config{Host: "mail.example.com", From: from, Port: 70000}, "invalid port"},
	} {
		_, err := mail.NewSMTP(c.cfg)
		var ce *mail.ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), password) {
			t.Errorf("%s: %v, want a *mail.ConfigError saying %q", c.name, err, c.want)
		}
	}
}
