package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// The acceptance test of the events commands: the portal command line, in process, against
// a real portald over a freshly seeded database (the setup of acceptance_test.go), its clock
// an hour after the seed's day so that the seeded upcoming events are ahead. The demo agent
// lists, reads, registers, downloads the calendar and cancels; staff with events.manage list
// the attendees and check the agent in.

func TestEventsAcceptance(t *testing.T) {
	// Mistakes in the command line fail before any request: no server is configured yet.
	isolated(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"events", "view", "Regional-Kickoff-Dallas"}, `invalid event slug "Regional-Kickoff-Dallas"`},
		{[]string{"events", "register"}, "takes one event slug, got 0 arguments"},
		{[]string{"events", "cancel", seed.SeededEventSlug}, "--yes is required when not running interactively"},
		{[]string{"events", "calendar", "../x"}, `invalid event slug "../x"`},
		{[]string{"events", "check-in", seed.SeededEventSlug}, "give the attendee's --ticket (from the QR code) or --code"},
		{[]string{"events", "check-in", seed.SeededEventSlug, "--ticket", "1.x", "--code", "AGT100"}, "give --ticket or --code, not both"},
		{[]string{"events", "list", "--filter", "city=eq:Dallas"}, `unknown filter field "city"`},
		{[]string{"events", "attendees", seed.SeededEventSlug, "--order", "name"}, `unknown order field "name"`},
	} {
		r := portal(t, "", tt.args...)
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, tt.want) || !strings.Contains(r.stderr, "--help' for usage") {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", strings.Join(tt.args, " "), r.code, r.stderr, tt.want)
		}
	}
	if r := portal(t, "", "events", "list"); r.code != cmdutil.ExitAuth {
		t.Errorf("a list without a login: exit %d, stderr %q", r.code, r.stderr)
	}

	env := startAsAgent(t)
	now := servertest.SeededAt.Add(time.Hour)
	env.Handler.Now = func() time.Time { return now }

	t.Run("list piped: the upcoming events by start, stable columns", func(t *testing.T) {
		out := mustPortal(t, "events", "list")
		var slugs []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			cols := strings.Split(l, "\t")
			if len(cols) != 12 {
				t.Fatalf("%d columns, want 12: %q", len(cols), l)
			}
			if _, err := time.Parse(time.RFC3339, cols[1]); err != nil || cols[3] == "" {
				t.Errorf("starts_at %q, time_zone %q", cols[1], cols[3])
			}
			slugs = append(slugs, cols[0])
		}
		want := []string{"monday-night-opportunity-call", "annuity-training-acme-life", seed.SeededEventSlug,
			"licensing-exam-prep-bootcamp", "new-associate-orientation-toronto", "field-training-saturday-houston",
			"top-producers-dinner-miami", "vancouver-team-meetup", "leadership-summit-las-vegas"}
		if diff := cmp.Diff(want, slugs); diff != "" {
			t.Errorf("upcoming (-want +got):\n%s", diff)
		}
		if !strings.Contains(out, "new-associate-orientation-toronto\t") || !strings.Contains(out, "\tToronto\tfalse\t0\tOpen\tOpen for registration\t\n") {
			t.Errorf("the full event:\n%s", out)
		}
		if strings.Contains(out, "spring-convention") || strings.Contains(out, "atlanta-workshop") {
			t.Errorf("an associate sees a Draft or Closed event:\n%s", out)
		}
	})

	t.Run("list --past: the ended events, the latest first", func(t *testing.T) {
		out := mustPortal(t, "events", "list", "--past", "--jq", ".[].slug")
		want := "year-end-planning-call\ncompliance-webinar-annuity-suitability\nfall-kickoff-atlanta\nrecruiting-masterclass-chicago\n"
		if out != want {
			t.Errorf("past:\n%s", out)
		}
		if out := mustPortal(t, "events", "list", "--past", "--all", "--limit", "1", "--jq", ".[].slug"); out != want {
			t.Errorf("past --all --limit 1:\n%s", out)
		}
		if out := mustPortal(t, "events", "list", "--past", "--order", "title", "--jq", ".[0].slug"); out != "compliance-webinar-annuity-suitability\n" {
			t.Errorf("past by title: %q", out)
		}
	})

	t.Run("list filters: yours, online", func(t *testing.T) {
		if out := mustPortal(t, "events", "list", "--filter", "registered=true", "--jq", ".[] | [.slug, .my_status] | @tsv"); out !=
			"annuity-training-acme-life\tRegistered\nlicensing-exam-prep-bootcamp\tRegistered\n" {
			t.Errorf("registered=true:\n%s", out)
		}
		out := mustPortal(t, "events", "list", "--filter", "online=true", "--json", "slug,online")
		var es []struct {
			Slug   string `json:"slug"`
			Online bool   `json:"online"`
		}
		if err := json.Unmarshal([]byte(out), &es); err != nil || len(es) < 3 {
			t.Fatalf("online=true: %v\n%s", err, out)
		}
		for _, e := range es {
			if !e.Online {
				t.Errorf("%s is not online", e.Slug)
			}
		}
	})

	t.Run("view piped: the fields, then the description as Markdown", func(t *testing.T) {
		out := mustPortal(t, "events", "view", seed.SeededEventSlug)
		for _, want := range []string{"slug:\tregional-kickoff-dallas\ntitle:\tRegional Kickoff — Dallas\n", "time_zone:\tAmerica/Chicago\n",
			"venue:\tOmni Dallas Hotel\n", "address:\t555 S Lamar St, Dallas, TX 75202\n", "my_registration:\t\n",
			"\n--\nJoin the region for a full day:\n\n- **09:00** Welcome and recognition\n- **10:30** The year's plan, by the RMDs\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("view lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "description_html") {
			t.Errorf("the HTML when piped:\n%s", out)
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(mustPortal(t, "events", "view", seed.SeededEventSlug, "--json")), &e); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(e["description_html"].(string), "<strong>09:00</strong>") || e["my_registration"] != nil || e["seats_left"] != float64(180) {
			t.Errorf("view --json: %v", e)
		}
		// A Draft is not found by an associate, nor is an event that does not exist.
		fails(t, []string{`error: Event "spring-convention" not found (HTTP 404)`}, "events", "view", "spring-convention")
	})

	var ticket string
	t.Run("register: the ticket; again, the same", func(t *testing.T) {
		out := mustPortal(t, "events", "register", seed.SeededEventSlug)
		if !strings.HasPrefix(out, "status:\tRegistered\nregistered_at:\t") || !strings.Contains(out, "\nchecked_in_at:\t\nticket:\t") {
			t.Fatalf("register:\n%s", out)
		}
		ticket = strings.TrimSpace(out[strings.Index(out, "ticket:\t")+len("ticket:\t"):])
		if again := mustPortal(t, "events", "register", seed.SeededEventSlug, "--jq", ".ticket"); strings.TrimSpace(again) != ticket {
			t.Errorf("registering again gave the ticket %q, first %q", again, ticket)
		}
		if out := mustPortal(t, "events", "view", seed.SeededEventSlug, "--jq", "[.seats_left, .my_status, .my_registration.ticket] | @tsv"); out != "179\tRegistered\t"+ticket+"\n" {
			t.Errorf("after registering: %q", out)
		}
	})

	t.Run("register: the refusals in the command line's words", func(t *testing.T) {
		fails(t, []string{`error: "new-associate-orientation-toronto" is full: every seat is taken (HTTP 409)`},
			"events", "register", "new-associate-orientation-toronto")
		fails(t, []string{`error: Registration for "top-producers-dinner-miami" is closed (HTTP 409)`},
			"events", "register", "top-producers-dinner-miami")
		fails(t, []string{`error: Registration for "recruiting-masterclass-chicago" is closed (HTTP 409)`},
			"events", "register", "recruiting-masterclass-chicago")
		fails(t, []string{`error: Event "atlanta-workshop" not found (HTTP 404)`}, "events", "register", "atlanta-workshop")
		if out := mustPortal(t, "events", "view", "new-associate-orientation-toronto", "--jq", ".my_registration"); out != "null\n" {
			t.Errorf("a refusal registered: %q", out)
		}
	})

	t.Run("calendar: SLUG.ics, kept unless --clobber, or standard output", func(t *testing.T) {
		dir := t.TempDir()
		t.Chdir(dir)
		if r := portal(t, "", "events", "calendar", seed.SeededEventSlug); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Fatalf("calendar: exit %d, %q, %q", r.code, r.stdout, r.stderr)
		}
		b, err := os.ReadFile(filepath.Join(dir, seed.SeededEventSlug+".ics"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"BEGIN:VCALENDAR", "SUMMARY:Regional Kickoff — Dallas", "DTSTART:20261107T150000Z", "END:VCALENDAR"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("the .ics lacks %q:\n%s", want, b)
			}
		}
		fails(t, []string{seed.SeededEventSlug + ".ics exists; use --clobber to overwrite it"}, "events", "calendar", seed.SeededEventSlug)
		mustPortal(t, "events", "calendar", seed.SeededEventSlug, "--clobber")
		if out := mustPortal(t, "events", "calendar", seed.SeededEventSlug, "-o", "-"); out != string(b) {
			t.Errorf("-o - differs from the file:\n%s", out)
		}
		fails(t, []string{`Event "spring-convention" not found (HTTP 404)`}, "events", "calendar", "spring-convention")
		if _, err := os.Stat(filepath.Join(dir, "spring-convention.ics")); !os.IsNotExist(err) {
			t.Errorf("a file for an event not found: %v", err)
		}
	})

	t.Run("staff only: an associate may not list attendees or check in", func(t *testing.T) {
		fails(t, []string{"This is for staff with the events.manage permission (HTTP 403)"}, "events", "attendees", seed.SeededEventSlug)
		fails(t, []string{"This is for staff with the events.manage permission (HTTP 403)"}, "events", "check-in", seed.SeededEventSlug, "--code", "AGT100")
	})

	t.Run("staff list the attendees and check the agent in, once", func(t *testing.T) {
		login(t, env.URL, seed.DemoStaff)
		out := mustPortal(t, "events", "attendees", seed.SeededEventSlug, "--filter", "associate_code=eq:agt100")
		cols := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if len(cols) != 7 || cols[1] != "AGT100" || cols[3] != "Registered" || cols[5] != "" {
			t.Fatalf("the agent among the attendees: %q", out)
		}
		name := cols[2]
		if n := strings.Count(mustPortal(t, "events", "attendees", seed.SeededEventSlug, "--all", "--limit", "50", "--jq", ".[].id"), "\n"); n != 121 {
			t.Errorf("%d attendees, want the 120 seeded and the agent", n)
		}

		out = mustPortal(t, "events", "check-in", seed.SeededEventSlug, "--ticket", ticket)
		for _, want := range []string{"associate_code:\tAGT100\n", "name:\t" + name + "\n", "status:\tChecked In\n", "checked_in_by:\tSam Staffer\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("check-in lacks %q:\n%s", want, out)
			}
		}
		fails(t, []string{"error: " + name + " (AGT100) was checked in already, at 11/01/2026 07:00:00 CST (HTTP 409)"},
			"events", "check-in", seed.SeededEventSlug, "--code", "agt100")
		fails(t, []string{"This ticket is not valid for this event"}, "events", "check-in", "fall-kickoff-atlanta", "--ticket", ticket)

		// Staff see every state: the Draft and the Closed event.
		out = mustPortal(t, "events", "list", "--filter", "state=eq:draft", "--jq", ".[].slug")
		if out != "spring-convention\n" {
			t.Errorf("the Drafts: %q", out)
		}
		fails(t, []string{`Event "no-such-event" not found (HTTP 404)`}, "events", "attendees", "no-such-event")
		mustPortal(t, "auth", "switch", seed.DemoAgent)
	})

	t.Run("cancel: not once checked in; a registration; not twice", func(t *testing.T) {
		fails(t, []string{"You are checked in already: the registration cannot be cancelled (HTTP 409)"},
			"events", "cancel", seed.SeededEventSlug, "--yes")
		if r := portal(t, "", "events", "cancel", "licensing-exam-prep-bootcamp", "--yes"); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Fatalf("cancel: exit %d, %q, %q", r.code, r.stdout, r.stderr)
		}
		if out := mustPortal(t, "events", "view", "licensing-exam-prep-bootcamp", "--jq", ".my_registration"); out != "null\n" {
			t.Errorf("still registered: %q", out)
		}
		fails(t, []string{`error: You are not registered for "licensing-exam-prep-bootcamp" (HTTP 404)`},
			"events", "cancel", "licensing-exam-prep-bootcamp", "--yes")
		fails(t, []string{`error: Event "spring-convention" not found (HTTP 404)`}, "events", "cancel", "spring-convention", "--yes")
	})
}
