package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// contentBench measures the events, store and help figures of issue 12 on a database of its
// own (a small organisation; the content is what grows):
//
//	(a) help search over 100,000 articles through portald, one request at a time, over a
//	    mix of queries from a common word to a phrase (goal: p95 ≤ 20 ms);
//	(b) 500 associates racing for the 100 seats of one event: exactly 100 registered, and
//	    the requests per second (events.go);
//	(c) the store's product list page 1 against a hand-written handler, side by side
//	    (goal ≥ 0.9×).
func contentBench(args []string) error {
	fs := flag.NewFlagSet("content", flag.ExitOnError)
	dataDir := fs.String("data-dir", ".bench", "where the benchmark cluster lives (kept between runs)")
	portald := fs.String("portald", "bin/portald", "the portald binary")
	articles := fs.Int("articles", 100_000, "help articles to search")
	reps := fs.Int("reps", 100, "timed requests per query")
	out := fs.String("out", ".bench/content.md", "where to write the results")
	only := fs.String("only", "abc", "which parts to measure (a, b, c or a combination)")
	var o runOpts
	o.wrkFlags(fs)
	racers := fs.Int("racers", 500, "associates racing for the seats (b)")
	seats := fs.Int("seats", 100, "seats of the raced event (b)")
	rounds := fs.Int("rounds", 3, "rounds of the race (b)")
	_ = fs.Parse(args)
	ctx := context.Background()
	org, err := openOrg(ctx, orgSize{dataDir: *dataDir, associates: 2000, policies: 6000})
	if err != nil {
		return err
	}
	defer org.close()
	made := 0
	if strings.Contains(*only, "a") {
		if made, err = fillArticles(ctx, org.pool, *articles); err != nil {
			return err
		}
	}
	abs, _ := filepath.Abs(*dataDir)
	// The cluster's CPU beside the server's in (c), as the other lists report it.
	if o.postmaster, err = postmasterPID(filepath.Join(abs, "pg")); err != nil {
		return err
	}
	ours, base, stop, err := startServers(*portald, org.dsn, abs, o.pool)
	if err != nil {
		return err
	}
	defer stop()
	token, _, err := benchUser(ctx, org.pool, 0)
	if err != nil {
		return err
	}
	res := &report{}
	res.line("# Content benchmark %s", time.Now().UTC().Format(time.RFC3339))
	res.line("")
	res.line("One machine (%s); load average %s.", cpuInfo(), loadAverage())
	res.line("")
	if strings.Contains(*only, "b") {
		if err := seatRace(ctx, org.pool, ours.url, *racers, *seats, *rounds, res); err != nil {
			return err
		}
	}
	if strings.Contains(*only, "c") {
		if err := productList(ctx, org.pool, ours, base, o, res); err != nil {
			return err
		}
	}
	if !strings.Contains(*only, "a") {
		return res.finish(*out)
	}
	res.line("## (a) Help search over %d articles", *articles)
	res.line("")
	if made > 0 {
		res.line("%d articles were generated for this run (kept for the next): titles of 4–8 and texts of 150–400 words drawn "+
			"from a 1,500-word vocabulary with a Zipf distribution (s 1.07), as natural text is: English function words most "+
			"often, then the field's words among made-up ones; all Published, in English.", made)
		res.line("")
	}
	res.line("`GET /api/help/search?q=…` (limit 20) as the demo RMD, %d requests a query one at a time after two warm-ups.", *reps)
	res.line("")
	res.line("| query | matches | p50 | p95 | p99 |")
	res.line("|---|---|---|---|---|")
	var all []time.Duration
	for _, q := range searchQueries {
		var matches int
		if err := org.pool.QueryRow(ctx, `SELECT count(*) FROM help_articles WHERE search @@ websearch_to_tsquery('english', $1)`, q).Scan(&matches); err != nil {
			return err
		}
		u := ours.url + "/api/help/search?q=" + url.QueryEscape(q)
		ds, err := samplesOf(u, *reps, func() *http.Request {
			req, _ := http.NewRequest("GET", u, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			return req
		})
		if err != nil {
			return err
		}
		all = append(all, ds...)
		l := latOf(ds)
		res.line("| `%s` | %d | %s | %s | %s |", q, matches, fmtDur(l.p50), fmtDur(l.p95), fmtDur(l.p99))
	}
	total := latOf(all)
	res.line("| **all queries** | | %s | **%s** | %s |", fmtDur(total.p50), fmtDur(total.p95), fmtDur(total.p99))
	res.line("")
	return res.finish(*out)
}

// searchQueries go from the most common words (a third of the articles match) to rare
// ones, with two words, an OR, an exclusion and a phrase.
var searchQueries = []string{
	"commission", "policy premium", "escrow", "chargeback lapse", "beneficiary rider", `"target premium"`,
	"annuity OR iul", "license -canada", "quarterly persistency", "zyxwvut",
}

// fillArticles brings the help centre to n articles (it answers how many it made).
func fillArticles(ctx context.Context, pool *pgxpool.Pool, n int) (int, error) {
	var have int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM help_articles`).Scan(&have); err != nil {
		return 0, err
	}
	if have >= n {
		return 0, compactArticles(ctx, pool)
	}
	fmt.Printf("generating %d help articles…\n", n-have)
	r := rand.New(rand.NewPCG(12, 12))
	vocab := benchVocabulary(r)
	zipf := rand.NewZipf(r, 1.07, 2, uint64(len(vocab)-1))
	words := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = vocab[zipf.Uint64()]
		}
		return strings.Join(w, " ")
	}
	var cats []int64
	rows, err := pool.Query(ctx, `SELECT id FROM help_categories ORDER BY id`)
	if err == nil {
		cats, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	if err != nil {
		return 0, err
	}
	i := have
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == n {
			return nil, nil
		}
		i++
		title := words(4 + r.IntN(5))
		var body strings.Builder
		for p := 0; p < 3+r.IntN(4); p++ {
			body.WriteString(words(50 + r.IntN(50)))
			body.WriteString(".\n\n")
		}
		b := strings.TrimSpace(body.String())
		return []any{fmt.Sprintf("bench-%d", i), title, cats[i%len(cats)], "en", "Published", b, b, time.Now()}, nil
	})
	start := time.Now()
	if _, err := pool.CopyFrom(ctx, pgx.Identifier{"help_articles"}, []string{"slug", "title", "category_id", "language", "status",
		"body_markdown", "body_text", "published_at"}, src); err != nil {
		return 0, err
	}
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE help_articles`); err != nil {
		return 0, err
	}
	fmt.Printf("generated in %s\n", time.Since(start).Round(time.Second))
	return n - have, nil
}

