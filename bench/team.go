package main

import (
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/pgembed"
	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/store"
)

// team measures the hierarchy at a million associates: first pages of every view for
// leaders of several base sizes, downline counts, tree expansion and a move — each
// against a plain recursive CTE written straight from the definitions.
func team(args []string) error {
	fs := flag.NewFlagSet("team", flag.ExitOnError)
	var size orgSize
	size.flags(fs)
	reps := fs.Int("reps", 60, "timed repetitions per figure")
	out := fs.String("out", ".bench/team.md", "where to write the results")
	_ = fs.Parse(args)
	ctx := context.Background()
	org, err := openOrg(ctx, size)
	if err != nil {
		return err
	}
	defer org.close()
	pool := org.pool
	st := store.New(pool)
	res := &report{}
	res.line("# Team benchmark %s", time.Now().UTC().Format(time.RFC3339))
	res.line("")
	res.line("%d associates; in-process store calls on a pool of 8 (one at a time), %d timed repetitions each; one machine (%s).",
		org.associates, *reps, cpuInfo())
	res.line("The baseline is a recursive CTE written straight from the definitions (DOMAIN.md), on the same data and indexes.")
	res.line("")

	// Leaders whose base (members led directly) is closest to each size.
	res.line("## First page of each view (limit 100, default order: hierarchy)")
	res.line("")
	res.line("| view | root | members | portald p50 | p95 | recursive CTE p50 | p95 | speed-up (p95) |")
	res.line("|---|---|---|---|---|---|---|---|")
	for _, size := range []int{100, 1_000, 10_000} {
		var leader int64
		var base int
		if err := pool.QueryRow(ctx, `SELECT leader_id, count(*) FROM associates WHERE leader_id IS NOT NULL
			GROUP BY leader_id ORDER BY abs(count(*) - $1), leader_id LIMIT 1`, size).Scan(&leader, &base); err != nil {
			return err
		}
		// A non-senior in that base with the largest organisation inside it, for Base Shop.
		var member int64
		if err := pool.QueryRow(ctx, `SELECT id FROM associates WHERE leader_id = $1 AND NOT senior ORDER BY downline_size DESC, id LIMIT 1`,
			leader).Scan(&member); err != nil {
			return err
		}
		for _, c := range []struct {
			view hierarchy.View
			root int64
		}{{hierarchy.BaseShop, member}, {hierarchy.RmdSuperBase, leader}, {hierarchy.RmdSuperTeam, leader}, {hierarchy.Infinity, leader}} {
			root, err := st.TeamRoot(ctx, c.root)
			if err != nil {
				return err
			}
			members, err := st.TeamMembers(ctx, c.view, root)
			if err != nil {
				return err
			}
			q, _ := listing.Parse("limit=100", store.TeamListing)
			ours, err := timeIt(*reps, func() error { _, err := st.TeamList(ctx, c.view, root, q); return err })
			if err != nil {
				return err
			}
			cteSQL, cteArgs := viewCTE(c.view, root)
			// The same page as the list: the same columns, in hierarchy order.
			page := `SELECT a.id, a.code, a.first_name, a.last_name, l.code, l.name, a.status, u.code,
				EXISTS (SELECT 1 FROM licenses li WHERE li.associate_id = a.id AND li.expires_on >= current_date)
				FROM associates a JOIN levels l ON l.id = a.level_id LEFT JOIN associates u ON u.id = a.upline_id
				WHERE a.id IN (` + cteSQL + `) ORDER BY a.path, a.id LIMIT 101`
			cte, err := timeIt(max(3, *reps/10), func() error { return drain(ctx, pool, page, cteArgs...) })
			if err != nil {
				return err
			}
			label := fmt.Sprintf("leader with a base of %d", base)
			if c.view == hierarchy.BaseShop {
				label = fmt.Sprintf("non-senior in that base (downline %d)", downline(ctx, pool, member))
			}
			res.line("| %s | %s | %d | %s | %s | %s | %s | %.0f× |", c.view, label, len(members), fmtDur(ours.p50), fmtDur(ours.p95),
				fmtDur(cte.p50), fmtDur(cte.p95), cte.p95.Seconds()/ours.p95.Seconds())
		}
	}
	res.line("")

	if err := teamFilters(ctx, res, pool, st, max(20, *reps/2)); err != nil {
		return err
	}

	res.line("## Downline count")
	res.line("")
	res.line("| organisation | portald (denormalised `downline_size`) p50 | p95 | `count(*)` over the path btree range p50 | p95 | recursive CTE p50 | p95 |")
	res.line("|---|---|---|---|---|---|---|")
	for _, size := range []int{1_000, 10_000, 100_000} {
		var id int64
		var n int
		var path string
		if err := pool.QueryRow(ctx, `SELECT id, downline_size, path::text FROM associates ORDER BY abs(downline_size - $1), id LIMIT 1`, size).
			Scan(&id, &n, &path); err != nil {
			return err
		}
		col, err := timeIt(*reps, func() error { return drain(ctx, pool, `SELECT downline_size FROM associates WHERE id = $1`, id) })
		if err != nil {
			return err
		}
		idx, err := timeIt(max(5, *reps/4), func() error {
			return drain(ctx, pool, `SELECT count(*) - 1 FROM associates WHERE path >= $1::ltree AND path < $2::ltree`, path, path+"0")
		})
		if err != nil {
			return err
		}
		cte, err := timeIt(max(3, *reps/10), func() error {
			return drain(ctx, pool, `WITH RECURSIVE d AS (SELECT id FROM associates WHERE upline_id = $1
				UNION ALL SELECT a.id FROM associates a JOIN d ON a.upline_id = d.id) SELECT count(*) FROM d`, id)
		})
		if err != nil {
			return err
		}
		res.line("| %d | %s | %s | %s | %s | %s | %s |", n, fmtDur(col.p50), fmtDur(col.p95), fmtDur(idx.p50), fmtDur(idx.p95), fmtDur(cte.p50), fmtDur(cte.p95))
	}
	res.line("")

	res.line("## Tree expansion and move")
	res.line("")
	var wide string
	var kids int
	if err := pool.QueryRow(ctx, `SELECT u.code, count(*) FROM associates a JOIN associates u ON u.id = a.upline_id
		GROUP BY u.code ORDER BY count(*) DESC LIMIT 1`).Scan(&wide, &kids); err != nil {
		return err
	}
	var topID int64
	var topPath string
	if err := pool.QueryRow(ctx, `SELECT id, path::text FROM associates WHERE upline_id IS NULL`).Scan(&topID, &topPath); err != nil {
		return err
	}
	top := &auth.Principal{AssociateID: topID, Path: topPath, UserID: 1}
	exp, err := timeIt(*reps, func() error { _, err := st.GenealogyChildren(ctx, top, wide, 1, 100); return err })
	if err != nil {
		return err
	}
	res.line("- Expanding the node with the most recruits (%d; first 100 with their sizes): p50 %s, p95 %s.", kids, fmtDur(exp.p50), fmtDur(exp.p95))
	var mover, oldUp, newUp int64
	var moved int
	if err := pool.QueryRow(ctx, `SELECT id, upline_id, downline_size FROM associates WHERE upline_id IS NOT NULL
		ORDER BY abs(downline_size - 999), id LIMIT 1`).Scan(&mover, &oldUp, &moved); err != nil {
		return err
	}
	if err := pool.QueryRow(ctx, `SELECT t.id FROM associates t, associates m WHERE m.id = $1 AND NOT t.path <@ m.path
		AND t.id <> m.upline_id AND t.senior ORDER BY t.downline_size DESC LIMIT 1 OFFSET 3`, mover).Scan(&newUp); err != nil {
		return err
	}
	var moves []time.Duration
	for i := range 10 {
		to := newUp
		if i%2 == 1 {
			to = oldUp
		}
		start := time.Now()
		if err := st.MoveAssociate(ctx, mover, to, time.Now(), "bench"); err != nil {
			return err
		}
		moves = append(moves, time.Since(start))
	}
	slices.Sort(moves)
	res.line("- Moving an organisation of %d people under a new upline and back, 10 times (paths, sizes, leaders, history in one transaction): p50 %s, max %s.",
		moved+1, fmtDur(moves[len(moves)/2]), fmtDur(moves[len(moves)-1]))
	res.line("")
	fmt.Print(res.String())
	return os.WriteFile(*out, []byte(res.String()), 0o644)
}

