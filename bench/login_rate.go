package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/seed"
)

// Part (e), rates: logins with the production hashing one after another, as many as the
// server answers (closed loop), and at a fixed rate whatever the answers (open loop).
const (
	loginGoalRate  = 50.0                   // logins/s sustained
	loginGoalP95   = 250 * time.Millisecond // p95 at loginOpenRate
	loginOpenRate  = 20.0                   // logins/s of the open loop
	loginOpenFor   = 30 * time.Second
	loginClosedFor = 20 * time.Second
	loginAgent     = "bench-login-rate" // the User-Agent of its sessions, deleted afterwards
	loginAccounts  = 10_000             // each account and each address logs in once or twice at most
)

// loginClosedConcurrency are the closed loops' numbers of people logging in one after
// another: the budget's two checks, two waiting for them, and more than it lets wait.
var loginClosedConcurrency = []int{2, 4, 8}

// loginRun is how one run of logins was answered.
type loginRun struct {
	name          string
	status        map[string]int
	lat           []time.Duration // each answer's, from its (scheduled) send; sorted
	wall          time.Duration   // from the first send to the last answer
	srvCPU, pgCPU time.Duration   // portald's and the cluster's CPU time during the run
	peak          int64           // KiB, VmHWM of the fresh portald
	load          string          // load average at the end
}

func (r loginRun) ok() int       { return r.status["200"] }
func (r loginRun) rate() float64 { return float64(r.ok()) / r.wall.Seconds() }
func (r loginRun) answered() int { return len(r.lat) }
func (r loginRun) pct(p int) time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	return r.lat[min(len(r.lat)-1, len(r.lat)*p/100)]
}

// loginPeople hands out accounts with the demo password and an address each, round robin.
type loginPeople struct {
	emails []string
	n      atomic.Int64
}

// next is the next login: an account and the address it comes from (10.2.0.1 on).
func (lp *loginPeople) next() (email, addr string) {
	i := int(lp.n.Add(1) - 1)
	k := i % len(lp.emails)
	return lp.emails[k], fmt.Sprintf("10.%d.%d.%d", 2+k/62_500, (k/250)%250, 1+k%250)
}

// loginRates measures part (e)'s rates and writes their tables; burstPeak is the peak RSS
// (KiB) of the 200 logins at once measured before, for the table of goals.
func loginRates(ctx context.Context, res *report, pool *pgxpool.Pool, dsn, abs string, o runOpts, burstPeak int64) error {
	people, params, err := loginAccountsOf(ctx, pool)
	if err != nil {
		return err
	}
	wall, cpu := hashCost(5)
	res.line("### Logins per second with the production hashing")
	res.line("")
	res.line("Each run against a fresh portald with the production settings (`%s`: the seeded accounts' hashes carry the", params)
	res.line("parameters of `auth.HashPassword`; `--login-memory` default, %d MiB: %d checks at once, a login waits at most 2 s for",
		auth.DefaultHashBudget>>20, auth.DefaultHashBudget/auth.HashMemory)
	res.line("room), `--trust-proxy` and `--no-jobs`. Every login is a different account (of %d, right password) from an", len(people.emails))
	res.line("address of its own, so the throttle (5 failures per account, 30 per address in 15 min) cannot fire. Closed loop:")
	res.line("N people log in one after another for %s (latency from each send). Open loop: %.0f logins/s for %s, each", loginClosedFor, loginOpenRate, loginOpenFor)
	res.line("sent at its time whatever the answers (latency from its scheduled time: no coordinated omission). Percentiles")
	res.line("are of all answers (a 429 counts with its latency); logins/s counts the 200s.")
	res.line("")
	res.line("One check alone in the benchmark process (same parameters, machine otherwise as it is): **%s wall, %s CPU**", fmtDur(wall), fmtDur(cpu))
	res.line("— on 2 cores at most %.1f checks/s, before anything else the server or PostgreSQL does.", 2/cpu.Seconds())
	res.line("")

	alone, err := loginAlone(ctx, pool, people, dsn, abs, o)
	if err != nil {
		return err
	}
	var runs []loginRun
	for _, c := range loginClosedConcurrency {
		r, err := loginLoop(ctx, pool, people, dsn, abs, o, fmt.Sprintf("closed loop, %d at once", c), func(p proc, client *http.Client) loginRun {
			return loginClosed(p, client, people, c, loginClosedFor)
		})
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	open, err := loginLoop(ctx, pool, people, dsn, abs, o, fmt.Sprintf("open loop, %.0f/s", loginOpenRate), func(p proc, client *http.Client) loginRun {
		return loginOpen(p, client, people, loginOpenRate, loginOpenFor)
	})
	if err != nil {
		return err
	}
	runs = append(runs, open)
	if _, err := pool.Exec(ctx, `DELETE FROM sessions WHERE user_agent = $1`, loginAgent); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `DELETE FROM login_failures`); err != nil {
		return err
	}

	res.line("| run | answers | 200 | 401 | 429 throttled | 429 busy | 503 | other | logins/s (200) | p50 | p95 | p99 | max | CPU/login portald + PostgreSQL | peak RSS | load at the end |")
	res.line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range append([]loginRun{alone}, runs...) {
		other := r.answered()
		for _, k := range []string{"200", "401", "429 throttled", "429 busy", "503"} {
			other -= r.status[k]
		}
		n := max(r.ok(), 1)
		res.line("| %s | %d | %d | %d | %d | %d | %d | %d | **%.1f** | %s | %s | %s | %s | %s + %s | %.0f MB | %s |", r.name, r.answered(),
			r.ok(), r.status["401"], r.status["429 throttled"], r.status["429 busy"], r.status["503"], other, r.rate(),
			fmtDur(r.pct(50)), fmtDur(r.pct(95)), fmtDur(r.pct(99)), fmtDur(r.pct(100)),
			fmtDur(r.srvCPU/time.Duration(n)), fmtDur(r.pgCPU/time.Duration(n)), float64(r.peak)/1024, r.load)
	}
	res.line("")

	best := runs[0]
	for _, r := range runs[:len(runs)-1] {
		if r.rate() > best.rate() {
			best = r
		}
	}
	met := func(ok bool) string {
		if ok {
			return "**met**"
		}
		return "**not met**"
	}
	openOK := open.pct(95) <= loginGoalP95 && open.ok() == open.answered()
	res.line("| figure | measured | goal | | measured ÷ goal |")
	res.line("|---|---|---|---|---|")
	res.line("| logins/s sustained (best closed loop: %s) | %.1f/s | ≥ %.0f/s | %s | %.2f× |", best.name, best.rate(), loginGoalRate,
		met(best.rate() >= loginGoalRate), best.rate()/loginGoalRate)
	res.line("| p95 at %.0f logins/s (open loop, %d of %d answered 200) | %s | ≤ %d ms | %s | %.1f× |", loginOpenRate, open.ok(), open.answered(),
		fmtDur(open.pct(95)), loginGoalP95.Milliseconds(), met(openOK), open.pct(95).Seconds()/loginGoalP95.Seconds())
	if burstPeak > 0 {
		res.line("| peak RSS, 200 logins at once (budget %d MiB) | %.0f MB | a fixed cap | reported | – |", auth.DefaultHashBudget>>20, float64(burstPeak)/1024)
	}
	res.line("")
	return nil
}

