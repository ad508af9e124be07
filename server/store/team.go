package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/listing"
)

// Root is the associate a team view is seen from.
type Root struct {
	ID         int64
	Code       string
	Path       string
	Senior     bool
	LeaderID   *int64
	LeaderPath string
	// Period is the first and last day the members' production counts (by month of
	// submission, as production_monthly holds it); zero counts none.
	Period [2]time.Time
	// Hub says that the associate's organisation has a production rollup (rollup.go). A
	// hub stays one, so a root loaded earlier never claims a rollup that is not there.
	Hub bool
}

// TeamRoot loads the hierarchy columns of an associate.
func (s *Store) TeamRoot(ctx context.Context, id int64) (Root, error) {
	var r Root
	err := s.db.QueryRow(ctx, `SELECT id, code, path::text, senior, leader_id, leader_path::text,
		EXISTS (SELECT 1 FROM production_hubs h WHERE h.associate_id = a.id) FROM associates a WHERE id = $1`, id).
		Scan(&r.ID, &r.Code, &r.Path, &r.Senior, &r.LeaderID, &r.LeaderPath, &r.Hub)
	if err != nil && errs.Is(translate(err), errs.NotFound) {
		return r, errs.NotFoundf("Associate not found")
	}
	return r, translate(err)
}

// teamScope is the condition on `a` that selects a view of r, and the SQL expression of
// each member's generation (NULL where generations do not apply). Every view is an
// index lookup on the denormalised columns:
//
//	Personal      a.id = r
//	BaseShop      same leader as r, inside r's organisation (no senior in between)
//	RmdSuperBase  leader chain under r's, at most 1 senior deeper
//	RmdSuperTeam  leader chain under r's, at most 6 seniors deeper
//	Infinity      inside r's organisation
func teamScope(v hierarchy.View, r Root, args *listing.Args) (where, generation string, err error) {
	if err := hierarchy.Check(v, r.Senior); err != nil {
		return "", "", err
	}
	// The root's values are written into the SQL, not passed as parameters: they come from
	// the database and are checked to be ids and ltree paths of ids, and with them every
	// root gets a plan made for its own organisation. A generic plan cannot know whether a
	// subtree holds ten associates or a million, and picks a plan that is right for
	// neither.
	if !listing.IsIDPath(r.Path) || (r.LeaderPath != "" && !listing.IsIDPath(r.LeaderPath)) {
		return "", "", fmt.Errorf("store: root %d has a malformed path", r.ID)
	}
	gen := "NULL::int"
	if r.Senior {
		gen = fmt.Sprintf("(nlevel(a.leader_path) - %d)", nlevel(r.LeaderPath))
	}
	switch v {
	case hierarchy.Personal:
		return fmt.Sprintf("a.id = %d", r.ID), "NULL::int", nil
	case hierarchy.BaseShop:
		if r.LeaderID == nil {
			return "a.leader_id IS NULL AND " + subtree(r.Path), "NULL::int", nil
		}
		// One row comparison on (leader_id, path): exactly the leader's members in the
		// subtree, as a single range of that index, in hierarchy order.
		if !listing.IsIDPath(r.Path) {
			return "FALSE", "NULL::int", nil
		}
		// The equality tells the planner the leader is fixed, so the index order is the
		// hierarchy order.
		return fmt.Sprintf("a.leader_id = %d AND (a.leader_id, a.path) >= (%d, '%s'::ltree) AND (a.leader_id, a.path) < (%d, '%s0'::ltree)",
			*r.LeaderID, *r.LeaderID, r.Path, *r.LeaderID, r.Path), "NULL::int", nil
	case hierarchy.RmdSuperBase, hierarchy.RmdSuperTeam:
		return fmt.Sprintf("a.leader_path <@ '%s'::ltree AND nlevel(a.leader_path) <= %d AND %s",
			r.LeaderPath, nlevel(r.LeaderPath)+v.Generations(), subtree(r.Path)), gen, nil
	case hierarchy.Infinity:
		return subtree(r.Path), gen, nil
	}
	return "", "", errs.NotFoundf("Unknown team view %q", string(v))
}

// subtree is the condition "a is path or below it" on the alias a.
func subtree(path string) string { return subtreeOf("a", path) }