// teamFilters times the first page of filtered views: the whole organisation from the
// top (1,000,000 members) and a large leader's views, one filter at a time.
func teamFilters(ctx context.Context, res *report, pool *pgxpool.Pool, st *store.Store, reps int) error {
	var topID, leader int64
	if err := pool.QueryRow(ctx, `SELECT id FROM associates WHERE upline_id IS NULL`).Scan(&topID); err != nil {
		return err
	}
	if err := pool.QueryRow(ctx, `SELECT leader_id FROM associates WHERE leader_id IS NOT NULL
		GROUP BY leader_id ORDER BY abs(count(*) - 10000), leader_id LIMIT 1`).Scan(&leader); err != nil {
		return err
	}
	top, err := st.TeamRoot(ctx, topID)
	if err != nil {
		return err
	}
	lead, err := st.TeamRoot(ctx, leader)
	if err != nil {
		return err
	}
	// A code inside the leader's organisation, so that every view finds it.
	var code string
	if err := pool.QueryRow(ctx, `SELECT code FROM associates WHERE path >= $1::ltree AND path < $2::ltree
		ORDER BY path DESC LIMIT 1`, lead.Path, lead.Path+"0").Scan(&code); err != nil {
		return err
	}
	prefix := strings.ToLower(code[:3])
	filters := []struct{ name, raw string }{
		{"code = " + code, "filter[code][eq]=" + code},
		{"code starts with " + prefix, "filter[code][startswith]=" + prefix},
		{"name contains mitch", "filter[name][contains]=mitch"},
		{"level MD", "filter[level][eq]=MD"},
		{"level ERMD (rare)", "filter[level][eq]=ERMD"},
		{"status Suspended", "filter[status][eq]=Suspended"},
		{"state TX", "filter[state][eq]=TX"},
		{"status Active, state TX, level A", "filter[status][eq]=Active&filter[state][eq]=TX&filter[level][eq]=A"},
	}
	roots := []struct {
		label string
		view  hierarchy.View
		root  store.Root
	}{
		{"top", hierarchy.Infinity, top},
		{fmt.Sprintf("leader (organisation %d)", downline(ctx, pool, leader)+1), hierarchy.Infinity, lead},
		{"same leader", hierarchy.RmdSuperTeam, lead},
	}
	res.line("## Filtered first page (limit 100, hierarchy order)")
	res.line("")
	res.line("%d timed repetitions each; matches = members of the view that pass the filter.", reps)
	res.line("")
	res.line("| view | root | filter | matches | p50 | p95 |")
	res.line("|---|---|---|---|---|---|")
	for _, r := range roots {
		for _, f := range filters {
			q, err := listing.Parse("limit=100&"+f.raw, store.TeamListing)
			if err != nil {
				return fmt.Errorf("%s: %w", f.raw, err)
			}
			all, _ := listing.Parse("limit=1000&"+f.raw, store.TeamListing)
			var rows []store.Member
			t, err := timeIt(reps, func() error {
				var err error
				rows, err = st.TeamList(ctx, r.view, r.root, q)
				return err
			})
			if err != nil {
				return err
			}
			matches := fmt.Sprint(len(rows))
			if len(rows) > 100 { // more than a page: count them (up to 1,000)
				if more, err := st.TeamList(ctx, r.view, r.root, all); err == nil {
					matches = fmt.Sprint(len(more))
					if len(more) > 1000 {
						matches = "> 1000"
					}
				}
			}
			res.line("| %s | %s | %s | %s | %s | %s |", r.view, r.label, f.name, matches, fmtDur(t.p50), fmtDur(t.p95))
		}
	}
	res.line("")
	return nil
}

