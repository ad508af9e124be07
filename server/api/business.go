package api

import (
	"context"
	"strings"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/policy"
	"github.com/associateportal/portal/server/store"
)

var _ oas.BusinessHandler = (*Handler)(nil)

var policyPages pagePool[oas.PolicyRow]

// today is the day of now, for dates the server records (approvals, lapses).
func (h *Handler) today() time.Time { return ledger.Day(h.now()) }

// ListPolicies answers a page of the policies of the caller's view.
func (h *Handler) ListPolicies(ctx context.Context, params oas.ListPoliciesParams) (*oas.PolicyListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.PolicyListing)
	if err != nil {
		return nil, err
	}
	view := hierarchy.View(params.View.Or(oas.TeamViewPersonal))
	data, next, err := listPage(ctx, &policyPages, q,
		func(each func(*store.PolicyRow)) error { return h.Store.ListPolicies(ctx, p, view, q, each) },
		policyRowOut, store.PolicySortValue)
	if err != nil {
		return nil, err
	}
	return &oas.PolicyListHeaders{Response: oas.PolicyList{Data: data, NextCursor: next}}, nil
}

// DownloadPolicies checks the filters now and answers a signed URL to the whole list.
func (h *Handler) DownloadPolicies(ctx context.Context, params oas.DownloadPoliciesParams) (*oas.DownloadHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.PolicyListing)
	if err != nil {
		return nil, err
	}
	view := hierarchy.View(params.View.Or(oas.TeamViewPersonal))
	if _, _, err := h.Store.PolicyExportSQL(ctx, p, view, q); err != nil {
		return nil, err
	}
	url, err := h.exportURL(ctx, p, oas.DownloadPoliciesOperation, string(view), string(params.Format.Or(oas.DownloadFormatCsv)))
	if err != nil {
		return nil, err
	}
	return &oas.DownloadHeaders{Response: oas.Download{URL: url}}, nil
}

