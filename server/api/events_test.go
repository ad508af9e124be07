package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// eventsAt starts a test server whose clock is an hour after the seed's day, when the
// seeded upcoming events are still ahead.
func eventsAt(t *testing.T) (*servertest.Env, time.Time) {
	t.Helper()
	env := servertest.Start(t)
	now := servertest.SeededAt.Add(time.Hour)
	env.Handler.Now = func() time.Time { return now }
	return env, now
}

func eventSlugs(list []oas.EventSummary) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = e.Slug
	}
	return out
}

// codeOf is the code of an ogen client error.
func codeOf(err error) string {
	var e *oas.ErrorStatusCode
	if asError(err, &e) {
		return string(e.Response.Code.Or(""))
	}
	return ""
}

// TestEventVisibility: associates see the Open events, upcoming or past, with their own
// registration; staff with events.manage see every state; staff without it are refused.
func TestEventVisibility(t *testing.T) {
	env, _ := eventsAt(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	staff := client(t, env, login(t, env, seed.DemoStaff))

	up, err := agent.ListEvents(ctx, oas.ListEventsParams{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"monday-night-opportunity-call", "annuity-training-acme-life", seed.SeededEventSlug,
		"licensing-exam-prep-bootcamp", "new-associate-orientation-toronto", "field-training-saturday-houston",
		"top-producers-dinner-miami", "vancouver-team-meetup", "leadership-summit-las-vegas"}
	if got := eventSlugs(up.Response.Data); !slices.Equal(got, want) {
		t.Errorf("upcoming, by start:\n got %v\nwant %v", got, want)
	}
	past, err := agent.ListEvents(ctx, oas.ListEventsParams{When: oas.NewOptEventWhen(oas.EventWhenPast),
		Order: oas.NewOptEventOrder(oas.EventOrder{StartsAt: oas.NewOptSortDirection(oas.SortDirectionDESC)})})
	if err != nil {
		t.Fatal(err)
	}
	if got := eventSlugs(past.Response.Data); !slices.Equal(got, []string{"year-end-planning-call",
		"compliance-webinar-annuity-suitability", "fall-kickoff-atlanta", "recruiting-masterclass-chicago"}) {
		t.Errorf("past, latest first: %v", got)
	}
	mine, err := agent.ListEvents(ctx, oas.ListEventsParams{FilterRegisteredEq: oas.NewOptBool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if got := eventSlugs(mine.Response.Data); !slices.Equal(got, []string{"annuity-training-acme-life", "licensing-exam-prep-bootcamp"}) {
		t.Errorf("the agent's upcoming registrations: %v", got)
	}
	for _, e := range mine.Response.Data {
		if e.MyStatus.Or("") != oas.AttendanceStatusRegistered {
			t.Errorf("%s: my_status %v", e.Slug, e.MyStatus)
		}
	}
	for _, e := range up.Response.Data {
		if e.SeatsLeft != e.Capacity-e.Registered || e.State != oas.EventStateOpen {
			t.Errorf("%s: %d seats left of %d, %d taken, %s", e.Slug, e.SeatsLeft, e.Capacity, e.Registered, e.State)
		}
		if e.Slug == "new-associate-orientation-toronto" && e.SeatsLeft != 0 {
			t.Errorf("the full event has %d seats left", e.SeatsLeft)
		}
	}
	online, err := agent.ListEvents(ctx, oas.ListEventsParams{FilterOnlineEq: oas.NewOptBool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if got := eventSlugs(online.Response.Data); !slices.Equal(got, []string{"monday-night-opportunity-call",
		"annuity-training-acme-life", "licensing-exam-prep-bootcamp"}) {
		t.Errorf("online only: %v", got)
	}

	// The link to join an online event is for those registered.
	for slug, registered := range map[string]bool{"licensing-exam-prep-bootcamp": true, "monday-night-opportunity-call": false} {
		e, err := agent.GetEvent(ctx, oas.GetEventParams{Slug: slug})
		if err != nil {
			t.Fatal(err)
		}
		if e.Response.OnlineURL.Set != registered || e.Response.MyRegistration.Set != registered {
			t.Errorf("%s: online_url %v, registration %v; registered %v", slug, e.Response.OnlineURL, e.Response.MyRegistration.Set, registered)
		}
		if registered && !strings.HasPrefix(e.Response.DescriptionHTML, "<p>") {
			t.Errorf("%s: description %q", slug, e.Response.DescriptionHTML)
		}
	}
	for _, slug := range []string{"spring-convention", "atlanta-workshop", "no-such-event"} {
		if _, err := agent.GetEvent(ctx, oas.GetEventParams{Slug: slug}); statusOf(err) != 404 {
			t.Errorf("agent reads %s: %v", slug, err)
		}
	}

	all, err := staff.ListEvents(ctx, oas.ListEventsParams{FilterStateEq: oas.NewOptEventState(oas.EventStateDraft)})
	if err != nil || !slices.Equal(eventSlugs(all.Response.Data), []string{"spring-convention"}) {
		t.Errorf("staff, Drafts: %v %v", eventSlugs(all.Response.Data), err)
	}
	if e, err := staff.GetEvent(ctx, oas.GetEventParams{Slug: "atlanta-workshop"}); err != nil || e.Response.State != oas.EventStateClosed {
		t.Errorf("staff read a Closed event: %v", err)
	}
	if e, err := staff.GetEvent(ctx, oas.GetEventParams{Slug: "monday-night-opportunity-call"}); err != nil || !e.Response.OnlineURL.Set {
		t.Errorf("staff running the event read its link: %+v %v", e, err)
	}

	// Staff acting for the agent see the agent's registrations; staff without events.manage
	// see nothing.
	acting := do(t, env, "GET", "/api/events?filter[registered][eq]=true", login(t, env, seed.DemoStaff), nil,
		header{"access-token": seed.DemoAgtCode})
	if acting.Status != 200 || !strings.Contains(string(acting.Body), "licensing-exam-prep-bootcamp") {
		t.Errorf("staff acting for the agent: %d %s", acting.Status, acting.Body)
	}
	if _, err := env.Pool.Exec(ctx, `INSERT INTO users (email, password_hash, is_staff, first_name, last_name, permissions)
		SELECT 'clerk@example.com', password_hash, true, 'Cal', 'Clerk', '{}' FROM users WHERE email = $1`, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	clerk := client(t, env, login(t, env, "clerk@example.com"))
	if _, err := clerk.ListEvents(ctx, oas.ListEventsParams{}); statusOf(err) != 403 {
		t.Errorf("staff without events.manage list events: %v", err)
	}
}

// seats is what the database holds of an event's seats: the counter and the rows.
func seats(t *testing.T, env *servertest.Env, slug string) (counter, rows int) {
	t.Helper()
	err := env.Pool.QueryRow(context.Background(), `SELECT e.registered, (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id)
		FROM events e WHERE e.slug = $1`, slug).Scan(&counter, &rows)
	if err != nil {
		t.Fatal(err)
	}
	return counter, rows
}

// TestEventRegistration: register (again: the same), cancel (the seat is free again), and
// each refusal, which changes nothing.
func TestEventRegistration(t *testing.T) {
	env, now := eventsAt(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	slug := seed.SeededEventSlug
	before, _ := seats(t, env, slug)

	first, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: slug})
	if err != nil {
		t.Fatal(err)
	}
	if first.Response.Status != oas.AttendanceStatusRegistered || first.Response.Ticket == "" || !first.Response.RegisteredAt.Equal(now) {
		t.Errorf("registration: %+v", first.Response)
	}
	again, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: slug})
	if err != nil || again.Response != first.Response {
		t.Errorf("registering again: %+v %v (first %+v)", again, err, first.Response)
	}
	if c, rows := seats(t, env, slug); c != before+1 || rows != c {
		t.Errorf("after registering: counter %d, rows %d; was %d", c, rows, before)
	}
	e, err := agent.GetEvent(ctx, oas.GetEventParams{Slug: slug})
	if err != nil || e.Response.MyRegistration.Value.Ticket != first.Response.Ticket || e.Response.MyStatus.Or("") != oas.AttendanceStatusRegistered {
		t.Errorf("the event after registering: %+v %v", e, err)
	}

	if _, err := agent.CancelEventRegistration(ctx, oas.CancelEventRegistrationParams{Slug: slug}); err != nil {
		t.Fatal(err)
	}
	if c, rows := seats(t, env, slug); c != before || rows != c {
		t.Errorf("after cancelling: counter %d, rows %d; was %d", c, rows, before)
	}
	if _, err := agent.CancelEventRegistration(ctx, oas.CancelEventRegistrationParams{Slug: slug}); statusOf(err) != 404 {
		t.Errorf("cancelling twice: %v", err)
	}

	// Refusals, each leaving the seats as they were.
	full := "new-associate-orientation-toronto"
	for _, tc := range []struct {
		name, slug, code string
		at               time.Time
	}{
		{"full", full, errs.CodeEventFull, now},
		{"closed for registration", "top-producers-dinner-miami", errs.CodeEventRegistrationClosed, now},
		{"started", slug, errs.CodeEventRegistrationClosed, now.AddDate(0, 0, 7)},
		{"past", "recruiting-masterclass-chicago", errs.CodeEventRegistrationClosed, now},
	} {
		env.Handler.Now = func() time.Time { return tc.at }
		c0, _ := seats(t, env, tc.slug)
		_, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: tc.slug})
		if statusOf(err) != 409 || codeOf(err) != tc.code {
			t.Errorf("%s: %v (code %q), want 409 %s", tc.name, err, codeOf(err), tc.code)
		}
		if c, rows := seats(t, env, tc.slug); c != c0 || rows != c {
			t.Errorf("%s: counter %d, rows %d; was %d", tc.name, c, rows, c0)
		}
	}

	// A registration cannot be cancelled once the event has started, nor once checked in.
	env.Handler.Now = func() time.Time { return now }
	if _, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: slug}); err != nil {
		t.Fatal(err)
	}
	env.Handler.Now = func() time.Time { return now.AddDate(0, 0, 7) }
	if _, err := agent.CancelEventRegistration(ctx, oas.CancelEventRegistrationParams{Slug: slug}); statusOf(err) != 409 {
		t.Errorf("cancelling a started event: %v", err)
	}
	env.Handler.Now = func() time.Time { return now }
	staff := client(t, env, login(t, env, seed.DemoStaff))
	if _, err := staff.CheckInEventAttendee(ctx, &oas.EventCheckInInput{AssociateCode: oas.NewOptString("agt100")},
		oas.CheckInEventAttendeeParams{Slug: slug}); err != nil {
		t.Fatal(err)
	}
	if _, err := agent.CancelEventRegistration(ctx, oas.CancelEventRegistrationParams{Slug: slug}); statusOf(err) != 409 {
		t.Errorf("cancelling once checked in: %v", err)
	}
	if c, rows := seats(t, env, slug); c != before+1 || rows != c {
		t.Errorf("after the refused cancellations: counter %d, rows %d; was %d", c, rows, before)
	}
}

