-- The business area at a million associates and three million policies: team production
-- without walking the team (docs/adr/0006-production-rollup.md), and the business list's
-- default order served by an index.
--
-- production_rollup holds, for an associate A (a "hub"), the production of A's whole
-- organisation (A included) by generation relative to A, month, status and category:
-- gen = nlevel(member.leader_path) - nlevel(A.leader_path), the number of senior associates
-- on the way from A down to the member (the member included, A not), 7 meaning 7 or more.
-- Every team view of A is then a range of A's rows: Base Shop gen 0, RMD Super Base
-- gen <= 1, RMD Super Team gen <= 6, Infinity all. The store keeps the rows right in the
-- same transaction as every change of production_monthly and of the hierarchy
-- (store/rollup.go).
--
-- Hubs are the associates whose downline reached production_hub_min() (sticky: a hub stays
-- one when its downline shrinks). Below that size a view is summed from production_monthly
-- directly (at most that many members), and the rollup stays a few rows per hub instead of
-- one row per ancestor of every producing member.

CREATE FUNCTION production_hub_min() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 100';

CREATE TABLE production_hubs (
    associate_id bigint PRIMARY KEY REFERENCES associates (id)
);

-- Derived data (rebuilt by production_rollup_rebuild), so no foreign key: checking one per
-- row would double the cost of a rebuild.
CREATE TABLE production_rollup (
    ancestor_id   bigint   NOT NULL,
    gen           smallint NOT NULL CHECK (gen BETWEEN 0 AND 7),
    month         date     NOT NULL,
    status        text     NOT NULL,
    category      text     NOT NULL,
    bv_cents      bigint   NOT NULL,
    premium_cents bigint   NOT NULL,
    policies      integer  NOT NULL,
    PRIMARY KEY (ancestor_id, gen, month, status, category)
);

-- Builds the hubs and their rollups from production_monthly and the hierarchy as they are:
-- the migration's backfill, the seed's, and the oracle the store tests compare the
-- maintained rows with.
CREATE FUNCTION production_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM production_rollup;
    DELETE FROM production_hubs;
    INSERT INTO production_hubs (associate_id)
    SELECT id FROM associates WHERE downline_size >= production_hub_min();
    INSERT INTO production_rollup (ancestor_id, gen, month, status, category, bv_cents, premium_cents, policies)
    SELECT h.id, least(e.lead - nlevel(h.leader_path), 7), e.month, e.status, e.category,
           sum(e.bv_cents), sum(e.premium_cents), sum(e.policies)
    FROM (SELECT unnest(string_to_array(ltree2text(m.path), '.')::bigint[]) AS ancestor, nlevel(m.leader_path) AS lead,
                 pm.month, pm.status, pm.category, pm.bv_cents, pm.premium_cents, pm.policies
          FROM production_monthly pm JOIN associates m ON m.id = pm.associate_id) e
    JOIN (SELECT a.id, a.leader_path FROM production_hubs x JOIN associates a ON a.id = x.associate_id) h ON h.id = e.ancestor
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5;
$$;

-- Each associate's own production for the team lists' production column (BV, lapsed
-- business left out) as running sums by month, in hierarchy order: a list ordered by
-- production reads one index entry per member who has production, instead of joining
-- production_monthly for every member. cum[k] is the BV of every month up to first_month +
-- k - 1 (months numbered year * 12 + month - 1); BV of a period [a, b] is C(b) - C(a - 1).
-- The array covers at most the last 120 months of an associate's production; what came
-- before is in before_cents (and in cum), so an older period is summed from
-- production_monthly instead (store/team.go). total_cents, all of it, bounds the BV of any
-- period: a page of the best producers only reads the members whose total reaches the
-- least of what the page holds.
CREATE TABLE production_members (
    associate_id bigint   PRIMARY KEY,
    path         ltree    NOT NULL,
    lead_depth   smallint NOT NULL, -- nlevel(leader_path)
    first_month  integer  NOT NULL,
    before_cents bigint   NOT NULL,
    cum          bigint[] NOT NULL,
    total_cents  bigint   NOT NULL
);
CREATE INDEX production_members_tree ON production_members (path) INCLUDE (lead_depth, first_month, before_cents, cum, associate_id);
CREATE INDEX production_members_total ON production_members (total_cents)
    INCLUDE (path, lead_depth, first_month, before_cents, cum, associate_id);

-- Rebuilds the rows of these associates from production_monthly and the hierarchy.
CREATE FUNCTION production_members_refresh(ids bigint[]) RETURNS void LANGUAGE sql AS $$
    DELETE FROM production_members WHERE associate_id = ANY(ids);
    WITH v AS (
        SELECT associate_id, (extract(year FROM month) * 12 + extract(month FROM month) - 1)::int AS mi, sum(bv_cents) AS bv
        FROM production_monthly WHERE associate_id = ANY(ids) AND status <> 'Lapsed' GROUP BY 1, 2),
    span AS (SELECT associate_id, greatest(min(mi), max(mi) - 119) AS lo, max(mi) AS hi FROM v GROUP BY 1),
    before AS (SELECT s.associate_id, coalesce(sum(v.bv), 0) AS bv FROM span s LEFT JOIN v ON v.associate_id = s.associate_id AND v.mi < s.lo
        GROUP BY 1),
    run AS (SELECT s.associate_id, g.mi, sum(coalesce(v.bv, 0)) OVER (PARTITION BY s.associate_id ORDER BY g.mi) AS c
        FROM span s CROSS JOIN LATERAL generate_series(s.lo, s.hi) AS g(mi)
        LEFT JOIN v ON v.associate_id = s.associate_id AND v.mi = g.mi)
    INSERT INTO production_members (associate_id, path, lead_depth, first_month, before_cents, cum, total_cents)
    SELECT a.id, a.path, nlevel(a.leader_path), s.lo, b.bv, array_agg((r.c + b.bv)::bigint ORDER BY r.mi), (max(r.c) + b.bv)::bigint
    FROM run r JOIN span s ON s.associate_id = r.associate_id JOIN before b ON b.associate_id = r.associate_id
    JOIN associates a ON a.id = r.associate_id
    GROUP BY a.id, a.path, a.leader_path, s.lo, b.bv
    ORDER BY a.id;
$$;

-- The business list's default order is the newest submission first, then the id ascending
-- (the key always ascends): policies_submitted (submitted_on, id) read backward gives the
-- id descending, so each page sorted the day's policies again in parallel workers. This one
-- reads in that order; policies_submitted stays for the oldest first.
CREATE INDEX policies_submitted_newest ON policies (submitted_on DESC, id);

SELECT production_rollup_rebuild();
SELECT production_members_refresh(ARRAY(SELECT DISTINCT associate_id FROM production_monthly));
ANALYZE production_hubs, production_rollup, production_members;
