// Package store holds all SQL of portald (pgx v5), one file per subject. It translates
// driver errors into errs kinds at its boundary.
package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/errs"
)

// Advisory lock classes, in one block so that no two collide: a transaction takes the lock
// of (class, key) with xactLock, and holds it until it ends.
const (
	lockAccount          = 0x4c6f6731 // "Log1": logins of one account
	lockAddress          = 0x4c6f6732 // "Log2": logins from one address (taken after the account's)
	lockAcknowledgements = 0x41636b31 // "Ack1": the acknowledgements of one associate
	lockProduction       = 0x50726f64 // "Prod": production changes (shared) against hierarchy changes (rollup.go)
	lockStatements       = 0x53746d74 // "Stmt": the statement imports of one provider (payouts.go)
	lockEmail            = 0x456d6c31 // "Eml1": one email address being taken (registration, email change)
)

// xactLock takes the transaction-scoped advisory lock of (class, key).
const xactLock = `SELECT pg_advisory_xact_lock($1, hashtext($2))`

// querier is what both a pool and a transaction offer.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	CopyFrom(ctx context.Context, table pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error)
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Store runs queries on the pool, or inside a transaction when it came from InTx.
type Store struct {
	pool   *pgxpool.Pool
	db     querier
	inTx   bool
	mailer Mailer
}

// New is a store over a pool.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool, db: retrying{pool}} }

// retrying runs statements on the pool and sends one again, once, when the first try
// failed before anything reached the server (pgconn.SafeToRetry): a pooled connection the
// server had dropped (it restarted) is found broken only when written to. Nothing was
// sent, so a write is as safe to send again as a read. Transactions are not retried: their
// statements depend on each other.
type retrying struct{ *pgxpool.Pool }

func (r retrying) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	tag, err := r.Pool.Exec(ctx, sql, args...)
	if err != nil && pgconn.SafeToRetry(err) && ctx.Err() == nil {
		return r.Pool.Exec(ctx, sql, args...)
	}
	return tag, err
}

func (r retrying) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := r.Pool.Query(ctx, sql, args...)
	if err != nil && pgconn.SafeToRetry(err) && ctx.Err() == nil {
		return r.Pool.Query(ctx, sql, args...)
	}
	return rows, err
}

func (r retrying) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return retryingRow{r: r, ctx: ctx, sql: sql, args: args}
}

type retryingRow struct {
	r    retrying
	ctx  context.Context
	sql  string
	args []any
}

func (row retryingRow) Scan(dest ...any) error {
	err := row.r.Pool.QueryRow(row.ctx, row.sql, row.args...).Scan(dest...)
	if err != nil && pgconn.SafeToRetry(err) && row.ctx.Err() == nil {
		return row.r.Pool.QueryRow(row.ctx, row.sql, row.args...).Scan(dest...)
	}
	return err
}

// Pool is the underlying pool (for probes and benchmarks).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise.
// Nested calls join the outer transaction.
func (s *Store) InTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.inTx {
		return fn(s)
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return translate(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(&Store{pool: s.pool, db: tx, inTx: true, mailer: s.mailer}); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		if connectionLost(err) {
			// The commit may have reached the server before the connection went: telling
			// the client to just try again could save the change twice.
			return errs.Wrap(errs.Unavailable, err, "%s", ErrCommitUnknown)
		}
		return translate(err)
	}
	return nil
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return unreachable(err, "The database is not reachable")
	}
	return nil
}

