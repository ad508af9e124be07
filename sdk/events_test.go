package sdk_test

import (
	"context"
	"iter"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// eventsLogin starts a server whose clock is an hour after the seed's day (the seeded
// upcoming events are ahead) and logs in as each of logins, acknowledging what is pending.
func eventsLogin(t *testing.T, logins ...string) []*sdk.Client {
	t.Helper()
	env := servertest.Start(t)
	now := servertest.SeededAt.Add(time.Hour)
	env.Handler.Now = func() time.Time { return now }
	ctx := context.Background()
	var out []*sdk.Client
	for _, l := range logins {
		c, err := sdk.New(env.URL, sdk.WithRetryPolicy(tinyRetries))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Login(ctx, l, demoPassword); err != nil {
			t.Fatalf("Login(%s): %v", l, err)
		}
		if _, err := c.AcknowledgeAll(ctx, signature); err != nil {
			t.Fatalf("AcknowledgeAll(%s): %v", l, err)
		}
		out = append(out, c)
	}
	return out
}

func TestEventsAgainstTheServer(t *testing.T) {
	cs := eventsLogin(t, seed.DemoAgent, seed.DemoStaff)
	agent, staff := cs[0], cs[1]
	ctx := context.Background()
	slug := func(e sdk.EventSummary) string { return e.Slug }

	t.Run("EventsAll pages through the upcoming and the past events", func(t *testing.T) {
		for _, params := range []oas.ListEventsParams{
			{},
			{When: oas.NewOptEventWhen(oas.EventWhenPast), Order: oas.NewOptEventOrder(oas.EventOrder{StartsAt: oas.NewOptSortDirection(oas.SortDirectionDESC)})},
		} {
			big := params
			big.Limit = oas.NewOptInt(1000)
			res, err := agent.ListEvents(ctx, big)
			if err != nil {
				t.Fatal(sdk.Wrap(err))
			}
			samePages(t, res.Response.Data, func(limit int) iter.Seq2[sdk.EventSummary, error] {
				p := params
				p.Limit = oas.NewOptInt(limit)
				return agent.EventsAll(ctx, p)
			}, slug)
		}
	})

	t.Run("EventAttendeesAll pages through an event's attendees, for staff", func(t *testing.T) {
		params := oas.ListEventAttendeesParams{Slug: "field-training-saturday-houston"}
		big := params
		big.Limit = oas.NewOptInt(1000)
		res, err := staff.ListEventAttendees(ctx, big)
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		samePages(t, res.Response.Data, func(limit int) iter.Seq2[sdk.EventAttendee, error] {
			p := params
			p.Limit = oas.NewOptInt(limit)
			return staff.EventAttendeesAll(ctx, p)
		}, func(a sdk.EventAttendee) string { return a.AssociateCode })

		// An associate is refused, as the first (and only) value of the iterator.
		var refused error
		for _, err := range agent.EventAttendeesAll(ctx, params) {
			refused = err
			break
		}
		if !sdk.IsForbidden(refused) {
			t.Errorf("an associate lists attendees: %v, want 403", refused)
		}
	})

	t.Run("the codes of the refusals", func(t *testing.T) {
		for slug, code := range map[string]string{
			"new-associate-orientation-toronto": sdk.CodeEventFull,
			"top-producers-dinner-miami":        sdk.CodeEventRegistrationClosed,
		} {
			_, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: slug})
			if !sdk.IsConflict(err) || sdk.CodeOf(err) != code {
				t.Errorf("register for %s: %v (code %q), want 409 %s", slug, err, sdk.CodeOf(err), code)
			}
		}
		ticket, err := agent.RegisterForEvent(ctx, oas.RegisterForEventParams{Slug: seed.SeededEventSlug})
		if err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		in := &oas.EventCheckInInput{Ticket: oas.NewOptString(ticket.Response.Ticket)}
		if _, err := staff.CheckInEventAttendee(ctx, in, oas.CheckInEventAttendeeParams{Slug: seed.SeededEventSlug}); err != nil {
			t.Fatal(sdk.Wrap(err))
		}
		_, err = staff.CheckInEventAttendee(ctx, in, oas.CheckInEventAttendeeParams{Slug: seed.SeededEventSlug})
		if !sdk.IsConflict(err) || sdk.CodeOf(err) != sdk.CodeAlreadyCheckedIn {
			t.Errorf("a second check-in: %v (code %q), want 409 %s", err, sdk.CodeOf(err), sdk.CodeAlreadyCheckedIn)
		}
	})
}
