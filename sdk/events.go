package sdk

import (
	"context"
	"iter"

	"github.com/associateportal/portal/sdk/oas"
)

// EventSummary is the contract's EventSummary schema: an event as lists show it, with the
// seats left and the caller's attendance. Its times are shown in its TimeZone.
type EventSummary = oas.EventSummary

// Event is the contract's Event schema: an event with its description (sanitised HTML),
// address, join link (for those registered, and staff) and the caller's registration.
type Event = oas.Event

// EventAttendee is the contract's EventAttendee schema: a registration as staff see it.
type EventAttendee = oas.EventAttendee

// EventsAll iterates over every event that params select (the upcoming ones unless
// params.When says past), following next_cursor. params.Limit sets the page size
// (DefaultLimit when unset).
func (c *Client) EventsAll(ctx context.Context, params oas.ListEventsParams) iter.Seq2[EventSummary, error] {
	return pagesOf(ctx, params, c.ListEvents, func(r *oas.EventListHeaders) ([]EventSummary, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// EventAttendeesAll iterates over every attendee of the event params.Slug that params
// select (staff with events.manage), following next_cursor. params.Limit sets the page size
// (DefaultLimit when unset).
func (c *Client) EventAttendeesAll(ctx context.Context, params oas.ListEventAttendeesParams) iter.Seq2[EventAttendee, error] {
	return pagesOf(ctx, params, c.ListEventAttendees, func(r *oas.EventAttendeeListHeaders) ([]EventAttendee, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}
