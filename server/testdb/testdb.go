// Package testdb gives every test a fresh PostgreSQL database cloned from a migrated
// (and optionally seeded) template: real PostgreSQL, isolated, in tens of milliseconds.
//
// The server is PORTAL_TEST_DATABASE_URL when set (a role that may CREATE DATABASE), or
// a private cluster started from the installed PostgreSQL binaries for the test process.
// With CI=true a missing database fails the test; it never skips.
package testdb

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/store"
)

var (
	once    sync.Once
	admin   string // DSN of the maintenance database
	startEr error
	cluster *pgembed.Cluster
	tmpDir  string

	cloneMu   sync.Mutex
	templates = map[string]bool{}
	counter   atomic.Int64
)

// Main runs the tests of a package and stops its private cluster afterwards. Call it
// from TestMain: `func TestMain(m *testing.M) { testdb.Main(m) }`.
func Main(m *testing.M) {
	code := m.Run()
	if cluster != nil {
		cluster.Stop()
	}
	if tmpDir != "" {
		_ = os.RemoveAll(tmpDir)
	}
	os.Exit(code)
}

func server() (string, error) {
	once.Do(func() {
		if u := os.Getenv("PORTAL_TEST_DATABASE_URL"); u != "" {
			admin = u
			return
		}
		dir, err := os.MkdirTemp("", "portal-testdb-")
		if err != nil {
			startEr = err
			return
		}
		tmpDir = dir
		if err := os.Chmod(dir, 0o755); err != nil {
			startEr = err
			return
		}
		c, err := pgembed.Start(context.Background(), dir+"/pg", true)
		if err != nil {
			startEr = err
			return
		}
		cluster = c
		admin = c.DSN("postgres")
	})
	return admin, startEr
}

// unavailable fails (CI) or skips (a developer machine without PostgreSQL).
func unavailable(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("testdb: no PostgreSQL for the tests (CI=true, so this fails): %v", err)
	}
	t.Skipf("testdb: no PostgreSQL for the tests: %v", err)
}

// Prepare fills a template database once; its name must change whenever what it does
// changes.
type Prepare struct {
	Name string
	Fn   func(ctx context.Context, pool *pgxpool.Pool) error
}

// Sources is a digest of the Go files in the module's directories named (relative to the
// module root; tests, which this runs in, have the sources): a template filled by that
// code carries it in its name, so that changed code never meets a template the older code
// filled.
func Sources(dirs ...string) string {
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..", "..")
	h := sha256.New()
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(root, d, "*.go"))
		if err != nil || len(files) == 0 {
			panic(fmt.Sprintf("testdb: no Go files in %s (%v)", d, err))
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				panic(err)
			}
			h.Write([]byte(filepath.ToSlash(f[len(root):])))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:8]
}

func migrationsHash() string {
	ms, err := store.Migrations()
	if err != nil {
		panic(err)
	}
	h := sha256.New()
	for _, m := range ms {
		h.Write([]byte(m.Name))
		h.Write([]byte(m.SQL))
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// New is a pool on a fresh, migrated database. It is dropped when the test ends.
func New(t testing.TB) *pgxpool.Pool {
	t.Helper()
	return NewFrom(t, nil)
}

// NewFrom is like New; with prep, the template is also filled by prep.Fn (a seed).
func NewFrom(t testing.TB, prep *Prepare) *pgxpool.Pool {
	t.Helper()
	pool, _ := NewWithDSN(t, prep)
	return pool
}

// NewWithDSN is NewFrom that also answers the DSN of the new database.
func NewWithDSN(t testing.TB, prep *Prepare) (*pgxpool.Pool, string) {
	t.Helper()
	adminDSN, err := server()
	if err != nil {
		unavailable(t, err)
	}
	ctx := context.Background()
	tmpl := "tmpl_" + migrationsHash()
	if prep != nil {
		tmpl += "_" + prep.Name
	}
	if err := ensureTemplate(ctx, adminDSN, tmpl, prep); err != nil {
		unavailable(t, err)
	}
	name := fmt.Sprintf("test_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6, counter.Add(1))
	if err := clone(ctx, adminDSN, tmpl, name); err != nil {
		t.Fatalf("testdb: clone %s: %v", tmpl, err)
	}
	dsn := withDB(adminDSN, name)
	pool, err := store.Connect(ctx, dsn, 0)
	if err != nil {
		t.Fatalf("testdb: %v", err)
	}
	t.Cleanup(func() {
		pool.Close()
		conn, err := pgx.Connect(ctx, adminDSN)
		if err != nil {
			return
		}
		defer func() { _ = conn.Close(ctx) }()
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	})
	return pool, dsn
}

// withDB swaps the database of a DSN.
func withDB(dsn, db string) string {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		panic(err)
	}
	quote := func(v string) string { return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(v) + "'" }
	return fmt.Sprintf("host=%s port=%d user=%s password=%s dbname=%s sslmode=disable",
		quote(cfg.Host), cfg.Port, quote(cfg.User), quote(cfg.Password), quote(db))
}

func ensureTemplate(ctx context.Context, adminDSN, name string, prep *Prepare) error {
	cloneMu.Lock()
	defer cloneMu.Unlock()
	if templates[name] {
		return nil
	}
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	// Several test processes may share one server: one of them builds the template.
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtext($1))`, name); err != nil {
		return err
	}
	defer func() { _, _ = conn.Exec(ctx, `SELECT pg_advisory_unlock(hashtext($1))`, name) }()
	var ready bool
	err = conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)`, name).Scan(&ready)
	if err != nil {
		return err
	}
	if !ready {
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()); err != nil {
			return err
		}
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
			return err
		}
		pool, err := pgxpool.New(ctx, withDB(adminDSN, name))
		if err != nil {
			return err
		}
		_, err = store.Migrate(ctx, pool)
		if err == nil && prep != nil {
			err = prep.Fn(ctx, pool)
		}
		if err == nil {
			_, err = pool.Exec(ctx, "VACUUM ANALYZE")
		}
		pool.Close()
		if err != nil {
			return fmt.Errorf("template %s: %w", name, err)
		}
		if _, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{name}.Sanitize()+" WITH is_template true"); err != nil {
			return err
		}
	}
	templates[name] = true
	return nil
}

func clone(ctx context.Context, adminDSN, tmpl, name string) error {
	cloneMu.Lock()
	defer cloneMu.Unlock()
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	for attempt := 0; ; attempt++ {
		_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tmpl}.Sanitize())
		// Another process cloning the same template at this moment: try again.
		if err == nil || attempt == 50 || !strings.Contains(err.Error(), "being accessed by other users") {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}
