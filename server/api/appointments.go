package api

import (
	"context"
	"slices"
	"strings"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/store"
)

var _ oas.AppointmentsHandler = (*Handler)(nil)

func appointmentOut(a store.AppointmentRequest) oas.InternationalAppointment {
	out := oas.InternationalAppointment{ID: a.ID, Country: oas.Country(a.Country), States: make([]oas.StateCode, len(a.States)),
		Note: opt(a.Note), Status: oas.AppointmentRequestStatus(a.Status), DecisionNote: opt(a.DecisionNote),
		DecidedBy: opt(a.DecidedBy), CreatedAt: a.CreatedAt}
	for i, s := range a.States {
		out.States[i] = oas.StateCode(s)
	}
	if a.DecidedAt != nil {
		out.DecidedAt = oas.NewOptDateTime(*a.DecidedAt)
	}
	return out
}

// GetInternationalAppointment answers the caller's requests and the country they are for.
func (h *Handler) GetInternationalAppointment(ctx context.Context) (*oas.InternationalAppointmentsHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	pr, err := h.Store.AccountProfile(ctx, p)
	if err != nil {
		return nil, err
	}
	rs, err := h.Store.AppointmentRequests(ctx, p.AssociateID)
	if err != nil {
		return nil, err
	}
	out := oas.InternationalAppointments{Country: oas.Country(store.OtherCountry(pr.Country)),
		Data: make([]oas.InternationalAppointment, len(rs))}
	for i, r := range rs {
		out.Data[i] = appointmentOut(r)
	}
	return &oas.InternationalAppointmentsHeaders{Response: out}, nil
}

// RequestInternationalAppointment asks for an appointment in the other country, in states
// or provinces of that country.
func (h *Handler) RequestInternationalAppointment(ctx context.Context, req *oas.InternationalAppointmentInput) (*oas.InternationalAppointmentHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	pr, err := h.Store.AccountProfile(ctx, p)
	if err != nil {
		return nil, err
	}
	country := store.OtherCountry(pr.Country)
	states := make([]string, 0, len(req.States))
	for _, s := range req.States {
		if client.CountryOfState(string(s)) != country {
			return nil, errs.Validation(errs.Field("states", "%s is not a state or province of %s", s, country))
		}
		if !slices.Contains(states, string(s)) {
			states = append(states, string(s))
		}
	}
	slices.Sort(states)
	a, err := h.Store.RequestAppointment(ctx, p, country, states, strings.TrimSpace(req.Note.Or("")))
	if err != nil {
		return nil, err
	}
	return &oas.InternationalAppointmentHeaders{Response: appointmentOut(a)}, nil
}

// DecideInternationalAppointment approves or rejects the waiting request of the associate
// acted for (staff); a rejection says why.
func (h *Handler) DecideInternationalAppointment(ctx context.Context, req *oas.AppointmentDecision, params oas.DecideInternationalAppointmentParams) (*oas.InternationalAppointmentHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	note := strings.TrimSpace(req.Note.Or(""))
	approve := req.Decision == oas.AppointmentDecisionDecisionApprove
	if !approve && note == "" {
		return nil, errs.Validation(errs.Field("note", "Say why the request is rejected"))
	}
	a, err := h.Store.DecideAppointment(ctx, p, params.ID, approve, note)
	if err != nil {
		return nil, err
	}
	return &oas.InternationalAppointmentHeaders{Response: appointmentOut(a)}, nil
}
