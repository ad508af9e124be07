package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/policy"
)

// productLine is a kind of product a provider may offer, with its range of rates.
type productLine struct {
	category, typ, name string
	rate                [2]int32 // commission rate range, bp
	bv                  int32    // BV factor, bp
	premium             [2]int64 // annual target premium range, dollars
	face                [2]int64 // face amount range, dollars (0: none)
}

var productLines = []productLine{
	{"Life Insurance", "IUL", "Indexed Universal Life", [2]int32{10000, 12000}, 10000, [2]int64{1200, 12000}, [2]int64{100_000, 2_000_000}},
	{"Life Insurance", "Term", "Term 20", [2]int32{8000, 10500}, 10000, [2]int64{300, 3000}, [2]int64{250_000, 1_500_000}},
	{"Life Insurance", "Whole Life", "Whole Life Legacy", [2]int32{9000, 11000}, 10000, [2]int64{1500, 9000}, [2]int64{50_000, 750_000}},
	{"Life Insurance", "Final Expense", "Final Expense Guaranteed", [2]int32{9500, 11500}, 10000, [2]int64{400, 2400}, [2]int64{5_000, 35_000}},
	{"Annuity", "Indexed Annuity", "Index Growth Annuity", [2]int32{550, 750}, 800, [2]int64{25_000, 300_000}, [2]int64{0, 0}},
	{"Annuity", "Fixed Annuity", "Fixed Income Annuity", [2]int32{300, 500}, 600, [2]int64{20_000, 200_000}, [2]int64{0, 0}},
	{"Alternative Investments", "Real Estate Fund", "Income Real Estate Fund", [2]int32{300, 600}, 500, [2]int64{10_000, 100_000}, [2]int64{0, 0}},
	{"Money Management", "Managed Account", "Managed Portfolio", [2]int32{100, 300}, 300, [2]int64{25_000, 500_000}, [2]int64{0, 0}},
	{"Legal Services", "Legal Plan", "Family Legal Plan", [2]int32{2500, 4000}, 5000, [2]int64{240, 600}, [2]int64{0, 0}},
	{"Health Services", "Medicare Supplement", "Medicare Supplement Plan G", [2]int32{1500, 2500}, 4000, [2]int64{1200, 3600}, [2]int64{0, 0}},
	{"Health Services", "Dental", "Dental Preferred", [2]int32{1500, 2500}, 3000, [2]int64{300, 900}, [2]int64{0, 0}},
	{"Bonus", "Bonus", "Carrier Production Bonus", [2]int32{10000, 10000}, 0, [2]int64{100, 1000}, [2]int64{0, 0}},
	{"Other", "Other", "Accident Protection", [2]int32{2000, 3500}, 3000, [2]int64{200, 800}, [2]int64{0, 0}},
}

type product struct {
	id       int64
	provider int64
	line     *productLine
	rate     int32
	canada   bool
}

// products gives every provider four to six product lines (every category offered by
// someone), about sixty products.
func products(ctx context.Context, tx pgx.Tx, r *rand.Rand) ([]product, error) {
	var out []product
	var rows [][]any
	for pi := range providerNames {
		picks := r.Perm(len(productLines))[:4+r.IntN(3)]
		// Every line is offered by at least one provider.
		picks = append(picks, pi%len(productLines))
		seen := map[int]bool{}
		for _, li := range picks {
			if seen[li] {
				continue
			}
			seen[li] = true
			l := &productLines[li]
			p := product{id: int64(len(out) + 1), provider: int64(pi + 1), line: l,
				rate: l.rate[0] + int32(r.IntN(int(l.rate[1]-l.rate[0])/50+1))*50, canada: r.IntN(3) == 0}
			countries := []string{"USA"}
			if p.canada {
				countries = append(countries, "Canada")
			}
			name := fmt.Sprintf("%s %s", providerNames[pi].name[:len(providerNames[pi].name)-len(lastWord(providerNames[pi].name))-1], l.name)
			rows = append(rows, []any{p.id, p.provider, name, l.category, l.typ, p.rate, l.bv, countries, r.IntN(15) != 0})
			out = append(out, p)
		}
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"products"},
		[]string{"id", "provider_id", "name", "category", "type", "commission_rate_bp", "bv_factor_bp", "countries", "active"}, pgx.CopyFromRows(rows))
	if err != nil {
		return nil, fmt.Errorf("seed products: %w", err)
	}
	return out, nil
}

