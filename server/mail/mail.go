// Package mail writes and sends the portal's mail: a Message names its recipient, a stable
// id and either typed content (a password reset, a welcome…) rendered from embedded
// templates into a plain-text and an HTML body, or bodies rendered elsewhere. A Sender
// delivers it: SMTP through go-mail when a server is configured, otherwise an Outbox of
// .eml files in a directory that ListOutbox reads back with the links of each message.
//
// Sending is at-least-once. A job that sends and then dies before it records success is
// retried, and the receiver may get the message twice; every Message therefore carries an
// ID, fixed for the logical message (derived from a database row, say), that becomes its
// Message-ID header, so receivers and people can recognise the repeat. Errors say whether
// trying again may help: IsPermanent is true only when the server refused this message or
// its recipient (a 5xx reply) or the message itself is invalid (ErrInvalid); a job should
// stop retrying then (river.JobCancel) and retry on any other error.
package mail

import (
	"context"
	"encoding/json"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"
	"unicode"

	gomail "github.com/wneessen/go-mail"
)

// Sender delivers messages. Send is safe for concurrent use; it may deliver a message more
// than once when it is retried after a failure it could not see the end of.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Address is a mailbox: a display name (may be empty) and an address.
type Address struct {
	Name    string `json:"name,omitempty"`
	Address string `json:"address"`
}

// String is the address for people and flags: `"Name" <address>`, or the bare address
// without a name. Non-ASCII names stay readable (messages encode them in their headers);
// ParseAddress reads the result back.
func (a Address) String() string {
	if a.Name == "" {
		return a.Address
	}
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, a.Name)
	name = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name)
	return `"` + name + `" <` + a.Address + ">"
}

// ParseAddress reads an address as written in a header or on a command line:
// "Associate Portal <no-reply@example.com>" or "no-reply@example.com".
func ParseAddress(s string) (Address, error) {
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return Address{}, fmt.Errorf("mail: bad address %q: %w", s, err)
	}
	return Address{Name: a.Name, Address: a.Address}, nil
}

// check refuses an address that is not one plain addr-spec (no name, no list, no
// comments smuggled into the address part).
func (a Address) check(role string) error {
	p, err := netmail.ParseAddress(a.Address)
	if err != nil || p.Address != a.Address || p.Name != "" {
		return invalidf("bad %s address %q", role, a.Address)
	}
	return nil
}

func (a Address) domain() string {
	return a.Address[strings.LastIndexByte(a.Address, '@')+1:]
}

// Message is one logical mail to one recipient.
type Message struct {
	// ID identifies the logical message, stable across retries: "password-reset.42". It
	// becomes the Message-ID <ID@domain of the sender>; an ID with an @ is used as it is.
	ID string
	To Address
	// Content is the typed data of a kind of mail; its kind picks the templates and the
	// subject. When it is nil, Subject, Text and HTML (HTML may be empty) are sent as given.
	Content Content
	Subject string
	Text    string
	HTML    string
}

// Rendered is a message's subject and bodies, ready to send.
type Rendered struct {
	Subject string
	Text    string
	HTML    string
}

// Render checks the message and answers its subject and bodies: the content's templates
// when it has content, the given ones otherwise.
func (m Message) Render() (Rendered, error) {
	if err := m.check(); err != nil {
		return Rendered{}, err
	}
	if m.Content == nil {
		if m.Subject == "" || m.Text == "" {
			return Rendered{}, invalidf("a message without content needs a subject and a text body")
		}
		return Rendered{Subject: m.Subject, Text: m.Text, HTML: m.HTML}, nil
	}
	return render(m.Content)
}

func (m Message) check() error {
	if err := checkID(m.ID); err != nil {
		return err
	}
	return m.To.check("recipient")
}

// checkID accepts a dot-atom of letters, digits and -_.+= (the left side of a
// Message-ID), optionally followed by @ and a domain of the same.
func checkID(id string) error {
	if id == "" {
		return invalidf("message has no ID (derive one from the record it is about)")
	}
	left, right, hasAt := strings.Cut(id, "@")
	if !isDotAtom(left) || (hasAt && !isDotAtom(right)) {
		return invalidf("bad message ID %q (letters, digits and -_.+= only)", id)
	}
	return nil
}

func isDotAtom(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") || len(s) > 200 {
		return false
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+=", r)
		if !ok {
			return false
		}
	}
	return true
}

// MessageID is the Message-ID header (without angle brackets) of a message sent from an
// address.
func (m Message) MessageID(from Address) string {
	if strings.Contains(m.ID, "@") {
		return m.ID
	}
	return m.ID + "@" + from.domain()
}

// build renders the message into a go-mail message from an address at a time. The SMTP
// sender sends it and the outbox writes it, so both carry the same bytes.
func (m Message) build(from Address, now time.Time) (*gomail.Msg, error) {
	r, err := m.Render()
	if err != nil {
		return nil, err
	}
	if err := from.check("sender"); err != nil {
		return nil, err
	}
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(&netmail.Address{Name: from.Name, Address: from.Address})
	msg.AddToMailAddress(&netmail.Address{Name: m.To.Name, Address: m.To.Address})
	msg.Subject(r.Subject)
	msg.SetMessageIDWithValue(m.MessageID(from))
	msg.SetDateWithValue(now)
	// RFC 3834: an automatic message; out-of-office replies should not answer it.
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetGenHeader(gomail.HeaderXAutoResponseSuppress, "All")
	msg.SetBodyString(gomail.TypeTextPlain, r.Text)
	if r.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, r.HTML)
	}
	return msg, nil
}

// messageJSON is Message as it travels in a job's arguments: the content's kind names the
// type of its data.
type messageJSON struct {
	ID      string          `json:"id"`
	To      Address         `json:"to"`
	Kind    Kind            `json:"kind,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`
	Subject string          `json:"subject,omitempty"`
	Text    string          `json:"text,omitempty"`
	HTML    string          `json:"html,omitempty"`
}

// MarshalJSON writes the message with its content's kind beside the content, so that a
// job's arguments can carry it and UnmarshalJSON can read the content back as its type.
func (m Message) MarshalJSON() ([]byte, error) {
	j := messageJSON{ID: m.ID, To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML}
	if m.Content != nil {
		data, err := json.Marshal(m.Content)
		if err != nil {
			return nil, err
		}
		j.Kind, j.Data = m.Content.Kind(), data
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON wrote; an unknown kind is an error.
func (m *Message) UnmarshalJSON(b []byte) error {
	var j messageJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*m = Message{ID: j.ID, To: j.To, Subject: j.Subject, Text: j.Text, HTML: j.HTML}
	if j.Kind == "" {
		return nil
	}
	c, err := decodeContent(j.Kind, j.Data)
	if err != nil {
		return err
	}
	m.Content = c
	return nil
}
