package seed

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/event"
)

// Events (issue 12): upcoming and past ones, in person across the USA and Canada and
// online; one full, some closed for registration, one Draft and one Closed. The demo agent
// is registered for one upcoming event (and none of the first, which the browser journey
// registers for), was checked in at a past one; the demo RMD holds a seat at a nearly full
// one.

type seedEvent struct {
	slug, title, summary, body string
	venue, address, city       string // empty venue: online
	online                     bool   // a join link (with or without a venue)
	zone                       string
	days, hour, hours          int // from the seed's day; local start hour; length
	capacity, taken            int // taken: seats given to random associates
	state, registration        string
	agent, rmd                 string // the demo associates' attendance ("" none)
	palette                    [3]color.RGBA
}

var (
	blue   = color.RGBA{0x1f, 0x4e, 0xd8, 0xff}
	navy   = color.RGBA{0x10, 0x2a, 0x5c, 0xff}
	teal   = color.RGBA{0x0f, 0x8b, 0x8d, 0xff}
	gold   = color.RGBA{0xf2, 0xb1, 0x34, 0xff}
	coral  = color.RGBA{0xe0, 0x5a, 0x47, 0xff}
	violet = color.RGBA{0x6a, 0x4c, 0xc7, 0xff}
	green  = color.RGBA{0x2f, 0x9e, 0x5b, 0xff}
	sand   = color.RGBA{0xf4, 0xe9, 0xd8, 0xff}
)

// SeededEventSlug is the upcoming event the demo agent is not registered for, with seats
// left: the one a person (or the browser journey) registers for first.
const SeededEventSlug = "regional-kickoff-dallas"

