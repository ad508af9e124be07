package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/getsentry/sentry-go"

	"github.com/associateportal/portal/server/mail"
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

// Without SMTP_URL the mail goes to the data dir's outbox, which 'portald outbox' lists with
// each message's links; a bad SMTP_URL stops the start with a message that keeps the
// password out.
func TestMailSender(t *testing.T) {
	dataDir := t.TempDir()
	log := slog.New(slog.DiscardHandler)
	sender, err := mailSender(config{DataDir: dataDir}, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), mail.Message{ID: "reset.1", To: mail.Address{Name: "Ann Lee", Address: "ann@example.com"},
		Content: mail.PasswordReset{Name: "Ann Lee", Link: "https://portal.example/reset/tok3n", ValidFor: time.Hour}}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := printOutbox(&out, filepath.Join(dataDir, "outbox")); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`to "Ann Lee" <ann@example.com>`, "\n  https://portal.example/reset/tok3n\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the outbox listing lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := printOutbox(&out, filepath.Join(t.TempDir(), "outbox")); err != nil || !strings.HasPrefix(out.String(), "No mail in ") {
		t.Errorf("an empty outbox: %q (%v)", out.String(), err)
	}

	if _, err := mailSender(config{SMTPURL: "smtp://ann:s3cret-pw@mail.example.com:587?from=no-reply@example.com"}, log); err != nil {
		t.Errorf("a good SMTP_URL: %v", err)
	}
	for _, bad := range []string{"http://ann:s3cret-pw@mail.example.com", "smtp://ann:s3cret-pw@mail.example.com:587", "smtp://ann:s3cret-pw@:25?from=a@b.c"} {
		_, err := mailSender(config{SMTPURL: bad}, log)
		if err == nil || !strings.HasPrefix(err.Error(), "SMTP_URL: ") || strings.Contains(err.Error(), "s3cret-pw") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// Links in mail start with PORTAL_PUBLIC_URL, or the address portald listens on: the one
// bound, so that a free port (:0) gives links that work.
func TestPublicURL(t *testing.T) {
	for raw, want := range map[string]string{
		"":                            "",
		"https://portal.example.com/": "https://portal.example.com",
		"http://10.0.0.5:8080/portal": "http://10.0.0.5:8080/portal",
	} {
		if got, err := checkPublicURL(raw); err != nil || got != want {
			t.Errorf("checkPublicURL(%q) = %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, bad := range []string{"portal.example.com", "ftp://portal.example.com", "https://", "https://p.example.com/?a=1", "https://p.example.com/#x"} {
		if _, err := checkPublicURL(bad); err == nil || !strings.Contains(err.Error(), "PORTAL_PUBLIC_URL") {
			t.Errorf("checkPublicURL(%q) = %v, want a refusal naming PORTAL_PUBLIC_URL", bad, err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if got := listeningURL(ln.Addr()); got != "http://"+ln.Addr().String() || strings.HasSuffix(got, ":0") {
		t.Errorf("listeningURL = %q, listening on %s", got, ln.Addr())
	}
	if got := listeningURL(&net.TCPAddr{IP: net.IPv4zero, Port: 8080}); got != "http://127.0.0.1:8080" {
		t.Errorf("every interface: %q", got)
	}
	if got := listeningURL(&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}); got != "http://127.0.0.1:8080" {
		t.Errorf("every interface (IPv6): %q", got)
	}
}

// The Stripe settings: all three keys or none, and STRIPE_API_URL only with them; each
// refusal names what is missing. With the keys (and an API elsewhere) the gateway is live,
// not the demo mode.
func TestCardPaymentSettings(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	full := config{StripeSecretKey: "sk_test_x", StripePublishableKey: "pk_test_x", StripeWebhookSecret: "whsec_x"}
	for name, tc := range map[string]struct {
		change func(c *config)
		want   string
	}{
		"no publishable key": {func(c *config) { c.StripePublishableKey = "" }, "STRIPE_PUBLISHABLE_KEY is not set"},
		"no webhook secret":  {func(c *config) { c.StripeWebhookSecret = "" }, "STRIPE_WEBHOOK_SECRET is not set"},
		"no secret key":      {func(c *config) { c.StripeSecretKey = "" }, "STRIPE_SECRET_KEY is not set"},
		"an API without keys": {func(c *config) { *c = config{StripeAPIURL: "http://127.0.0.1:1"} },
			"STRIPE_API_URL is set without the Stripe keys"},
	} {
		t.Run(name, func(t *testing.T) {
			c := full
			tc.change(&c)
			if _, _, err := cardPayments(t.Context(), c, nil, log); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
	c := full
	c.StripeAPIURL = "http://127.0.0.1:1"
	g, stop, err := cardPayments(t.Context(), c, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if g.Demo() || g.PublishableKey() != "pk_test_x" || g.WebhookSecret() != "whsec_x" {
		t.Errorf("demo %v, keys %q %q", g.Demo(), g.PublishableKey(), g.WebhookSecret())
	}
}
