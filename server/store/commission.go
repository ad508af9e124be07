package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/policy"
)

// CompRules reads the organisation's compensation rates (data, seeded with DOMAIN.md's
// defaults).
func (s *Store) CompRules(ctx context.Context) (comp.Rules, error) {
	var r comp.Rules
	rows, err := s.db.Query(ctx, `SELECT rate_bp FROM comp_generation_rates ORDER BY generation`)
	r.GenerationBP, err = collect(rows, err, func(rows pgx.Rows, v *int32) error { return rows.Scan(v) })
	if err != nil {
		return r, err
	}
	var training, advance int64
	if err := s.db.QueryRow(ctx, `SELECT (SELECT value FROM comp_settings WHERE key = 'training_rate_bp'),
		(SELECT value FROM comp_settings WHERE key = 'advance_rate_bp')`).Scan(&training, &advance); err != nil {
		return r, translate(err)
	}
	r.TrainingBP, r.AdvanceBP = int32(training), int32(advance)
	return r, nil
}

// chainAsOf is an associate and its uplines, nearest first, with the upline and level each
// had on a day (the effective-dated histories; an associate without a row by then counts
// with its current one), and their current status. It walks up one index lookup per level:
// the chain is as long as the associate is deep, never a subtree.
func (s *Store) chainAsOf(ctx context.Context, id int64, on time.Time, names map[int64]string) ([]comp.Person, error) {
	rows, err := s.db.Query(ctx, `
		WITH RECURSIVE chain (id, depth) AS (
			SELECT $1::bigint, 0
			UNION ALL
			SELECT u.upline_id, c.depth + 1 FROM chain c
			CROSS JOIN LATERAL (SELECT CASE WHEN h.found THEN h.upline_id ELSE a.upline_id END AS upline_id
				FROM associates a
				LEFT JOIN LATERAL (SELECT true AS found, uh.upline_id FROM upline_history uh
					WHERE uh.associate_id = c.id AND uh.effective_on <= $2 ORDER BY uh.effective_on DESC, uh.id DESC LIMIT 1) h ON true
				WHERE a.id = c.id) u
			WHERE u.upline_id IS NOT NULL AND c.depth < 10000
		)
		SELECT c.id, a.code, a.first_name || ' ' || a.last_name, l.code, l.name, l.contract_rate_bp, l.is_senior, a.status = 'Active'
		FROM chain c JOIN associates a ON a.id = c.id
		JOIN levels l ON l.id = coalesce((SELECT lh.level_id FROM level_history lh
			WHERE lh.associate_id = c.id AND lh.effective_on <= $2 ORDER BY lh.effective_on DESC, lh.id DESC LIMIT 1), a.level_id)
		ORDER BY c.depth`, id, on)
	return collect(rows, err, func(r pgx.Rows, p *comp.Person) error {
		var name string
		err := r.Scan(&p.ID, &p.Code, &name, &p.Level, &p.LevelName, &p.RateBP, &p.Senior, &p.Active)
		names[p.ID] = name
		return err
	})
}

// Commission is what the calculator needs of a policy and what it answered.
type Commission struct {
	AsOf                time.Time
	CommissionableCents int64
	Lines               []comp.Line
	Names               map[int64]string // associate names by id, for the lines
}

// calculate runs the calculator for writers (ids with shares) and a trainer as of a day.
func (s *Store) calculate(ctx context.Context, premium int64, rateBP int32, writers []int64, shares []int32, trainer *int64, on time.Time) (Commission, error) {
	out := Commission{AsOf: on, Names: map[int64]string{}}
	rules, err := s.CompRules(ctx)
	if err != nil {
		return out, err
	}
	in := comp.Policy{TargetPremiumCents: premium, CommissionRateBP: rateBP}
	for i, id := range writers {
		chain, err := s.chainAsOf(ctx, id, on, out.Names)
		if err != nil {
			return out, err
		}
		in.Writers = append(in.Writers, comp.Writer{ShareBP: shares[i], Chain: chain})
	}
	if trainer != nil {
		chain, err := s.chainAsOf(ctx, *trainer, on, out.Names)
		if err != nil {
			return out, err
		}
		in.Trainer = &chain[0]
	}
	out.CommissionableCents = comp.Commissionable(premium, rateBP)
	out.Lines, err = comp.Calculate(in, rules)
	if err != nil {
		return out, errs.Wrap(errs.Invalid, err, "The policy cannot be calculated: %v", err)
	}
	return out, nil
}

// PolicyCommission is what everyone in the chains earns on a policy the caller may see, as
// of its sale date.
func (s *Store) PolicyCommission(ctx context.Context, p *auth.Principal, id int64) (Commission, error) {
	pol, err := s.visiblePolicy(ctx, p, id, false)
	if err != nil {
		return Commission{}, err
	}
	return s.policyCommission(ctx, &pol)
}

// policyCommission runs the calculator over a stored policy as of its sale date.
func (s *Store) policyCommission(ctx context.Context, pol *Policy) (Commission, error) {
	ids, shares := make([]int64, len(pol.Writers)), make([]int32, len(pol.Writers))
	for i, w := range pol.Writers {
		ids[i], shares[i] = w.AssociateID, w.ShareBP
	}
	var trainer *int64
	if pol.Trainer != nil {
		trainer = &pol.Trainer.ID
	}
	return s.calculate(ctx, pol.PremiumCents, pol.CommissionRateBP, ids, shares, trainer, pol.SubmittedOn)
}

// PreviewCommission is what everyone would earn on a policy the caller is writing, from the
// form as it stands: the product's rate, the premium, the caller with the split writer and
// the trainer when they name someone the caller may see, as of the submitted date (today
// when not given). Licensing and the client are not checked: the form says so when it is
// sent.
func (s *Store) PreviewCommission(ctx context.Context, p *auth.Principal, in policy.Input, today time.Time) (Commission, error) {
	if !p.IsAssociate() {
		return Commission{}, errs.Coded(errs.Forbidden, errs.CodeAssociatesOnly, "Only associates write policies")
	}
	var rate int32
	err := s.db.QueryRow(ctx, `SELECT commission_rate_bp FROM products WHERE id = $1`, in.ProductID).Scan(&rate)
	if errs.Is(translate(err), errs.NotFound) {
		return Commission{}, errs.Validation(errs.Field("product_id", "Product not found"))
	}
	if err != nil {
		return Commission{}, translate(err)
	}
	ids, shares := []int64{p.AssociateID}, []int32{10000}
	var f errs.Fields
	if in.SplitCode != "" {
		id, msg, err := s.resolvePerson(ctx, p, in.SplitCode)
		if err != nil {
			return Commission{}, err
		}
		if msg != "" {
			f.Add("split_code", "%s", msg)
		}
		ids, shares = append(ids, id), []int32{10000 - in.SplitShareBP, in.SplitShareBP}
	}
	var trainer *int64
	if in.TrainerCode != "" {
		id, msg, err := s.resolvePerson(ctx, p, in.TrainerCode)
		if err != nil {
			return Commission{}, err
		}
		if msg != "" {
			f.Add("trainer_code", "%s", msg)
		}
		trainer = &id
	}
	if err := f.Err(); err != nil {
		return Commission{}, err
	}
	on := in.SubmittedOn
	if on.IsZero() {
		on = today
	}
	return s.calculate(ctx, in.TargetPremiumCents, rate, ids, shares, trainer, on)
}
