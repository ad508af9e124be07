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
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running private PostgreSQL server.
type Cluster struct {
	DataDir   string
	SocketDir string
	cred      *syscall.Credential
	logFile   *os.File
	logPath   string
	lock      *os.File // flock held while this process owns the data directory
	postgres  string   // the server binary and its arguments
	args      []string

	mu       sync.Mutex
	cmd      *exec.Cmd
	exited   chan struct{} // closed when the current server process has ended
	waitErr  error
	stopping bool // Stop was called: an exit is not a crash
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
// never for data that matters. Settings ("name=value") are given to the server after the
// defaults (the benchmarks size shared_buffers to the machine, as a production server is).
func Start(ctx context.Context, dataDir string, fast bool, settings ...string) (*Cluster, error) {
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
	c := &Cluster{DataDir: dataDir, cred: cred}
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
	c.logPath = filepath.Join(filepath.Dir(dataDir), filepath.Base(dataDir)+".log")
	c.logFile, err = os.OpenFile(c.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	c.postgres = filepath.Join(bin, "postgres")
	c.args = []string{"-D", dataDir, "-k", sock,
		"-c", "listen_addresses=", "-c", "max_connections=200", "-c", "shared_buffers=256MB"}
	if fast {
		c.args = append(c.args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	for _, v := range settings {
		c.args = append(c.args, "-c", v)
	}
	if err := c.launch(ctx); err != nil {
		c.Stop()
		return nil, err
	}
	started = true
	return c, nil
}

var errStopped = errors.New("pgembed: the cluster is stopping")

// mallocTunables keep the memory a backend's queries free with the backend rather than give
// it back to the kernel at once. glibc returns a freed block of 128 KB or more (mmap) and the
// free top of its heap (trim) straight away; a query that builds a large structure — the
// bitmap of a common word's 8,000 matching rows is a few megabytes — then faults every page
// of it in afresh, each time. On this project's virtual machines a fault is dear: that query
// spent more than half its time zeroing new pages (a profile: memset in tbm_add_tuples), and
// the help search of a common word went from 13 to 7 ms with these (docs/benchmarks.md).
// Blocks under 64 MB come from the heap, and the heap is trimmed only when 256 MB of it is
// free; a backend thus keeps the peak of what its queries used, which work_mem bounds.
const mallocTunables = "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456"

// serverEnv is the environment of the server process: the caller's, with mallocTunables
// unless GLIBC_TUNABLES is set already (an operator's own choice stands).
func serverEnv(env []string) []string {
	for _, kv := range env {
		if strings.HasPrefix(kv, "GLIBC_TUNABLES=") {
			return env
		}
	}
	return append(slices.Clip(env), "GLIBC_TUNABLES="+mallocTunables)
}

// launch starts the server process on the cluster's directories and waits until it
// accepts connections.
func (c *Cluster) launch(ctx context.Context) error {
	cmd := exec.Command(c.postgres, c.args...)
	cmd.Env = serverEnv(os.Environ())
	cmd.Stdout, cmd.Stderr = c.logFile, c.logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred, Setpgid: true, Pdeathsig: syscall.SIGTERM}
	// Started under the lock: Stop either comes first (and nothing starts) or sees this
	// process and stops it.
	c.mu.Lock()
	if c.stopping {
		c.mu.Unlock()
		return errStopped
	}
	if err := cmd.Start(); err != nil {
		c.mu.Unlock()
		return fmt.Errorf("start postgres: %w", err)
	}
	exited := make(chan struct{})
	c.cmd, c.exited, c.waitErr = cmd, exited, nil
	c.mu.Unlock()
	go func() {
		err := cmd.Wait()
		c.mu.Lock()
		c.waitErr = err
		c.mu.Unlock()
		close(exited)
	}()
	if err := c.waitReady(ctx, exited); err != nil {
		return err
	}
	c.record()
	return nil
}

// Watch keeps the server running while ctx lasts. When it ends without Stop — it crashed,
// or someone stopped or killed it — Watch starts it again on the same directories (the
// connection pool then reconnects by itself), trying three times with a pause between. It
// returns nil when ctx ends or Stop is called, and an error when the server cannot be
// brought back: the caller should then exit non-zero, so that a supervisor restarts it all,
// rather than serve errors for ever.
func (c *Cluster) Watch(ctx context.Context, log *slog.Logger) error {
	for {
		c.mu.Lock()
		exited := c.exited
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil
		case <-exited:
		}
		c.mu.Lock()
		stopping, why := c.stopping, c.waitErr
		c.mu.Unlock()
		if stopping {
			return nil
		}
		log.Warn("the embedded PostgreSQL server stopped; starting it again", "err", fmt.Sprint(why))
		var err error
		for try := 1; try <= 3; try++ {
			if err = c.launch(ctx); err == nil {
				break
			}
			if errors.Is(err, errStopped) {
				return nil
			}
			log.Warn("the embedded PostgreSQL server did not start", "try", try, "err", err.Error())
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Duration(try) * time.Second):
			}
		}
		if err != nil {
			return fmt.Errorf("the embedded PostgreSQL server stopped and could not be started again: %w", err)
		}
		log.Info("the embedded PostgreSQL server is running again")
	}
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
	c.mu.Lock()
	pid := c.cmd.Process.Pid
	c.mu.Unlock()
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

func (c *Cluster) waitReady(ctx context.Context, exited <-chan struct{}) error {
	logPath := c.logPath
	deadline := time.Now().Add(60 * time.Second)
	for {
		conn, err := pgx.Connect(ctx, c.DSN("postgres"))
		if err == nil {
			_ = conn.Close(ctx)
			return nil
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(logPath)
			c.mu.Lock()
			why := c.waitErr
			c.mu.Unlock()
			return fmt.Errorf("postgres exited (%v): %s", why, tail(string(log), 2000))
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
	c.mu.Lock()
	c.stopping = true
	cmd, exited := c.cmd, c.exited
	c.mu.Unlock()
	if cmd == nil || cmd.Process == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
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
