// Package pgembed runs a private PostgreSQL cluster from the installed PostgreSQL
// binaries: portald's embedded default when DATABASE_URL is unset, and the database of
// the tests. The cluster listens only on a Unix socket in a private directory, so two
// clusters never collide, and runs as an unprivileged user when the caller is root
// (PostgreSQL refuses to run as root).
package pgembed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running private PostgreSQL server.
type Cluster struct {
	DataDir   string
	SocketDir string
	cmd       *exec.Cmd
	exited    chan struct{} // closed when the server process has ended
	waitErr   error
	cred      *syscall.Credential
	logFile   *os.File
	lock      *os.File // flock held while this process owns the data directory
}

// ErrNoPostgres says that no PostgreSQL server binaries were found.
var ErrNoPostgres = errors.New("PostgreSQL server binaries (initdb, postgres) not found: install PostgreSQL 15 or newer " +
	"(Debian: apt-get install postgresql) or set DATABASE_URL")

// BinDir finds the directory holding initdb and postgres: $PG_BINDIR, then PATH, then
// the newest /usr/lib/postgresql/<version>/bin.
func BinDir() (string, error) {
	if d := os.Getenv("PG_BINDIR"); d != "" {
		if ok(d) {
			return d, nil
		}
		return "", fmt.Errorf("PG_BINDIR=%s holds no initdb and postgres", d)
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil && ok(filepath.Dir(real)) {
			return filepath.Dir(real), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	for _, d := range dirs {
		if ok(d) {
			return d, nil
		}
	}
	return "", ErrNoPostgres
}

func ok(dir string) bool {
	for _, b := range []string{"initdb", "postgres"} {
		if st, err := os.Stat(filepath.Join(dir, b)); err != nil || st.IsDir() {
			return false
		}
	}
	return true
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// runAs is the credential to run PostgreSQL with: nil when not root, otherwise the
// `postgres` user (Debian's package creates it) or `nobody`.
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, errors.New("running as root and found no unprivileged user (postgres or nobody) to run PostgreSQL as")
}

// Start initialises the cluster in dataDir when it is new and starts it. The socket
// lives in a fresh short directory under the system temp dir (socket paths are limited
// to about 100 bytes).
// With fast set, durability is traded for speed (fsync off): for tests and benchmarks,
// never for data that matters.
func Start(ctx context.Context, dataDir string, fast bool) (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	cred, err := runAs()
	if err != nil {
		return nil, err
	}
	dataDir, err = filepath.Abs(dataDir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(dataDir), 0o755); err != nil {
		return nil, err
	}
	c := &Cluster{DataDir: dataDir, cred: cred, exited: make(chan struct{})}
	if err := c.takeOver(ctx); err != nil {
		return nil, err
	}
	started := false
	defer func() {
		if !started {
			_ = c.lock.Close()
		}
	}()
	if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); err != nil {
		if err := c.initdb(ctx, bin); err != nil {
			return nil, err
		}
	}
	sock, err := os.MkdirTemp("", "portal-pg-")
	if err != nil {
		return nil, err
	}
	c.SocketDir = sock
	if err := c.chown(sock); err != nil {
		return nil, err
	}
	logPath := filepath.Join(filepath.Dir(dataDir), filepath.Base(dataDir)+".log")
	c.logFile, err = os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	args := []string{"-D", dataDir, "-k", sock,
		"-c", "listen_addresses=", "-c", "max_connections=200", "-c", "shared_buffers=256MB"}
	if fast {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	c.cmd = exec.Command(filepath.Join(bin, "postgres"), args...)
	c.cmd.Stdout, c.cmd.Stderr = c.logFile, c.logFile
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Setpgid: true, Pdeathsig: syscall.SIGTERM}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start postgres: %w", err)
	}
	go func() { c.waitErr = c.cmd.Wait(); close(c.exited) }()
	if err := c.waitReady(ctx, logPath); err != nil {
		c.Stop()
		return nil, err
	}
	started = true
	c.record()
	return c, nil
}

// takeOver makes this process the owner of the data directory: it takes an exclusive
// flock on <dataDir>.lock (the kernel drops it when the owner dies, however it dies) and
// then stops the server a dead owner left running on the directory (portald killed with
// SIGKILL while running as root: the parent-death signal does not always reach a child that
// changed its user). Only a server the lock file names — recorded by the owner that started
// it, with its start time — is stopped; any other server on the directory is refused.
func (c *Cluster) takeOver(ctx context.Context) error {
	f, err := os.OpenFile(c.DataDir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return fmt.Errorf("the database directory %s is in use by another process (portald or a test run); stop it or use another data directory", c.DataDir)
		}
		return fmt.Errorf("lock %s.lock: %w", c.DataDir, err)
	}
	c.lock = f
	recorded, _ := io.ReadAll(f)
	if err := stopOrphan(ctx, c.DataDir, strings.TrimSpace(string(recorded))); err != nil {
		_ = f.Close()
		return err
	}
	return nil
}