// subtreeOf is the condition "alias.path is path or below it", as a btree range: in
// ltree order a subtree is contiguous, from the root up to (not including) the root's
// last label followed by '0'; labels are ids, so nothing but the subtree sorts in between.
// The (path) and (leader_id, path) btrees then walk a subtree in hierarchy order, with a
// plan made for that subtree's size. The path is written into the SQL: it must be an
// ltree of ids (it always comes from the database); anything else selects nothing.
func subtreeOf(alias, path string) string {
	if !listing.IsIDPath(path) {
		return "FALSE"
	}
	return fmt.Sprintf("%s.path >= '%s'::ltree AND %s.path < '%s0'::ltree", alias, path, alias, path)
}

func nlevel(path string) int {
	if path == "" {
		return 0
	}
	n := 1
	for _, c := range path {
		if c == '.' {
			n++
		}
	}
	return n
}

// TeamMembers answers every member of a view with its generation (-1 where it does not
// apply). Meant for checks and small views; lists page through TeamList.
func (s *Store) TeamMembers(ctx context.Context, v hierarchy.View, r Root) (map[int64]int, error) {
	var args listing.Args
	where, gen, err := teamScope(v, r, &args)
	if err != nil {
		return nil, err
	}
	return collectMap[int64, int](s.db.Query(ctx, `SELECT a.id, coalesce(`+gen+`, -1) FROM associates a WHERE `+where, args.Values...))
}

// TeamListing is the whitelist of the team lists and their download; `t` is a view's
// members with their generation, licensed flag and production.
var TeamListing = listing.FromContract(lists.ListTeam, map[string]listing.Column{
	"id":         {SQL: "t.id", Type: listing.Int},
	"tree":       {SQL: "t.path", Type: listing.Path, Unique: true},
	"code":       {SQL: "t.code"},
	"name":       {SQL: "(t.first_name || ' ' || t.last_name)"},
	"first_name": {SQL: "t.first_name"},
	"last_name":  {SQL: "t.last_name"},
	// Written on level_id so that the (level_id, path) index serves it (codes are checked
	// and spelled as the ladder does by CheckLookups first).
	"level": {Where: func(op listing.Op, arg string) string {
		if op == listing.In {
			return "t.level_id = ANY(ARRAY(SELECT id FROM levels WHERE code = ANY(" + arg + ")))"
		}
		return "t.level_id = (SELECT id FROM levels WHERE code = " + arg + ")"
	}},
	"level_rank": {SQL: "t.level_rank"},
	"status":     {SQL: "t.status"},
	"state":      {SQL: "t.state", Nullable: true},
	"country":    {SQL: "t.country"},
	"kind":       {SQL: "t.kind"},
	"joined_on":  {SQL: "t.joined_on"},
	"generation": {SQL: "t.generation", Nullable: true},
	"licensed":   {SQL: "t.licensed"},
	"license_state": {Where: func(_ listing.Op, arg string) string {
		return "EXISTS (SELECT 1 FROM licenses li WHERE li.associate_id = t.id AND li.expires_on >= current_date AND li.state = ANY(" + arg + "))"
	}},
	"production":    {SQL: "t.production"},
	"downline_size": {SQL: "t.downline_size"},
})

// Member is one row of a team list.
type Member struct {
	ID           int64
	Code         string
	FirstName    string
	LastName     string
	PhotoFileID  string
	Level        Level
	Status       string
	Kind         string
	Country      string
	State        string
	JoinedOn     time.Time
	UplineCode   string
	Generation   *int
	Licensed     bool
	Production   int64
	DownlineSize int
	Path         string
}

// teamFrom is the members of a view as a subquery `t`: simple enough for PostgreSQL to
// pull up, so that filters and the order reach the indexes.
func teamFrom(v hierarchy.View, r Root, args *listing.Args) (string, error) {
	where, gen, err := teamScope(v, r, args)
	if err != nil {
		return "", err
	}
	// Production is the BV the member is credited with in the period, lapsed business left
	// out: a few rows of production_monthly per member.
	production := "0::bigint"
	if !r.Period[0].IsZero() {
		production = periodBV("a.id", args.Add(ledger.MonthOf(r.Period[0])), args.Add(ledger.MonthOf(r.Period[1])))
	}
	return teamSelect(where, gen, production), nil
}

