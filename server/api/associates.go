package api

import (
	"context"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/store"
)

var _ oas.AssociatesHandler = (*Handler)(nil)

// GetAssociate answers the overview of a visible associate.
func (h *Handler) GetAssociate(ctx context.Context, params oas.GetAssociateParams) (*oas.AssociateOverviewHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	d, err := h.Store.AssociateOverview(ctx, p, params.Code)
	if err != nil {
		return nil, err
	}
	out := oas.AssociateOverview{
		Relation: map[store.Relation]oas.AssociateOverviewRelation{store.Self: oas.AssociateOverviewRelationSelf,
			store.Downline: oas.AssociateOverviewRelationDownline, store.Upline: oas.AssociateOverviewRelationUpline}[d.Relation],
		Code: d.Code, Name: d.FirstName + " " + d.LastName, FirstName: d.FirstName, LastName: d.LastName, Email: d.Email,
		Phone: opt(d.Phone), PhotoURL: h.photoURL(d.PhotoFileID), Level: level(d.Level),
	}
	if d.Relation != store.Upline {
		out.Status = oas.NewOptAssociateStatus(oas.AssociateStatus(d.Status))
		out.Kind = oas.NewOptAssociateKind(oas.AssociateKind(d.Kind))
		out.Country = oas.NewOptCountry(oas.Country(d.Country))
		out.State, out.City = opt(d.State), opt(d.City)
		if d.JoinedOn != nil {
			out.JoinedOn = oas.NewOptDate(*d.JoinedOn)
		}
		if d.Upline != nil {
			out.Upline = oas.NewOptPersonRef(oas.PersonRef{Code: d.Upline.Code, Name: d.Upline.Name})
		}
		if d.Leader != nil {
			out.Leader = oas.NewOptPersonRef(oas.PersonRef{Code: d.Leader.Code, Name: d.Leader.Name})
		}
		out.DownlineSize = oas.NewOptInt(d.DownlineSize)
		out.Recruits = oas.NewOptInt(d.Recruits)
		out.Licensed = oas.NewOptBool(d.Licensed)
		// The twelve months up to this one: what a person looks at to see how an associate does.
		to := h.today()
		from := time.Date(to.Year(), to.Month()-11, 1, 0, 0, 0, 0, time.UTC)
		root, err := h.Store.TeamRoot(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		sum, err := h.Store.BusinessSummary(ctx, hierarchy.Personal, root, from, to)
		if err != nil {
			return nil, err
		}
		out.Production = oas.NewOptAssociateProduction(oas.AssociateProduction{PeriodStart: from, PeriodEnd: to,
			Totals: amountsOut(sum.Totals), ByMonth: labelledOut(sum.ByMonth)})
	}
	return &oas.AssociateOverviewHeaders{Response: out}, nil
}

// ListAssociateLicenses answers the licenses, with the 90-day flag.
func (h *Handler) ListAssociateLicenses(ctx context.Context, params oas.ListAssociateLicensesParams) (*oas.LicenseListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	ls, err := h.Store.Licenses(ctx, p, params.Code)
	if err != nil {
		return nil, err
	}
	now := h.now()
	today := now.Truncate(24 * time.Hour)
	out := oas.LicenseList{Data: make([]oas.License, len(ls))}
	for i, l := range ls {
		expired := l.ExpiresOn.Before(today)
		out.Data[i] = oas.License{ID: l.ID, State: l.State, Number: l.Number, Residency: oas.LicenseResidency(l.Residency),
			LinesOfAuthority: l.LinesOfAuthority, IssuedOn: l.IssuedOn, ExpiresOn: l.ExpiresOn,
			Expired: expired, ExpiringSoon: !expired && l.ExpiresOn.Before(today.AddDate(0, 0, 90))}
	}
	return &oas.LicenseListHeaders{Response: out}, nil
}

// ListAssociateAppointments answers the provider appointments.
func (h *Handler) ListAssociateAppointments(ctx context.Context, params oas.ListAssociateAppointmentsParams) (*oas.AppointmentListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	as, err := h.Store.Appointments(ctx, p, params.Code)
	if err != nil {
		return nil, err
	}
	out := oas.AppointmentList{Data: make([]oas.Appointment, len(as))}
	for i, a := range as {
		out.Data[i] = oas.Appointment{ID: a.ID, ProviderCode: a.ProviderCode, ProviderName: a.ProviderName, State: a.State,
			WritingNumber: opt(a.WritingNumber), Status: oas.AppointmentStatus(a.Status), RequestedOn: a.RequestedOn}
		if a.AppointedOn != nil {
			out.Data[i].AppointedOn = oas.NewOptDate(*a.AppointedOn)
		}
		if a.TerminatedOn != nil {
			out.Data[i].TerminatedOn = oas.NewOptDate(*a.TerminatedOn)
		}
	}
	return &oas.AppointmentListHeaders{Response: out}, nil
}

// ListAssociateLevelHistory answers the level qualification history.
func (h *Handler) ListAssociateLevelHistory(ctx context.Context, params oas.ListAssociateLevelHistoryParams) (*oas.LevelHistoryListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	hs, err := h.Store.LevelHistory(ctx, p, params.Code)
	if err != nil {
		return nil, err
	}
	out := oas.LevelHistoryList{Data: make([]oas.LevelChange, len(hs))}
	for i, c := range hs {
		out.Data[i] = oas.LevelChange{ID: c.ID, Level: level(c.Level), EffectiveOn: c.EffectiveOn, Points: c.Points,
			Recruits: c.Recruits, ApprovedBy: opt(c.ApprovedBy)}
	}
	return &oas.LevelHistoryListHeaders{Response: out}, nil
}

func (h *Handler) treeNode(n store.TreeNode) oas.TreeNode {
	out := oas.TreeNode{Code: n.Code, Name: n.FirstName + " " + n.LastName, PhotoURL: h.photoURLSize(n.PhotoFileID, photoList),
		Level: level(n.Level), DownlineSize: n.DownlineSize, Children: n.Children, UplineCode: opt(n.UplineCode)}
	if n.Status != "" {
		out.Status = oas.NewOptAssociateStatus(oas.AssociateStatus(n.Status))
	}
	out.Email, out.Phone = opt(n.Email), opt(n.Phone)
	if n.ContactOnly {
		out.ContactOnly = oas.NewOptBool(true)
	}
	return out
}

func (h *Handler) treeNodes(ns []store.TreeNode) []oas.TreeNode {
	out := make([]oas.TreeNode, len(ns))
	for i, n := range ns {
		out[i] = h.treeNode(n)
	}
	return out
}

// GetGenealogyNode answers a root of the tree.
func (h *Handler) GetGenealogyNode(ctx context.Context, params oas.GetGenealogyNodeParams) (*oas.TreeNodeHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	n, err := h.Store.GenealogyNode(ctx, p, params.Code)
	if err != nil {
		return nil, err
	}
	return &oas.TreeNodeHeaders{Response: h.treeNode(n)}, nil
}

// ListGenealogyChildren answers one level of the tree below a node.
func (h *Handler) ListGenealogyChildren(ctx context.Context, params oas.ListGenealogyChildrenParams) (*oas.TreeNodeListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	ns, err := h.Store.GenealogyChildren(ctx, p, params.Code, params.Page.Or(1), params.Limit.Or(100))
	if err != nil {
		return nil, err
	}
	return &oas.TreeNodeListHeaders{Response: oas.TreeNodeList{Data: h.treeNodes(ns)}}, nil
}

// SearchGenealogy finds associates below a node with the path to each.
func (h *Handler) SearchGenealogy(ctx context.Context, params oas.SearchGenealogyParams) (*oas.GenealogySearchResultHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	hits, err := h.Store.GenealogySearch(ctx, p, params.Code, params.SearchKeyword, lookupLimit)
	if err != nil {
		return nil, err
	}
	out := oas.GenealogySearchResult{Data: make([]oas.GenealogyHit, len(hits))}
	for i, hit := range hits {
		out.Data[i] = oas.GenealogyHit{Node: h.treeNode(hit.Node), Path: hit.Path}
	}
	return &oas.GenealogySearchResultHeaders{Response: out}, nil
}

// GetHierarchy answers the chain from the top down to an associate.
func (h *Handler) GetHierarchy(ctx context.Context, params oas.GetHierarchyParams) (*oas.TreeNodeListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	ns, err := h.Store.Hierarchy(ctx, p, params.Code)
	if err != nil {
		return nil, err
	}
	return &oas.TreeNodeListHeaders{Response: oas.TreeNodeList{Data: h.treeNodes(ns)}}, nil
}
