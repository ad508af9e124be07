package pgembed_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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

func TestTwoClustersSideBySideAndRestart(t *testing.T) {
	root, err := os.MkdirTemp("", "pgembed-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(root)
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
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

// A data directory already in use by a running server: Start fails at once with the
// server's reason instead of hanging.
func TestStartFailsOnADirectoryInUse(t *testing.T) {
	root, err := os.MkdirTemp("", "pgembed-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(root)
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
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
		if err == nil || !strings.Contains(err.Error(), "postmaster.pid") {
			t.Errorf("second start: %v, want the lock-file refusal", err)
		}
	case <-time.After(45 * time.Second):
		t.Fatal("a second start on a directory in use hangs")
	}
}
