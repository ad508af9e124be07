package api

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
)

var _ oas.DashboardHandler = (*Handler)(nil)

// GetDashboard answers the home page: greeting, who the caller is, what needs
// attention and a few counts.
func (h *Handler) GetDashboard(ctx context.Context) (*oas.DashboardHeaders, error) {
	p, u, err := h.me(ctx)
	if err != nil {
		return nil, err
	}
	memos, w9s, err := h.Store.PendingAcknowledgements(ctx, p)
	if err != nil {
		return nil, err
	}
	visible, own, err := h.Store.ClientCounts(ctx, p)
	if err != nil {
		return nil, err
	}
	downline, err := h.Store.DownlineSize(ctx, p)
	if err != nil {
		return nil, err
	}
	greeting := "Good evening"
	switch hour := h.now().Hour(); {
	case hour < 12:
		greeting = "Good morning"
	case hour < 18:
		greeting = "Good afternoon"
	}
	return &oas.DashboardHeaders{Response: oas.Dashboard{
		Greeting:  greeting + ", " + u.FirstName,
		User:      h.user(u, p),
		Attention: oas.DashboardAttention{Memos: len(memos), W9Documents: len(w9s)},
		Counts:    oas.DashboardCounts{Clients: visible, OwnClients: own, Downline: downline},
	}}, nil
}