// loginAccountsOf reads the accounts the rates log in with and checks that their hashes
// have the parameters auth.HashPassword uses now (the production ones); it answers them.
func loginAccountsOf(ctx context.Context, pool *pgxpool.Pool) (*loginPeople, string, error) {
	prod, err := auth.HashPassword("x")
	if err != nil {
		return nil, "", err
	}
	want := hashParams(prod)
	rows, err := pool.Query(ctx, `SELECT u.email, u.password_hash FROM users u WHERE u.associate_id IS NOT NULL ORDER BY u.id LIMIT $1`, loginAccounts)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	lp := &loginPeople{}
	for rows.Next() {
		var e, h string
		if err := rows.Scan(&e, &h); err != nil {
			return nil, "", err
		}
		if got := hashParams(h); got != want {
			return nil, "", fmt.Errorf("logins: %s has a hash with %s, not the production %s", e, got, want)
		}
		lp.emails = append(lp.emails, e)
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	if len(lp.emails) < 1000 {
		return nil, "", fmt.Errorf("logins: %d accounts, 1000 needed", len(lp.emails))
	}
	return lp, want, nil
}

// hashParams is the algorithm and parameters of an encoded hash ("argon2id v=19 m=65536,t=3,p=2").
func hashParams(encoded string) string {
	f := strings.Split(encoded, "$")
	if len(f) < 4 {
		return "unreadable"
	}
	return strings.Join(f[1:4], " ")
}

// hashCost is the median wall and CPU time of one check of a production hash in this
// process (all its threads: argon2 runs its lanes in goroutines).
func hashCost(n int) (wall, cpu time.Duration) {
	h, _ := auth.HashPassword(seed.DemoPassword)
	var walls, cpus []time.Duration
	for range n {
		c0, t0 := selfCPU(), time.Now()
		_, _ = auth.CheckPassword(h, seed.DemoPassword)
		walls, cpus = append(walls, time.Since(t0)), append(cpus, selfCPU()-c0)
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	return walls[n/2], cpus[n/2]
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loginLoop runs measure against a fresh portald with the production settings, after three
// logins that warm it, and adds what the run cost the server and the cluster.
func loginLoop(ctx context.Context, pool *pgxpool.Pool, people *loginPeople, dsn, abs string, o runOpts, name string,
	measure func(p proc, client *http.Client) loginRun) (loginRun, error) {
	if _, err := pool.Exec(ctx, `DELETE FROM login_failures`); err != nil {
		return loginRun{}, err
	}
	p, stop, err := startProcess(o.portald, []string{"serve", "--no-seed", "--no-jobs"}, map[string]string{
		"DATABASE_URL": dsn, "PORTAL_SECRET_KEY": benchKey, "PORTAL_DATA_DIR": filepath.Join(abs, "data"),
		"PORTAL_LOG_LEVEL": "warn", "PORTAL_TRUST_PROXY": "true", "PORTAL_MAX_CONNS": strconv.Itoa(o.pool),
	})
	if err != nil {
		return loginRun{}, err
	}
	defer stop()
	if err := waitReady(p.url + "/api/readyz"); err != nil {
		return loginRun{}, err
	}
	time.Sleep(time.Second) // let the start settle
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 512}}
	defer client.CloseIdleConnections()
	for range 3 {
		if key, _ := login(p, client, people); key != "200" {
			return loginRun{}, fmt.Errorf("logins: warm-up answered %s", key)
		}
	}
	srv0, pg0 := procCPU(procRoot, p.pid), clusterCPU(procRoot, o.postmaster)
	r := measure(p, client)
	r.srvCPU, r.pgCPU = procCPU(procRoot, p.pid)-srv0, clusterCPU(procRoot, o.postmaster)-pg0
	r.peak = procKB(p.pid, "VmHWM")
	r.load = loadAverage()
	r.name = name
	slices.Sort(r.lat)
	fmt.Printf("  %-40s %v in %.1fs: %.1f logins/s, p50 %s p95 %s p99 %s max %s, CPU/login %s + %s, load %s\n", name, r.status,
		r.wall.Seconds(), r.rate(), fmtDur(r.pct(50)), fmtDur(r.pct(95)), fmtDur(r.pct(99)), fmtDur(r.pct(100)),
		fmtDur(r.srvCPU/time.Duration(max(r.ok(), 1))), fmtDur(r.pgCPU/time.Duration(max(r.ok(), 1))), r.load)
	return r, nil
}

// loginAlone: twenty logins one at a time, the latency of a login nobody waits behind.
func loginAlone(ctx context.Context, pool *pgxpool.Pool, people *loginPeople, dsn, abs string, o runOpts) (loginRun, error) {
	return loginLoop(ctx, pool, people, dsn, abs, o, "one at a time (20 logins)", func(p proc, client *http.Client) loginRun {
		return loginClosedN(p, client, people, 1, 0, 20)
	})
}

// loginClosed: c people log in one after another for d.
func loginClosed(p proc, client *http.Client, people *loginPeople, c int, d time.Duration) loginRun {
	return loginClosedN(p, client, people, c, d, 0)
}

// loginClosedN: c people log in one after another, for d or (d zero) n logins in all.
func loginClosedN(p proc, client *http.Client, people *loginPeople, c int, d time.Duration, n int) loginRun {
	r := loginRun{status: map[string]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var sent atomic.Int64
	began := time.Now()
	deadline := began.Add(d)
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if d > 0 && !time.Now().Before(deadline) || d == 0 && sent.Add(1) > int64(n) {
					return
				}
				start := time.Now()
				key, end := login(p, client, people)
				mu.Lock()
				r.status[key]++
				r.lat = append(r.lat, end.Sub(start))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.wall = time.Since(began)
	return r
}

// loginOpen sends rate logins per second for d, each at its scheduled time whatever the
// answers, and times each from its scheduled time.
func loginOpen(p proc, client *http.Client, people *loginPeople, rate float64, d time.Duration) loginRun {
	r := loginRun{status: map[string]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := int(rate * d.Seconds())
	every := time.Duration(float64(time.Second) / rate)
	began := time.Now()
	for i := range n {
		at := began.Add(time.Duration(i) * every)
		time.Sleep(time.Until(at))
		wg.Add(1)
		go func() {
			defer wg.Done()
			key, end := login(p, client, people)
			mu.Lock()
			r.status[key]++
			r.lat = append(r.lat, end.Sub(at))
			mu.Unlock()
		}()
	}
	wg.Wait()
	r.wall = time.Since(began)
	return r
}

// login sends one login of the next person and answers how it was answered and when.
func login(p proc, client *http.Client, people *loginPeople) (string, time.Time) {
	email, addr := people.next()
	raw, _ := json.Marshal(map[string]string{"login": email, "password": seed.DemoPassword})
	req, _ := http.NewRequest("POST", p.url+"/api/auth/login", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", addr)
	req.Header.Set("User-Agent", loginAgent)
	key := loginAnswer(client.Do(req))
	return key, time.Now()
}
