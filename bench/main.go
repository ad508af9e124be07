// Command bench measures portald at scale against hand-written baselines, side by side
// in one run on the same database and pool size. It prints figures and ratios and
// asserts nothing (see docs/benchmarks.md).
//
//	bench run        clients: seed (once) and measure against hand-written baselines;
//	                 part (e): logins at once, peak RSS (login.go)
//	bench team       the hierarchy at a million associates against recursive CTEs
//	bench business   the business area at a million associates and three million policies
//	                 against a hand-written handler and plain sums (business.go)
//	bench photo      part (f): a 12-megapixel photo to its WebP sizes, peak RSS (photo.go)
//	bench baseline   the hand-written net/http + pgx server used as the baseline
package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bench run|team|business|payments|photo|content|baseline [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "run":
		err = run(os.Args[2:])
	case "baseline":
		err = baseline(os.Args[2:])
	case "team":
		err = team(os.Args[2:])
	case "business":
		err = business(os.Args[2:])
	case "payments":
		err = payments(os.Args[2:])
	case "photo":
		err = photoBench(os.Args[2:])
	case "content":
		err = contentBench(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type runOpts struct {
	dataDir    string
	portald    string
	associates int
	clients    int
	duration   time.Duration
	conns      int
	pool       int
	out        string
	only       string
	hold       bool
	postmaster int // pid of the benchmark cluster's postmaster, for its CPU time
}

const benchKey = "62656e63682d6b65792d62656e63682d6b65792d62656e63682d6b65792d3031"

func run(args []string) error {
	var o runOpts
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	fs.StringVar(&o.dataDir, "data-dir", ".bench", "where the benchmark cluster lives (kept between runs)")
	fs.StringVar(&o.portald, "portald", "bin/portald", "the portald binary")
	fs.IntVar(&o.associates, "associates", 50_000, "associates to seed")
	fs.IntVar(&o.clients, "clients", 1_000_000, "clients to seed")
	o.wrkFlags(fs)
	fs.StringVar(&o.out, "out", ".bench/results.md", "where to write the results (markdown)")
	fs.StringVar(&o.only, "only", "abcde", "which parts to measure (a, b, c, d, e or a combination)")
	fs.BoolVar(&o.hold, "hold", false, "start both servers, print their addresses and a token, and wait for a signal (for profiling by hand)")
	_ = fs.Parse(args)
	ctx := context.Background()

	if err := os.MkdirAll(o.dataDir, 0o755); err != nil {
		return err
	}
	abs, _ := filepath.Abs(o.dataDir)
	cluster, err := pgembed.Start(ctx, filepath.Join(abs, "pg"), true, benchPGSettings()...)
	if err != nil {
		return err
	}
	defer cluster.Stop()
	dbName := fmt.Sprintf("bench_%d_%d", o.associates, o.clients)
	created, err := cluster.EnsureDatabase(ctx, dbName)
	if err != nil {
		return err
	}
	dsn := cluster.DSN(dbName)
	pool, err := store.Connect(ctx, dsn, int32(o.pool))
	if err != nil {
		return err
	}
	defer pool.Close()
	keyBytes, _ := hex.DecodeString(benchKey)
	keys, err := secret.New(keyBytes)
	if err != nil {
		return err
	}
	var seeded bool
	_ = pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_tables WHERE tablename = 'bench_done')`).Scan(&seeded)
	if created || !seeded {
		if _, err := store.Migrate(ctx, pool); err != nil {
			return err
		}
		var empty bool
		if err := pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM associates)`).Scan(&empty); err != nil {
			return err
		}
		if empty {
			start := time.Now()
			fmt.Printf("seeding %d associates and %d clients (once; kept in %s)…\n", o.associates, o.clients, o.dataDir)
			_, err := seed.Run(ctx, pool, seed.Options{Associates: o.associates, Clients: o.clients, Seed: 1, Keys: keys,
				Progress: func(stage string, done, total int) {
					fmt.Printf("\r  %-16s %9d / %-9d %6.1fs", stage, done, total, time.Since(start).Seconds())
				}})
			fmt.Println()
			if err != nil {
				return err
			}
			fmt.Printf("seeded in %s\n", time.Since(start).Round(time.Second))
		}
		for _, sql := range []string{`VACUUM ANALYZE`, `CREATE TABLE bench_done ()`} {
			if _, err := pool.Exec(ctx, sql); err != nil {
				return err
			}
		}
	}
	if _, err := store.Migrate(ctx, pool); err != nil { // migrations newer than the seed (indexes)
		return err
	}
	if o.postmaster, err = postmasterPID(filepath.Join(abs, "pg")); err != nil {
		return err
	}
	token, path, err := benchUser(ctx, pool, 0)
	if err != nil {
		return err
	}
	// A second caller, in the middle of the organisation, for part (d).
	var midToken string
	var midID int64
	var midClients int
	if err := pool.QueryRow(ctx, `SELECT a.id, (SELECT count(*) FROM clients c JOIN associates d ON d.id = c.associate_id
		WHERE d.path <@ a.path) FROM associates a WHERE a.upline_id IS NOT NULL ORDER BY abs(a.downline_size - $1), a.id LIMIT 1`,
		o.associates/10).Scan(&midID, &midClients); err != nil {
		return err
	}
	if midToken, _, err = benchUser(ctx, pool, midID); err != nil {
		return err
	}

	ours, base, stop, err := startServers(o.portald, dsn, abs, o.pool)
	if err != nil {
		return err
	}
	defer stop()
	if o.hold {
		holdServers(ours, base, token, dsn)
		return nil
	}
	res := &report{}
	res.line("# Benchmark run %s", time.Now().UTC().Format(time.RFC3339))
	res.line("")
	res.line("%d associates, %d clients; pool %d on both servers; wrk %d connections, 2 threads, %s per scenario; one machine (%s).",
		o.associates, o.clients, o.pool, o.conns, o.duration, cpuInfo())
	res.line("The caller is the top of the organisation: every client is visible to it.")
	res.line("")

	if strings.Contains(o.only, "a") {
		if err := partA(res, ours, base, token, o); err != nil {
			return err
		}
	}
	if strings.Contains(o.only, "b") {
		if err := partB(ctx, res, pool, ours, token, path); err != nil {
			return err
		}
	}
	if strings.Contains(o.only, "c") {
		if err := partC(res, ours, base, token); err != nil {
			return err
		}
	}
	if strings.Contains(o.only, "d") {
		if err := partD(res, ours, base, token, midToken, midClients); err != nil {
			return err
		}
	}
	if strings.Contains(o.only, "e") {
		if err := partE(ctx, res, pool, dsn, abs, o); err != nil {
			return err
		}
	}
	fmt.Println()
	fmt.Print(res.String())
	if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(o.out, []byte(res.String()), 0o644)
}

