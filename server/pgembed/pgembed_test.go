package pgembed_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/pgembed"
)

func start(t *testing.T, dir string) *pgembed.Cluster {
	t.Helper()
	c, err := pgembed.Start(context.Background(), dir, true)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	return c
}

// tempRoot is a fresh directory for data directories, removed after the test; it is
// traversable by the unprivileged user PostgreSQL runs as when the tests run as root.
func tempRoot(t *testing.T) string {
	t.Helper()
	root, err := os.MkdirTemp("", "pgembed-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestTwoClustersSideBySideAndRestart(t *testing.T) {
	root := tempRoot(t)
	ctx := context.Background()
	a := start(t, filepath.Join(root, "a"))
	b := start(t, filepath.Join(root, "b"))
	if a.SocketDir == b.SocketDir {
		t.Fatal("two clusters share a socket directory")
	}
	for i, c := range []*pgembed.Cluster{a, b} {
		created, err := c.EnsureDatabase(ctx, "portal")
		if err != nil || !created {
			t.Fatalf("cluster %d: created %v, %v", i, created, err)
		}
		conn, err := pgx.Connect(ctx, c.DSN("portal"))
		if err != nil {
			t.Fatal(err)
		}
		var super bool
		var user string
		if err := conn.QueryRow(ctx, `SELECT current_user, usesuper FROM pg_user WHERE usename = current_user`).Scan(&user, &super); err != nil {
			t.Fatal(err)
		}
		_ = conn.Close(ctx)
		if user != "portal" {
			t.Errorf("cluster %d: user %q", i, user)
		}
	}
	// The data directory is owned by an unprivileged user when we are root.
	st, err := os.Stat(filepath.Join(root, "a", "PG_VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 && fileUID(st) == 0 {
		t.Error("the cluster runs as root")
	}
	a.Stop()
	b.Stop()
	// A second start finds the cluster and the database already there.
	again := start(t, filepath.Join(root, "a"))
	defer again.Stop()
	created, err := again.EnsureDatabase(ctx, "portal")
	if err != nil || created {
		t.Fatalf("restart: created %v, %v", created, err)
	}
}

// A data directory already owned by a running cluster: Start fails at once and says so
// instead of hanging or stopping the owner's server.
func TestStartFailsOnADirectoryInUse(t *testing.T) {
	root := tempRoot(t)
	first := start(t, filepath.Join(root, "a"))
	defer first.Stop()
	done := make(chan error, 1)
	go func() {
		c, err := pgembed.Start(context.Background(), filepath.Join(root, "a"), true)
		if err == nil {
			c.Stop()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "in use by another process") {
			t.Errorf("second start: %v, want the in-use refusal", err)
		}
	case <-time.After(45 * time.Second):
		t.Fatal("a second start on a directory in use hangs")
	}
}

// A server left running by an owner that died (portald killed while running as root) is
// stopped by the next start, which then comes up on the same data.
func TestStartStopsAnOrphanedServer(t *testing.T) {
	root := tempRoot(t)
	ctx := context.Background()
	dir := filepath.Join(root, "a")
	first := start(t, dir)
	if _, err := first.EnsureDatabase(ctx, "kept"); err != nil {
		t.Fatal(err)
	}
	orphan := pgembed.ServerPID(first)
	pgembed.Abandon(first)
	defer first.Stop() // reaps the process if the takeover failed to stop it

	again := start(t, dir)
	defer again.Stop()
	if pgembed.ServerPID(again) == orphan {
		t.Fatal("the same server")
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d/cmdline", orphan)); err == nil {
		if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", orphan)); !strings.Contains(string(b), ") Z") {
			t.Fatalf("the orphaned server (pid %d) still runs", orphan)
		}
	}
	created, err := again.EnsureDatabase(ctx, "kept")
	if err != nil || created {
		t.Fatalf("after takeover: created %v, %v (the data should be there)", created, err)
	}
}

