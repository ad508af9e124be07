// Package servertest runs the whole portald handler in-process over a fresh, migrated
// and seeded database, for the API, SDK and CLI tests.
package servertest

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/app"
	"github.com/associateportal/portal/server/jobs"
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
	return &Env{URL: srv.URL, Pool: pool, Store: h.Store, Handler: h, Keys: keys}
}
