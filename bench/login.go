package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/seed"
)

// loginScenario is one burst of logins sent at once.
type loginScenario struct {
	name   string
	memory int    // --login-memory in MiB; 0 keeps portald's default
	limit  string // GOMEMLIMIT of the process, when set
	n      int
	guess  bool // wrong passwords at one account from one address (else n accounts, n addresses, right password)
}

// loginResult is how a burst was answered and what it cost the process.
type loginResult struct {
	status                    map[string]int // "200", "401", "429 throttled", "429 busy", "503", other codes
	wall                      time.Duration  // until the last answer
	rssBefore, peak, rssAfter int64          // KiB: before, peak (VmHWM), 20 s after
}

// partE: logins at once against a portald of its own (a fresh process, so that its peak
// RSS is the burst's): how they were answered, and the peak RSS of the process; then the
// logins per second it sustains and its latency at a fixed rate (loginRates).
func partE(ctx context.Context, res *report, pool *pgxpool.Pool, dsn, abs string, o runOpts) error {
	rows, err := pool.Query(ctx, `SELECT u.email FROM users u WHERE u.associate_id IS NOT NULL ORDER BY u.id LIMIT 200`)
	if err != nil {
		return err
	}
	var emails []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			rows.Close()
			return err
		}
		emails = append(emails, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	res.line("## (e) Logins at once: memory and answers")
	res.line("")
	res.line("Each burst against a fresh portald (`--trust-proxy`, so that each person has an address of their own in")
	res.line("`X-Forwarded-For`). Every login checks an argon2id hash of %d MiB; the budget bounds the checks running at once,", auth.HashMemory>>20)
	res.line("and a login that finds no room within 2 s answers 429 (busy) with Retry-After. Peak RSS is the process's VmHWM.")
	res.line("")
	res.line("| burst | budget | 200 | 401 | 429 throttled | 429 busy | 503 | other | last answer after | RSS before | peak RSS | RSS 20 s later |")
	res.line("|---|---|---|---|---|---|---|---|---|---|---|---|")
	scenarios := []loginScenario{
		{name: "200 people at once (200 accounts, right password)", n: 200},
		{name: "200 people at once, GOMEMLIMIT=256MiB", n: 200, limit: "256MiB"},
		{name: "200 guesses at once at one account, one address", n: 200, guess: true},
		{name: "for comparison, 8 people at once with the budget lifted", memory: 4096, n: 8},
	}
	var burstPeak int64 // of the first burst: 200 people at once with the default budget
	for i, s := range scenarios {
		if _, err := pool.Exec(ctx, `DELETE FROM login_failures`); err != nil {
			return err
		}
		r, err := loginBurst(s, emails, dsn, abs, o)
		if err != nil {
			return err
		}
		if i == 0 {
			burstPeak = r.peak
		}
		budget := fmt.Sprintf("%d MiB (default)", auth.DefaultHashBudget>>20)
		if s.memory != 0 {
			budget = fmt.Sprintf("%d MiB", s.memory)
		}
		other := 0
		for k, v := range r.status {
			if !slices.Contains([]string{"200", "401", "429 throttled", "429 busy", "503"}, k) {
				other += v
			}
		}
		res.line("| %s | %s | %d | %d | %d | %d | %d | %d | %.1f s | %.0f MB | **%.0f MB** | %.0f MB |", s.name, budget,
			r.status["200"], r.status["401"], r.status["429 throttled"], r.status["429 busy"], r.status["503"], other,
			r.wall.Seconds(), float64(r.rssBefore)/1024, float64(r.peak)/1024, float64(r.rssAfter)/1024)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM login_failures`); err != nil {
		return err
	}
	res.line("")
	// Logins per second: sustained, and the latency at a fixed rate (login_rate.go).
	return loginRates(ctx, res, pool, dsn, abs, o, burstPeak)
}

func loginBurst(s loginScenario, emails []string, dsn, abs string, o runOpts) (loginResult, error) {
	if !s.guess && len(emails) < s.n {
		return loginResult{}, fmt.Errorf("logins: %d accounts, %d needed", len(emails), s.n)
	}
	env := map[string]string{
		"DATABASE_URL": dsn, "PORTAL_SECRET_KEY": benchKey, "PORTAL_DATA_DIR": filepath.Join(abs, "data"),
		"PORTAL_LOG_LEVEL": "warn", "PORTAL_TRUST_PROXY": "true", "PORTAL_MAX_CONNS": strconv.Itoa(o.pool),
	}
	if s.memory != 0 {
		env["PORTAL_LOGIN_MEMORY"] = strconv.Itoa(s.memory)
	}
	if s.limit != "" {
		env["GOMEMLIMIT"] = s.limit
	}
	p, stop, err := startProcess(o.portald, []string{"serve", "--no-seed"}, env)
	if err != nil {
		return loginResult{}, err
	}
	defer stop()
	if err := waitReady(p.url + "/api/readyz"); err != nil {
		return loginResult{}, err
	}
	time.Sleep(time.Second) // let the start settle
	r := loginResult{status: map[string]int{}, rssBefore: procKB(p.pid, "VmRSS")}
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: s.n}}
	defer client.CloseIdleConnections()
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	began := time.Now()
	for i := range s.n {
		body := map[string]string{"login": emails[0], "password": "wrong"}
		addr := "10.0.0.1"
		if !s.guess {
			body = map[string]string{"login": emails[i], "password": seed.DemoPassword}
			addr = fmt.Sprintf("10.1.%d.%d", i/250, 1+i%250)
		}
		raw, _ := json.Marshal(body)
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", p.url+"/api/auth/login", bytes.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", addr)
			<-start
			key := loginAnswer(client.Do(req))
			mu.Lock()
			r.status[key]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	r.wall = time.Since(began)
	r.peak = procKB(p.pid, "VmHWM")
	fmt.Printf("  %-60s %v in %.1fs, RSS %d → peak %d KiB\n", s.name, r.status, r.wall.Seconds(), r.rssBefore, r.peak)
	time.Sleep(20 * time.Second)
	r.rssAfter = procKB(p.pid, "VmRSS")
	return r, nil
}

// loginAnswer names an answer: its status, with the reason of a 429.
func loginAnswer(res *http.Response, err error) string {
	if err != nil {
		return "error"
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusTooManyRequests {
		return strconv.Itoa(res.StatusCode)
	}
	var e struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(b, &e)
	switch e.Code {
	case "login_throttled":
		return "429 throttled"
	case "login_busy":
		return "429 busy"
	}
	return "429 " + e.Code
}

// procKB reads a memory field of /proc/<pid>/status (VmRSS, VmHWM), in KiB.
func procKB(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`(?m)^` + field + `:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return n
}