// record writes the running server's identity into the lock file for a later takeOver.
func (c *Cluster) record() {
	pid := c.cmd.Process.Pid
	if err := c.lock.Truncate(0); err == nil {
		_, _ = c.lock.WriteAt([]byte(identity(pid)+"\n"), 0)
	}
}

// identity names a process beyond its number, which the system reuses: "pid start-time"
// (the start time in clock ticks since boot, field 22 of /proc/<pid>/stat); empty when the
// process is gone.
func identity(pid int) string {
	st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	i := bytes.LastIndexByte(st, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(string(st[i+1:])) // from field 3 (state) on
	if len(f) < 20 || f[0] == "Z" {
		return "" // a zombie is gone too
	}
	return fmt.Sprintf("%d %s", pid, f[19])
}

// stopOrphan stops the server named in dataDir's postmaster.pid when it still runs and is
// the one the previous owner recorded. A server running there that nobody recorded (started
// by hand, or by another program) is left alone and refused.
func stopOrphan(ctx context.Context, dataDir, recorded string) error {
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return nil // no server left behind
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || pid <= 0 || pid == os.Getpid() {
		return nil // PostgreSQL reports a damaged lock file itself
	}
	id := identity(pid)
	if id == "" {
		return nil // gone: PostgreSQL removes the stale postmaster.pid itself
	}
	if id != recorded {
		return fmt.Errorf("a PostgreSQL server (pid %d) that portald did not start is running on %s; stop it first", pid, dataDir)
	}
	if err := syscall.Kill(pid, syscall.SIGINT); err != nil { // fast shutdown
		return fmt.Errorf("the PostgreSQL server (pid %d) left running on %s cannot be stopped: %w", pid, dataDir, err)
	}
	gone := func() bool { return identity(pid) != id }
	if waitFor(ctx, gone, 30*time.Second) {
		return nil
	}
	_ = syscall.Kill(pid, syscall.SIGQUIT) // immediate shutdown; recovery runs on the next start
	if waitFor(ctx, gone, 10*time.Second) {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("the PostgreSQL server (pid %d) left running on %s did not stop", pid, dataDir)
}

// waitFor polls cond until it holds (true), the time is up or ctx ends (false).
func waitFor(ctx context.Context, cond func() bool, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
	return true
}

func (c *Cluster) chown(path string) error {
	if c.cred == nil {
		return nil
	}
	return os.Chown(path, int(c.cred.Uid), int(c.cred.Gid))
}

func (c *Cluster) initdb(ctx context.Context, bin string) error {
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return err
	}
	if err := c.chown(c.DataDir); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "initdb"),
		"-D", c.DataDir, "-U", "portal", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	cmd.Dir = os.TempDir()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		_ = os.RemoveAll(c.DataDir)
		msg := strings.TrimSpace(out.String())
		if c.cred != nil {
			msg += fmt.Sprintf("\n(PostgreSQL runs as uid %d: every parent directory of %s must be traversable by it)", c.cred.Uid, c.DataDir)
		}
		return fmt.Errorf("initdb: %w: %s", err, msg)
	}
	return nil
}

func (c *Cluster) waitReady(ctx context.Context, logPath string) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		conn, err := pgx.Connect(ctx, c.DSN("postgres"))
		if err == nil {
			_ = conn.Close(ctx)
			return nil
		}
		select {
		case <-c.exited:
			log, _ := os.ReadFile(logPath)
			return fmt.Errorf("postgres exited (%v): %s", c.waitErr, tail(string(log), 2000))
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres did not become ready within 60s; see %s", logPath)
		}
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// DSN is the connection string of a database in the cluster.
func (c *Cluster) DSN(db string) string {
	return fmt.Sprintf("host=%s user=portal dbname=%s sslmode=disable", c.SocketDir, db)
}

// EnsureDatabase creates a database when it does not exist yet; it reports whether it
// was created.
func (c *Cluster) EnsureDatabase(ctx context.Context, name string) (bool, error) {
	conn, err := pgx.Connect(ctx, c.DSN("postgres"))
	if err != nil {
		return false, err
	}
	defer func() { _ = conn.Close(ctx) }()
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return false, err
	}
	if exists {
		return false, nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	return err == nil, err
}

// Stop shuts the server down (fast mode) and waits for it.
func (c *Cluster) Stop() {
	if c.cmd == nil || c.cmd.Process == nil {
		return
	}
	_ = c.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-c.exited:
	case <-time.After(30 * time.Second):
		_ = c.cmd.Process.Kill()
		<-c.exited
	}
	if c.SocketDir != "" {
		_ = os.RemoveAll(c.SocketDir)
	}
	if c.logFile != nil {
		_ = c.logFile.Close()
	}
	if c.lock != nil {
		_ = c.lock.Close()
	}
}