var seedEvents = []seedEvent{
	{slug: SeededEventSlug, title: "Regional Kickoff — Dallas", summary: "A day with the region's leaders: the year's plan, new products and recognition.",
		body:  "Join the region for a full day:\n\n- **09:00** Welcome and recognition\n- **10:30** The year's plan, by the RMDs\n- **13:30** New products with our carriers\n- **16:00** Breakout sessions by team\n\nBusiness attire. Bring your associate code for check-in.",
		venue: "Omni Dallas Hotel", address: "555 S Lamar St, Dallas, TX 75202", city: "Dallas", zone: "America/Chicago",
		days: 6, hour: 9, hours: 8, capacity: 300, taken: 120, state: event.Open, registration: event.RegistrationOpen,
		palette: [3]color.RGBA{navy, blue, gold}},
	{slug: "monday-night-opportunity-call", title: "Monday Night Opportunity Call", summary: "The weekly online overview of the business for your guests.",
		body:   "Invite your guests to the weekly overview of the opportunity, hosted by a senior leader. 45 minutes, with questions at the end.",
		online: true, zone: "America/New_York", days: 1, hour: 20, hours: 1, capacity: 1000, taken: 40, state: event.Open,
		registration: event.RegistrationOpen, palette: [3]color.RGBA{violet, blue, sand}},
	{slug: "annuity-training-acme-life", title: "Annuity Product Training with Acme Life", summary: "The carrier's indexed annuities, suitability and the new forms.",
		body:   "Acme Life's product team walks through the indexed annuity line, the suitability questionnaire and the new application forms.\n\nRegistration closed: the session is recorded and will be in Help.",
		online: true, zone: "America/New_York", days: 3, hour: 13, hours: 2, capacity: 500, taken: 60, state: event.Open,
		registration: event.RegistrationClosed, agent: event.Registered, palette: [3]color.RGBA{teal, green, sand}},
	{slug: "licensing-exam-prep-bootcamp", title: "Licensing Exam Prep Bootcamp", summary: "Two evenings online to get ready for the life and health licensing exam.",
		body:   "Practice questions, the topics that trip people up, and a timed mock exam. For new associates preparing for their state or provincial exam.",
		online: true, zone: "America/Chicago", days: 9, hour: 18, hours: 3, capacity: 200, taken: 35, state: event.Open,
		registration: event.RegistrationOpen, agent: event.Registered, palette: [3]color.RGBA{green, teal, gold}},
	{slug: "new-associate-orientation-toronto", title: "New Associate Orientation — Toronto", summary: "Your first steps: licensing in Canada, the portal and your first appointments.",
		body:  "A morning for associates in their first 90 days in Ontario: licensing with FSRA, the portal, writing your first policy.",
		venue: "Metro Toronto Convention Centre", address: "255 Front St W, Toronto, ON M5V 2W6", city: "Toronto", zone: "America/Toronto",
		days: 12, hour: 9, hours: 4, capacity: 40, taken: 40, state: event.Open, registration: event.RegistrationOpen,
		palette: [3]color.RGBA{coral, navy, sand}},
	{slug: "field-training-saturday-houston", title: "Field Training Saturday — Houston", summary: "Hands-on field training: fact finders, needs analysis and presentations.",
		body:  "Bring a trainee. Morning role-plays, afternoon joint appointments with your field trainer.",
		venue: "Hilton Houston Post Oak", address: "2001 Post Oak Blvd, Houston, TX 77056", city: "Houston", zone: "America/Chicago",
		days: 16, hour: 10, hours: 6, capacity: 25, taken: 23, state: event.Open, registration: event.RegistrationOpen,
		rmd: event.Registered, palette: [3]color.RGBA{gold, coral, navy}},
	{slug: "top-producers-dinner-miami", title: "Top Producers Dinner — Miami", summary: "By invitation: the quarter's top producers and their spouses.",
		body:  "An evening with the quarter's top producers. Invitations were sent by mail; registration is closed.",
		venue: "The Biltmore", address: "1200 Anastasia Ave, Coral Gables, FL 33134", city: "Miami", zone: "America/New_York",
		days: 20, hour: 19, hours: 4, capacity: 60, taken: 48, state: event.Open, registration: event.RegistrationClosed,
		palette: [3]color.RGBA{navy, gold, sand}},
	{slug: "vancouver-team-meetup", title: "Vancouver Team Meetup", summary: "Meet the teams of British Columbia: recruiting, training and a Q&A.",
		body:  "An afternoon with the BC teams. Coffee at 13:30.",
		venue: "Vancouver Convention Centre West", address: "1055 Canada Pl, Vancouver, BC V6C 0C3", city: "Vancouver", zone: "America/Vancouver",
		online: true, days: 30, hour: 14, hours: 3, capacity: 150, taken: 20, state: event.Open, registration: event.RegistrationOpen,
		palette: [3]color.RGBA{teal, blue, sand}},
	{slug: "leadership-summit-las-vegas", title: "Leadership Summit — Las Vegas", summary: "Two days for MDs and up: leadership, recognition and the year ahead.",
		body:  "The summit of the year for Marketing Directors and above.\n\n## Day one\nKeynotes and recognition.\n\n## Day two\nWorkshops: building a base shop, developing leaders, compliance.",
		venue: "Caesars Forum", address: "3911 S Koval Ln, Las Vegas, NV 89109", city: "Las Vegas", zone: "America/Los_Angeles",
		days: 60, hour: 8, hours: 34, capacity: 1200, taken: 150, state: event.Open, registration: event.RegistrationOpen,
		palette: [3]color.RGBA{violet, coral, gold}},
	{slug: "spring-convention", title: "Spring Convention", summary: "Being planned: dates and venue to be confirmed.",
		body:  "Draft: the agenda is being written.",
		venue: "To be confirmed", city: "Orlando", zone: "America/New_York",
		days: 120, hour: 9, hours: 30, capacity: 3000, state: event.Draft, registration: event.RegistrationClosed,
		palette: [3]color.RGBA{green, gold, sand}},
	{slug: "atlanta-workshop", title: "Atlanta Workshop", summary: "Cancelled: the workshop moves to the Regional Kickoff.",
		body:  "This workshop is cancelled; its sessions are part of the Regional Kickoff.",
		venue: "Georgia World Congress Center", address: "285 Andrew Young International Blvd NW, Atlanta, GA 30313", city: "Atlanta", zone: "America/New_York",
		days: 25, hour: 9, hours: 6, capacity: 100, state: event.Closed, registration: event.RegistrationClosed,
		palette: [3]color.RGBA{coral, sand, navy}},
	// Past events.
	{slug: "year-end-planning-call", title: "Year-End Planning Call", summary: "Closing the year strong: renewals, pending cases and December's targets.",
		body:   "The recording is in Help under Business and policies.",
		online: true, zone: "America/Chicago", days: -3, hour: 19, hours: 1, capacity: 1000, taken: 90, state: event.Open,
		registration: event.RegistrationClosed, agent: event.Registered, palette: [3]color.RGBA{blue, navy, sand}},
	{slug: "compliance-webinar-annuity-suitability", title: "Compliance Webinar: Annuity Suitability", summary: "What the new suitability rules ask of every annuity sale.",
		body:   "Compliance walks through the questionnaire and the most common reasons a case is returned.",
		online: true, zone: "America/New_York", days: -10, hour: 12, hours: 1, capacity: 800, taken: 120, state: event.Open,
		registration: event.RegistrationClosed, agent: event.Registered, palette: [3]color.RGBA{teal, navy, sand}},
	{slug: "fall-kickoff-atlanta", title: "Fall Kickoff — Atlanta", summary: "The fall kickoff of the South-East region.",
		body:  "Recognition, new products and the fall contest.",
		venue: "Georgia World Congress Center", address: "285 Andrew Young International Blvd NW, Atlanta, GA 30313", city: "Atlanta", zone: "America/New_York",
		days: -20, hour: 9, hours: 8, capacity: 400, taken: 150, state: event.Open, registration: event.RegistrationClosed,
		agent: event.CheckedIn, rmd: event.CheckedIn, palette: [3]color.RGBA{coral, gold, navy}},
	{slug: "recruiting-masterclass-chicago", title: "Recruiting Masterclass — Chicago", summary: "How the top builders recruit, interview and onboard.",
		body:  "A day with three of the organisation's top builders.",
		venue: "Hyatt Regency Chicago", address: "151 E Wacker Dr, Chicago, IL 60601", city: "Chicago", zone: "America/Chicago",
		days: -45, hour: 9, hours: 7, capacity: 250, taken: 110, state: event.Open, registration: event.RegistrationClosed,
		rmd: event.CheckedIn, palette: [3]color.RGBA{violet, teal, sand}},
}