// partA: page 1 and a selective filter against the hand-written handler.
func partA(res *report, ours, base proc, token string, o runOpts) error {
	res.line("## (a) List: portald against a hand-written net/http + pgx handler")
	res.line("")
	res.line("| scenario | portald req/s | p50 | p95 | p99 | CPU/req server + PostgreSQL | baseline req/s | p50 | p95 | p99 | CPU/req server + PostgreSQL | ratio (req/s) |")
	res.line("|---|---|---|---|---|---|---|---|---|---|---|---|")
	scen := []struct{ name, ours, base string }{
		{"page 1, limit 100", "/api/clients?limit=100", "/clients?limit=100"},
		{"selective filter (state TX, last name starts with Mi)", "/api/clients?limit=100&" + selective, "/clients?limit=100&state=TX&last_name_prefix=Mi"},
	}
	for _, s := range scen {
		a, b, err := alternate(ours, base, ours.url+s.ours, base.url+s.base, token, o)
		if err != nil {
			return err
		}
		res.line("| %s | %.0f | %s | %s | %s | %s | %.0f | %s | %s | %s | %s | **%.2f×** |", s.name,
			a.rps, fmtDur(a.p50d), fmtDur(a.p95d), fmtDur(a.p99d), a.cpu(), b.rps, fmtDur(b.p50d), fmtDur(b.p95d), fmtDur(b.p99d), b.cpu(), a.rps/b.rps)
	}
	res.line("")
	res.line("Medians of three alternating rounds; ratio = portald req/s ÷ baseline req/s. Latencies here include the queue of")
	res.line("%d connections on a saturated machine (part (d) has the latency of one request at a time). CPU/req is the CPU time", o.conns)
	res.line("(user + system) the server process and the benchmark cluster's PostgreSQL processes (backends that exited during")
	res.line("the run included) spent during the run, per request: on a machine whose cores are all busy, it is what decides throughput.")
	res.line("")
	return nil
}