func downline(ctx context.Context, pool *pgxpool.Pool, id int64) int {
	var n int
	_ = pool.QueryRow(ctx, `SELECT downline_size FROM associates WHERE id = $1`, id).Scan(&n)
	return n
}

// viewCTE is a view written straight from its definition as a recursive walk down from
// the root, with no denormalised column: the baseline.
func viewCTE(v hierarchy.View, r store.Root) (string, []any) {
	switch v {
	case hierarchy.BaseShop:
		return `WITH RECURSIVE t AS (SELECT a.id FROM associates a WHERE a.id = $1
			UNION ALL SELECT a.id FROM associates a JOIN levels l ON l.id = a.level_id JOIN t ON a.upline_id = t.id WHERE NOT l.is_senior)
			SELECT id FROM t`, []any{r.ID}
	case hierarchy.RmdSuperBase, hierarchy.RmdSuperTeam:
		return `WITH RECURSIVE t AS (SELECT a.id, 0 AS g FROM associates a WHERE a.id = $1
			UNION ALL SELECT a.id, t.g + CASE WHEN l.is_senior THEN 1 ELSE 0 END FROM associates a JOIN levels l ON l.id = a.level_id
			JOIN t ON a.upline_id = t.id WHERE t.g + CASE WHEN l.is_senior THEN 1 ELSE 0 END <= $2)
			SELECT id FROM t`, []any{r.ID, v.Generations()}
	default:
		return `WITH RECURSIVE t AS (SELECT a.id FROM associates a WHERE a.id = $1
			UNION ALL SELECT a.id FROM associates a JOIN t ON a.upline_id = t.id) SELECT id FROM t`, []any{r.ID}
	}
}

func drain(ctx context.Context, pool *pgxpool.Pool, sql string, args ...any) error {
	rows, err := pool.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
	}
	rows.Close()
	return rows.Err()
}

