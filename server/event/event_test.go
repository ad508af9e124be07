package event_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/event"
)

func TestTickets(t *testing.T) {
	tk := event.Tickets{Key: []byte("0123456789abcdef0123456789abcdef")}
	ticket := tk.Issue(42, 7)
	id, ok := event.Registration(ticket)
	if !ok || id != 42 {
		t.Fatalf("Registration(%q) = %d, %v; want 42, true", ticket, id, ok)
	}
	if !tk.Valid(ticket, 42, 7) {
		t.Fatalf("the ticket issued is not valid")
	}
	other := event.Tickets{Key: []byte("another key of thirty-two bytes!")}
	forged := "43" + ticket[2:]
	for name, bad := range map[string]bool{
		"another event":        tk.Valid(ticket, 42, 8),
		"another registration": tk.Valid(forged, 43, 7),
		"another key":          other.Valid(ticket, 42, 7),
		"no signature":         tk.Valid("42", 42, 7),
		"signature cut":        tk.Valid(ticket[:len(ticket)-2], 42, 7),
		"not base64":           tk.Valid("42.!!!", 42, 7),
	} {
		if bad {
			t.Errorf("%s: valid, want refused", name)
		}
	}
	for _, s := range []string{"", "x", ".abc", "0.abc", "-1.abc", "abc.def", "99999999999999999999.x"} {
		if _, ok := event.Registration(s); ok {
			t.Errorf("Registration(%q) ok, want not a ticket", s)
		}
	}
}

func TestICS(t *testing.T) {
	start := time.Date(2026, 12, 3, 9, 0, 0, 0, time.FixedZone("CST", -6*3600))
	c := event.Calendar{
		UID: "event-7@portal.example.com", Title: "Leadership Summit; Dallas, TX",
		Summary: "Two days\\of training.\nBring a laptop.", Location: "Omni Dallas, 555 S Lamar St, Dallas",
		URL: "https://portal.example.com/events/leadership-summit", Start: start, End: start.Add(8 * time.Hour),
		Stamp: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC),
	}
	want := strings.Join([]string{
		"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Associate Portal//Events//EN", "CALSCALE:GREGORIAN",
		"METHOD:PUBLISH", "BEGIN:VEVENT", "UID:event-7@portal.example.com", "DTSTAMP:20261129T120000Z",
		"DTSTART:20261203T150000Z", "DTEND:20261203T230000Z", `SUMMARY:Leadership Summit\; Dallas\, TX`,
		`DESCRIPTION:Two days\\of training.\nBring a laptop.\n\nhttps://portal.examp`,
		` le.com/events/leadership-summit`,
		`LOCATION:Omni Dallas\, 555 S Lamar St\, Dallas`, "URL:https://portal.example.com/events/leadership-summit",
		"STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR", "",
	}, "\r\n")
	if diff := cmp.Diff(want, string(c.ICS())); diff != "" {
		t.Errorf("ICS (-want +got):\n%s", diff)
	}
	c.Cancelled = true
	if !strings.Contains(string(c.ICS()), "\r\nSTATUS:CANCELLED\r\n") {
		t.Errorf("a cancelled event's file does not say so")
	}
}

func TestICSFoldsLongLinesBetweenCharacters(t *testing.T) {
	c := event.Calendar{Title: strings.Repeat("é", 100) + "\x01", Start: time.Unix(0, 0), End: time.Unix(60, 0)}
	var summary []string
	for _, l := range strings.Split(string(c.ICS()), "\r\n") {
		if len(l) > 75 {
			t.Errorf("line of %d octets: %q", len(l), l)
		}
		if strings.HasPrefix(l, "SUMMARY:") || (len(summary) > 0 && strings.HasPrefix(l, " ")) {
			summary = append(summary, strings.TrimPrefix(l, " "))
		} else if len(summary) > 0 {
			break
		}
	}
	if got := strings.Join(summary, ""); got != "SUMMARY:"+strings.Repeat("é", 100) {
		t.Errorf("unfolded summary = %q (control characters dropped, characters whole)", got)
	}
}
