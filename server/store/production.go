package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/policy"
)

// Production counts by the month of submission: a period is read as the whole months it
// touches (production_monthly holds one row per associate, month, status and category).

// Amounts are production figures: BV and premium in cents, policies written.
type Amounts struct {
	BV, Premium, Policies int64
}

func (a *Amounts) add(b Amounts) {
	a.BV += b.BV
	a.Premium += b.Premium
	a.Policies += b.Policies
}

// Labelled is a labelled set of amounts.
type Labelled struct {
	Label string
	Amounts
}

// ProductionCell is one status × category × month of a view's production.
type ProductionCell struct {
	Month    time.Time
	Status   string
	Category string
	Amounts
}

// ViewProduction sums a view's production from the month of from to the month of to, by
// month, status and category: from the root's rollup when the root is a hub (a range of
// its rows, whatever the size of the view), otherwise from its members' production_monthly
// (fewer than production_hub_min() members; rollup.go).
func (s *Store) ViewProduction(ctx context.Context, v hierarchy.View, r Root, from, to time.Time) ([]ProductionCell, error) {
	var args listing.Args
	where, _, err := teamScope(v, r, &args)
	if err != nil {
		return nil, err
	}
	var rows pgx.Rows
	if gens := rollupGens(v); gens >= 0 && r.Hub {
		// Only the statement that runs is sent: one holding both sums behind a one-time
		// filter was planned at the size of the organisation, and started JIT compilation and
		// parallel workers for the branch that never ran (~100 ms at a million associates).
		rows, err = s.db.Query(ctx, `SELECT month, status, category, sum(bv_cents)::bigint, sum(premium_cents)::bigint, sum(policies)::bigint
			FROM production_rollup WHERE ancestor_id = $1 AND gen <= $2 AND month BETWEEN $3 AND $4
			GROUP BY month, status, category`, r.ID, gens, ledger.MonthOf(from), ledger.MonthOf(to))
	} else {
		fromArg, toArg := args.Add(ledger.MonthOf(from)), args.Add(ledger.MonthOf(to))
		rows, err = s.db.Query(ctx, `SELECT pm.month, pm.status, pm.category, sum(pm.bv_cents)::bigint, sum(pm.premium_cents)::bigint, sum(pm.policies)::bigint
			FROM production_monthly pm JOIN associates a ON a.id = pm.associate_id
			WHERE `+where+` AND pm.month BETWEEN `+fromArg+` AND `+toArg+`
			GROUP BY pm.month, pm.status, pm.category`, args.Values...)
	}
	return collect(rows, err, func(r pgx.Rows, c *ProductionCell) error {
		return r.Scan(&c.Month, &c.Status, &c.Category, &c.BV, &c.Premium, &c.Policies)
	})
}

// BusinessSummary is the business dashboard of one view.
type BusinessSummary struct {
	Totals     Amounts // every status but Lapsed
	ByStatus   []Labelled
	ByCategory []Labelled
	ByMonth    []Labelled // the 12 months up to the period's end, oldest first
}

// Categories are the product categories, in the spec's order.
var Categories = []string{"Life Insurance", "Annuity", "Alternative Investments", "Money Management",
	"Legal Services", "Health Services", "Bonus", "Other"}

