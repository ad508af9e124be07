// Package event holds the rules of events that are more than rows: the states, the signed
// tickets that associates' QR codes carry, and the iCalendar file of an event.
package event

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Event states and registration windows (the spec's enumerations).
const (
	Draft  = "Draft"
	Open   = "Open"
	Closed = "Closed"

	RegistrationOpen   = "Open for registration"
	RegistrationClosed = "Closed for registration"

	Registered = "Registered"
	CheckedIn  = "Checked In"
)

// Tickets sign a registration: the QR code of an associate's ticket carries one, and the
// staff check-in page accepts it once. A ticket names its registration and is signed for
// its event, so a ticket of one event never checks in at another, and a cancelled
// registration's ticket names a row that is gone.
type Tickets struct{ Key []byte }

// ticketMAC is the first 16 bytes of the HMAC: 128 bits, short enough for a small QR code.
func (t Tickets) mac(registrationID, eventID int64) []byte {
	m := hmac.New(sha256.New, t.Key)
	fmt.Fprintf(m, "event-ticket\n%d\n%d", registrationID, eventID)
	return m.Sum(nil)[:16]
}

// Issue is the ticket of a registration of an event: "<registration id>.<signature>".
func (t Tickets) Issue(registrationID, eventID int64) string {
	return strconv.FormatInt(registrationID, 10) + "." + base64.RawURLEncoding.EncodeToString(t.mac(registrationID, eventID))
}

// Registration reads the registration id out of a ticket without checking it (the event's
// id, which the signature covers, comes from the registration's row); ok is false when the
// ticket cannot be one.
func Registration(ticket string) (id int64, ok bool) {
	head, _, found := strings.Cut(ticket, ".")
	if !found {
		return 0, false
	}
	id, err := strconv.ParseInt(head, 10, 64)
	return id, err == nil && id > 0
}

// Valid reports whether a ticket is the one issued for that registration of that event.
func (t Tickets) Valid(ticket string, registrationID, eventID int64) bool {
	_, sig, found := strings.Cut(ticket, ".")
	if !found {
		return false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	return err == nil && hmac.Equal(got, t.mac(registrationID, eventID))
}

// Calendar is what an event's .ics file says.
type Calendar struct {
	UID            string // stable across downloads, so a calendar updates the entry
	Title, Summary string
	Location       string
	URL            string
	Start, End     time.Time
	Stamp          time.Time // when the file was made
	Cancelled      bool      // a Closed event: calendars mark the entry cancelled
	Modified       time.Time
}

// ICS writes the calendar as an iCalendar (RFC 5545) file with one event, its times in UTC.
func (c Calendar) ICS() []byte {
	var b strings.Builder
	line := func(name, value string) { fold(&b, name+":"+value) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Associate Portal//Events//EN")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	line("BEGIN", "VEVENT")
	line("UID", escape(c.UID))
	line("DTSTAMP", utc(c.Stamp))
	line("DTSTART", utc(c.Start))
	line("DTEND", utc(c.End))
	if !c.Modified.IsZero() {
		line("LAST-MODIFIED", utc(c.Modified))
	}
	line("SUMMARY", escape(c.Title))
	desc := c.Summary
	if c.URL != "" {
		desc = strings.TrimSpace(desc + "\n\n" + c.URL)
	}
	if desc != "" {
		line("DESCRIPTION", escape(desc))
	}
	if c.Location != "" {
		line("LOCATION", escape(c.Location))
	}
	if c.URL != "" {
		line("URL", c.URL)
	}
	if c.Cancelled {
		line("STATUS", "CANCELLED")
	} else {
		line("STATUS", "CONFIRMED")
	}
	line("END", "VEVENT")
	line("END", "VCALENDAR")
	return []byte(b.String())
}

func utc(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// escape writes a TEXT value: backslashes, semicolons and commas escaped, line breaks as \n,
// other control characters dropped.
func escape(s string) string {
	var b strings.Builder
	for _, r := range strings.ReplaceAll(s, "\r\n", "\n") {
		switch {
		case r == '\\' || r == ';' || r == ',':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fold ends a content line with CRLF, folded so that no line is longer than 75 octets
// (continuations start with a space), never inside a UTF-8 character.
func fold(b *strings.Builder, s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}
