package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/content"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/event"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/store"
)

// Events (issue 12): associates read the Open events, register and cancel; staff with
// events.manage read every state, list attendees and check them in.

var (
	eventPages    pagePool[oas.EventSummary]
	attendeePages pagePool[oas.EventAttendee]
)

// associateCode is what an associate code looks like (the database's check).
var associateCode = regexp.MustCompile(`^[A-Z0-9]{3,16}$`)

// eventViewer is who reads events: the associate the caller is or acts for (its
// registrations show), seeing every state with events.manage.
func eventViewer(p *auth.Principal) store.EventViewer {
	return store.EventViewer{AssociateID: p.AssociateID, All: p.Can(auth.PermEventsManage)}
}

// ListEvents answers a page of the upcoming or past events the caller may see.
func (h *Handler) ListEvents(ctx context.Context, params oas.ListEventsParams) (*oas.EventListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.EventListing)
	if err != nil {
		return nil, err
	}
	v, past := eventViewer(p), params.When.Or(oas.EventWhenUpcoming) == oas.EventWhenPast
	data, next, err := listPage(ctx, &eventPages, q,
		func(each func(*store.Event)) error { return h.Store.ListEvents(ctx, v, past, h.now(), q, each) },
		h.eventSummaryOut, store.EventSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.EventListHeaders{Response: oas.EventList{Data: data, NextCursor: next}}, nil
}

// GetEvent answers an event with its description, and the caller's registration and ticket.
func (h *Handler) GetEvent(ctx context.Context, params oas.GetEventParams) (*oas.EventHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	v := eventViewer(p)
	e, err := h.Store.GetEvent(ctx, params.Slug, v)
	if err != nil {
		return nil, err
	}
	s := h.eventSummaryOut(&e)
	out := oas.Event{ID: s.ID, Slug: s.Slug, Title: s.Title, Summary: s.Summary, State: s.State,
		Registration: s.Registration, StartsAt: s.StartsAt, EndsAt: s.EndsAt, TimeZone: s.TimeZone, Venue: s.Venue,
		City: s.City, Online: s.Online, Capacity: s.Capacity, Registered: s.Registered, SeatsLeft: s.SeatsLeft,
		ImageURL: s.ImageURL, MyStatus: s.MyStatus,
		DescriptionHTML: content.HTML(e.Description), Address: optPtr(e.Address), ImageUrls: make([]string, len(e.ImageIDs))}
	for i, id := range e.ImageIDs {
		out.ImageUrls[i] = h.imageURL(id)
	}
	// The link to join is for those who registered (and staff who run the event).
	if e.My != nil || v.All {
		out.OnlineURL = optPtr(e.OnlineURL)
	}
	if e.My != nil {
		out.MyRegistration = oas.NewOptEventTicket(h.ticketOut(e.My))
	}
	return &oas.EventHeaders{Response: out}, nil
}

// RegisterForEvent gives the caller a seat, or answers the one it has.
func (h *Handler) RegisterForEvent(ctx context.Context, params oas.RegisterForEventParams) (*oas.EventTicketHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	reg, err := h.Store.RegisterForEvent(ctx, params.Slug, eventViewer(p), h.now())
	if err != nil {
		return nil, err
	}
	return &oas.EventTicketHeaders{Response: h.ticketOut(&reg)}, nil
}

// CancelEventRegistration gives the caller's seat back.
func (h *Handler) CancelEventRegistration(ctx context.Context, params oas.CancelEventRegistrationParams) (*oas.CancelEventRegistrationNoContent, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.Store.CancelEventRegistration(ctx, params.Slug, eventViewer(p), h.now()); err != nil {
		return nil, err
	}
	return &oas.CancelEventRegistrationNoContent{}, nil
}

// ListEventAttendees answers a page of an event's registrations (staff).
func (h *Handler) ListEventAttendees(ctx context.Context, params oas.ListEventAttendeesParams) (*oas.EventAttendeeListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.AttendeeListing)
	if err != nil {
		return nil, err
	}
	data, next, err := listPage(ctx, &attendeePages, q,
		func(each func(*store.EventAttendee)) error {
			return h.Store.ListEventAttendees(ctx, params.Slug, q, each)
		},
		attendeeOut, store.AttendeeSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.EventAttendeeListHeaders{Response: oas.EventAttendeeList{Data: data, NextCursor: next}}, nil
}

// CheckInEventAttendee checks an attendee in by ticket or associate code, once.
func (h *Handler) CheckInEventAttendee(ctx context.Context, req *oas.EventCheckInInput, params oas.CheckInEventAttendeeParams) (*oas.EventAttendeeHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	in, err := h.checkInOf(req)
	if err != nil {
		return nil, err
	}
	a, err := h.Store.CheckInAttendee(ctx, params.Slug, in, p.UserID, h.now())
	if err != nil {
		return nil, err
	}
	return &oas.EventAttendeeHeaders{Response: attendeeOut(&a)}, nil
}

// checkInOf reads a check-in: exactly one of a ticket and an associate code.
func (h *Handler) checkInOf(req *oas.EventCheckInInput) (store.CheckIn, error) {
	ticket, code := strings.TrimSpace(req.Ticket.Or("")), strings.TrimSpace(req.AssociateCode.Or(""))
	switch {
	case ticket == "" && code == "":
		return store.CheckIn{}, errs.Validation(errs.Field("ticket", "Ticket or associate code is required"))
	case ticket != "" && code != "":
		return store.CheckIn{}, errs.Validation(errs.Field("associate_code", "Give the ticket or the associate code, not both"))
	case code != "":
		if !associateCode.MatchString(strings.ToUpper(code)) {
			return store.CheckIn{}, errs.Validation(errs.Field("associate_code", "Associate code is not valid"))
		}
		return store.CheckIn{Code: strings.ToUpper(code)}, nil
	}
	id, ok := event.Registration(ticket)
	if !ok {
		return store.CheckIn{}, errs.Validation(errs.Field("ticket", "This is not a ticket of the portal"))
	}
	return store.CheckIn{RegistrationID: id, Valid: func(reg, ev int64) bool { return h.Tickets.Valid(ticket, reg, ev) }}, nil
}

