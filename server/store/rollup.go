package store

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/hierarchy"
)

// The production rollup (migration 0009, docs/adr/0006-production-rollup.md): for every hub
// (an associate whose downline reached production_hub_min()), the production of its whole
// organisation by generation relative to it, month, status and category. A view of a hub
// reads a range of its rows; a view of anyone else sums production_monthly over its few
// members. Three kinds of change keep the rows right, each in the transaction that makes it:
//
//   - a policy's credit changes (creditProduction): the net difference reaches
//     production_monthly and the rollup of every hub on each writer's path;
//   - an organisation moves, or its root becomes senior or stops being senior
//     (shiftRollup): its production, relative to its root, leaves the hubs above the root
//     as they were and joins them as they are, at the generations they are now;
//   - an associate's downline reaches the hub size (ensureHubs): its rows are built from its
//     members; a hub stays one when its downline shrinks.
//
// production_members (each associate's own BV as running sums by month, in hierarchy order,
// for the team lists ordered by production: team.go) follows the same changes: a credit
// rebuilds the writers' rows, a move or a change of seniority carries the organisation's
// rows to their new paths and leaders.
//
// Production changes hold the production lock shared, the other two exclusive: a hierarchy
// change never interleaves with a production change that read the hierarchy before it.
// Rows are written in key order, so production changes wait for each other without
// deadlocks.

// Generations counted apart in the rollup: 7 stands for 7 and more.
const rollupMaxGen = 7

// rollupGens is the deepest generation a view takes from its root's rollup (-1: the view
// is never read from a rollup).
func rollupGens(v hierarchy.View) int {
	switch v {
	case hierarchy.BaseShop:
		return 0
	case hierarchy.RmdSuperBase, hierarchy.RmdSuperTeam:
		return v.Generations()
	case hierarchy.Infinity:
		return rollupMaxGen
	}
	return -1
}

const (
	productionShared    = `SELECT pg_advisory_xact_lock_shared($1, 0)`
	productionExclusive = `SELECT pg_advisory_xact_lock($1, 0)`
)

// upsertRollup ends a statement whose SELECT yields rollup rows in key order: it adds them
// to the rows there are.
const upsertRollup = `
	ON CONFLICT (ancestor_id, gen, month, status, category) DO UPDATE SET
		bv_cents = r.bv_cents + EXCLUDED.bv_cents, premium_cents = r.premium_cents + EXCLUDED.premium_cents,
		policies = r.policies + EXCLUDED.policies`

// directCells is the production of the organisation under x (a CTE of one associate with
// id, path and leader_path), x included, by generation relative to x, summed from
// production_monthly; rollupCells takes it from x's rollup when x is a hub.
const (
	directCells = `SELECT least(nlevel(m.leader_path) - nlevel(x.leader_path), 7) AS gen, pm.month, pm.status, pm.category,
			pm.bv_cents, pm.premium_cents, pm.policies
		FROM x JOIN associates m ON m.path >= x.path AND m.path < text2ltree(ltree2text(x.path) || '0')
		JOIN production_monthly pm ON pm.associate_id = m.id`
	rollupCells = `SELECT ru.gen, ru.month, ru.status, ru.category, ru.bv_cents, ru.premium_cents, ru.policies
		FROM x JOIN production_rollup ru ON ru.ancestor_id = x.id
		WHERE EXISTS (SELECT 1 FROM production_hubs WHERE associate_id = x.id)
		UNION ALL ` + directCells + `
		WHERE NOT EXISTS (SELECT 1 FROM production_hubs WHERE associate_id = x.id)`
)

// credit is what a policy credits one writer in one month, status and category (or a
// difference of two such credits).
type credit struct {
	associate        int64
	month            time.Time
	status, category string
	bv, premium      int64
	policies         int32
}

// policyCredits is what a policy credits its writers as it stands: its writers' shares by
// the month of submission, counted under Lapsed once lapsed, one policy for the first writer.
func (s *Store) policyCredits(ctx context.Context, id int64) ([]credit, error) {
	rows, err := s.db.Query(ctx, `SELECT w.associate_id, date_trunc('month', p.submitted_on)::date,
			CASE WHEN p.lapsed_on IS NOT NULL THEN 'Lapsed' ELSE p.status END, pr.category,
			w.bv_cents, w.premium_cents, (w.position = 1)::int
		FROM policies p JOIN policy_writers w ON w.policy_id = p.id JOIN products pr ON pr.id = p.product_id
		WHERE p.id = $1`, id)
	return collect(rows, err, func(r pgx.Rows, c *credit) error {
		return r.Scan(&c.associate, &c.month, &c.status, &c.category, &c.bv, &c.premium, &c.policies)
	})
}