// selective is the filter a person types to find one client among a million: the
// clients in Texas whose last name starts with "Mi" (about 1,000 of 1,000,000).
const selective = "filter[state][eq]=TX&filter[last_name][startswith]=Mi"

// partD: the latency a person waits for, one request at a time, of filtered lists.
func partD(res *report, ours, base proc, token, midToken string, midClients int) error {
	res.line("## (d) Filtered lists, one request at a time (where a person waits)")
	res.line("")
	res.line("One connection, requests in sequence; goal: the selective filter ≤ 10 ms p95 at 1,000,000 clients. The baseline")
	res.line("(hand-written handler, `c.state = $1 AND c.last_name ILIKE $2`) answers the rows marked with a ratio.")
	res.line("")
	res.line("| caller | filter | requests | portald p50 | p95 | p99 | baseline p50 | p95 | p99 | speed-up (p95) |")
	res.line("|---|---|---|---|---|---|---|---|---|---|")
	const n = 300
	top, mid := "top (all 1,000,000 clients)", fmt.Sprintf("middle (%d clients)", midClients)
	scen := []struct{ caller, tok, name, ours, base string }{
		{top, token, "none (page 1)", "", "/clients?limit=100"},
		{top, token, "state TX, last name starts with Mi", selective, "/clients?limit=100&state=TX&last_name_prefix=Mi"},
		{top, token, "state TX, last name starts with mitch", "filter[state][eq]=TX&filter[last_name][startswith]=mitch", "/clients?limit=100&state=TX&last_name_prefix=mitch"},
		{top, token, "last name starts with Mi", "filter[last_name][startswith]=Mi", "/clients?limit=100&last_name_prefix=Mi"},
		{top, token, "first name starts with Jo", "filter[first_name][startswith]=Jo", ""},
		{top, token, "last name = Miller", "filter[last_name][eq]=Miller", ""},
		{top, token, "first name = Mary", "filter[first_name][eq]=Mary", ""},
		{top, token, "city = Austin", "filter[city][eq]=Austin", ""},
		{top, token, "email = an address nobody has", "filter[email][eq]=nobody@example.org", ""},
		{top, token, "state TX", "filter[state][eq]=TX", "/clients?limit=100&state=TX"},
		{top, token, "last name contains itch", "filter[last_name][contains]=itch", ""},
		{mid, midToken, "state TX, last name starts with Mi", selective, "/clients?limit=100&state=TX&last_name_prefix=Mi"},
		{mid, midToken, "last name starts with Mi", "filter[last_name][startswith]=Mi", "/clients?limit=100&last_name_prefix=Mi"},
	}
	for _, s := range scen {
		u := ours.url + "/api/clients?limit=100"
		if s.ours != "" {
			u += "&" + s.ours
		}
		a, err := latency(u, s.tok, n)
		if err != nil {
			return err
		}
		row := fmt.Sprintf("| %s | %s | %d | %s | %s | %s |", s.caller, s.name, n, fmtDur(a.p50), fmtDur(a.p95), fmtDur(a.p99))
		if s.base == "" {
			res.line("%s | | | | |", row)
			continue
		}
		b, err := latency(base.url+s.base, s.tok, n)
		if err != nil {
			return err
		}
		res.line("%s %s | %s | %s | **%.1f×** |", row, fmtDur(b.p50), fmtDur(b.p95), fmtDur(b.p99), b.p95.Seconds()/a.p95.Seconds())
	}
	res.line("")
	return nil
}

