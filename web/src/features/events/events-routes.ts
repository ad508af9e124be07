// The events pages as the router loads them: one module, so that the entry chunk carries one
// lazy import (and one chunk name) for all of them (the first-load budget, docs/benchmarks.md
// issue 8). The ticket's QR code is a chunk of its own, loaded by the event's page when it
// shows a ticket.
export { EventsIndexPage, PastEventsPage } from './events-list-page';
export { EventDetailPage } from './event-detail-page';
export { EventCheckInPage } from './event-check-in-page';