// reviseProduction runs change, a change of policy id, and moves what the policy credits
// from what it was before to what it is after: one net difference, in production_monthly
// and in the rollups.
func (s *Store) reviseProduction(ctx context.Context, id int64, change func() error) error {
	before, err := s.policyCredits(ctx, id)
	if err != nil {
		return err
	}
	if err := change(); err != nil {
		return err
	}
	after, err := s.policyCredits(ctx, id)
	if err != nil {
		return err
	}
	return s.creditProduction(ctx, creditDifference(before, after))
}

// creditDifference is after minus before, one entry per associate, month, status and
// category that changed, in that order.
func creditDifference(before, after []credit) []credit {
	type key struct {
		associate        int64
		month            time.Time
		status, category string
	}
	sums := map[key]credit{}
	add := func(cs []credit, sign int64) {
		for _, c := range cs {
			k := key{c.associate, c.month, c.status, c.category}
			d := sums[k]
			d.associate, d.month, d.status, d.category = c.associate, c.month, c.status, c.category
			d.bv += sign * c.bv
			d.premium += sign * c.premium
			d.policies += int32(sign) * c.policies
			sums[k] = d
		}
	}
	add(before, -1)
	add(after, 1)
	out := make([]credit, 0, len(sums))
	for _, d := range sums {
		if d.bv != 0 || d.premium != 0 || d.policies != 0 {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b credit) int {
		return cmp.Or(cmp.Compare(a.associate, b.associate), a.month.Compare(b.month),
			cmp.Compare(a.status, b.status), cmp.Compare(a.category, b.category))
	})
	return out
}

// creditProduction adds differences of credit to production_monthly and to the rollup of
// every hub on each associate's path (the associate included), rows in key order.
func (s *Store) creditProduction(ctx context.Context, ds []credit) error {
	if len(ds) == 0 {
		return nil
	}
	if _, err := s.db.Exec(ctx, productionShared, lockProduction); err != nil {
		return translate(err)
	}
	n := len(ds)
	ids, months := make([]int64, n), make([]time.Time, n)
	statuses, categories := make([]string, n), make([]string, n)
	bvs, premiums, counts := make([]int64, n), make([]int64, n), make([]int32, n)
	for i, d := range ds {
		ids[i], months[i], statuses[i], categories[i] = d.associate, d.month, d.status, d.category
		bvs[i], premiums[i], counts[i] = d.bv, d.premium, d.policies
	}
	const deltas = `unnest($1::bigint[], $2::date[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[])
		AS d(associate_id, month, status, category, bv, premium, policies)`
	if _, err := s.db.Exec(ctx, `INSERT INTO production_monthly AS pm (associate_id, month, status, category, bv_cents, premium_cents, policies)
		SELECT d.associate_id, d.month, d.status, d.category, d.bv, d.premium, d.policies FROM `+deltas+`
		ORDER BY 1, 2, 3, 4
		ON CONFLICT (associate_id, month, status, category) DO UPDATE SET
			bv_cents = pm.bv_cents + EXCLUDED.bv_cents, premium_cents = pm.premium_cents + EXCLUDED.premium_cents,
			policies = pm.policies + EXCLUDED.policies`,
		ids, months, statuses, categories, bvs, premiums, counts); err != nil {
		return translate(err)
	}
	_, err := s.db.Exec(ctx, `INSERT INTO production_rollup AS r (ancestor_id, gen, month, status, category, bv_cents, premium_cents, policies)
		SELECT a.id, least(nlevel(m.leader_path) - nlevel(a.leader_path), 7), d.month, d.status, d.category,
			sum(d.bv), sum(d.premium), sum(d.policies)
		FROM `+deltas+`
		JOIN associates m ON m.id = d.associate_id
		JOIN production_hubs h ON h.associate_id = ANY(string_to_array(ltree2text(m.path), '.')::bigint[])
		JOIN associates a ON a.id = h.associate_id
		GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`+upsertRollup,
		ids, months, statuses, categories, bvs, premiums, counts)
	if err != nil {
		return translate(err)
	}
	_, err = s.db.Exec(ctx, `SELECT production_members_refresh($1)`, slices.Compact(ids))
	return translate(err)
}

// lockHierarchyForRollup takes the production lock exclusive, before a change of the
// hierarchy that moves production between hubs.
func (s *Store) lockHierarchyForRollup(ctx context.Context) error {
	_, err := s.db.Exec(ctx, productionExclusive, lockProduction)
	return translate(err)
}