// GetPolicy answers one policy the caller may see.
func (h *Handler) GetPolicy(ctx context.Context, params oas.GetPolicyParams) (*oas.PolicyHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	pol, err := h.Store.GetPolicy(ctx, p, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.PolicyHeaders{Response: policyOut(p, &pol)}, nil
}

// policyInput reads and checks a policy form for the caller as first writer.
func (h *Handler) policyInput(p *auth.Principal, r *oas.PolicyInput) (policy.Input, error) {
	in := policy.Input{PolicyNumber: r.PolicyNumber, ClientID: r.ClientID, ProductID: r.ProductID,
		FaceAmountCents: r.FaceAmountCents, TargetPremiumCents: r.TargetPremiumCents, SubmittedOn: r.SubmittedOn,
		SplitCode: r.SplitCode.Or(""), SplitShareBP: int32(r.SplitShareBp.Or(0)), TrainerCode: r.TrainerCode.Or(""),
		Notes: r.Notes.Or("")}
	if d, ok := r.IssuedOn.Get(); ok {
		in.IssuedOn = &d
	}
	in.Normalize()
	return in, in.Validate(p.Code, h.now())
}

// CreatePolicy writes a policy with the caller as its first writer.
func (h *Handler) CreatePolicy(ctx context.Context, req *oas.PolicyInput) (*oas.PolicyHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	in, err := h.policyInput(p, req)
	if err != nil {
		return nil, err
	}
	pol, err := h.Store.CreatePolicy(ctx, p, in)
	if err != nil {
		return nil, err
	}
	return &oas.PolicyHeaders{Response: policyOut(p, &pol)}, nil
}

// UpdatePolicy replaces the editable fields of a policy the caller wrote.
func (h *Handler) UpdatePolicy(ctx context.Context, req *oas.PolicyInput, params oas.UpdatePolicyParams) (*oas.PolicyHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	in, err := h.policyInput(p, req)
	if err != nil {
		return nil, err
	}
	pol, err := h.Store.UpdatePolicy(ctx, p, params.ID, in)
	if err != nil {
		return nil, err
	}
	return &oas.PolicyHeaders{Response: policyOut(p, &pol)}, nil
}

// MovePolicy moves a policy along the workflow.
func (h *Handler) MovePolicy(ctx context.Context, req *oas.PolicyMove, params oas.MovePolicyParams) (*oas.PolicyHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	pol, err := h.Store.MovePolicy(ctx, p, params.ID, policy.Status(req.Status), h.today())
	if err != nil {
		return nil, err
	}
	if pol.Status == policy.Approved {
		h.policyEventsWritten(ctx)
	}
	return &oas.PolicyHeaders{Response: policyOut(p, &pol)}, nil
}

// LapsePolicy records the lapse of an approved policy.
func (h *Handler) LapsePolicy(ctx context.Context, req *oas.PolicyLapse, params oas.LapsePolicyParams) (*oas.PolicyHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	pol, err := h.Store.LapsePolicy(ctx, p, params.ID, req.LapsedOn, req.FreeLook.Or(false), h.today())
	if err != nil {
		return nil, err
	}
	h.policyEventsWritten(ctx)
	return &oas.PolicyHeaders{Response: policyOut(p, &pol)}, nil
}

// GetPolicyCommission answers what everyone earns on a policy.
func (h *Handler) GetPolicyCommission(ctx context.Context, params oas.GetPolicyCommissionParams) (*oas.CommissionPreviewHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.Store.PolicyCommission(ctx, p, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.CommissionPreviewHeaders{Response: commissionOut(&c)}, nil
}

// PreviewCommission answers what everyone would earn on the policy form as it stands. The
// form need not be complete: only the product, the premium and the people it names count.
func (h *Handler) PreviewCommission(ctx context.Context, req *oas.CommissionPreviewInput) (*oas.CommissionPreviewHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	in := policy.Input{ProductID: req.ProductID, TargetPremiumCents: req.TargetPremiumCents, SubmittedOn: req.SubmittedOn.Or(time.Time{}),
		SplitCode: req.SplitCode.Or(""), SplitShareBP: int32(req.SplitShareBp.Or(0)), TrainerCode: req.TrainerCode.Or("")}
	in.Normalize()
	if err := in.ValidatePreview(p.Code, h.now()); err != nil {
		return nil, err
	}
	c, err := h.Store.PreviewCommission(ctx, p, in, h.today())
	if err != nil {
		return nil, err
	}
	return &oas.CommissionPreviewHeaders{Response: commissionOut(&c)}, nil
}

// ListPolicyHistory answers the change log of a policy.
func (h *Handler) ListPolicyHistory(ctx context.Context, params oas.ListPolicyHistoryParams) (*oas.ChangeLogListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	logs, err := h.Store.PolicyHistory(ctx, p, params.ID)
	if err != nil {
		return nil, err
	}
	out := oas.ChangeLogList{Data: make([]oas.ChangeLogEntry, len(logs))}
	for i, l := range logs {
		out.Data[i] = oas.ChangeLogEntry{ID: l.ID, Action: oas.ChangeLogEntryAction(l.Action), Field: opt(l.Field),
			OldValue: opt(l.Old), NewValue: opt(l.New), At: l.CreatedAt, Actor: l.Actor, Staff: opt(l.Staff)}
	}
	return &oas.ChangeLogListHeaders{Response: out}, nil
}

// ListPolicyRequirements answers the requirements of a policy.
func (h *Handler) ListPolicyRequirements(ctx context.Context, params oas.ListPolicyRequirementsParams) (*oas.RequirementListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	rs, err := h.Store.PolicyRequirements(ctx, p, params.ID)
	if err != nil {
		return nil, err
	}
	out := oas.RequirementList{Data: make([]oas.Requirement, len(rs))}
	for i := range rs {
		out.Data[i] = requirementOut(&rs[i])
	}
	return &oas.RequirementListHeaders{Response: out}, nil
}

func requirementIn(r *oas.RequirementInput) (store.RequirementInput, error) {
	in := store.RequirementInput{Name: strings.TrimSpace(r.Name), Status: string(r.Status)}
	if d, ok := r.DueOn.Get(); ok {
		in.DueOn = &d
	}
	if in.Name == "" {
		return in, errs.Validation(errs.Field("name", "Name is required"))
	}
	return in, nil
}

// CreatePolicyRequirement adds a requirement to a policy.
func (h *Handler) CreatePolicyRequirement(ctx context.Context, req *oas.RequirementInput, params oas.CreatePolicyRequirementParams) (*oas.RequirementHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	in, err := requirementIn(req)
	if err != nil {
		return nil, err
	}
	r, err := h.Store.SaveRequirement(ctx, p, params.ID, 0, in, h.today())
	if err != nil {
		return nil, err
	}
	return &oas.RequirementHeaders{Response: requirementOut(&r)}, nil
}

// UpdatePolicyRequirement changes a requirement of a policy.
func (h *Handler) UpdatePolicyRequirement(ctx context.Context, req *oas.RequirementInput, params oas.UpdatePolicyRequirementParams) (*oas.RequirementHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	in, err := requirementIn(req)
	if err != nil {
		return nil, err
	}
	r, err := h.Store.SaveRequirement(ctx, p, params.ID, params.RequirementID, in, h.today())
	if err != nil {
		return nil, err
	}
	return &oas.RequirementHeaders{Response: requirementOut(&r)}, nil
}

// DeletePolicyRequirement removes a requirement of a policy.
func (h *Handler) DeletePolicyRequirement(ctx context.Context, params oas.DeletePolicyRequirementParams) (*oas.DeletePolicyRequirementNoContent, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.DeleteRequirement(ctx, p, params.ID, params.RequirementID); err != nil {
		return nil, err
	}
	return &oas.DeletePolicyRequirementNoContent{}, nil
}

func optDate(d *time.Time) oas.OptDate {
	if d == nil {
		return oas.OptDate{}
	}
	return oas.NewOptDate(*d)
}

func policyRowOut(r *store.PolicyRow) oas.PolicyRow {
	return oas.PolicyRow{ID: r.ID, PolicyNumber: r.Number, ProviderID: r.ProviderID, ProviderName: r.ProviderName,
		ProductID: r.ProductID, ProductName: r.ProductName, Category: oas.ProductCategory(r.Category), Type: oas.ProductType(r.Type),
		ClientID: r.ClientID, ClientName: r.ClientName, WriterCode: r.WriterCode, WriterName: r.WriterName,
		SplitCode: opt(r.SplitCode), Split: r.SplitCode != "", Status: oas.PolicyStatus(r.Status),
		FaceAmountCents: r.FaceCents, TargetPremiumCents: r.PremiumCents, BvCents: r.BVCents, SubmittedOn: r.SubmittedOn,
		ApprovedOn: optDate(r.ApprovedOn), LapsedOn: optDate(r.LapsedOn), OpenRequirements: r.OpenRequirements, UpdatedAt: r.UpdatedAt}
}

func policyOut(p *auth.Principal, pol *store.Policy) oas.Policy {
	out := oas.Policy{ID: pol.ID, PolicyNumber: pol.Number, ProviderID: pol.ProviderID, ProviderName: pol.ProviderName,
		ProductID: pol.ProductID, ProductName: pol.ProductName, Category: oas.ProductCategory(pol.Category),
		Type: oas.ProductType(pol.Type), CommissionRateBp: int(pol.CommissionRateBP), ClientID: pol.ClientID,
		ClientName: pol.ClientName, ClientState: pol.ClientState, FaceAmountCents: pol.FaceCents,
		TargetPremiumCents: pol.PremiumCents, BvCents: pol.BVCents, Status: oas.PolicyStatus(pol.Status),
		SubmittedOn: pol.SubmittedOn, IssuedOn: optDate(pol.IssuedOn), ApprovedOn: optDate(pol.ApprovedOn),
		LapsedOn: optDate(pol.LapsedOn), Notes: opt(pol.Notes), OpenRequirements: pol.OpenRequirements,
		CanEdit: pol.CanEdit(p), NextStatuses: []oas.PolicyStatus{}, CreatedAt: pol.CreatedAt, UpdatedAt: pol.UpdatedAt}
	for _, w := range pol.Writers {
		out.Writers = append(out.Writers, oas.PolicyWriter{Code: w.Code, Name: w.Name, ShareBp: int(w.ShareBP),
			BvCents: w.BVCents, PremiumCents: w.PremiumCents})
	}
	if pol.Trainer != nil {
		out.Trainer = oas.NewOptPersonRef(oas.PersonRef{Code: pol.Trainer.Code, Name: pol.Trainer.Name})
	}
	if p.Can(auth.PermPoliciesReview) {
		for _, s := range policy.Next(pol.Status) {
			out.NextStatuses = append(out.NextStatuses, oas.PolicyStatus(s))
		}
		out.CanLapse = policy.Lapsable(pol.Status) && pol.LapsedOn == nil
	}
	return out
}

func requirementOut(r *store.Requirement) oas.Requirement {
	return oas.Requirement{ID: r.ID, Name: r.Name, Status: oas.RequirementStatus(r.Status), DueOn: optDate(r.DueOn),
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

func commissionOut(c *store.Commission) oas.CommissionPreview {
	out := oas.CommissionPreview{AsOf: c.AsOf, CommissionableCents: c.CommissionableCents, Lines: make([]oas.CommissionLine, len(c.Lines))}
	codes := map[int64]string{}
	for _, l := range c.Lines {
		codes[l.Person.ID] = l.Person.Code
	}
	for i, l := range c.Lines {
		line := oas.CommissionLine{AssociateCode: l.Person.Code, AssociateName: c.Names[l.Person.ID], Level: l.Person.Level,
			BonusType: oas.BonusType(l.BonusType), Category: oas.EarningCategory(l.Category), BaseCents: l.BaseCents,
			RateBp: int(l.RateBP), AmountCents: l.AmountCents, Explanation: l.Why.Text(), Chain: l.Why.Chain}
		if line.Chain == nil {
			line.Chain = []string{}
		}
		if l.Generation > 0 {
			line.Generation = oas.NewOptInt(l.Generation)
		}
		if l.WriterID != 0 && len(l.Why.Chain) > 0 {
			line.WriterCode = oas.NewOptString(l.Why.Chain[0])
		}
		out.Lines[i] = line
		out.TotalCents += l.AmountCents
	}
	return out
}

func amountsOut(a store.Amounts) oas.Amounts {
	return oas.Amounts{BvCents: a.BV, PremiumCents: a.Premium, Policies: a.Policies}
}

func labelledOut(ls []store.Labelled) []oas.LabelledAmounts {
	out := make([]oas.LabelledAmounts, len(ls))
	for i, l := range ls {
		out[i] = oas.LabelledAmounts{Label: l.Label, Amounts: amountsOut(l.Amounts)}
	}
	return out
}

// GetBusinessDashboard answers the caller's production for a period in one of its views,
// the totals of every view it is offered, its open requirements and scholarship progress.
func (h *Handler) GetBusinessDashboard(ctx context.Context, params oas.GetBusinessDashboardParams) (*oas.BusinessDashboardHeaders, error) {
	p, root, err := h.teamRoot(ctx)
	if err != nil {
		return nil, err
	}
	from, to, err := h.period(params.PeriodStart, params.PeriodEnd)
	if err != nil {
		return nil, err
	}
	view := hierarchy.View(params.View.Or(oas.TeamViewPersonal))
	sum, err := h.Store.BusinessSummary(ctx, view, root, from, to)
	if err != nil {
		return nil, err
	}
	out := oas.BusinessDashboard{PeriodStart: from, PeriodEnd: to, View: oas.TeamView(view), Totals: amountsOut(sum.Totals),
		ByStatus: labelledOut(sum.ByStatus), ByCategory: labelledOut(sum.ByCategory), ByMonth: labelledOut(sum.ByMonth),
		ByView: []oas.LabelledAmounts{}, PendingRequirements: []oas.PendingRequirement{}}
	for _, v := range hierarchy.Offered(p.IsSenior) {
		t, err := h.Store.ViewTotals(ctx, v, root, from, to)
		if err != nil {
			return nil, err
		}
		out.ByView = append(out.ByView, oas.LabelledAmounts{Label: string(v), Amounts: amountsOut(t)})
	}
	pending, err := h.Store.PendingRequirements(ctx, p.AssociateID, 20)
	if err != nil {
		return nil, err
	}
	for _, r := range pending {
		out.PendingRequirements = append(out.PendingRequirements, oas.PendingRequirement{PolicyID: r.PolicyID,
			PolicyNumber: r.PolicyNumber, ClientName: r.ClientName, RequirementID: r.RequirementID, Name: r.Name, DueOn: optDate(r.DueOn)})
	}
	progs, err := h.Store.Scholarships(ctx, p.AssociateID, to)
	if err != nil {
		return nil, err
	}
	for _, s := range progs {
		out.Scholarships = append(out.Scholarships, oas.ScholarshipProgress{Code: s.Code, Name: s.Name,
			RecruitsTarget: s.RecruitsTarget, Recruits: s.Recruits, BvTargetCents: s.BVTarget, BvCents: s.BV,
			AwardCents: s.Award, WindowStart: s.WindowStart, WindowEnd: s.WindowEnd,
			Reached: s.Recruits >= int64(s.RecruitsTarget) && s.BV >= s.BVTarget})
	}
	return &oas.BusinessDashboardHeaders{Response: out}, nil
}
