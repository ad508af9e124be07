package store

import (
	"context"
	"time"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/event"
	"github.com/associateportal/portal/server/listing"
)

// Events (issue 12): associates see the Open events, register for a seat and cancel before
// the start; staff with events.manage see every state, list the attendees and check them in.

// EventViewer is who reads events: the associate whose registrations show (zero for staff
// acting for nobody), and whether every state is visible (staff with events.manage).
type EventViewer struct {
	AssociateID int64
	All         bool
}

// visible is the condition on events e of a viewer.
func (v EventViewer) visible() string {
	if v.All {
		return "TRUE"
	}
	return "e.state = 'Open'"
}

// Event is an event with, when the viewer is registered, its registration.
type Event struct {
	ID                   int64
	Slug, Title, Summary string
	Description          string // Markdown
	Venue, Address, City *string
	OnlineURL            *string
	TimeZone             string
	StartsAt, EndsAt     time.Time
	Capacity, Registered int
	State, Registration  string
	ImageIDs             []string
	UpdatedAt            time.Time
	My                   *EventRegistration
}

// SeatsLeft is how many seats are free.
func (e *Event) SeatsLeft() int { return e.Capacity - e.Registered }

// EventRegistration is an associate's seat at an event.
type EventRegistration struct {
	ID, EventID  int64
	Status       string
	RegisteredAt time.Time
	CheckedInAt  *time.Time
}

var eventColumns = map[string]listing.Column{
	"id":           {SQL: "e.id", Type: listing.Int},
	"title":        {SQL: "e.title"},
	"state":        {SQL: "e.state"},
	"registration": {SQL: "e.registration"},
	"registered":   {SQL: "(r.id IS NOT NULL)"},
	"online":       {SQL: "(e.venue IS NULL)"},
	"starts_at":    {SQL: "e.starts_at", Type: listing.Time},
}

// EventListing is the whitelist of the event list.
var EventListing = listing.FromContract(lists.ListEvents, eventColumns)

// eventSelect reads an event with the viewer's registration ($1: the associate's id).
const eventSelect = `SELECT e.id, e.slug, e.title, e.summary, e.venue, e.address, e.city, e.online_url, e.time_zone,
		e.starts_at, e.ends_at, e.capacity, e.registered, e.state, e.registration, e.image_file_ids, e.updated_at,
		r.id, r.status, r.registered_at, r.checked_in_at
	FROM events e LEFT JOIN event_registrations r ON r.event_id = e.id AND r.associate_id = $1`

// eventScan reads eventSelect's columns into e.
type eventScan struct {
	e       Event
	rid     *int64
	rstatus *string
	rat     *time.Time
	rin     *time.Time
}

func (s *eventScan) dest() []any {
	e := &s.e
	return []any{&e.ID, &e.Slug, &e.Title, &e.Summary, &e.Venue, &e.Address, &e.City, &e.OnlineURL, &e.TimeZone,
		&e.StartsAt, &e.EndsAt, &e.Capacity, &e.Registered, &e.State, &e.Registration, &e.ImageIDs, &e.UpdatedAt,
		&s.rid, &s.rstatus, &s.rat, &s.rin}
}

// done finishes the row just scanned: the registration, when there is one.
func (s *eventScan) done() *Event {
	s.e.My = nil
	if s.rid != nil {
		s.e.My = &EventRegistration{ID: *s.rid, EventID: s.e.ID, Status: *s.rstatus, RegisteredAt: *s.rat, CheckedInAt: s.rin}
	}
	return &s.e
}

