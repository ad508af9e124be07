package api

import (
	"context"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/store"
)

var _ oas.TeamHandler = (*Handler)(nil)

// period reads an optional period: by default the first day of this month to today.
func (h *Handler) period(start, end oas.OptDate) (time.Time, time.Time, error) {
	var from, to *time.Time
	if v, ok := start.Get(); ok {
		from = &v
	}
	if v, ok := end.Get(); ok {
		to = &v
	}
	return periodOf(h.now(), from, to)
}

// periodOf is a period seen on the day of now: from and to when given, by default the first
// day of now's month and now's day.
func periodOf(now time.Time, from, to *time.Time) (time.Time, time.Time, error) {
	f, t := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC), ledger.Day(now)
	if from != nil {
		f = *from
	}
	if to != nil {
		t = *to
	}
	if t.Before(f) {
		return f, t, errs.Validation(errs.Field("period_end", "Period end must be on or after the period start"))
	}
	return f, t, nil
}

// teamRoot is the caller as the root of its team views.
func (h *Handler) teamRoot(ctx context.Context) (*auth.Principal, store.Root, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, store.Root{}, err
	}
	root, err := h.Store.TeamRoot(ctx, p.AssociateID)
	return p, root, err
}

// GetTeamDashboard counts every view the caller is offered.
func (h *Handler) GetTeamDashboard(ctx context.Context, params oas.GetTeamDashboardParams) (*oas.TeamDashboardHeaders, error) {
	_, root, err := h.teamRoot(ctx)
	if err != nil {
		return nil, err
	}
	from, to, err := h.period(params.PeriodStart, params.PeriodEnd)
	if err != nil {
		return nil, err
	}
	out := oas.TeamDashboard{PeriodStart: from, PeriodEnd: to}
	for _, v := range hierarchy.Offered(root.Senior) {
		sum, err := h.Store.TeamSummary(ctx, v, root, from, to)
		if err != nil {
			return nil, err
		}
		production, err := h.Store.ViewTotals(ctx, v, root, from, to)
		if err != nil {
			return nil, err
		}
		out.Views = append(out.Views, oas.TeamSummary{
			View: oas.TeamView(v), Members: sum.Members, ByLevel: counts(sum.ByLevel), ByStatus: counts(sum.ByStatus),
			NewInPeriod: sum.NewInPeriod, Licensed: sum.Licensed,
			Expiring: oas.TeamSummaryExpiring{Days7: sum.Expiring[0], Days30: sum.Expiring[1], Days90: sum.Expiring[2]},
			Growth:   months(sum.Growth), Production: amountsOut(production),
		})
	}
	return &oas.TeamDashboardHeaders{Response: out}, nil
}

func months(cs []store.Count) []oas.MonthCount {
	out := make([]oas.MonthCount, len(cs))
	for i, c := range cs {
		out[i] = oas.MonthCount{Month: c.Label, Joined: c.N}
	}
	return out
}

func counts(cs []store.Count) []oas.LabelCount {
	out := make([]oas.LabelCount, len(cs))
	for i, c := range cs {
		out[i] = oas.LabelCount{Label: c.Label, Count: c.N}
	}
	return out
}

// ListTeam answers a page of one of the caller's views.
func (h *Handler) ListTeam(ctx context.Context, params oas.ListTeamParams) (*oas.TeamMemberListHeaders, error) {
	p, root, err := h.teamRoot(ctx)
	if err != nil {
		return nil, err
	}
	from, to, err := h.period(params.PeriodStart, params.PeriodEnd)
	if err != nil {
		return nil, err
	}
	root.Period = [2]time.Time{from, to}
	q, err := h.listQuery(ctx, p, store.TeamListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &teamPages, q,
		func(each func(*store.Member)) error {
			return h.Store.TeamPage(ctx, hierarchy.View(params.View), root, q, each)
		},
		h.member, store.MemberSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.TeamMemberListHeaders{Response: oas.TeamMemberList{Data: data, NextCursor: next}}, nil
}

var teamPages pagePool[oas.TeamMember]

// ListLevels answers the ladder, lowest first.
func (h *Handler) ListLevels(ctx context.Context) (*oas.LevelListHeaders, error) {
	if _, err := principal(ctx); err != nil {
		return nil, err
	}
	ls, err := h.Store.Levels(ctx)
	if err != nil {
		return nil, err
	}
	out := oas.LevelList{Data: make([]oas.Level, len(ls))}
	for i, l := range ls {
		out.Data[i] = level(l)
	}
	return &oas.LevelListHeaders{Response: out}, nil
}

// DownloadTeam answers a signed URL to the whole filtered view.
func (h *Handler) DownloadTeam(ctx context.Context, params oas.DownloadTeamParams) (*oas.DownloadHeaders, error) {
	p, root, err := h.teamRoot(ctx)
	if err != nil {
		return nil, err
	}
	if _, _, err := h.period(params.PeriodStart, params.PeriodEnd); err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.TeamListing)
	if err != nil {
		return nil, err
	}
	if _, _, err := store.TeamExportSQL(hierarchy.View(params.View), root, q); err != nil {
		return nil, err
	}
	url, err := h.exportURL(ctx, p, oas.DownloadTeamOperation, string(params.View), string(params.Format.Or(oas.DownloadFormatCsv)))
	if err != nil {
		return nil, err
	}
	return &oas.DownloadHeaders{Response: oas.Download{URL: url}}, nil
}

func level(l store.Level) oas.Level {
	return oas.Level{Code: l.Code, Name: l.Name, Rank: int(l.Rank), IsSeniorLevel: l.IsSenior}
}

func (h *Handler) member(m *store.Member) oas.TeamMember {
	out := oas.TeamMember{
		Code: m.Code, Name: m.FirstName + " " + m.LastName, FirstName: m.FirstName, LastName: m.LastName,
		PhotoURL: h.photoURLSize(m.PhotoFileID, photoList), Level: level(m.Level), Status: oas.AssociateStatus(m.Status),
		Kind: oas.AssociateKind(m.Kind), Country: oas.Country(m.Country), State: opt(m.State), JoinedOn: m.JoinedOn,
		UplineCode: opt(m.UplineCode), Licensed: m.Licensed, Production: m.Production, DownlineSize: m.DownlineSize,
	}
	if m.Generation != nil {
		out.Generation = oas.NewOptInt(*m.Generation)
	}
	return out
}