// events writes the events, their images (when files are stored) and registrations: the
// seats taken go to random associates, registered a few days before the event's start or
// the seed's day, whichever is earlier; past events' attendees are mostly checked in.
func events(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, rmd, agent int, staffID int64, o Options) error {
	for i, ev := range seedEvents {
		loc, err := time.LoadLocation(ev.zone)
		if err != nil {
			return fmt.Errorf("seed event %s: %w", ev.slug, err)
		}
		day := o.Now.In(loc).AddDate(0, 0, ev.days)
		start := time.Date(day.Year(), day.Month(), day.Day(), ev.hour, 0, 0, 0, loc)
		end := start.Add(time.Duration(ev.hours) * time.Hour)
		images := []string{}
		if o.PutFile != nil {
			for k := range 2 {
				id, err := storeFile(ctx, tx, r, o.PutFile, "event_image", "image/png", banner(ev.palette, r, k, 1200, 500))
				if err != nil {
					return err
				}
				images = append(images, id)
			}
		}
		var online *string
		if ev.online {
			s := "https://meet.example.com/j/" + fmt.Sprint(9100000+i*7919)
			online = &s
		}
		var id int64
		err = tx.QueryRow(ctx, `INSERT INTO events (slug, title, summary, description_markdown, venue, address, city, online_url,
				time_zone, starts_at, ends_at, capacity, state, registration, image_file_ids, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id`,
			ev.slug, ev.title, ev.summary, ev.body, nullString(ev.venue), nullString(ev.address), nullString(ev.city), online,
			ev.zone, start, end, ev.capacity, ev.state, ev.registration, images, o.Now.AddDate(0, 0, min(ev.days, 0)-30)).Scan(&id)
		if err != nil {
			return fmt.Errorf("seed event %s: %w", ev.slug, err)
		}
		if err := eventRegistrations(ctx, tx, r, as, rmd, agent, staffID, id, ev, start, o.Now); err != nil {
			return err
		}
	}
	return nil
}

func eventRegistrations(ctx context.Context, tx pgx.Tx, r *rand.Rand, as []assoc, rmd, agent int, staffID, eventID int64,
	ev seedEvent, start, now time.Time) error {
	past := !start.After(now)
	var rows [][]any
	taken := map[int]bool{rmd: true, agent: true}
	add := func(who int, status string) {
		at := start
		if now.Before(at) {
			at = now
		}
		at = at.Add(-time.Duration(1+r.IntN(20*24)) * time.Hour)
		row := []any{eventID, as[who].id, event.Registered, at, nil, nil}
		if status == event.CheckedIn {
			row[2], row[4], row[5] = event.CheckedIn, start.Add(-time.Duration(r.IntN(45))*time.Minute), staffID
		}
		rows = append(rows, row)
	}
	for _, demo := range []struct {
		who    int
		status string
	}{{agent, ev.agent}, {rmd, ev.rmd}} {
		if demo.status != "" {
			add(demo.who, demo.status)
		}
	}
	// The seats left for others, never more than half the organisation.
	want := min(ev.taken-len(rows), len(as)/2)
	if ev.taken == ev.capacity {
		want = ev.capacity - len(rows) // a full event is full, however small the organisation
	}
	for len(rows) < ev.capacity && want > 0 {
		who := r.IntN(len(as))
		if taken[who] {
			continue
		}
		taken[who] = true
		status := event.Registered
		if past && r.IntN(10) < 8 {
			status = event.CheckedIn
		}
		add(who, status)
		want--
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"event_registrations"},
		[]string{"event_id", "associate_id", "status", "registered_at", "checked_in_at", "checked_in_by"}, pgx.CopyFromRows(rows)); err != nil {
		return fmt.Errorf("seed event registrations: %w", err)
	}
	_, err := tx.Exec(ctx, `UPDATE events SET registered = $2 WHERE id = $1`, eventID, len(rows))
	return err
}

// banner is an image (w×h) of overlapping circles in three colours on sand: a palette of
// four, so the PNG stays small. Events and store products show them.
func banner(p [3]color.RGBA, r *rand.Rand, variant, w, h int) []byte {
	pal := color.Palette{p[0], p[1], p[2], sand}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	type circle struct{ x, y, rad, c int }
	cs := make([]circle, 0, 7)
	for k := range 7 {
		cs = append(cs, circle{r.IntN(w), r.IntN(h), w/15 + r.IntN(w/5), 1 + (k+variant)%3})
	}
	for y := range h {
		for x := range w {
			c := uint8(0)
			for _, ci := range cs {
				if dx, dy := x-ci.x, y-ci.y; dx*dx+dy*dy < ci.rad*ci.rad {
					c = uint8(ci.c)
				}
			}
			img.SetColorIndex(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	return buf.Bytes()
}