// periodBV is the BV an associate is credited with from the month from to the month to,
// lapsed business left out, summed from production_monthly.
func periodBV(id, from, to string) string {
	return `coalesce((SELECT sum(pm.bv_cents) FROM production_monthly pm WHERE pm.associate_id = ` + id + `
		AND pm.month BETWEEN ` + from + ` AND ` + to + ` AND pm.status <> 'Lapsed'), 0)::bigint`
}

// teamSelect is the columns of the associates a condition selects, as a subquery `t`.
func teamSelect(where, gen, production string) string {
	return `(SELECT a.id, a.path, a.code, a.first_name, a.last_name, a.photo_file_id, a.status, a.kind, a.country, a.state,
		a.joined_on, a.upline_id, a.downline_size, a.level_id, l.code AS level_code, l.name AS level_name, l.rank AS level_rank,
		l.contract_rate_bp, l.is_senior, ` + gen + ` AS generation,
		EXISTS (SELECT 1 FROM licenses li WHERE li.associate_id = a.id AND li.expires_on >= current_date) AS licensed,
		` + production + ` AS production
		FROM associates a JOIN levels l ON l.id = a.level_id WHERE ` + where + `) t`
}

// TeamList answers a page of a view (limit + 1 rows at most) as a slice.
func (s *Store) TeamList(ctx context.Context, v hierarchy.View, r Root, q listing.Query) ([]Member, error) {
	var out []Member
	err := s.TeamPage(ctx, v, r, q, func(m *Member) { out = append(out, *m) })
	return out, err
}

// TeamPage calls each for every member of a page of a view: at most q.Limit+1 rows. The
// member passed is reused for the next row; keep a copy if needed.
func (s *Store) TeamPage(ctx context.Context, v hierarchy.View, r Root, q listing.Query, each func(*Member)) error {
	if done, err := s.teamPageByProduction(ctx, v, r, q, each); done || err != nil {
		return err
	}
	var args listing.Args
	from, err := teamFrom(v, r, &args)
	if err != nil {
		return err
	}
	// The page is cut first and only its rows meet their uplines: the planner cannot tell
	// how many members a view has, and joining before the sort cost a lookup per member.
	return s.teamRows(ctx, `SELECT t.* FROM `+from+` WHERE `+q.Where(&args)+` ORDER BY `+q.OrderBy()+` `+q.LimitOffset(&args), "",
		q, args.Query(), each)
}

// teamRows runs a page query (its rows `t` as teamSelect has them, after the statements of
// with) and calls each for every row, with the member's upline code.
func (s *Store) teamRows(ctx context.Context, page, with string, q listing.Query, args []any, each func(*Member)) error {
	rows, err := s.db.Query(ctx, with+`SELECT t.id, t.code, t.first_name, t.last_name, coalesce(t.photo_file_id, ''),
		t.level_id, t.level_rank, t.level_code, t.level_name, t.contract_rate_bp, t.is_senior,
		t.status, t.kind, t.country, coalesce(t.state, ''), t.joined_on, coalesce(u.code, ''), t.generation, t.licensed,
		t.production, t.downline_size, t.path::text
		FROM (`+page+`) t LEFT JOIN associates u ON u.id = t.upline_id ORDER BY `+q.OrderBy(), args...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	var m Member
	dest := []any{&m.ID, &m.Code, &m.FirstName, &m.LastName, &m.PhotoFileID,
		&m.Level.ID, &m.Level.Rank, &m.Level.Code, &m.Level.Name, &m.Level.RateBP, &m.Level.IsSenior,
		&m.Status, &m.Kind, &m.Country, &m.State, &m.JoinedOn, &m.UplineCode, &m.Generation, &m.Licensed,
		&m.Production, &m.DownlineSize, &m.Path}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return translate(err)
		}
		each(&m)
	}
	return translate(rows.Err())
}

