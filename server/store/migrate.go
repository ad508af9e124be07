package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"regexp"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Migration is one forward-only SQL file, numbered NNNN_name.sql.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

var migrationName = regexp.MustCompile(`^(\d{4})_[a-z0-9_]+\.sql$`)

// Migrations lists the embedded migrations in order. It fails on a badly named file or
// on two files with one number.
func Migrations() ([]Migration, error) {
	entries, err := fs.ReadDir(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	var out []Migration
	seen := map[int]string{}
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration %q: the name must be NNNN_lower_snake.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		if other, ok := seen[v]; ok {
			return nil, fmt.Errorf("migrations %q and %q share number %d", other, e.Name(), v)
		}
		seen[v] = e.Name()
		b, err := migrations.ReadFile("migrations/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: e.Name(), SQL: string(b)})
	}
	slices.SortFunc(out, func(a, b Migration) int { return a.Version - b.Version })
	return out, nil
}

// Migrate applies the migrations not applied yet, each in its own transaction, under an
// advisory lock so that several portald instances starting at once do not race.
func Migrate(ctx context.Context, pool *pgxpool.Pool) (applied int, err error) {
	ms, err := Migrations()
	if err != nil {
		return 0, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Release()
	const lockID = 7_317_001
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, lockID); err != nil {
		return 0, err
	}
	defer func() { _, _ = conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, lockID) }()
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return 0, err
	}
	done := map[int]bool{}
	rows, err := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return 0, err
		}
		done[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for _, m := range ms {
		if done[m.Version] {
			continue
		}
		tx, err := conn.Begin(ctx)
		if err != nil {
			return applied, err
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			_ = tx.Rollback(ctx)
			return applied, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
			_ = tx.Rollback(ctx)
			return applied, err
		}
		if err := tx.Commit(ctx); err != nil {
			return applied, err
		}
		applied++
	}
	// River's own tables (the job queue of the compensation engine), at the version this
	// build of River needs, under the same lock. River migrates through a pool of its own:
	// the caller's may be exhausted by other instances' connections waiting for the lock.
	cfg := pool.Config().Copy()
	cfg.MaxConns, cfg.MinConns = 1, 0
	own, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return applied, err
	}
	defer own.Close()
	migrator, err := rivermigrate.New(riverpgxv5.New(own), &rivermigrate.Config{Logger: quietLogger})
	if err != nil {
		return applied, err
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return applied, fmt.Errorf("river migrations: %w", err)
	}
	return applied + len(res.Versions), nil
}

// quietLogger drops River's migration log lines: portald reports what it applied.
var quietLogger = slog.New(slog.DiscardHandler)