type timing struct{ p50, p95 time.Duration }

func timeIt(n int, f func() error) (timing, error) {
	if err := f(); err != nil { // warm-up
		return timing{}, err
	}
	ds := make([]time.Duration, 0, n)
	for range n {
		start := time.Now()
		if err := f(); err != nil {
			return timing{}, err
		}
		ds = append(ds, time.Since(start))
	}
	slices.Sort(ds)
	return timing{p50: ds[len(ds)/2], p95: ds[min(len(ds)-1, len(ds)*95/100)]}, nil
}

// org is the benchmark organisation: a cluster in the data directory with one database of
// associates and their business, seeded once and kept between runs. The team and business
// benchmarks share it.
type org struct {
	orgSize
	cluster *pgembed.Cluster
	dsn     string
	pool    *pgxpool.Pool
}

func (o *org) close() {
	o.pool.Close()
	o.cluster.Stop()
}

// orgSize is where the benchmark organisation lives and how large it is.
type orgSize struct {
	dataDir              string
	associates, policies int
}

func (z *orgSize) flags(fs *flag.FlagSet) {
	fs.StringVar(&z.dataDir, "data-dir", ".bench", "where the benchmark cluster lives (kept between runs)")
	fs.IntVar(&z.associates, "associates", 1_000_000, "associates to seed")
	fs.IntVar(&z.policies, "policies", 3_000_000, "policies to seed")
}

// openOrg starts the cluster and opens (seeding it on first use) the database of that many
// associates and policies: one client per associate (about 63 % of associates own one and
// write business), the hierarchy, licenses and the production rollups.
func openOrg(ctx context.Context, z orgSize) (*org, error) {
	abs, _ := filepath.Abs(z.dataDir)
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, err
	}
	cluster, err := pgembed.Start(ctx, filepath.Join(abs, "pg"), true, benchPGSettings()...)
	if err != nil {
		return nil, err
	}
	o := &org{orgSize: z, cluster: cluster}
	db := fmt.Sprintf("team_%d_%d", z.associates, z.policies)
	o.dsn = cluster.DSN(db)
	created, err := cluster.EnsureDatabase(ctx, db)
	if err == nil {
		o.pool, err = store.Connect(ctx, o.dsn, 8)
	}
	if err != nil {
		cluster.Stop()
		return nil, err
	}
	if err := o.seed(ctx, created); err != nil {
		o.close()
		return nil, err
	}
	return o, nil
}

// seed migrates the database and fills it when it is new or empty; a database seeded before
// newer migrations is vacuumed after them, as a fresh seed is.
func (o *org) seed(ctx context.Context, created bool) error {
	applied, err := store.Migrate(ctx, o.pool)
	if err != nil {
		return err
	}
	var empty bool
	if err := o.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM associates)`).Scan(&empty); err != nil {
		return err
	}
	if !created && !empty {
		if applied > 0 {
			_, err = o.pool.Exec(ctx, `VACUUM ANALYZE`)
		}
		return err
	}
	keyBytes, _ := hex.DecodeString(benchKey)
	keys, _ := secret.New(keyBytes)
	start := time.Now()
	fmt.Printf("seeding %d associates and %d policies (once; kept in %s)…\n", o.associates, o.policies, o.dataDir)
	if _, err := seed.Run(ctx, o.pool, seed.Options{Associates: o.associates, Clients: o.associates, Policies: o.policies, Seed: 1, Keys: keys,
		Progress: func(stage string, done, total int) {
			fmt.Printf("\r  %-16s %9d / %-9d %6.1fs", stage, done, total, time.Since(start).Seconds())
		}}); err != nil {
		return err
	}
	fmt.Printf("\nseeded in %s\n", time.Since(start).Round(time.Second))
	_, err = o.pool.Exec(ctx, `VACUUM ANALYZE`)
	return err
}

// benchPGSettings sizes the benchmark cluster as a production server of this machine would
// be: shared_buffers a quarter of the memory (at most 8 GB; the ledger's indexes at a million
// associates are larger than the embedded default of 256 MB, and a drain then spends its time
// moving pages between PostgreSQL and the kernel's cache), and checkpoints by time rather than
// every gigabyte of WAL.
func benchPGSettings() []string {
	out := []string{"max_wal_size=8GB", "checkpoint_timeout=15min"}
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return out
	}
	var kb int64
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ = strconv.ParseInt(f[1], 10, 64)
		}
	}
	if mb := min(kb/1024/4, 8192); mb > 256 {
		out = append(out, fmt.Sprintf("shared_buffers=%dMB", mb))
	}
	return out
}