// TestEventLastSeatRace: twelve associates ask for the last seat at the same moment; one
// gets it, the others are told the event is full, and the counter equals the rows.
func TestEventLastSeatRace(t *testing.T) {
	env, _ := eventsAt(t)
	ctx := context.Background()
	slug := "field-training-saturday-houston"
	if _, err := env.Pool.Exec(ctx, `UPDATE events SET capacity = registered + 1 WHERE slug = $1`, slug); err != nil {
		t.Fatal(err)
	}
	var codes []string
	rows, err := env.Pool.Query(ctx, `SELECT a.code FROM associates a WHERE a.status = 'Active'
		AND NOT EXISTS (SELECT 1 FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE e.slug = $1 AND r.associate_id = a.id)
		ORDER BY a.id LIMIT 12`, slug)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		codes = append(codes, c)
	}
	rows.Close()
	clients := make([]*oas.Client, len(codes))
	for i, c := range codes {
		clients[i] = client(t, env, ready(t, env, c))
	}
	var wg sync.WaitGroup
	results := make([]error, len(clients))
	start := make(chan struct{})
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, results[i] = c.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: slug})
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for i, err := range results {
		switch {
		case err == nil:
			won++
		case statusOf(err) != 409 || codeOf(err) != errs.CodeEventFull:
			t.Errorf("%s: %v", codes[i], err)
		}
	}
	if won != 1 {
		t.Errorf("%d associates got the last seat", won)
	}
	var capacity int
	if err := env.Pool.QueryRow(ctx, `SELECT capacity FROM events WHERE slug = $1`, slug).Scan(&capacity); err != nil {
		t.Fatal(err)
	}
	if c, n := seats(t, env, slug); c != capacity || n != capacity {
		t.Errorf("counter %d, rows %d, capacity %d", c, n, capacity)
	}
}

