package sdk

import (
	"context"
	"iter"

	"golang.org/x/sync/errgroup"

	"github.com/associateportal/portal/sdk/oas"
)

// Policy is the contract's Policy schema: one policy with its writers, dates and what the
// caller may do with it (can_edit, next_statuses, can_lapse).
type Policy = oas.Policy

// PolicyRow is the contract's PolicyRow schema: a policy as the business list shows it.
type PolicyRow = oas.PolicyRow

// PoliciesAll iterates over every policy that params select (its view, filters and order),
// following next_cursor. params.Limit sets the page size (DefaultLimit when unset);
// params.Page and params.Cursor set where to start.
func (c *Client) PoliciesAll(ctx context.Context, params oas.ListPoliciesParams) iter.Seq2[PolicyRow, error] {
	return pagesOf(ctx, params, c.ListPolicies, func(r *oas.PolicyListHeaders) ([]PolicyRow, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// PolicyInputOf returns the editable fields of a policy as its first writer wrote them:
// the starting point of an edit, since UpdatePolicy replaces every field. The second writer
// of a split and the field trainer come back by their codes.
func PolicyInputOf(p *Policy) oas.PolicyInput {
	in := oas.PolicyInput{
		PolicyNumber:       p.PolicyNumber,
		ClientID:           p.ClientID,
		ProductID:          p.ProductID,
		FaceAmountCents:    p.FaceAmountCents,
		TargetPremiumCents: p.TargetPremiumCents,
		SubmittedOn:        p.SubmittedOn,
		IssuedOn:           p.IssuedOn,
		Notes:              p.Notes,
	}
	if len(p.Writers) > 1 {
		in.SplitCode = oas.NewOptString(p.Writers[1].Code)
		in.SplitShareBp = oas.NewOptInt(p.Writers[1].ShareBp)
	}
	if t, ok := p.Trainer.Get(); ok {
		in.TrainerCode = oas.NewOptString(t.Code)
	}
	return in
}

// PolicyDetail is a policy with its requirements (oldest first) and what everyone in the
// chain earns on it (its commission preview, as of its sale date).
type PolicyDetail struct {
	Policy       Policy
	Requirements []oas.Requirement
	Commission   oas.CommissionPreview
}

// PolicyDetail loads the policy id with its requirements and commission preview, the three
// requests at once.
func (c *Client) PolicyDetail(ctx context.Context, id int64) (*PolicyDetail, error) {
	var d PolicyDetail
	g, ctx := errgroup.WithContext(ctx)
	fetchInto(g, func() (*oas.PolicyHeaders, error) { return c.GetPolicy(ctx, oas.GetPolicyParams{ID: id}) },
		func(r *oas.PolicyHeaders) { d.Policy = r.Response })
	fetchInto(g, func() (*oas.RequirementListHeaders, error) {
		return c.ListPolicyRequirements(ctx, oas.ListPolicyRequirementsParams{ID: id})
	}, func(r *oas.RequirementListHeaders) { d.Requirements = r.Response.Data })
	fetchInto(g, func() (*oas.CommissionPreviewHeaders, error) {
		return c.GetPolicyCommission(ctx, oas.GetPolicyCommissionParams{ID: id})
	}, func(r *oas.CommissionPreviewHeaders) { d.Commission = r.Response })
	if err := g.Wait(); err != nil {
		return nil, wrap(err)
	}
	return &d, nil
}

// fetchInto runs fetch in g and hands its answer to keep when it succeeds: one of the
// requests of a detail loaded at once.
func fetchInto[R any](g *errgroup.Group, fetch func() (R, error), keep func(R)) {
	g.Go(func() error {
		r, err := fetch()
		if err == nil {
			keep(r)
		}
		return err
	})
}