// partB: page 1 against a deep page, by cursor and by offset.
func partB(ctx context.Context, res *report, pool *pgxpool.Pool, ours proc, token, path string) error {
	var nth int64
	if err := pool.QueryRow(ctx, `SELECT c.id FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE a.path <@ $1::ltree ORDER BY c.id OFFSET 899999 LIMIT 1`, path).Scan(&nth); err != nil {
		return fmt.Errorf("row 900,000: %w", err)
	}
	q, _ := listing.Parse("limit=100", store.ClientListing)
	cursor := q.NextCursor(func(string) any { return nth })
	res.line("## (b) Deep pages: page 1 against the page at offset 900,000")
	res.line("")
	res.line("One connection, requests in sequence (latency, not throughput).")
	res.line("")
	res.line("| request | requests | p50 | p99 | p50 ÷ page 1 p50 |")
	res.line("|---|---|---|---|---|")
	first, err := latency(ours.url+"/api/clients?limit=100", token, 200)
	if err != nil {
		return err
	}
	deepCursor, err := latency(ours.url+"/api/clients?limit=100&page=9001&cursor="+url.QueryEscape(cursor), token, 200)
	if err != nil {
		return err
	}
	deepOffset, err := latency(ours.url+"/api/clients?limit=100&page=9001", token, 7)
	if err != nil {
		return err
	}
	for _, r := range []struct {
		name string
		l    lat
	}{{"page 1", first}, {"offset 900,000 by cursor (`next_cursor`)", deepCursor}, {"offset 900,000 by `page=9001` (OFFSET)", deepOffset}} {
		res.line("| %s | %d | %s | %s | **%.2f×** |", r.name, r.l.n, fmtDur(r.l.p50), fmtDur(r.l.p99), r.l.p50.Seconds()/first.p50.Seconds())
	}
	res.line("")
	return nil
}

// partC: the CSV download of every row against COPY … TO STDOUT.
func partC(res *report, ours, base proc, token string) error {
	res.line("## (c) CSV download of all visible clients against `pgx CopyTo` of the same query")
	res.line("")
	dlURL, err := downloadURL(ours.url, token)
	if err != nil {
		return err
	}
	d1, err := download(ours.url+dlURL, "", ours.pid)
	if err != nil {
		return err
	}
	d2, err := download(base.url+"/copy", token, base.pid)
	if err != nil {
		return err
	}
	downloadTable(res, "portald `/api/clients/download` (CSV)", d1, d2)
	return nil
}

type report struct{ strings.Builder }

func (r *report) line(format string, args ...any) {
	fmt.Fprintf(&r.Builder, format+"\n", args...)
}

// finish ends the report with the load average, prints it and writes it to out.
func (r *report) finish(out string) error {
	r.line("Load average at the end: %s.", loadAverage())
	fmt.Println()
	fmt.Print(r.String())
	return os.WriteFile(out, []byte(r.String()), 0o644)
}

// wrkFlags are the load generator's settings every benchmark takes.
func (o *runOpts) wrkFlags(fs *flag.FlagSet) {
	fs.DurationVar(&o.duration, "duration", 10*time.Second, "wrk duration per scenario")
	fs.IntVar(&o.conns, "conns", 16, "wrk connections")
	fs.IntVar(&o.pool, "pool", 16, "database pool size of both servers")
}

// alternate runs wrk against portald and the baseline in three alternating rounds and
// answers the medians, so that a burst of load elsewhere on the machine does not decide the
// ratio.
func alternate(ours, base proc, ourURL, baseURL, token string, o runOpts) (wrkResult, wrkResult, error) {
	var as, bs []wrkResult
	for range 3 {
		a, err := wrk(ourURL, token, o, ours.pid)
		if err != nil {
			return wrkResult{}, wrkResult{}, err
		}
		b, err := wrk(baseURL, token, o, base.pid)
		if err != nil {
			return wrkResult{}, wrkResult{}, err
		}
		as, bs = append(as, a), append(bs, b)
	}
	return median(as), median(bs), nil
}

// versusTable writes the table of one page against the baseline (alternate's medians).
func versusTable(res *report, ourName string, a, b wrkResult) {
	res.line("| server | req/s | p50 | p95 | p99 | CPU/req server + PostgreSQL |")
	res.line("|---|---|---|---|---|---|")
	for _, r := range []struct {
		name string
		w    wrkResult
	}{{ourName, a}, {"hand-written net/http + pgx + encoding/json", b}} {
		res.line("| %s | %.0f | %s | %s | %s | %s |", r.name, r.w.rps, fmtDur(r.w.p50d), fmtDur(r.w.p95d), fmtDur(r.w.p99d), r.w.cpu())
	}
	res.line("")
}