// BusinessSummary sums a view's production for a period, by status (every status, then
// Lapsed), by category, and by month for the twelve months up to the period's end.
func (s *Store) BusinessSummary(ctx context.Context, v hierarchy.View, r Root, from, to time.Time) (BusinessSummary, error) {
	var out BusinessSummary
	first := ledger.MonthOf(to).AddDate(0, -11, 0)
	start := first
	if ledger.MonthOf(from).Before(start) {
		start = ledger.MonthOf(from)
	}
	cells, err := s.ViewProduction(ctx, v, r, start, to)
	if err != nil {
		return out, err
	}
	byStatus := map[string]Amounts{}
	byCategory := map[string]Amounts{}
	byMonth := map[time.Time]Amounts{}
	for _, c := range cells {
		if c.Status != policy.Lapsed {
			m := byMonth[c.Month]
			m.add(c.Amounts)
			byMonth[c.Month] = m
		}
		if c.Month.Before(ledger.MonthOf(from)) {
			continue
		}
		st := byStatus[c.Status]
		st.add(c.Amounts)
		byStatus[c.Status] = st
		if c.Status == policy.Lapsed {
			continue
		}
		ca := byCategory[c.Category]
		ca.add(c.Amounts)
		byCategory[c.Category] = ca
		out.Totals.add(c.Amounts)
	}
	for _, st := range policy.Statuses {
		out.ByStatus = append(out.ByStatus, Labelled{string(st), byStatus[string(st)]})
	}
	out.ByStatus = append(out.ByStatus, Labelled{policy.Lapsed, byStatus[policy.Lapsed]})
	for _, c := range Categories {
		out.ByCategory = append(out.ByCategory, Labelled{c, byCategory[c]})
	}
	for m := first; !m.After(ledger.MonthOf(to)); m = m.AddDate(0, 1, 0) {
		out.ByMonth = append(out.ByMonth, Labelled{m.Format("2006-01"), byMonth[m]})
	}
	return out, nil
}

// ViewTotals is a view's production of a period, every status but Lapsed.
func (s *Store) ViewTotals(ctx context.Context, v hierarchy.View, r Root, from, to time.Time) (Amounts, error) {
	var out Amounts
	cells, err := s.ViewProduction(ctx, v, r, from, to)
	for _, c := range cells {
		if c.Status != policy.Lapsed {
			out.add(c.Amounts)
		}
	}
	return out, err
}

// PendingRequirement is an open requirement on one of an associate's policies.
type PendingRequirement struct {
	PolicyID      int64
	PolicyNumber  string
	ClientName    string
	RequirementID int64
	Name          string
	DueOn         *time.Time
}

// PendingRequirements lists the open requirements of the policies an associate writes,
// earliest due first (undated last), at most limit.
func (s *Store) PendingRequirements(ctx context.Context, associateID int64, limit int) ([]PendingRequirement, error) {
	rows, err := s.db.Query(ctx, `SELECT p.id, p.policy_number, c.first_name || ' ' || c.last_name, r.id, r.name, r.due_on
		FROM policy_writers w JOIN policies p ON p.id = w.policy_id JOIN clients c ON c.id = p.client_id
		JOIN policy_requirements r ON r.policy_id = p.id AND r.status = 'Open'
		WHERE w.associate_id = $1 ORDER BY r.due_on NULLS LAST, r.id LIMIT $2`, associateID, limit)
	return collect(rows, err, func(r pgx.Rows, q *PendingRequirement) error {
		return r.Scan(&q.PolicyID, &q.PolicyNumber, &q.ClientName, &q.RequirementID, &q.Name, &q.DueOn)
	})
}

// Scholarship is an associate's progress in one scholarship program.
type Scholarship struct {
	Code, Name             string
	RecruitsTarget         int
	Recruits               int64
	BVTarget, BV, Award    int64
	WindowStart, WindowEnd time.Time
}

// Scholarships measures an associate against every program: direct recruits who joined and
// personal BV submitted (not lapsed) in each program's window, the months up to end.
func (s *Store) Scholarships(ctx context.Context, associateID int64, end time.Time) ([]Scholarship, error) {
	rows, err := s.db.Query(ctx, `SELECT sp.code, sp.name, sp.recruits, sp.bv_cents, sp.award_cents, w.start,
			(SELECT count(*) FROM associates WHERE upline_id = $1 AND joined_on BETWEEN w.start AND $2),
			(SELECT coalesce(sum(bv_cents), 0)::bigint FROM production_monthly
				WHERE associate_id = $1 AND month BETWEEN w.start AND $2 AND status <> 'Lapsed')
		FROM scholarship_programs sp
		CROSS JOIN LATERAL (SELECT (date_trunc('month', $2::date) - make_interval(months => sp.window_months - 1))::date AS start) w
		ORDER BY sp.code`, associateID, end)
	return collect(rows, err, func(r pgx.Rows, sc *Scholarship) error {
		sc.WindowEnd = end
		return r.Scan(&sc.Code, &sc.Name, &sc.RecruitsTarget, &sc.BVTarget, &sc.Award, &sc.WindowStart, &sc.Recruits, &sc.BV)
	})
}
