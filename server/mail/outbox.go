package mail

import (
	"bufio"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// DefaultFrom is the outbox's sender when none is configured.
var DefaultFrom = Address{Name: "Associate Portal", Address: "no-reply@portal.localhost"}

// Outbox is the Sender used when no SMTP server is configured: it writes each message
// into a directory as an RFC 5322 .eml file, the bytes an SMTP send would carry, so that a
// person trying the portal can read it (ListOutbox) and follow its links. Files are named
// by the UTC time of writing and the message's ID, so they sort by time.
type Outbox struct {
	dir  string
	from Address
	now  func() time.Time
}

var _ Sender = (*Outbox)(nil)

// NewOutbox makes the directory when needed (readable by its owner only: the mail holds
// sign-in links) and answers the outbox. An empty from is DefaultFrom.
func NewOutbox(dir string, from Address) (*Outbox, error) {
	if dir == "" {
		return nil, &ConfigError{Reason: "the outbox directory is empty"}
	}
	if from.Address == "" {
		from = DefaultFrom
	}
	if err := from.check("sender"); err != nil {
		return nil, &ConfigError{Reason: fmt.Sprintf("the sender address %q is not an address", from.Address)}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("mail: outbox: %w", err)
	}
	return &Outbox{dir: dir, from: from, now: time.Now}, nil
}

// Dir is the outbox's directory.
func (o *Outbox) Dir() string { return o.dir }

// timeLayout names files: fixed width, so that names sort as times do.
const timeLayout = "20060102T150405.000000000Z"

// Send writes the message to a temporary file and renames it into place, so that a
// listing never sees half a message.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := o.now()
	msg, err := m.build(o.from, now)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(o.dir, ".writing-*")
	if err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	_, err = msg.WriteTo(f)
	err = errors.Join(err, f.Close())
	name := filepath.Join(o.dir, now.UTC().Format(timeLayout)+"-"+m.ID+".eml")
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("mail: outbox: %w", err)
	}
	return nil
}

// Entry is one message of an outbox as ListOutbox reads it.
type Entry struct {
	File      string
	Time      time.Time // the Date header (the file's time when it has none)
	MessageID string    // without angle brackets
	To        Address
	Subject   string
	Links     []string // the http(s) links of the plain-text body, in order, once each
	Err       error    // the file is not a readable message; the fields above may be empty
}

// ListOutbox reads the .eml files of a directory, oldest first. A directory that does not
// exist yet is an empty outbox; a file that is not a readable message is listed with Err.
func ListOutbox(dir string) ([]Entry, error) {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("mail: outbox: %w", err)
	}
	var out []Entry
	for _, de := range des {
		if !de.Type().IsRegular() || !strings.HasSuffix(de.Name(), ".eml") {
			continue
		}
		e := readEntry(filepath.Join(dir, de.Name()))
		if e.Time.IsZero() {
			if fi, err := de.Info(); err == nil {
				e.Time = fi.ModTime()
			}
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b Entry) int { return strings.Compare(filepath.Base(a.File), filepath.Base(b.File)) })
	return out, nil
}

func readEntry(path string) Entry {
	e := Entry{File: path}
	f, err := os.Open(path)
	if err != nil {
		e.Err = err
		return e
	}
	defer func() { _ = f.Close() }()
	msg, err := netmail.ReadMessage(bufio.NewReader(f))
	if err != nil {
		e.Err = fmt.Errorf("not a mail message: %w", err)
		return e
	}
	h := msg.Header
	e.Time, _ = h.Date()
	e.MessageID = strings.Trim(strings.TrimSpace(h.Get("Message-ID")), "<>")
	if to, err := h.AddressList("To"); err == nil && len(to) > 0 {
		e.To = Address{Name: to[0].Name, Address: to[0].Address}
	}
	var dec mime.WordDecoder
	if e.Subject, err = dec.DecodeHeader(h.Get("Subject")); err != nil {
		e.Subject = h.Get("Subject")
	}
	text, err := textBody(h.Get("Content-Type"), h.Get("Content-Transfer-Encoding"), msg.Body)
	if err != nil {
		e.Err = err
		return e
	}
	e.Links = Links(text)
	return e
}

// textBody finds the first text/plain part of a body, nested multiparts included, and
// answers it decoded.
func textBody(contentType, encoding string, body io.Reader) (string, error) {
	if contentType == "" {
		contentType = "text/plain"
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", fmt.Errorf("bad Content-Type: %w", err)
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return "", nil
			}
			if err != nil {
				return "", fmt.Errorf("bad multipart body: %w", err)
			}
			// multipart decodes quoted-printable itself and drops the header.
			t, err := textBody(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p)
			if err != nil || t != "" {
				return t, err
			}
		}
	}
	if mt != "text/plain" {
		return "", nil
	}
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return "", fmt.Errorf("bad text body: %w", err)
	}
	return string(b), nil
}

var linkRE = regexp.MustCompile(`https?://[^\s<>"]+`)

// Links answers the http(s) URLs of a plain text, in order and once each, without the
// punctuation that ends a sentence around them.
func Links(text string) []string {
	var out []string
	for _, l := range linkRE.FindAllString(text, -1) {
		l = strings.TrimRight(l, ".,;:!?)]'")
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}