// leaveRollups takes the production of root's organisation out of the rollups of the hubs
// above root, before a change of the hierarchy (a move of root, a change of its seniority)
// moves it; joinRollups puts it back as the hierarchy then stands, and brings the
// organisation's production_members rows to their new paths and leaders. The caller holds
// the production lock exclusive.
func (s *Store) leaveRollups(ctx context.Context, root int64) error {
	return s.shiftRollup(ctx, root, -1)
}

func (s *Store) joinRollups(ctx context.Context, root int64) error {
	if err := s.shiftRollup(ctx, root, 1); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `UPDATE production_members pm SET path = a.path, lead_depth = nlevel(a.leader_path)
		FROM associates x, associates a
		WHERE x.id = $1 AND a.path >= x.path AND a.path < text2ltree(ltree2text(x.path) || '0') AND pm.associate_id = a.id`, root)
	return translate(err)
}

// shiftRollup takes the production of root's organisation (root included) out of the
// rollups of the hubs above root (sign -1), or adds it (sign +1), at the generations the
// members have relative to each hub as the hierarchy stands.
func (s *Store) shiftRollup(ctx context.Context, root int64, sign int) error {
	_, err := s.db.Exec(ctx, `WITH x AS (SELECT id, path, leader_path FROM associates WHERE id = $1),
		sub AS (`+rollupCells+`),
		up AS (SELECT a.id, nlevel(x.leader_path) - nlevel(a.leader_path) AS off
			FROM x, production_hubs h JOIN associates a ON a.id = h.associate_id
			WHERE h.associate_id = ANY(string_to_array(ltree2text(x.path), '.')::bigint[]) AND h.associate_id <> x.id)
		INSERT INTO production_rollup AS r (ancestor_id, gen, month, status, category, bv_cents, premium_cents, policies)
		SELECT up.id, least(up.off + sub.gen, 7), sub.month, sub.status, sub.category,
			$2::int * sum(sub.bv_cents), $2::int * sum(sub.premium_cents), $2::int * sum(sub.policies)
		FROM up, sub GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`+upsertRollup, root, sign)
	return translate(err)
}

// lockIfHubDue takes the production lock exclusive when one more associate under upline
// would make a hub of upline or one of its ancestors (or of the recruit itself, when every
// associate is a hub).
func (s *Store) lockIfHubDue(ctx context.Context, upline int64) error {
	var due bool
	err := s.db.QueryRow(ctx, `SELECT production_hub_min() <= 0 OR EXISTS (SELECT 1 FROM associates u
		JOIN associates a ON a.id = ANY(string_to_array(ltree2text(u.path), '.')::bigint[])
		WHERE u.id = $1 AND a.downline_size + 1 >= production_hub_min()
		  AND NOT EXISTS (SELECT 1 FROM production_hubs h WHERE h.associate_id = a.id))`, upline).Scan(&due)
	if err != nil || !due {
		return translate(err)
	}
	return s.lockHierarchyForRollup(ctx)
}

// ensureHubs makes hubs of those of ids whose downline reached the hub size and are not
// hubs yet, building their rollups from their members.
func (s *Store) ensureHubs(ctx context.Context, ids []int64) error {
	rows, err := s.db.Query(ctx, `SELECT a.id FROM associates a WHERE a.id = ANY($1) AND a.downline_size >= production_hub_min()
		AND NOT EXISTS (SELECT 1 FROM production_hubs h WHERE h.associate_id = a.id) ORDER BY a.id`, ids)
	due, err := collect(rows, err, func(r pgx.Rows, id *int64) error { return r.Scan(id) })
	if err != nil || len(due) == 0 {
		return err
	}
	// Taken already when lockIfHubDue saw this coming (advisory locks nest).
	if err := s.lockHierarchyForRollup(ctx); err != nil {
		return err
	}
	for _, id := range due {
		if _, err := s.db.Exec(ctx, `WITH x AS (SELECT id, path, leader_path FROM associates WHERE id = $1)
			INSERT INTO production_rollup (ancestor_id, gen, month, status, category, bv_cents, premium_cents, policies)
			SELECT $1, c.gen, c.month, c.status, c.category, sum(c.bv_cents), sum(c.premium_cents), sum(c.policies)
			FROM (`+directCells+`) c GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`, id); err != nil {
			return translate(err)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO production_hubs (associate_id) VALUES ($1)`, id); err != nil {
			return translate(err)
		}
	}
	return nil
}
