package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// raceSlug is the event the race is run on; it is made again for every round.
const raceSlug = "bench-seat-race"

// seatRace is part (b) of the content benchmark: racers associates, each with its own
// session, ask at the same moment for one of seats seats of an event (PUT
// /api/events/{slug}/registration), rounds times. It reports how many got a seat (exactly
// seats, or the engine is wrong), how many were told the event is full, the round's
// requests per second from the first request sent to the last answer, and the answers'
// latencies.
func seatRace(ctx context.Context, pool *pgxpool.Pool, base string, racers, seats, rounds int, res *report) error {
	tokens, err := raceTokens(ctx, pool, racers)
	if err != nil {
		return err
	}
	res.line("## (b) %d associates racing for %d seats of one event", racers, seats)
	res.line("")
	res.line("Each round makes the event again (Open, open for registration, %d seats, none taken); its %d associates, each "+
		"with a session of its own, are released at once and send `PUT /api/events/%s/registration` on connections of "+
		"their own. Requests/s: the requests of the round over the time from the release to the last answer.", seats, racers, raceSlug)
	res.line("")
	res.line("| round | registered (rows, counter) | 200 | 409 event_full | other | requests/s | p50 | p95 | max |")
	res.line("|---|---|---|---|---|---|---|---|---|")
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: racers, MaxConnsPerHost: racers}}
	for round := 1; round <= rounds; round++ {
		if err := raceEvent(ctx, pool, seats); err != nil {
			return err
		}
		statuses := make([]int, racers)
		took := make([]time.Duration, racers)
		var ready, done sync.WaitGroup
		start := make(chan struct{})
		for i, tok := range tokens {
			ready.Add(1)
			done.Add(1)
			go func() {
				defer done.Done()
				req, _ := http.NewRequestWithContext(ctx, "PUT", base+"/api/events/"+raceSlug+"/registration", nil)
				req.Header.Set("Authorization", "Bearer "+tok)
				ready.Done()
				<-start
				t0 := time.Now()
				r, err := client.Do(req)
				took[i] = time.Since(t0)
				if err != nil {
					statuses[i] = -1
					return
				}
				_, _ = io.Copy(io.Discard, r.Body)
				r.Body.Close()
				statuses[i] = r.StatusCode
			}()
		}
		ready.Wait()
		t0 := time.Now()
		close(start)
		done.Wait()
		elapsed := time.Since(t0)
		count := map[int]int{}
		for _, s := range statuses {
			count[s]++
		}
		var rows, counter int
		if err := pool.QueryRow(ctx, `SELECT e.registered, (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id)
			FROM events e WHERE e.slug = $1`, raceSlug).Scan(&counter, &rows); err != nil {
			return err
		}
		l := latOf(took)
		res.line("| %d | **%d**, %d | %d | %d | %d | %.0f | %s | %s | %s |", round, rows, counter, count[200], count[409],
			racers-count[200]-count[409], float64(racers)/elapsed.Seconds(), fmtDur(l.p50), fmtDur(l.p95), fmtDur(slicesMax(took)))
		fmt.Printf("  race round %d: %d registered, %d full, %.0f req/s\n", round, rows, count[409], float64(racers)/elapsed.Seconds())
	}
	res.line("")
	return nil
}

func slicesMax(ds []time.Duration) time.Duration {
	var m time.Duration
	for _, d := range ds {
		m = max(m, d)
	}
	return m
}

// raceEvent makes the race's event again: Open, open for registration, seats seats, none
// taken, starting in a month.
func raceEvent(ctx context.Context, pool *pgxpool.Pool, seats int) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM event_registrations WHERE event_id IN (SELECT id FROM events WHERE slug = $1)`, raceSlug); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO events (slug, title, summary, description_markdown, venue, city, time_zone, starts_at, ends_at,
				capacity, registered, state, registration)
			VALUES ($1, 'Seat race', 'The benchmark''s event.', 'x', 'Hall', 'Dallas', 'America/Chicago', now() + interval '30 days',
				now() + interval '30 days 2 hours', $2, 0, 'Open', 'Open for registration')
			ON CONFLICT (slug) DO UPDATE SET capacity = $2, registered = 0, state = 'Open', registration = 'Open for registration',
				starts_at = now() + interval '30 days', ends_at = now() + interval '30 days 2 hours'`, raceSlug, seats)
		return err
	})
}

