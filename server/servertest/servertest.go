// Package servertest runs the whole portald handler in-process over a fresh, migrated
// and seeded database, for the API, SDK and CLI tests.
package servertest

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/app"
	"github.com/associateportal/portal/server/cardpay"
	"github.com/associateportal/portal/server/cardpay/stripemock"
	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/mail/mailtest"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/testdb"
)

// Associates is the size of the seeded test organisation.
const Associates = 300

// Env is a running test server.
type Env struct {
	URL     string // base URL; the API is at URL + "/api"
	Pool    *pgxpool.Pool
	Store   *store.Store
	Handler *api.Handler
	Keys    *secret.Keys
}

// Keys are the fixed keys of the test servers.
func Keys() *secret.Keys {
	k, err := secret.New([]byte("test-secret-key-0123456789abcdef-0123"))
	if err != nil {
		panic(err)
	}
	return k
}

// SeededAt is the day the test organisation is seeded on.
var SeededAt = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// Seeded prepares the template with the test organisation (seed 1).
var Seeded = &testdb.Prepare{
	// The seed and the engine's code (CatchUp) fill it.
	Name: "seed1_300_" + testdb.Sources("server/seed", "server/store", "server/jobs", "server/ledger", "server/comp"),
	Fn: func(ctx context.Context, pool *pgxpool.Pool) error {
		if _, err := seed.Run(ctx, pool, seed.Options{Associates: Associates, Seed: 1, Keys: Keys(), Now: SeededAt}); err != nil {
			return err
		}
		// The compensation engine's work up to the seed's day, as a running portald does.
		return jobs.CatchUp(ctx, store.New(pool), SeededAt)
	},
}

// Start runs a server over a fresh copy of the seeded database; it stops with the test.
func Start(t testing.TB) *Env {
	t.Helper()
	pool := testdb.NewFrom(t, Seeded)
	var log *slog.Logger
	if os.Getenv("PORTAL_TEST_LOG") != "" {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	} else {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	keys := Keys()
	handler, h, err := app.New(app.Options{Pool: pool, Keys: keys, DataDir: t.TempDir(), Log: log})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	h.PublicURL = srv.URL
	return &Env{URL: srv.URL, Pool: pool, Store: h.Store, Handler: h, Keys: keys}
}

// Mailbox is where an Env's mail goes when StartMail runs its mail workers: a real SMTP
// server started in-process.
type Mailbox struct {
	srv *mailtest.Server
}

// StartMail runs the mail workers of the Env (River, as portald does) sending through an
// in-process SMTP server; they stop with the test.
func (e *Env) StartMail(t testing.TB) *Mailbox {
	t.Helper()
	srv := mailtest.Start(t, mailtest.Options{})
	cfg, err := mail.ParseURL("smtp://127.0.0.1:" + srv.Port + "?starttls=none&from=no-reply@portal.test")
	if err != nil {
		t.Fatal(err)
	}
	sender, err := mail.NewSMTP(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := jobs.New(jobs.Options{Pool: e.Pool, Store: e.Store, NoPeriodic: true, Mail: sender, Keys: e.Keys})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop(context.Background()) })
	return &Mailbox{srv: srv}
}

// Message is a message as its recipient reads it.
type Message struct {
	To, Subject, Text, HTML string
	Links                   []string
}

// All answers every message delivered so far, oldest first.
func (m *Mailbox) All(t testing.TB) []Message {
	t.Helper()
	var out []Message
	for _, d := range m.srv.Deliveries() {
		p := mailtest.Parse(t, d.Data)
		out = append(out, Message{To: strings.Join(d.To, ","), Subject: mailtest.DecodeHeader(t, p.Header, "Subject"),
			Text: p.Text, HTML: p.HTML, Links: mail.Links(p.Text)})
	}
	return out
}

// Wait answers the first message to an address whose subject contains subject, waiting up
// to 30 s for it to arrive.
func (m *Mailbox) Wait(t testing.TB, to, subject string) Message {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		for _, msg := range m.All(t) {
			if strings.EqualFold(msg.To, to) && strings.Contains(msg.Subject, subject) {
				return msg
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no mail to %s about %q within 30 s; delivered: %+v", to, subject, m.All(t))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Link answers the link of a message that starts with prefix (after the public URL).
func (msg Message) Link(t testing.TB, base, prefix string) string {
	t.Helper()
	for _, l := range msg.Links {
		if strings.HasPrefix(l, base+"/"+prefix) {
			return l
		}
	}
	t.Fatalf("the mail %q has no link to %s/%s: %v", msg.Subject, base, prefix, msg.Links)
	return ""
}

var stripeMock struct {
	once sync.Once
	url  string
	err  error
}

// WithPayments gives the Env card payments in demo payment mode against stripe-mock (one
// for the whole test process, built from the module's tool dependency), with the webhook
// secret DemoWebhookSecret. A test that cannot start it fails.
func (e *Env) WithPayments(t testing.TB) *cardpay.Gateway {
	t.Helper()
	stripeMock.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		bin, err := stripemock.FromModule(ctx)
		if err != nil {
			stripeMock.err = err
			return
		}
		m, err := stripemock.Start(ctx, bin)
		if err != nil {
			stripeMock.err = err
			return
		}
		stripeMock.url = m.URL // it runs until the test process ends
	})
	if stripeMock.err != nil {
		t.Fatalf("stripe-mock: %v", stripeMock.err)
	}
	g, err := cardpay.New(cardpay.Config{SecretKey: "sk_test_123", PublishableKey: "pk_test_123",
		WebhookSecret: DemoWebhookSecret, APIURL: stripeMock.url, Demo: true})
	if err != nil {
		t.Fatal(err)
	}
	e.Handler.Pay = g
	return g
}

// DemoWebhookSecret is the Stripe webhook secret of WithPayments.
const DemoWebhookSecret = "whsec_test_secret_of_the_tests"
