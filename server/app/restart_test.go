package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/server/app"
	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/store"
)

var signature = []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0L10 10"/></svg>`)

// The database restarts (a fast shutdown, as `pg_ctl restart -m fast` does) while four
// writers and two readers keep going. Requests caught while it is down answer 503 with
// Retry-After — never 500 — and every write that was answered 201 is there afterwards.
func TestDatabaseRestartUnderLoad(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	root, err := os.MkdirTemp("", "restart-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	_ = os.Chmod(root, 0o755)
	dir := filepath.Join(root, "pg")
	cluster, err := pgembed.Start(ctx, dir, true)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	defer cluster.Stop()
	if _, err := cluster.EnsureDatabase(ctx, "portal"); err != nil {
		t.Fatal(err)
	}
	pool, err := store.Connect(ctx, cluster.DSN("portal"), 8)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := store.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if _, err := seed.Run(ctx, pool, seed.Options{Associates: 60, Seed: 1, Keys: servertest.Keys()}); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	handler, _, err := app.New(app.Options{Pool: pool, Keys: servertest.Keys(), DataDir: filepath.Join(root, "data"), Log: log})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler)
	defer srv.Close()
	go func() { _ = cluster.Watch(ctx, log) }()

	c, err := sdk.New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Login(ctx, seed.DemoAgent, seed.DemoPassword); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AcknowledgeAll(ctx, signature); err != nil {
		t.Fatal(err)
	}
	token := c.Tokens().Token()

	var (
		mu                  sync.Mutex
		created             []int64
		unavailable, served atomic.Int64
		unknown             atomic.Int64 // writes answered "may have been saved"
		failures            []string
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 10 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	call := func(method, path string, body []byte) (int, []byte) {
		req, _ := http.NewRequestWithContext(ctx, method, srv.URL+path, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode == http.StatusServiceUnavailable {
			unavailable.Add(1)
			// "Try again" (Retry-After), except where the change may have been saved.
			if (res.Header.Get("Retry-After") == "") != bytes.Contains(b, []byte(store.ErrCommitUnknown)) {
				fail("503 with Retry-After %q: %s", res.Header.Get("Retry-After"), b)
			}
		} else {
			served.Add(1)
		}
		return res.StatusCode, b
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body, _ := json.Marshal(map[string]any{"first_name": fmt.Sprintf("W%dN%d", w, i), "last_name": "Restart", "country": "USA"})
				status, b := call("POST", "/api/clients", body)
				switch status {
				case http.StatusCreated:
					var got struct {
						ID int64 `json:"id"`
					}
					if err := json.Unmarshal(b, &got); err != nil || got.ID == 0 {
						fail("201 without an id: %s", b)
						continue
					}
					mu.Lock()
					created = append(created, got.ID)
					mu.Unlock()
				case http.StatusServiceUnavailable:
					if bytes.Contains(b, []byte(store.ErrCommitUnknown)) {
						unknown.Add(1)
					}
				case 0:
				default:
					fail("write answered %d: %s", status, b)
				}
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if status, b := call("GET", "/api/clients?limit=5", nil); status != 200 && status != 503 && status != 0 {
					fail("read answered %d: %s", status, b)
				}
			}
		})
	}

	time.Sleep(500 * time.Millisecond)
	pid, err := postmasterPID(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGINT); err != nil { // fast shutdown
		t.Fatal(err)
	}
	// Load goes on until the database answers again, and a little after.
	deadline := time.Now().Add(60 * time.Second)
	for {
		if p, err := postmasterPID(dir); err == nil && p != pid && pool.Ping(ctx) == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the database did not come back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(700 * time.Millisecond)
	close(stop)
	wg.Wait()

	for _, f := range failures {
		t.Error(f)
	}
	var found, stored int
	if err := pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE id = ANY($1)), count(*) FROM clients WHERE last_name = 'Restart'`,
		created).Scan(&found, &stored); err != nil {
		t.Fatal(err)
	}
	if found != len(created) || len(created) == 0 {
		t.Errorf("%d writes answered 201, %d of them in the database", len(created), found)
	}
	// A 503 that said "try again" saved nothing: only the writes told their outcome is
	// unknown may be there without a 201.
	if extra := stored - len(created); extra < 0 || extra > int(unknown.Load()) {
		t.Errorf("%d writes stored without a 201, %d answered that they may have been saved", extra, unknown.Load())
	}
	t.Logf("%d writes acknowledged, %d answers served, %d answered 503", len(created), served.Load(), unavailable.Load())
}

func postmasterPID(dir string) (int, error) {
	b, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return 0, err
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strconv.Atoi(strings.TrimSpace(first))
}