// raceTokens are sessions of n active associates (their acknowledgements done).
func raceTokens(ctx context.Context, pool *pgxpool.Pool, n int) ([]string, error) {
	rows, err := pool.Query(ctx, `SELECT a.id FROM associates a JOIN users u ON u.associate_id = a.id
		WHERE a.status = 'Active' ORDER BY a.id LIMIT $1`, n)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	if len(ids) < n {
		return nil, fmt.Errorf("the organisation has %d active associates, the race needs %d", len(ids), n)
	}
	tokens := make([]string, len(ids))
	for i, id := range ids {
		if tokens[i], _, err = benchUser(ctx, pool, id); err != nil {
			return nil, err
		}
	}
	return tokens, nil
}

// productList is part (c): the store's product list page 1 (limit 100, by name: the
// seeded catalogue whole) through portald and through a hand-written handler, wrk in
// alternating rounds.
func productList(ctx context.Context, pool *pgxpool.Pool, ours, base proc, o runOpts, res *report) error {
	token, _, err := benchUser(ctx, pool, 0)
	if err != nil {
		return err
	}
	made, err := fillProducts(ctx, pool, 1000)
	if err != nil {
		return err
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM store_products WHERE on_sale`).Scan(&n); err != nil {
		return err
	}
	a, b, err := alternate(ours, base, ours.url+"/api/store/products?limit=100", base.url+"/store/products?limit=100", token, o)
	if err != nil {
		return err
	}
	res.line("## (c) The store's product list, page 1")
	res.line("")
	if made > 0 {
		res.line("%d products were generated for this run beside the 30 seeded (kept for the next): a catalogue of %d, "+
			"a fifth of them (the apparel) in five sizes.", made, n)
		res.line("")
	}
	res.line("`GET /api/store/products?limit=100` (the first 100 of %d products on sale, by name, with whether each is in stock and its sizes) "+
		"against a hand-written handler of the same query; wrk, %d connections, %s a round, three alternating rounds (medians).",
		n, o.conns, o.duration)
	res.line("")
	versusTable(res, "portald", a, b)
	res.line("Ratio (req/s, portald / hand-written): **%.2f×**.", a.rps/b.rps)
	res.line("")
	return nil
}

// fillProducts brings the store's catalogue to n products on sale (it answers how many it
// made): generated names, the apparel (a fifth) in the five shirt sizes, stock in every variant.
func fillProducts(ctx context.Context, pool *pgxpool.Pool, n int) (int, error) {
	var have int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM store_products`).Scan(&have); err != nil {
		return 0, err
	}
	if have >= n {
		return 0, nil
	}
	_, err := pool.Exec(ctx, `
		WITH p AS (
			INSERT INTO store_products (slug, name, category, description_markdown, price_cents)
			SELECT 'bench-product-' || i, 'Bench product ' || lpad(i::text, 5, '0'),
			       (ARRAY['Apparel','Accessories','Office','Marketing','Books'])[1 + i % 5], 'A generated product.', 500 + (i * 37) % 20000
			FROM generate_series($1::int, $2::int) i
			RETURNING id, category)
		INSERT INTO store_variants (product_id, sku, size, position, stock)
		SELECT p.id, 'BENCH-' || p.id || coalesce('-' || s.size, ''), s.size, s.pos, 10
		FROM p CROSS JOIN LATERAL (
			SELECT * FROM (VALUES ('S', 1), ('M', 2), ('L', 3), ('XL', 4), ('XXL', 5)) v(size, pos) WHERE p.category = 'Apparel'
			UNION ALL SELECT NULL, 1 WHERE p.category <> 'Apparel') s`, have+1, n)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `ANALYZE store_products; ANALYZE store_variants`)
	return n - have, err
}
