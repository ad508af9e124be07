package store

import (
	"context"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/listing"
)

// Product is a product of a provider with its commission rate and BV factor.
type Product struct {
	ID               int64
	ProviderID       int64
	ProviderName     string
	Name             string
	Category         string
	Type             string
	CommissionRateBP int
	BVFactorBP       int
	Countries        []string
	Active           bool
}

// productColumns are the columns of the product list and the compensation schedule: the
// products `pr` with their provider `pv`.
var productColumns = map[string]listing.Column{
	"id":          {SQL: "pr.id"},
	"provider_id": {SQL: "pr.provider_id"},
	"name":        {SQL: "pr.name"},
	"category":    {SQL: "pr.category"},
	"type":        {SQL: "pr.type"},
	"country": {Where: func(_ listing.Op, arg string) string {
		return arg + " = ANY(pr.countries)"
	}},
	"active":             {SQL: "pr.active"},
	"provider_name":      {SQL: "pv.name"},
	"commission_rate_bp": {SQL: "pr.commission_rate_bp", Type: listing.Int},
}

// ProductListing is the whitelist of the product list.
var ProductListing = listing.FromContract(lists.ListProducts, productColumns)

// ScheduleListing is the whitelist of the compensation schedule and its download: the
// product list's fields, sorted by provider by default.
var ScheduleListing = listing.FromContract(lists.ListCompensationSchedule, productColumns)

const productSelect = `SELECT pr.id, pr.provider_id, pv.name, pr.name, pr.category, pr.type, pr.commission_rate_bp,
	pr.bv_factor_bp, pr.countries, pr.active
	FROM products pr JOIN providers pv ON pv.id = pr.provider_id`

func newProductDest(p *Product) []any {
	return []any{&p.ID, &p.ProviderID, &p.ProviderName, &p.Name, &p.Category, &p.Type, &p.CommissionRateBP,
		&p.BVFactorBP, &p.Countries, &p.Active}
}

// products calls each for every product of a page under an extra condition; the product
// passed is reused for the next row.
func (s *Store) products(ctx context.Context, scope string, q listing.Query, each func(*Product)) error {
	var args listing.Args
	sql := productSelect + ` WHERE ` + scope + ` AND ` + q.Where(&args) + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	var p Product
	dest := newProductDest(&p)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return translate(err)
		}
		each(&p)
	}
	return translate(rows.Err())
}

// ListProducts calls each for every product of a page (at most q.Limit+1 rows); every
// signed-in user reads them.
func (s *Store) ListProducts(ctx context.Context, q listing.Query, each func(*Product)) error {
	return s.products(ctx, "TRUE", q, each)
}

// ProductSortValue is a product's value of a sortable field, for cursors.
func ProductSortValue(p *Product, field string) any {
	switch field {
	case "id":
		return p.ID
	case "name":
		return p.Name
	case "provider_name":
		return p.ProviderName
	case "category":
		return p.Category
	case "type":
		return p.Type
	case "commission_rate_bp":
		return int64(p.CommissionRateBP)
	}
	panic("store: no sort value for product field " + field)
}

// LevelEarning is what one level earns on a product.
type LevelEarning struct {
	Level     string // the level's code
	Name      string
	RateBP    int // the level's contract rate
	EarningBP int // commission rate × level rate (EarningBP)
	Mine      bool
}

// ScheduleRow is a product of the compensation schedule with every level's earning,
// lowest level first.
type ScheduleRow struct {
	Product
	Levels []LevelEarning
}

// EarningBP is what a level earns on a product per dollar of target premium, in basis
// points: commission rate × level rate, rounded half-up to a basis point.
func EarningBP(commissionRateBP, levelRateBP int) int {
	return int((int64(commissionRateBP)*int64(levelRateBP) + 5000) / 10000)
}

// earningSQL is EarningBP in SQL, on products `pr` and levels `l`.
const earningSQL = `(pr.commission_rate_bp::bigint * l.contract_rate_bp + 5000) / 10000`

// scheduleScope is the products of the schedule: the active ones, unless the request
// filters on active itself (filter[active][eq]=false shows the retired ones).
func scheduleScope(q listing.Query) string {
	for _, f := range q.Filters {
		if f.Field.Name == "active" {
			return "TRUE"
		}
	}
	return "pr.active"
}

// ListSchedule calls each for every product of a page of the compensation schedule (at
// most q.Limit+1 rows) with what every level earns on it, the caller's current level
// marked (staff acting for nobody have none). The row passed is reused for the next one.
func (s *Store) ListSchedule(ctx context.Context, p *auth.Principal, q listing.Query, each func(*ScheduleRow)) error {
	levels, err := s.Levels(ctx)
	if err != nil {
		return err
	}
	var mine int16
	if p.IsAssociate() {
		if err := s.db.QueryRow(ctx, `SELECT level_id FROM associates WHERE id = $1`, p.AssociateID).Scan(&mine); err != nil {
			return translate(err)
		}
	}
	row := ScheduleRow{Levels: make([]LevelEarning, len(levels))}
	return s.products(ctx, scheduleScope(q), q, func(pr *Product) {
		row.Product = *pr
		for i, l := range levels {
			row.Levels[i] = LevelEarning{Level: l.Code, Name: l.Name, RateBP: int(l.RateBP),
				EarningBP: EarningBP(pr.CommissionRateBP, int(l.RateBP)), Mine: l.ID == mine}
		}
		each(&row)
	})
}

// ScheduleSortValue is a schedule row's value of a sortable field, for cursors.
func ScheduleSortValue(r *ScheduleRow, field string) any { return ProductSortValue(&r.Product, field) }

// ScheduleExportSQL is the query of a compensation schedule download: one row per product
// and level (lists.ScheduleExport), the levels of a product lowest first. The schedule is
// the same for everyone.
func ScheduleExportSQL(_ *auth.Principal, q listing.Query) (string, []any, error) {
	var args listing.Args
	sql := `SELECT pr.id, pr.name, pv.name, pr.category, pr.type, pr.commission_rate_bp, l.code, l.name, l.contract_rate_bp,
		` + earningSQL + `
		FROM products pr JOIN providers pv ON pv.id = pr.provider_id CROSS JOIN levels l
		WHERE ` + scheduleScope(q) + ` AND ` + q.FilterWhere(&args) + ` ORDER BY ` + q.OrderBy() + `, l.rank`
	return sql, args.Query(), nil
}