// A server running on the directory that no owner recorded (started by hand or by another
// program) is not stopped: the start is refused and the server keeps running.
func TestStartRefusesAServerItDidNotStart(t *testing.T) {
	root := tempRoot(t)
	dir := filepath.Join(root, "a")
	other := start(t, dir)
	defer other.Stop()
	pgembed.Disown(other)
	if c, err := pgembed.Start(context.Background(), dir, true); err == nil {
		c.Stop()
		t.Fatal("started over a server it did not start")
	} else if !strings.Contains(err.Error(), "did not start") {
		t.Fatalf("refusal: %v", err)
	}
	conn, err := pgx.Connect(context.Background(), other.DSN("postgres"))
	if err != nil {
		t.Fatalf("the other server was stopped: %v", err)
	}
	_ = conn.Close(context.Background())
}

// A server killed under portald (SIGKILL, the worst case) is started again by Watch on the
// same directories, with its data; the connection pool finds it again by itself. Stop then
// ends Watch without an error.
func TestWatchStartsAKilledServerAgain(t *testing.T) {
	root := tempRoot(t)
	ctx := context.Background()
	c := start(t, filepath.Join(root, "a"))
	if _, err := c.EnsureDatabase(ctx, "kept"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Watch(ctx, slog.New(slog.DiscardHandler)) }()
	first := pgembed.ServerPID(c)
	if err := syscall.Kill(first, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		conn, err := pgx.Connect(ctx, c.DSN("kept"))
		if err == nil {
			_ = conn.Close(ctx)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the killed server did not come back: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if pgembed.ServerPID(c) == first {
		t.Error("still the killed server")
	}
	c.Stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Watch after Stop: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Watch did not end after Stop")
	}
}

// A server that cannot be started again ends Watch with an error, so that portald exits
// (and a supervisor restarts it) instead of answering errors for ever.
func TestWatchGivesUpWhenTheServerCannotStart(t *testing.T) {
	root := tempRoot(t)
	dir := filepath.Join(root, "a")
	c := start(t, dir)
	defer c.Stop()
	done := make(chan error, 1)
	go func() { done <- c.Watch(context.Background(), slog.New(slog.DiscardHandler)) }()
	// Without PG_VERSION the directory is no data directory: postgres refuses to start.
	if err := os.Rename(filepath.Join(dir, "PG_VERSION"), filepath.Join(dir, "PG_VERSION.away")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pgembed.ServerPID(c), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "could not be started again") {
			t.Errorf("Watch = %v, want it to give up", err)
		}
	case <-time.After(90 * time.Second):
		t.Fatal("Watch did not give up")
	}
}

// The server keeps the memory its queries free (glibc's tunables in its environment), unless
// the operator set GLIBC_TUNABLES: theirs is given as it is. (The server's own environment
// cannot tell: glibc rewrites the variable in place as it reads it.)
func TestServerEnvHasTheMallocTunables(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  []string
		want []string
	}{
		{"default", []string{"PATH=/bin", "LANG=C"}, []string{"PATH=/bin", "LANG=C", "GLIBC_TUNABLES=" + pgembed.MallocTunables}},
		{"operator's", []string{"GLIBC_TUNABLES=glibc.malloc.arena_max=2", "PATH=/bin"}, []string{"GLIBC_TUNABLES=glibc.malloc.arena_max=2", "PATH=/bin"}},
		{"empty", nil, []string{"GLIBC_TUNABLES=" + pgembed.MallocTunables}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := slices.Clone(tc.env)
			got := pgembed.ServerEnv(in)
			if !slices.Equal(got, tc.want) {
				t.Errorf("ServerEnv(%q) = %q, want %q", tc.env, got, tc.want)
			}
			if !slices.Equal(in, tc.env) {
				t.Errorf("ServerEnv changed its argument: %q", in)
			}
		})
	}
	if !strings.Contains(pgembed.MallocTunables, "mmap_threshold=") || !strings.Contains(pgembed.MallocTunables, "trim_threshold=") {
		t.Errorf("the tunables %q set both thresholds", pgembed.MallocTunables)
	}
}