// downloadTable writes a download against COPY and their ratio.
func downloadTable(res *report, ourName string, d1, d2 dl) {
	res.line("| download | rows | seconds | rows/s | MB | server RSS before | peak RSS during |")
	res.line("|---|---|---|---|---|---|---|")
	for _, d := range []struct {
		name string
		r    dl
	}{{ourName, d1}, {"baseline `COPY (…) TO STDOUT WITH CSV`", d2}} {
		res.line("| %s | %d | %.2f | %.0f | %.1f | %.1f MB | %.1f MB |", d.name, d.r.rows, d.r.secs, float64(d.r.rows)/d.r.secs,
			float64(d.r.bytes)/1e6, float64(d.r.rssBefore)/1024, float64(d.r.rssPeak)/1024)
	}
	res.line("")
	res.line("Ratio (rows/s, portald / COPY): **%.2f×**.", (float64(d1.rows)/d1.secs)/(float64(d2.rows)/d2.secs))
	res.line("")
}

func cpuInfo() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	n := strings.Count(string(b), "processor\t:")
	m := regexp.MustCompile(`model name\s*:\s*(.*)`).FindSubmatch(b)
	model := "unknown CPU"
	if m != nil {
		model = string(m[1])
	}
	return fmt.Sprintf("%d × %s", n, model)
}

// benchUser is a session of an associate (0: the top of the organisation), with its
// acknowledgements done.
func benchUser(ctx context.Context, pool *pgxpool.Pool, id int64) (token, path string, err error) {
	st := store.New(pool)
	var userID, assocID int64
	if err := pool.QueryRow(ctx, `SELECT u.id, a.id, a.path::text FROM associates a JOIN users u ON u.associate_id = a.id
		WHERE CASE WHEN $1::bigint = 0 THEN a.upline_id IS NULL ELSE a.id = $1 END`, id).
		Scan(&userID, &assocID, &path); err != nil {
		return "", "", err
	}
	for _, sql := range []string{
		`INSERT INTO memo_acknowledgements (memo_id, associate_id, content_sha256) SELECT m.id, $1, '\x00' FROM memos m ON CONFLICT DO NOTHING`,
		`UPDATE w9_documents SET acknowledged_at = now() WHERE associate_id = $1 AND acknowledged_at IS NULL`,
	} {
		if _, err := pool.Exec(ctx, sql, assocID); err != nil {
			return "", "", err
		}
	}
	token, err = st.CreateSession(ctx, userID, "bench", netipZero)
	return token, path, err
}

type proc struct {
	url string
	pid int
}

// startServers starts portald and the hand-written baseline on one database, with pools of
// the same size, and waits until both answer; stop ends both.
func startServers(portald, dsn, dataDir string, pool int) (ours, base proc, stop func(), err error) {
	// Without the engine's workers: a drain of the seeded outbox would load the machine while
	// the other figures are taken (the payments benchmark runs the engine itself).
	ours, stopOurs, err := startProcess(portald, []string{"serve", "--no-seed", "--no-jobs"}, map[string]string{
		"DATABASE_URL": dsn, "PORTAL_SECRET_KEY": benchKey, "PORTAL_DATA_DIR": filepath.Join(dataDir, "data"),
		"PORTAL_LOG_LEVEL": "warn", "PORTAL_MAX_CONNS": strconv.Itoa(pool)})
	if err != nil {
		return ours, base, nil, err
	}
	self, _ := os.Executable()
	base, stopBase, err := startProcess(self, []string{"baseline", "--database-url", dsn, "--pool", strconv.Itoa(pool)}, nil)
	if err != nil {
		stopOurs()
		return ours, base, nil, err
	}
	stop = func() { stopBase(); stopOurs() }
	for _, u := range []string{ours.url + "/api/readyz", base.url + "/ready"} {
		if err := waitReady(u); err != nil {
			stop()
			return ours, base, nil, err
		}
	}
	return ours, base, stop, nil
}

// holdServers prints where both servers are, a token and the database, and waits for a
// signal (for profiling by hand).
func holdServers(ours, base proc, token, dsn string) {
	fmt.Printf("portald  %s (pid %d)\nbaseline %s (pid %d)\ntoken    %s\ndsn      %s\n", ours.url, ours.pid, base.url, base.pid, token, dsn)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func startProcess(bin string, args []string, env map[string]string) (proc, func(), error) {
	addr, err := freePort()
	if err != nil {
		return proc{}, nil, err
	}
	cmd := exec.Command(bin, append(args, "--addr", addr)...)
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return proc{}, nil, err
	}
	stop := func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() }
	return proc{url: "http://" + addr, pid: cmd.Process.Pid}, stop, nil
}