// compactArticles readies a help centre kept from an earlier run: a migration since may have
// rewritten every row (0028 did), and the planner must not read the table half dead or with
// old statistics. VACUUM frees the old rows but leaves their pages empty at the head of the
// table, which a search finding its first candidates in table order then walks through (the
// kept table measured 4 ms slower a common word than a table generated afresh); so when
// under two thirds of the pages hold a row, the table is rewritten as a fresh run has it.
func compactArticles(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE help_articles`); err != nil {
		return err
	}
	var used, pages int64
	if err := pool.QueryRow(ctx, `SELECT count(DISTINCT (ctid::text::point)[0])::bigint,
			(SELECT relpages FROM pg_class WHERE oid = 'help_articles'::regclass)::bigint FROM help_articles`).Scan(&used, &pages); err != nil {
		return err
	}
	if used*3 >= pages*2 {
		return nil
	}
	fmt.Printf("compacting the kept help articles (%d of %d pages hold a row)…\n", used, pages)
	_, err := pool.Exec(ctx, `VACUUM (FULL, ANALYZE) help_articles`)
	return err
}

// benchVocabulary is 1,500 words ordered as natural text ranks them: English function
// words first (the most frequent under Zipf; search drops them as stop words), then the
// field's words and made-up ones shuffled together, so that a field word appears in a few
// to a few tens of percent of the articles, as "escrow" does in a help centre.
func benchVocabulary(r *rand.Rand) []string {
	v := strings.Fields(`the of and to a in is that for it as was with be by on not he this are or his from at
		which but have an they you were her she there been one all we their has would when if so no will can more
		other its who some into them do may than about only then any these out also what could my our up your
		should each such must how where through most over very before after under between both same while own
		just because those here again`)
	field := strings.Fields(`policy commission premium associate client team payment escrow advance level provider
		product license agent business override bonus month year approval chargeback lapse statement cashflow
		annuity insurance life term iul rider beneficiary coverage face amount target split writer trainer upline
		downline recruit rmd builder pool event store order help account payout bank cheque document agreement
		signature photo email phone address state province canada usa persistency quarterly release schedule
		dashboard report export download filter search hierarchy`)
	const letters = "abcdefghijklmnopqrstuvwxyz"
	rest := field
	for len(v)+len(rest) < 1500 {
		w := make([]byte, 4+r.IntN(6))
		for i := range w {
			w[i] = letters[r.IntN(len(letters))]
		}
		rest = append(rest, string(w))
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(v, rest...)
}