// translate maps driver errors to kinds; the cause is kept for the log.
func translate(err error) error {
	if err == nil {
		return nil
	}
	if errs.As(err) != nil {
		return err
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return errs.Wrap(errs.NotFound, err, "Not found")
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "23505":
			return errs.Wrap(errs.Conflict, err, "A record with the same value already exists")
		case "23503":
			return errs.Wrap(errs.Conflict, err, "The record is referenced by or refers to another record")
		case "23514", "23502", "22001", "22P02", "22007", "22008":
			return errs.Wrap(errs.Invalid, err, "Validation error")
		// Data exceptions that only input can cause; the API's own checks stop such input
		// first, naming the field, and these keep anything that slips past from being a 500.
		case "22021", "22P05": // character not in repertoire (NUL, invalid UTF-8), untranslatable
			return errs.Wrap(errs.BadRequest, err, "The request holds text that is not valid UTF-8 or that holds a NUL character")
		case "22003": // numeric value out of range
			return errs.Wrap(errs.Invalid, err, "A number is out of range")
		case "57014":
			return errs.Wrap(errs.Unavailable, err, "The query took too long")
		}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return errs.Wrap(errs.Unavailable, err, "The request was cancelled")
	}
	if connectionLost(err) {
		return unreachable(err, "The database is not reachable; try again in a moment")
	}
	return fmt.Errorf("store: %w", err)
}

// ErrCommitUnknown is the message of a change whose commit lost its connection.
const ErrCommitUnknown = "The database went away while saving: check whether the change was made before trying again"

// unreachable is the 503 of a database that went away for a moment (a restart, a
// failover): the client is told to try again in a second.
func unreachable(err error, msg string) error {
	return errs.Later(errs.Wrap(errs.Unavailable, err, "%s", msg), errs.CodeUnreachable, time.Second)
}

// connectionLost reports an error of the connection rather than of the query: the server
// refused or dropped it (a restart, a failover, too many connections).
func connectionLost(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		// 08: connection exception; 57P01-03: shutting down or starting; 53300: too many
		// connections.
		return strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03" || pg.Code == "53300"
	}
	var connect *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connect) || errors.As(err, &netErr) || pgconn.SafeToRetry(err) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOENT)
}

// Connect opens a pool on dsn with the types portald uses registered on every connection.
func Connect(ctx context.Context, dsn string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, errs.Wrap(errs.Invalid, err, "DATABASE_URL is not a valid PostgreSQL connection string")
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	cfg.AfterConnect = RegisterTypes
	return pgxpool.NewWithConfig(ctx, cfg)
}

// RegisterTypes teaches a connection the extension types (ltree) when they exist.
func RegisterTypes(ctx context.Context, conn *pgx.Conn) error {
	var oid *uint32
	if err := conn.QueryRow(ctx, `SELECT to_regtype('ltree')::oid`).Scan(&oid); err != nil {
		return err
	}
	if oid != nil {
		conn.TypeMap().RegisterType(&pgtype.Type{Name: "ltree", OID: *oid, Codec: pgtype.LtreeCodec{}})
	}
	return nil
}

// collect scans every row of a query with scan: the one row loop of the store. err is
// the error of the query itself.
func collect[T any](rows pgx.Rows, err error, scan func(pgx.Rows, *T) error) ([]T, error) {
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	out := []T{}
	var zero T
	for rows.Next() {
		// Scanned in place: a local passed to Scan would escape to the heap for every row.
		out = append(out, zero)
		if err := scan(rows, &out[len(out)-1]); err != nil {
			return nil, translate(err)
		}
	}
	return out, translate(rows.Err())
}

// stream scans every row of a query into one reused target (dest points into it) and hands
// it to each: the row loop of the lists, which never hold a page in memory. err is the error
// of the query itself.
func stream[T any](rows pgx.Rows, err error, target *T, dest []any, each func(*T)) error {
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return translate(err)
		}
		each(target)
	}
	return translate(rows.Err())
}

// collectMap reads a two-column query (key, value) into a map; err is the error of the
// query itself.
func collectMap[K comparable, V any](rows pgx.Rows, err error) (map[K]V, error) {
	if err != nil {
		return nil, translate(err)
	}
	defer rows.Close()
	out := map[K]V{}
	for rows.Next() {
		var k K
		var v V
		if err := rows.Scan(&k, &v); err != nil {
			return nil, translate(err)
		}
		out[k] = v
	}
	return out, translate(rows.Err())
}