// ListEvents calls each for every event of a page the viewer may see (at most q.Limit+1
// rows): upcoming ones (not ended at now) or past ones. The event passed is reused.
func (s *Store) ListEvents(ctx context.Context, v EventViewer, past bool, now time.Time, q listing.Query, each func(*Event)) error {
	var args listing.Args
	args.Add(v.AssociateID)
	when := "e.ends_at > " + args.Add(now)
	if past {
		when = "NOT (" + when + ")"
	}
	sql := eventSelect + ` WHERE ` + v.visible() + ` AND ` + when + ` AND ` + q.Where(&args) +
		` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	var sc eventScan
	dest := sc.dest()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return translate(err)
		}
		each(sc.done())
	}
	return translate(rows.Err())
}

// EventSortValue is an event's value of a sortable field, for cursors.
func EventSortValue(e *Event, field string) any {
	switch field {
	case "id":
		return e.ID
	case "title":
		return e.Title
	case "starts_at":
		return e.StartsAt
	}
	panic("store: no sort value for event field " + field)
}

var errEventNotFound = errs.NotFoundf("Event not found")

// GetEvent is an event by slug with its description and the viewer's registration;
// NotFound when the viewer may not see it.
func (s *Store) GetEvent(ctx context.Context, slug string, v EventViewer) (Event, error) {
	return s.getEvent(ctx, slug, v, "")
}

func (s *Store) getEvent(ctx context.Context, slug string, v EventViewer, lock string) (Event, error) {
	var sc eventScan
	err := s.db.QueryRow(ctx, eventSelect+` WHERE e.slug = $2 AND `+v.visible()+lock, v.AssociateID, slug).Scan(sc.dest()...)
	if errs.Is(translate(err), errs.NotFound) {
		return Event{}, errEventNotFound
	}
	if err != nil {
		return Event{}, translate(err)
	}
	e := *sc.done()
	err = s.db.QueryRow(ctx, `SELECT description_markdown FROM events WHERE id = $1`, e.ID).Scan(&e.Description)
	return e, translate(err)
}

// The refusals of registering, each with the code a client acts on.
var (
	errEventFull      = errs.Coded(errs.Conflict, errs.CodeEventFull, "Every seat of this event is taken")
	errEventStarted   = errs.Coded(errs.Conflict, errs.CodeEventRegistrationClosed, "This event has started: registration is closed")
	errRegistrationNo = errs.Coded(errs.Conflict, errs.CodeEventRegistrationClosed, "This event is closed for registration")
)

// RegisterForEvent gives the viewer a seat at an event: an Open event open for
// registration, not started at now, with a seat left. Registering again changes nothing
// and answers the registration there is. The event's row is locked while its seats are
// counted, so two requests for the last seat never both get it.
func (s *Store) RegisterForEvent(ctx context.Context, slug string, v EventViewer, now time.Time) (EventRegistration, error) {
	var reg EventRegistration
	err := s.InTx(ctx, func(tx *Store) error {
		e, err := tx.getEvent(ctx, slug, v, ` FOR UPDATE OF e`)
		if err != nil {
			return err
		}
		if e.My != nil {
			reg = *e.My
			return nil
		}
		switch {
		case e.State != event.Open || e.Registration != event.RegistrationOpen:
			return errRegistrationNo
		case !now.Before(e.StartsAt):
			return errEventStarted
		case e.Registered >= e.Capacity:
			return errEventFull
		}
		reg = EventRegistration{EventID: e.ID, Status: event.Registered}
		err = tx.db.QueryRow(ctx, `INSERT INTO event_registrations (event_id, associate_id, registered_at)
			VALUES ($1, $2, $3) RETURNING id, registered_at`, e.ID, v.AssociateID, now).Scan(&reg.ID, &reg.RegisteredAt)
		if err != nil {
			return translate(err)
		}
		_, err = tx.db.Exec(ctx, `UPDATE events SET registered = registered + 1 WHERE id = $1`, e.ID)
		return translate(err)
	})
	return reg, err
}

// CancelEventRegistration gives the viewer's seat back, before the event starts and while
// not checked in.
func (s *Store) CancelEventRegistration(ctx context.Context, slug string, v EventViewer, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		e, err := tx.getEvent(ctx, slug, v, ` FOR UPDATE OF e`)
		if err != nil {
			return err
		}
		switch {
		case e.My == nil:
			return errs.NotFoundf("You are not registered for this event")
		case e.My.Status == event.CheckedIn:
			return errs.Conflictf("You are checked in already: the registration cannot be cancelled")
		case !now.Before(e.StartsAt):
			return errs.Conflictf("This event has started: the registration cannot be cancelled")
		}
		if _, err := tx.db.Exec(ctx, `DELETE FROM event_registrations WHERE id = $1`, e.My.ID); err != nil {
			return translate(err)
		}
		_, err = tx.db.Exec(ctx, `UPDATE events SET registered = registered - 1 WHERE id = $1`, e.ID)
		return translate(err)
	})
}

// EventAttendee is a registration as staff see it.
type EventAttendee struct {
	EventRegistration
	Code, Name  string
	CheckedInBy *string
}

var attendeeColumns = map[string]listing.Column{
	"id":             {SQL: "r.id", Type: listing.Int},
	"status":         {SQL: "r.status"},
	"associate_code": {SQL: "a.code"},
	"name":           {SQL: "(a.first_name || ' ' || a.last_name)"},
	"registered_at":  {SQL: "r.registered_at", Type: listing.Time},
	"checked_in_at":  {SQL: "r.checked_in_at", Type: listing.Time, Nullable: true},
}

// AttendeeListing is the whitelist of an event's attendees.
var AttendeeListing = listing.FromContract(lists.ListEventAttendees, attendeeColumns)

const attendeeSelect = `SELECT r.id, r.event_id, r.status, r.registered_at, r.checked_in_at, a.code,
		a.first_name || ' ' || a.last_name, u.first_name || ' ' || u.last_name
	FROM event_registrations r JOIN associates a ON a.id = r.associate_id LEFT JOIN users u ON u.id = r.checked_in_by`

func (a *EventAttendee) dest() []any {
	return []any{&a.ID, &a.EventID, &a.Status, &a.RegisteredAt, &a.CheckedInAt, &a.Code, &a.Name, &a.CheckedInBy}
}

// ListEventAttendees calls each for every attendee of a page of an event's registrations
// (any state of event: staff only).
func (s *Store) ListEventAttendees(ctx context.Context, slug string, q listing.Query, each func(*EventAttendee)) error {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM events WHERE slug = $1`, slug).Scan(&id)
	if errs.Is(translate(err), errs.NotFound) {
		return errEventNotFound
	}
	if err != nil {
		return translate(err)
	}
	var args listing.Args
	sql := attendeeSelect + ` WHERE r.event_id = ` + args.Add(id) + ` AND ` + q.Where(&args) +
		` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	var a EventAttendee
	return stream(rows, err, &a, a.dest(), each)
}

// AttendeeSortValue is an attendee's value of a sortable field, for cursors.
func AttendeeSortValue(a *EventAttendee, field string) any {
	switch field {
	case "id":
		return a.ID
	case "registered_at":
		return a.RegisteredAt
	case "checked_in_at":
		if a.CheckedInAt == nil {
			return nil
		}
		return *a.CheckedInAt
	}
	panic("store: no sort value for attendee field " + field)
}

// CheckIn names whom staff check in: a ticket's registration (its signature checked by
// Valid against the registration's event), or an associate by code.
type CheckIn struct {
	RegistrationID int64
	Valid          func(registrationID, eventID int64) bool
	Code           string
}

// CheckInAttendee checks an attendee of an event in, once: a second check-in is refused
// with when the first happened.
func (s *Store) CheckInAttendee(ctx context.Context, slug string, in CheckIn, staffUserID int64, now time.Time) (EventAttendee, error) {
	var a EventAttendee
	err := s.InTx(ctx, func(tx *Store) error {
		var eventID int64
		var zone string
		err := tx.db.QueryRow(ctx, `SELECT id, time_zone FROM events WHERE slug = $1`, slug).Scan(&eventID, &zone)
		if errs.Is(translate(err), errs.NotFound) {
			return errEventNotFound
		}
		if err != nil {
			return translate(err)
		}
		where, arg := `r.id = $2`, any(in.RegistrationID)
		if in.Code != "" {
			where, arg = `a.code = upper($2)`, in.Code
		}
		err = tx.db.QueryRow(ctx, attendeeSelect+` WHERE r.event_id = $1 AND `+where+` FOR UPDATE OF r`, eventID, arg).Scan(a.dest()...)
		switch {
		case errs.Is(translate(err), errs.NotFound) && in.Code != "":
			return errs.NotFoundf("No associate with the code %s is registered for this event", in.Code)
		case errs.Is(translate(err), errs.NotFound):
			return errs.NotFoundf("This ticket is not valid for this event: the registration was cancelled, or the ticket is of another event")
		case err != nil:
			return translate(err)
		case in.Code == "" && !in.Valid(a.ID, eventID):
			return errs.NotFoundf("This ticket is not valid for this event: the registration was cancelled, or the ticket is of another event")
		case a.Status == event.CheckedIn:
			at := a.CheckedInAt.UTC()
			if loc, err := time.LoadLocation(zone); err == nil {
				at = at.In(loc)
			}
			return errs.Coded(errs.Conflict, errs.CodeAlreadyCheckedIn, "%s (%s) was checked in already, at %s",
				a.Name, a.Code, at.Format("01/02/2006 15:04:05 MST"))
		}
		err = tx.db.QueryRow(ctx, `UPDATE event_registrations r SET status = 'Checked In', checked_in_at = $2, checked_in_by = $3
			FROM users u WHERE r.id = $1 AND u.id = $3
			RETURNING r.status, r.checked_in_at, u.first_name || ' ' || u.last_name`, a.ID, now, staffUserID).
			Scan(&a.Status, &a.CheckedInAt, &a.CheckedInBy)
		return translate(err)
	})
	return a, err
}