// GetEventCalendar reserves the event's .ics file and answers its signed URL; the file is
// written when the link is fetched (eventCalendarFile), from the event as it is then.
func (h *Handler) GetEventCalendar(ctx context.Context, params oas.GetEventCalendarParams) (*oas.FileLinkHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := h.Store.GetEvent(ctx, params.Slug, eventViewer(p)); err != nil {
		return nil, err
	}
	job := exportJob{Operation: oas.GetEventCalendarOperation, Event: params.Slug, Format: "ics",
		UserID: p.UserID, AssociateID: p.AssociateID, ActingStaff: p.ActingStaffID, Asked: h.now().Unix()}
	raw, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	id := files.NewID()
	if err := h.Store.CreateFile(ctx, store.File{ID: id, OwnerUserID: &p.UserID, Purpose: "export", Export: raw}); err != nil {
		return nil, err
	}
	return &oas.FileLinkHeaders{Response: oas.FileLink{URL: h.Signer.URL("GET", id+".ics", DownloadTTL)}}, nil
}

// eventCalendarFile writes the .ics file a calendar link leads to, for who asked, if that
// one may still see the event.
func (h *Handler) eventCalendarFile(ctx context.Context, job exportJob, hints *httpx.Hints) (*oas.DownloadFileOKHeaders, error) {
	p, err := h.Store.PrincipalFor(ctx, job.UserID, job.AssociateID, job.ActingStaff)
	if err != nil {
		return nil, err
	}
	if err := access[job.Operation].check(p); err != nil {
		return nil, err
	}
	e, err := h.Store.GetEvent(ctx, job.Event, eventViewer(p))
	if err != nil {
		return nil, err
	}
	page := strings.TrimRight(h.PublicURL, "/") + "/events/" + e.Slug
	host := "portal"
	if u, err := url.Parse(h.PublicURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	var where []string
	for _, s := range []*string{e.Venue, e.Address, e.City} {
		if s != nil && *s != "" {
			where = append(where, *s)
		}
	}
	if len(where) == 0 {
		where = append(where, "Online")
	}
	cal := event.Calendar{UID: fmt.Sprintf("event-%d@%s", e.ID, host), Title: e.Title, Summary: e.Summary,
		Location: strings.Join(where, ", "), URL: page, Start: e.StartsAt, End: e.EndsAt, Stamp: h.now(),
		Modified: e.UpdatedAt, Cancelled: e.State == event.Closed}
	hints.ContentType = "text/calendar; charset=utf-8"
	hints.ContentDisposition = fmt.Sprintf(`attachment; filename="%s.ics"`, e.Slug)
	return &oas.DownloadFileOKHeaders{ContentDisposition: oas.NewOptString(hints.ContentDisposition),
		Response: oas.DownloadFileOK{Data: strings.NewReader(string(cal.ICS()))}}, nil
}

func (h *Handler) eventSummaryOut(e *store.Event) oas.EventSummary {
	s := oas.EventSummary{ID: e.ID, Slug: e.Slug, Title: e.Title, Summary: e.Summary, State: oas.EventState(e.State),
		Registration: oas.RegistrationState(e.Registration), StartsAt: e.StartsAt, EndsAt: e.EndsAt, TimeZone: e.TimeZone,
		Venue: optPtr(e.Venue), City: optPtr(e.City), Online: e.Venue == nil, Capacity: e.Capacity,
		Registered: e.Registered, SeatsLeft: e.SeatsLeft()}
	if len(e.ImageIDs) > 0 {
		s.ImageURL = oas.NewOptString(h.imageURL(e.ImageIDs[0]))
	}
	if e.My != nil {
		s.MyStatus = oas.NewOptAttendanceStatus(oas.AttendanceStatus(e.My.Status))
	}
	return s
}

// imageURL is the signed URL of an event's or a product's image, the same all day (as
// photos'), so that browsers cache it.
func (h *Handler) imageURL(id string) string {
	return h.Signer.URLUntil("GET", id, files.CacheableUntil(h.now()))
}

func (h *Handler) ticketOut(r *store.EventRegistration) oas.EventTicket {
	return oas.EventTicket{Status: oas.AttendanceStatus(r.Status), RegisteredAt: r.RegisteredAt,
		CheckedInAt: optTime(r.CheckedInAt), Ticket: h.Tickets.Issue(r.ID, r.EventID)}
}

func attendeeOut(a *store.EventAttendee) oas.EventAttendee {
	return oas.EventAttendee{ID: a.ID, AssociateCode: a.Code, Name: a.Name, Status: oas.AttendanceStatus(a.Status),
		RegisteredAt: a.RegisteredAt, CheckedInAt: optTime(a.CheckedInAt), CheckedInBy: optPtr(a.CheckedInBy)}
}

func optPtr(s *string) oas.OptString {
	if s == nil || *s == "" {
		return oas.OptString{}
	}
	return oas.NewOptString(*s)
}

func optTime(t *time.Time) oas.OptDateTime {
	if t == nil {
		return oas.OptDateTime{}
	}
	return oas.NewOptDateTime(*t)
}