func waitReady(u string) error {
	for range 600 {
		if res, err := http.Get(u); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s did not become ready", u)
}

type lat struct {
	n             int
	p50, p95, p99 time.Duration
}

// latency times n sequential GET requests on one connection.
func latency(u, token string, n int) (lat, error) {
	return latencyOf(u, n, func() *http.Request {
		req, _ := http.NewRequest("GET", u, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		return req
	})
}

// latencyOf times n sequential requests made by newReq on one connection (u names them).
func latencyOf(u string, n int, newReq func() *http.Request) (lat, error) {
	ds, err := samplesOf(u, n, newReq)
	if err != nil {
		return lat{}, err
	}
	l := latOf(ds)
	fmt.Printf("  %-110.110s %d requests  p50 %s p95 %s p99 %s\n", u, n, fmtDur(l.p50), fmtDur(l.p95), fmtDur(l.p99))
	return l, nil
}

// samplesOf is the time of each of n sequential requests made by newReq, after two warm-ups.
func samplesOf(u string, n int, newReq func() *http.Request) ([]time.Duration, error) {
	ds := make([]time.Duration, 0, n)
	for i := 0; i < n+2; i++ {
		req := newReq()
		start := time.Now()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			return nil, fmt.Errorf("%s: %d", u, res.StatusCode)
		}
		if i >= 2 { // two warm-up requests
			ds = append(ds, time.Since(start))
		}
	}
	return ds, nil
}

// latOf is the percentiles of samples.
func latOf(samples []time.Duration) lat {
	ds := slices.Sorted(slices.Values(samples))
	return lat{n: len(ds), p50: ds[len(ds)/2], p95: ds[min(len(ds)-1, len(ds)*95/100)], p99: ds[min(len(ds)-1, len(ds)*99/100)]}
}

func median(rs []wrkResult) wrkResult {
	pick := func(f func(wrkResult) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return wrkResult{
		rps:    pick(func(r wrkResult) float64 { return r.rps }),
		p50d:   time.Duration(pick(func(r wrkResult) float64 { return float64(r.p50d) })),
		p95d:   time.Duration(pick(func(r wrkResult) float64 { return float64(r.p95d) })),
		p99d:   time.Duration(pick(func(r wrkResult) float64 { return float64(r.p99d) })),
		srvPer: time.Duration(pick(func(r wrkResult) float64 { return float64(r.srvPer) })),
		pgPer:  time.Duration(pick(func(r wrkResult) float64 { return float64(r.pgPer) })),
	}
}

func fmtDur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2fs", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.0fµs", float64(d)/float64(time.Microsecond))
	}
}

type wrkResult struct {
	rps              float64
	srvPer           time.Duration // server CPU per request
	pgPer            time.Duration // PostgreSQL CPU per request
	p50d, p95d, p99d time.Duration
}

var (
	rpsLine = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	// Printed by wrkScript: "P95 12345" (microseconds).
	pctLine = regexp.MustCompile(`(?m)^P(50|95|99) (\d+)$`)
	non2xx  = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
	// "  12345 requests in 8.00s, 1.2GB read"
	totalLine = regexp.MustCompile(`(\d+) requests in `)
)

// wrkScript makes wrk print the percentiles its --latency table leaves out (p95).
const wrkScript = `done = function(summary, latency, requests)
  for _, p in pairs({50, 95, 99}) do
    io.write(string.format("P%d %d\n", p, latency:percentile(p)))
  end
end
`

// cpu is the CPU time per request of the server and of PostgreSQL.
func (r wrkResult) cpu() string {
	return fmtDur(r.srvPer) + " + " + fmtDur(r.pgPer)
}

// postmasterPID reads the pid of the cluster running on dataDir.
func postmasterPID(dataDir string) (int, error) {
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return 0, err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return 0, fmt.Errorf("%s/postmaster.pid: %w", dataDir, err)
	}
	return pid, nil
}