func lastWord(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

var requirementNames = []string{"Signed application", "Paramedical exam", "Attending physician statement", "Replacement form",
	"Suitability questionnaire", "Bank draft authorisation", "Proof of identity", "Beneficiary designation"}

// statusMix is how seeded business spreads over the workflow.
var statusMix = []policy.Status{policy.Pending, policy.Pending, policy.ActionRequired, policy.ReadyToPay,
	policy.Approved, policy.Approved, policy.Approved, policy.Approved, policy.Archived, policy.Archived}

// policies writes about Options.Policies policies: writers with clients of their own,
// every status, splits with the upline (10 %), field trainers, requirements, lapses; the
// demo agent and RMD have business in every status. Production and its rollups are built from
// them at the end, as the store keeps it.
func policies(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, clients []clientInfo, prods []product, rmd, agent int, o Options) (int, error) {
	byOwner := make([][]int32, len(as))
	for i, c := range clients {
		byOwner[c.owner] = append(byOwner[c.owner], int32(i))
	}
	today := time.Date(o.Now.Year(), o.Now.Month(), o.Now.Day(), 0, 0, 0, 0, time.UTC)
	var pol, wr, req [][]any
	var polID, reqID int64
	flush := func(force bool) error {
		if len(pol) < 20_000 && !(force && len(pol) > 0) {
			return nil
		}
		for _, t := range []struct {
			name string
			cols []string
			rows *[][]any
		}{
			{"policies", []string{"id", "provider_id", "policy_number", "client_id", "product_id", "writer_id", "trainer_id",
				"face_amount_cents", "target_premium_cents", "bv_cents", "status", "submitted_on", "issued_on", "approved_on",
				"lapsed_on", "created_at", "updated_at"}, &pol},
			{"policy_writers", []string{"policy_id", "position", "associate_id", "share_bp", "bv_cents", "premium_cents"}, &wr},
			{"policy_requirements", []string{"id", "policy_id", "name", "status", "due_on", "created_at", "updated_at"}, &req},
		} {
			if len(*t.rows) == 0 {
				continue
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{t.name}, t.cols, pgx.CopyFromRows(*t.rows)); err != nil {
				return fmt.Errorf("seed %s: %w", t.name, err)
			}
			*t.rows = (*t.rows)[:0]
		}
		o.Progress("policies", int(polID), o.Policies)
		return nil
	}
	write := func(wi int, status policy.Status) {
		w := &as[wi]
		own := byOwner[wi]
		if len(own) == 0 {
			return
		}
		ci := own[r.IntN(len(own))]
		cl := clients[ci]
		var choices []int
		for k := range prods {
			if cl.canada && !prods[k].canada {
				continue
			}
			choices = append(choices, k)
		}
		pr := prods[choices[r.IntN(len(choices))]]
		l := pr.line
		polID++
		premium := (l.premium[0] + r.Int64N(l.premium[1]-l.premium[0]+1)) * 100
		var face int64
		if l.face[1] > 0 {
			face = (l.face[0] + r.Int64N((l.face[1]-l.face[0])/5000+1)*5000) * 100
		}
		bv := policy.BV(premium, l.bv)
		span := int(today.Sub(w.joined).Hours() / 24)
		if span > 540 {
			span = 540
		}
		if span < 1 {
			span = 1
		}
		submitted := today.AddDate(0, 0, -r.IntN(span))
		var issued, approved, lapsed *time.Time
		if status != policy.Pending && status != policy.ActionRequired || r.IntN(3) == 0 {
			d := submitted.AddDate(0, 0, 7+r.IntN(21))
			if !d.After(today) {
				issued = &d
			}
		}
		if status == policy.Approved || status == policy.Archived {
			d := submitted.AddDate(0, 0, 20+r.IntN(40))
			if d.After(today) {
				d = today
			}
			approved = &d
			if r.IntN(20) == 0 {
				lp := d.AddDate(0, 0, r.IntN(300))
				if lp.After(today) {
					lp = today
				}
				lapsed = &lp
			}
		}
		var trainer *int64
		writers := []int64{w.id}
		shares := []int32{10000}
		if w.upline != 0 && r.IntN(10) == 0 {
			writers, shares = append(writers, w.upline), []int32{5000, 5000}
		}
		if w.upline != 0 && r.IntN(7) == 0 {
			t := w.upline
			if len(writers) == 2 {
				t = as[w.upline-1].upline
			}
			if t != 0 {
				trainer = &t
			}
		}
		created := time.Date(submitted.Year(), submitted.Month(), submitted.Day(), 9+r.IntN(9), r.IntN(60), 0, 0, time.UTC)
		pol = append(pol, []any{polID, pr.provider, fmt.Sprintf("%s%09d", providerNames[pr.provider-1].code, polID), int64(ci + 1),
			pr.id, w.id, trainer, face, premium, bv, string(status), submitted, issued, approved, lapsed, created, created})
		bvs, prems := comp.Split(bv, shares), comp.Split(premium, shares)
		for k, a := range writers {
			wr = append(wr, []any{polID, k + 1, a, shares[k], bvs[k], prems[k]})
		}
		nreq := 0
		switch status {
		case policy.ActionRequired:
			nreq = 1 + r.IntN(3)
		case policy.Pending, policy.ReadyToPay:
			nreq = r.IntN(3)
		}
		for k := range nreq {
			reqID++
			st := policy.RequirementReceived
			switch {
			case status == policy.ActionRequired && k == 0:
				st = policy.RequirementOpen
			case status == policy.ActionRequired && r.IntN(2) == 0:
				st = policy.RequirementOpen
			case r.IntN(5) == 0:
				st = policy.RequirementWaived
			}
			due := submitted.AddDate(0, 0, 14+r.IntN(30))
			req = append(req, []any{reqID, polID, requirementNames[r.IntN(len(requirementNames))], st, due, created, created})
		}
	}
	// The demo associates first: business in every status, some of it this month.
	for _, wi := range []int{agent, rmd} {
		for k := range 2 * len(policy.Statuses) {
			write(wi, policy.Statuses[k%len(policy.Statuses)])
		}
	}
	// Writers are drawn from the associates who have clients (however few clients were
	// asked for, every draw writes a policy).
	var owners []int
	for i, own := range byOwner {
		if len(own) > 0 {
			owners = append(owners, i)
		}
	}
	for polID < int64(o.Policies) {
		wi := owners[r.IntN(len(owners))]
		if as[wi].level == 1 && r.IntN(2) == 0 {
			continue // training associates write less
		}
		write(wi, statusMix[r.IntN(len(statusMix))])
		if err := flush(false); err != nil {
			return 0, err
		}
	}
	if err := flush(true); err != nil {
		return 0, err
	}
	return int(polID), nil
}

// businessDerived builds what the store keeps from the policies: production_monthly, the
// team rollups and members' running sums over it (the migration's functions) and the
// approval and lapse events the compensation engine takes up.
func businessDerived(ctx context.Context, tx pgx.Tx) error {
	for _, sql := range []string{
		`INSERT INTO production_monthly (associate_id, month, status, category, bv_cents, premium_cents, policies)
		 SELECT w.associate_id, date_trunc('month', p.submitted_on)::date,
		        CASE WHEN p.lapsed_on IS NOT NULL THEN 'Lapsed' ELSE p.status END, pr.category,
		        sum(w.bv_cents), sum(w.premium_cents), count(*) FILTER (WHERE w.position = 1)
		 FROM policies p JOIN policy_writers w ON w.policy_id = p.id JOIN products pr ON pr.id = p.product_id
		 GROUP BY 1, 2, 3, 4`,
		`SELECT production_rollup_rebuild()`,
		`SELECT production_members_refresh(ARRAY(SELECT DISTINCT associate_id FROM production_monthly))`,
		`INSERT INTO policy_events (policy_id, kind, occurred_on) SELECT id, 'approved', approved_on FROM policies WHERE approved_on IS NOT NULL`,
		`INSERT INTO policy_events (policy_id, kind, occurred_on) SELECT id, 'lapsed', lapsed_on FROM policies WHERE lapsed_on IS NOT NULL`,
	} {
		if _, err := tx.Exec(ctx, sql); err != nil {
			return fmt.Errorf("seed business: %w", err)
		}
	}
	return nil
}
