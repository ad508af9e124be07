package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/store"
)

// business measures the business area at a million associates and three million policies,
// side by side in one run: (a) the policy list against the hand-written handler, (b) the
// production totals of the largest RMD Super Teams against a plain SUM over their policies,
// (c) the team list ordered by production, (d) the commission preview of a deep writer.
func business(args []string) error {
	fs := flag.NewFlagSet("business", flag.ExitOnError)
	var size orgSize
	size.flags(fs)
	portald := fs.String("portald", "bin/portald", "the portald binary")
	reps := fs.Int("reps", 60, "timed repetitions per figure (fewer for figures slower than a second)")
	out := fs.String("out", ".bench/business.md", "where to write the results")
	only := fs.String("only", "abcd", "which parts to measure (a, b, c, d or a combination)")
	hold := fs.Bool("hold", false, "open (seed) the database and start both servers, print their addresses, and wait for a signal")
	var o runOpts
	o.wrkFlags(fs)
	_ = fs.Parse(args)
	ctx := context.Background()
	org, err := openOrg(ctx, size)
	if err != nil {
		return err
	}
	defer org.close()
	abs, _ := filepath.Abs(size.dataDir)
	if o.postmaster, err = postmasterPID(filepath.Join(abs, "pg")); err != nil {
		return err
	}
	ours, base, stop, err := startServers(*portald, org.dsn, abs, o.pool)
	if err != nil {
		return err
	}
	defer stop()
	topToken, _, err := benchUser(ctx, org.pool, 0)
	if err != nil {
		return err
	}
	if *hold {
		holdServers(ours, base, topToken, org.dsn)
		return nil
	}
	b := &businessBench{org: org, st: store.New(org.pool), ours: ours, base: base, topToken: topToken, reps: *reps, o: o}
	now := time.Now().UTC()
	b.to = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	b.from = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -11, 0)
	res := &report{}
	res.line("# Business benchmark %s", time.Now().UTC().Format(time.RFC3339))
	res.line("")
	var nPolicies, hubs, rollupRows int64
	var rollupSize string
	if err := org.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM policies), (SELECT count(*) FROM production_hubs),
		(SELECT count(*) FROM production_rollup), pg_size_pretty(pg_total_relation_size('production_rollup'))`).
		Scan(&nPolicies, &hubs, &rollupRows, &rollupSize); err != nil {
		return err
	}
	res.line("%d associates, %d policies; %d hubs hold %d rollup rows (%s with their index); pool %d on both servers; one machine (%s); load average %s.",
		org.associates, nPolicies, hubs, rollupRows, rollupSize, o.pool, cpuInfo(), loadAverage())
	res.line("The period is %s to %s (12 months).", b.from.Format(time.DateOnly), b.to.Format(time.DateOnly))
	res.line("")
	for i, part := range []func(context.Context, *report) error{b.list, b.totals, b.teamByProduction, b.preview} {
		if !strings.ContainsRune(*only, rune('a'+i)) {
			continue
		}
		if err := part(ctx, res); err != nil {
			return err
		}
	}
	return res.finish(*out)
}

type businessBench struct {
	org        *org
	st         *store.Store
	ours, base proc
	topToken   string
	reps       int
	o          runOpts
	from, to   time.Time
	teams      []store.Root // rmdTeams, once
	teamSizes  []int
	teamLabels []string
}

// list: (a) the first page of the business list of the top of the organisation (Infinity:
// every policy), against the hand-written handler, three alternating rounds.
func (b *businessBench) list(_ context.Context, res *report) error {
	res.line("## (a) Business list, page 1 of the top's Infinity view (every policy), limit 100")
	res.line("")
	a, c, err := alternate(b.ours, b.base, b.ours.url+"/api/policies?view=Infinity&limit=100", b.base.url+"/policies?limit=100", b.topToken, b.o)
	if err != nil {
		return err
	}
	versusTable(res, "portald `GET /api/policies?view=Infinity`", a, c)
	res.line("Ratio (req/s, portald ÷ baseline, medians of three alternating rounds of %s with %d connections): **%.2f×**.",
		b.o.duration, b.o.conns, a.rps/c.rps)
	res.line("")
	return nil
}

// rmdTeams are the RMD Super Teams measured: the top's (the whole organisation but the
// bases beyond generation 6), the largest of a leader below it, and that of the leader
// whose base is closest to 10,000 (the leader of issue 3's team figures), with their sizes.
func (b *businessBench) rmdTeams(ctx context.Context) ([]store.Root, []int, []string, error) {
	if b.teams != nil {
		return b.teams, b.teamSizes, b.teamLabels, nil
	}
	const members = `(SELECT count(*) FROM associates m WHERE m.path >= a.path AND m.path < text2ltree(ltree2text(a.path) || '0')
		AND nlevel(m.leader_path) <= nlevel(a.leader_path) + 6)`
	rows, err := b.org.pool.Query(ctx, `(SELECT a.id, `+members+`, 'the top' FROM associates a WHERE a.upline_id IS NULL)
		UNION ALL (SELECT a.id, `+members+` AS n, 'the largest below the top' FROM associates a
			WHERE a.senior AND a.upline_id IS NOT NULL ORDER BY a.downline_size DESC LIMIT 5)
		UNION ALL (SELECT a.id, `+members+`, 'issue 3''s leader (base closest to 10,000)' FROM associates a
			WHERE a.id = (SELECT leader_id FROM associates WHERE leader_id IS NOT NULL GROUP BY leader_id
				ORDER BY abs(count(*) - 10000), leader_id LIMIT 1))`)
	if err != nil {
		return nil, nil, nil, err
	}
	type team struct {
		id      int64
		members int
		label   string
	}
	var all []team
	for rows.Next() {
		var t team
		if err := rows.Scan(&t.id, &t.members, &t.label); err != nil {
			rows.Close()
			return nil, nil, nil, err
		}
		all = append(all, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(all) < 3 {
		return nil, nil, nil, fmt.Errorf("RMD Super Teams: %d found (%v)", len(all), err)
	}
	// The top, the largest of the five largest organisations below it, the leader.
	below := all[1]
	for _, t := range all[1 : len(all)-1] {
		if t.members > below.members {
			below = t
		}
	}
	picked := []team{all[0], below}
	if leader := all[len(all)-1]; leader.id != below.id && leader.id != all[0].id {
		picked = append(picked, leader)
	}
	for _, t := range picked {
		root, err := b.st.TeamRoot(ctx, t.id)
		if err != nil {
			return nil, nil, nil, err
		}
		b.teams, b.teamSizes, b.teamLabels = append(b.teams, root), append(b.teamSizes, t.members), append(b.teamLabels, t.label)
	}
	return b.teams, b.teamSizes, b.teamLabels, nil
}

// plainSum is the production of an RMD Super Team written straight from the policies: the
// sum over the policy writers in the view of their shares of policies submitted in the
// period ($1 to before $2) and not lapsed, with the same path and leader indexes. The root's
// paths are written into the statement (as the store does; they are ids from the
// database), so that the plan is made for its size: with them as parameters the plan for
// 549,000 members took 17 s instead of 3.7.
func plainSum(r store.Root) string {
	return fmt.Sprintf(`SELECT coalesce(sum(w.bv_cents), 0)::bigint, coalesce(sum(w.premium_cents), 0)::bigint, count(*) FILTER (WHERE w.position = 1)
	FROM associates a JOIN policy_writers w ON w.associate_id = a.id JOIN policies p ON p.id = w.policy_id
	WHERE a.path >= '%[1]s'::ltree AND a.path < '%[1]s0'::ltree AND a.leader_path <@ '%[2]s'::ltree AND nlevel(a.leader_path) <= %[3]d
	  AND p.submitted_on >= $1 AND p.submitted_on < $2 AND p.lapsed_on IS NULL`, r.Path, r.LeaderPath, nlevelOf(r.LeaderPath)+6)
}

// totals: (b) the production totals of the two largest RMD Super Teams, from the rollup,
// against the plain sum; and the business dashboard a person opens on that view.
func (b *businessBench) totals(ctx context.Context, res *report) error {
	roots, sizes, labels, err := b.rmdTeams(ctx)
	if err != nil {
		return err
	}
	res.line("## (b) Production totals of an RMD Super Team for 12 months")
	res.line("")
	res.line("In-process store calls, one at a time. `ViewTotals` reads the root's rollup; the plain `SUM` joins the view's")
	res.line("members (path and leader-path indexes) to their policy shares. Both must give the same figures.")
	res.line("")
	res.line("| root | members | rollup (`ViewTotals`) p50 | p95 | `BusinessSummary` p50 | p95 | plain SUM p50 | p95 | speed-up (p95) | same figures |")
	res.line("|---|---|---|---|---|---|---|---|---|---|")
	end := time.Date(b.to.Year(), b.to.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
	for i, root := range roots {
		var got store.Amounts
		rollup, err := timeIt(b.reps, func() error {
			var err error
			got, err = b.st.ViewTotals(ctx, hierarchy.RmdSuperTeam, root, b.from, b.to)
			return err
		})
		if err != nil {
			return err
		}
		summary, err := timeIt(b.reps, func() error {
			_, err := b.st.BusinessSummary(ctx, hierarchy.RmdSuperTeam, root, b.from, b.to)
			return err
		})
		if err != nil {
			return err
		}
		var want store.Amounts
		plain, err := timeIt(max(3, b.reps/20), func() error {
			return b.org.pool.QueryRow(ctx, plainSum(root), b.from, end).Scan(&want.BV, &want.Premium, &want.Policies)
		})
		if err != nil {
			return err
		}
		same := "yes"
		if got != want {
			same = fmt.Sprintf("**no**: %+v against %+v", got, want)
		}
		res.line("| %s | %d | %s | %s | %s | %s | %s | %s | %.0f× | %s |", labels[i], sizes[i], fmtDur(rollup.p50), fmtDur(rollup.p95),
			fmtDur(summary.p50), fmtDur(summary.p95), fmtDur(plain.p50), fmtDur(plain.p95), plain.p95.Seconds()/rollup.p95.Seconds(), same)
	}
	res.line("")
	leader := roots[len(roots)-1]
	token, _, err := benchUser(ctx, b.org.pool, leader.ID)
	if err != nil {
		return err
	}
	q := url.Values{"view": {"RmdSuperTeam"}, "period_start": {b.from.Format(time.DateOnly)}, "period_end": {b.to.Format(time.DateOnly)}}
	dash, err := latency(b.ours.url+"/api/business/dashboard?"+q.Encode(), token, b.reps)
	if err != nil {
		return err
	}
	res.line("The business dashboard of that leader (`GET /api/business/dashboard?view=RmdSuperTeam`, the period above: the")
	res.line("view's summary by status, category and month, the totals of its four views, requirements and scholarships), one")
	res.line("request at a time over HTTP: p50 %s, p95 %s, p99 %s.", fmtDur(dash.p50), fmtDur(dash.p95), fmtDur(dash.p99))
	res.line("")
	return nil
}

// teamByProduction: (c) the first page of the team list ordered by production for the
// period, over HTTP, for the leader's RMD Super Team and the top's.
func (b *businessBench) teamByProduction(ctx context.Context, res *report) error {
	roots, sizes, labels, err := b.rmdTeams(ctx)
	if err != nil {
		return err
	}
	res.line("## (c) Team list, first page ordered by production for the period")
	res.line("")
	res.line("`GET /api/team/RmdSuperTeam?limit=100&order[production]=DESC&period_start=…&period_end=…`, one request at a time;")
	res.line("the 12-month period above, and the list's default period (this month so far). Next to it, the same page with")
	res.line("`filter[downline_size][gte]=0`, which keeps every member but makes the list sum every member's production (what")
	res.line("it did for every request before; what it does with any filter).")
	res.line("")
	res.line("| root | members | period | requests | p50 | p95 | p99 | summing every member: requests | p50 | p95 |")
	res.line("|---|---|---|---|---|---|---|---|---|---|")
	month := time.Date(b.to.Year(), b.to.Month(), 1, 0, 0, 0, 0, time.UTC)
	for i := range roots {
		token, _, err := benchUser(ctx, b.org.pool, roots[i].ID)
		if err != nil {
			return err
		}
		for _, p := range []struct {
			name     string
			from, to time.Time
		}{{"12 months", b.from, b.to}, {"this month", month, b.to}} {
			q := url.Values{"limit": {"100"}, "order[production]": {"DESC"}, "period_start": {p.from.Format(time.DateOnly)},
				"period_end": {p.to.Format(time.DateOnly)}}
			var ls [2]lat
			for k, extra := range []string{"", "&filter[downline_size][gte]=0"} {
				u := b.ours.url + "/api/team/RmdSuperTeam?" + q.Encode() + extra
				l, slow, err := slowLatency(u, token)
				if err == nil && !slow {
					l, err = latency(u, token, b.reps)
				}
				if err != nil {
					return err
				}
				ls[k] = l
			}
			res.line("| %s | %d | %s | %d | %s | %s | %s | %d | %s | %s |", labels[i], sizes[i], p.name, ls[0].n, fmtDur(ls[0].p50),
				fmtDur(ls[0].p95), fmtDur(ls[0].p99), ls[1].n, fmtDur(ls[1].p50), fmtDur(ls[1].p95))
		}
	}
	res.line("")
	return nil
}

// slowLatency times one request after a warm-up, and says whether it took more than a
// second: slow baselines are timed once, so that they do not hold the run for minutes.
func slowLatency(u, token string) (l lat, slow bool, err error) {
	var d time.Duration
	for range 2 {
		req, _ := http.NewRequest("GET", u, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		start := time.Now()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return l, false, err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			return l, false, fmt.Errorf("%s: %d", u, res.StatusCode)
		}
		d = time.Since(start)
	}
	return lat{n: 1, p50: d, p95: d, p99: d}, d > time.Second, nil
}

// preview: (d) the commission preview of a writer twelve levels below the top, for a form
// (POST /api/policies/preview) and for one of its policies (GET /api/policies/{id}/preview).
func (b *businessBench) preview(ctx context.Context, res *report) error {
	var writer, policyID, product int64
	var chain int
	if err := b.org.pool.QueryRow(ctx, `SELECT p.writer_id, p.id, p.product_id, a.depth + 1 FROM policies p JOIN associates a ON a.id = p.writer_id
		WHERE a.depth = 12 AND NOT EXISTS (SELECT 1 FROM policy_writers w WHERE w.policy_id = p.id AND w.position = 2)
		ORDER BY p.id LIMIT 1`).Scan(&writer, &policyID, &product, &chain); err != nil {
		return fmt.Errorf("a writer 12 levels deep: %w", err)
	}
	token, _, err := benchUser(ctx, b.org.pool, writer)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(map[string]any{"product_id": product, "target_premium_cents": 250_000})
	u := b.ours.url + "/api/policies/preview"
	form, err := latencyOf(u, b.reps*5, func() *http.Request {
		req, _ := http.NewRequest("POST", u, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		return req
	})
	if err != nil {
		return err
	}
	saved, err := latency(fmt.Sprintf("%s/api/policies/%d/preview", b.ours.url, policyID), token, b.reps*5)
	if err != nil {
		return err
	}
	res.line("## (d) Commission preview of a writer 12 levels deep")
	res.line("")
	res.line("The writer's chain holds %d associates (the writer and its uplines to the top); one request at a time over HTTP.", chain)
	res.line("")
	res.line("| request | requests | p50 | p95 | p99 |")
	res.line("|---|---|---|---|---|")
	res.line("| `POST /api/policies/preview` (a form) | %d | %s | %s | %s |", form.n, fmtDur(form.p50), fmtDur(form.p95), fmtDur(form.p99))
	res.line("| `GET /api/policies/{id}/preview` (a saved policy) | %d | %s | %s | %s |", saved.n, fmtDur(saved.p50), fmtDur(saved.p95), fmtDur(saved.p99))
	res.line("")
	return nil
}

func nlevelOf(path string) int {
	if path == "" {
		return 0
	}
	return len(bytes.Split([]byte(path), []byte("."))) // ids: no empty labels
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := bytes.Fields(b)
	if len(f) < 3 {
		return "unknown"
	}
	return string(bytes.Join(f[:3], []byte(" ")))
}