func wrk(u, token string, o runOpts, pid int) (wrkResult, error) {
	// A warm-up request checks the answer first: a benchmark of errors measures nothing.
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return wrkResult{}, err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		return wrkResult{}, fmt.Errorf("%s: %d %s", u, res.StatusCode, body)
	}
	script, err := os.CreateTemp("", "bench-*.lua")
	if err != nil {
		return wrkResult{}, err
	}
	defer os.Remove(script.Name())
	if _, err := script.WriteString(wrkScript); err != nil {
		return wrkResult{}, err
	}
	script.Close()
	// Warm the caches (database buffers, connection pools) before measuring.
	if out, err := exec.Command("wrk", "-t2", fmt.Sprintf("-c%d", o.conns), "-d3s", "--timeout", "30s",
		"-H", "Authorization: Bearer "+token, u).CombinedOutput(); err != nil {
		return wrkResult{}, fmt.Errorf("wrk warm-up: %v: %s", err, out)
	}
	srv0, pg0 := procCPU(procRoot, pid), clusterCPU(procRoot, o.postmaster)
	out, err := exec.Command("wrk", "-t2", fmt.Sprintf("-c%d", o.conns), fmt.Sprintf("-d%s", o.duration), "-s", script.Name(),
		"--timeout", "30s", "-H", "Authorization: Bearer "+token, u).CombinedOutput()
	if err != nil {
		return wrkResult{}, fmt.Errorf("wrk: %v: %s", err, out)
	}
	srv1, pg1 := procCPU(procRoot, pid), clusterCPU(procRoot, o.postmaster)
	if m := non2xx.FindSubmatch(out); m != nil {
		return wrkResult{}, fmt.Errorf("wrk %s: %s non-2xx answers", u, m[1])
	}
	var r wrkResult
	if m := rpsLine.FindSubmatch(out); m != nil {
		r.rps, _ = strconv.ParseFloat(string(m[1]), 64)
	}
	if m := totalLine.FindSubmatch(out); m != nil {
		n, _ := strconv.ParseFloat(string(m[1]), 64)
		r.srvPer = time.Duration(float64(srv1-srv0) / max(n, 1))
		r.pgPer = time.Duration(float64(pg1-pg0) / max(n, 1))
	}
	for _, m := range pctLine.FindAllSubmatch(out, -1) {
		us, _ := strconv.ParseInt(string(m[2]), 10, 64)
		d := time.Duration(us) * time.Microsecond
		switch string(m[1]) {
		case "50":
			r.p50d = d
		case "95":
			r.p95d = d
		case "99":
			r.p99d = d
		}
	}
	fmt.Printf("  %-100.100s %8.0f req/s  p50 %-8s p95 %-8s p99 %-8s CPU/req %s\n", u, r.rps,
		fmtDur(r.p50d), fmtDur(r.p95d), fmtDur(r.p99d), r.cpu())
	return r, nil
}

func downloadURL(base, token string) (string, error) {
	return downloadURLOf(base+"/api/clients/download", token)
}

// downloadURLOf asks a …/download endpoint for the signed URL of its CSV.
func downloadURLOf(endpoint, token string) (string, error) {
	req, _ := http.NewRequest("GET", endpoint+"?format=csv", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var d struct{ URL string }
	if err := json.NewDecoder(res.Body).Decode(&d); err != nil || d.URL == "" {
		return "", fmt.Errorf("download url: %d %v", res.StatusCode, err)
	}
	return d.URL, nil
}

type dl struct {
	rows, bytes        int64
	secs               float64
	rssBefore, rssPeak int64 // KiB
}

func rss(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmRSS:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return n
}

func download(u, token string, pid int) (dl, error) {
	r := dl{rssBefore: rss(pid)}
	done := make(chan struct{})
	peak := make(chan int64, 1)
	go func() {
		max := r.rssBefore
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				peak <- max
				return
			case <-t.C:
				max = maxInt(max, rss(pid))
			}
		}
	}()
	start := time.Now()
	req, _ := http.NewRequest("GET", u, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	// Both servers send the file as it is: portald would gzip it for a client that asks
	// (Go's transport asks by default), which the baseline does not do.
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		close(done)
		return r, err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		close(done)
		b, _ := io.ReadAll(res.Body)
		return r, fmt.Errorf("%s: %d %s", u, res.StatusCode, b)
	}
	br := bufio.NewReaderSize(res.Body, 1<<20)
	buf := make([]byte, 1<<20)
	for {
		n, err := br.Read(buf)
		r.bytes += int64(n)
		r.rows += int64(countNL(buf[:n]))
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			close(done)
			return r, err
		}
	}
	r.secs = time.Since(start).Seconds()
	close(done)
	r.rssPeak = <-peak
	r.rows-- // the header
	fmt.Printf("  %-60.60s %d rows in %.2fs\n", u, r.rows, r.secs)
	return r, nil
}

func countNL(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

func maxInt(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}