// TestEventCheckIn: staff check a ticket in once; a second scan, a ticket of another event,
// a forged one or a cancelled registration's are refused; by associate code too.
func TestEventCheckIn(t *testing.T) {
	env, now := eventsAt(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	staff := client(t, env, login(t, env, seed.DemoStaff))
	slug := seed.SeededEventSlug
	reg, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: slug})
	if err != nil {
		t.Fatal(err)
	}
	other, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: "vancouver-team-meetup"})
	if err != nil {
		t.Fatal(err)
	}
	checkIn := func(in oas.EventCheckInInput) (*oas.EventAttendeeHeaders, error) {
		return staff.CheckInEventAttendee(ctx, &in, oas.CheckInEventAttendeeParams{Slug: slug})
	}
	ticket := reg.Response.Ticket
	id, sig, _ := strings.Cut(ticket, ".")
	for name, bad := range map[string]string{
		"another event's ticket": other.Response.Ticket,
		"a forged signature":     id + "." + strings.Repeat("A", len(sig)),
		"another registration":   fmt.Sprint(1) + "." + sig,
	} {
		if _, err := checkIn(oas.EventCheckInInput{Ticket: oas.NewOptString(bad)}); statusOf(err) != 404 {
			t.Errorf("%s: %v", name, err)
		}
	}
	a, err := checkIn(oas.EventCheckInInput{Ticket: oas.NewOptString(ticket)})
	if err != nil {
		t.Fatal(err)
	}
	if a.Response.AssociateCode != seed.DemoAgtCode || a.Response.Status != oas.AttendanceStatusCheckedIn ||
		!a.Response.CheckedInAt.Value.Equal(now) || a.Response.CheckedInBy.Or("") != "Sam Staffer" {
		t.Errorf("checked in: %+v", a.Response)
	}
	_, err = checkIn(oas.EventCheckInInput{Ticket: oas.NewOptString(ticket)})
	var e *oas.ErrorStatusCode
	if !asError(err, &e) || e.StatusCode != 409 || e.Response.Code.Or("") != errs.CodeAlreadyCheckedIn ||
		!strings.Contains(e.Response.Message, "was checked in already, at 11/01/2026 07:00:00 CST") {
		t.Errorf("the second scan: %v", err)
	}
	if ev, err := agent.GetEvent(ctx, oas.GetEventParams{Slug: slug}); err != nil || ev.Response.MyStatus.Or("") != oas.AttendanceStatusCheckedIn {
		t.Errorf("the agent's registration after check-in: %+v %v", ev, err)
	}

	// A cancelled registration's ticket no longer checks in.
	if _, err := agent.CancelEventRegistration(ctx, oas.CancelEventRegistrationParams{Slug: "vancouver-team-meetup"}); err != nil {
		t.Fatal(err)
	}
	if _, err := staff.CheckInEventAttendee(ctx, &oas.EventCheckInInput{Ticket: oas.NewOptString(other.Response.Ticket)},
		oas.CheckInEventAttendeeParams{Slug: "vancouver-team-meetup"}); statusOf(err) != 404 {
		t.Errorf("a cancelled registration's ticket: %v", err)
	}

	// The attendees, as staff see them.
	checked, err := staff.ListEventAttendees(ctx, oas.ListEventAttendeesParams{Slug: slug,
		FilterStatusEq: oas.NewOptAttendanceStatus(oas.AttendanceStatusCheckedIn)})
	if err != nil || len(checked.Response.Data) != 1 || checked.Response.Data[0].AssociateCode != seed.DemoAgtCode {
		t.Errorf("checked-in attendees: %+v %v", checked, err)
	}
	var total int
	if err := env.Pool.QueryRow(ctx, `SELECT registered FROM events WHERE slug = $1`, slug).Scan(&total); err != nil {
		t.Fatal(err)
	}
	n := 0
	for next := ""; ; {
		page, err := staff.ListEventAttendees(ctx, oas.ListEventAttendeesParams{Slug: slug, Limit: oas.NewOptInt(50),
			Cursor: oas.OptString{Value: next, Set: next != ""}})
		if err != nil {
			t.Fatal(err)
		}
		n += min(len(page.Response.Data), 50)
		if !page.Response.NextCursor.Set {
			break
		}
		next = page.Response.NextCursor.Value
	}
	if n != total {
		t.Errorf("the attendee pages hold %d, the event %d", n, total)
	}
}

// TestEventCalendar: the .ics link leads to the event's file for who asked.
func TestEventCalendar(t *testing.T) {
	env, _ := eventsAt(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	link, err := agent.GetEventCalendar(ctx, oas.GetEventCalendarParams{Slug: seed.SeededEventSlug})
	if err != nil {
		t.Fatal(err)
	}
	r := do(t, env, "GET", link.Response.URL, "", nil, nil)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(r.Header.Get("Content-Disposition"), seed.SeededEventSlug+".ics") {
		t.Fatalf("calendar: %d %v", r.Status, r.Header)
	}
	ics := string(r.Body)
	for _, want := range []string{"BEGIN:VCALENDAR\r\n", "SUMMARY:Regional Kickoff — Dallas\r\n",
		"DTSTART:20261107T150000Z\r\n", "DTEND:20261107T230000Z\r\n", "LOCATION:Omni Dallas Hotel\\, 555 S Lamar St\\",
		"URL:" + env.URL + "/events/" + seed.SeededEventSlug + "\r\n", "STATUS:CONFIRMED\r\n"} {
		if !strings.Contains(ics, want) {
			t.Errorf("the file lacks %q:\n%s", want, ics)
		}
	}
}