// teamPageByProduction answers a page ordered by production, highest first, without
// summing every member's production. production_members holds, for each member who has
// any, running sums by month (so a period's BV is two array reads) and the all-time total,
// which bounds the BV of any period. With k the rows up to the end of the page:
//
//  1. among the 10k members of the view with the highest totals, the k-th best BV in the
//     period is floor: the view's k best have at least that much;
//  2. a member whose total is below floor cannot have as much, so the page is cut from the
//     members whose total reaches floor (a range of the total index when few do, of the
//     view's hierarchy range when most do; the floor is written into the statement so
//     that the planner sees which).
//
// At a million associates and a 12-month period, both read a few thousand index entries
// whatever the size of the view; for a period of a month or two the totals bound the BV
// loosely, and step 2 reads most of the view's producers.
//
// Members without a row have no production. When the period gives fewer than k members
// any (floor 0), or the request filters on other columns, it answers done=false and
// TeamPage sums every member instead.
func (s *Store) teamPageByProduction(ctx context.Context, v hierarchy.View, r Root, q listing.Query, each func(*Member)) (done bool, err error) {
	if v == hierarchy.Personal || r.Period[0].IsZero() || len(q.Filters) > 0 || q.Order[0].Field.Name != "production" || !q.Order[0].Desc {
		return false, nil
	}
	_, gen, err := teamScope(v, r, &listing.Args{}) // checks the view
	if err != nil {
		return false, err
	}
	scope := subtreeOf("m", r.Path)
	if v != hierarchy.Infinity {
		// Inside the root's organisation, a member's leader path extends the root's: the
		// generation is the difference of their depths (Base Shop: none).
		scope += fmt.Sprintf(" AND m.lead_depth <= %d", nlevel(r.LeaderPath)+rollupGens(v))
	}
	from, to := ledger.MonthOf(r.Period[0]), ledger.MonthOf(r.Period[1])
	// members is the view's members who have production, with it, as `t` after the
	// request's keyset; each statement has its own arguments.
	members := func(args *listing.Args, where string) string {
		a, b := args.Add(monthIndex(from)), args.Add(monthIndex(to))
		// C(b) - C(a - 1) from the running sums; a period older than the array's first
		// month, of an associate with production before it, is summed from
		// production_monthly.
		production := `CASE WHEN m.before_cents = 0 OR m.first_month < ` + a + `
			THEN coalesce(m.cum[least(` + b + ` - m.first_month + 1, cardinality(m.cum))], 0) - coalesce(m.cum[least(` + a + ` - m.first_month, cardinality(m.cum))], 0)
			ELSE ` + periodBV("m.associate_id", args.Add(from), args.Add(to)) + ` END`
		return `(SELECT m.associate_id AS id, m.path, m.total_cents, (` + production + `)::bigint AS production
			FROM production_members m WHERE ` + scope + where + `) t WHERE ` + q.Where(args)
	}
	k := q.Offset() + q.Limit + 1
	var floor int64
	var args listing.Args
	err = s.db.QueryRow(ctx, `SELECT production FROM (SELECT t.production FROM `+members(&args, "")+`
		ORDER BY t.total_cents DESC LIMIT `+strconv.Itoa(10*k)+`) x ORDER BY production DESC OFFSET `+strconv.Itoa(k-1)+` LIMIT 1`,
		args.Query()...).Scan(&floor)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && floor <= 0) {
		return false, nil
	}
	if err != nil {
		return false, translate(err)
	}
	args = listing.Args{}
	with := `WITH top AS MATERIALIZED (SELECT t.* FROM ` + members(&args, " AND m.total_cents >= "+strconv.FormatInt(floor, 10)) + `
		ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args) + `) `
	page := `SELECT t.* FROM ` + teamSelect("a.id IN (SELECT id FROM top)", gen, "(SELECT top.production FROM top WHERE top.id = a.id)")
	return true, s.teamRows(ctx, page, with, q, args.Query(), each)
}

// monthIndex numbers months: year × 12 + month - 1, as production_members does.
func monthIndex(month time.Time) int { return month.Year()*12 + int(month.Month()) - 1 }

// MemberSortValue is a member's value of a sortable field, for cursors.
func MemberSortValue(m *Member, field string) any {
	switch field {
	case "id":
		return m.ID
	case "code":
		return m.Code
	case "first_name":
		return m.FirstName
	case "last_name":
		return m.LastName
	case "level_rank":
		return int64(m.Level.Rank)
	case "status":
		return m.Status
	case "state":
		if m.State == "" {
			return nil
		}
		return m.State
	case "joined_on":
		return m.JoinedOn
	case "generation":
		if m.Generation == nil {
			return nil
		}
		return int64(*m.Generation)
	case "production":
		return m.Production
	case "downline_size":
		return int64(m.DownlineSize)
	case "tree":
		return m.Path
	}
	panic("store: no sort value for team field " + field)
}

// Count is a labelled number.
type Count struct {
	Label string
	N     int64
}

// TeamSummary is the team dashboard of one view.
type TeamSummary struct {
	Members     int64
	ByLevel     []Count
	ByStatus    []Count
	NewInPeriod int64
	Licensed    int64
	Expiring    [3]int64 // licenses expiring within 7, 30 and 90 days
	Growth      []Count  // joined per month ("2006-01"), the last 12 months, oldest first
}

// TeamSummary counts a view: by level and status, new associates in [from, to],
// licensed members and licenses expiring soon.
func (s *Store) TeamSummary(ctx context.Context, v hierarchy.View, r Root, from, to time.Time) (TeamSummary, error) {
	var out TeamSummary
	var args listing.Args
	where, _, err := teamScope(v, r, &args)
	if err != nil {
		return out, err
	}
	fromArg, toArg := args.Add(from), args.Add(to)
	var byLevel, byStatus, growth []byte
	err = s.db.QueryRow(ctx, `
		WITH m AS MATERIALIZED (SELECT a.id, a.level_id, a.status, a.joined_on FROM associates a WHERE `+where+`),
		     lic AS (SELECT li.associate_id, li.expires_on FROM m JOIN licenses li ON li.associate_id = m.id
		             WHERE li.expires_on >= current_date)
		SELECT (SELECT count(*) FROM m),
		       (SELECT count(*) FROM m WHERE m.joined_on BETWEEN `+fromArg+` AND `+toArg+`),
		       (SELECT count(DISTINCT associate_id) FROM lic),
		       (SELECT count(*) FROM lic WHERE expires_on < current_date + 7),
		       (SELECT count(*) FROM lic WHERE expires_on < current_date + 30),
		       (SELECT count(*) FROM lic WHERE expires_on < current_date + 90),
		       (SELECT coalesce(json_agg(json_build_array(l.code, coalesce(c.n, 0)) ORDER BY l.rank), '[]')
		          FROM levels l LEFT JOIN (SELECT level_id, count(*) AS n FROM m GROUP BY level_id) c ON c.level_id = l.id),
		       (SELECT coalesce(json_agg(json_build_array(status, n) ORDER BY status), '[]')
		          FROM (SELECT status, count(*) AS n FROM m GROUP BY status) x),
		       (SELECT json_agg(json_build_array(to_char(mo, 'YYYY-MM'), (SELECT count(*) FROM m
		                 WHERE m.joined_on >= mo AND m.joined_on < mo + interval '1 month')) ORDER BY mo)
		          FROM generate_series(date_trunc('month', `+toArg+`::date) - interval '11 months', date_trunc('month', `+toArg+`::date), interval '1 month') mo)`,
		args.Values...).
		Scan(&out.Members, &out.NewInPeriod, &out.Licensed, &out.Expiring[0], &out.Expiring[1], &out.Expiring[2], &byLevel, &byStatus, &growth)
	if err != nil {
		return out, translate(err)
	}
	if out.ByLevel, err = decodeCounts(byLevel); err != nil {
		return out, err
	}
	if out.ByStatus, err = decodeCounts(byStatus); err != nil {
		return out, err
	}
	out.Growth, err = decodeCounts(growth)
	return out, err
}

func decodeCounts(raw []byte) ([]Count, error) {
	var pairs [][2]any
	if err := json.Unmarshal(raw, &pairs); err != nil {
		return nil, err
	}
	out := make([]Count, len(pairs))
	for i, p := range pairs {
		label, _ := p[0].(string)
		n, _ := p[1].(float64)
		out[i] = Count{Label: label, N: int64(n)}
	}
	return out, nil
}
