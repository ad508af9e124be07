package mail_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/associateportal/portal/server/mail/mailtest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/mail"
)

// TestOutbox writes every kind into an outbox, reads the files as a receiver would, and
// lists them back with their links.
func TestOutbox(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	o, err := mail.NewOutbox(dir, mail.Address{})
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("outbox directory %v (%v), want mode 0700", fi, err)
	}
	to := mail.Address{Name: "Zoë Ångström", Address: "zoe@example.com"}
	start := time.Now().Add(-time.Second)
	var want []mail.Entry
	for i, f := range fixtures {
		// IDs that sort in sending order keep the order plain should two share a clock tick.
		m := mail.Message{ID: fmt.Sprintf("%02d-%s", i, strings.ReplaceAll(f.name, "_", "-")), To: to, Content: f.content}
		if err := o.Send(context.Background(), m); err != nil {
			t.Fatalf("%s: Send: %v", f.name, err)
		}
		r, err := m.Render()
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, mail.Entry{MessageID: m.ID + "@portal.localhost", To: to, Subject: r.Subject, Links: f.links})
	}
	got, err := mail.ListOutbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i, e := range got {
		if e.Err != nil {
			t.Errorf("%s: %v", e.File, e.Err)
		}
		if !strings.HasSuffix(e.File, "-"+strings.TrimSuffix(want[i].MessageID, "@portal.localhost")+".eml") {
			t.Errorf("file %s for message %s", e.File, want[i].MessageID)
		}
		if e.Time.Before(start.Truncate(time.Second)) || e.Time.After(time.Now()) {
			t.Errorf("%s: time %v", e.File, e.Time)
		}
		// Every file is a whole message: headers, a text and an HTML part.
		raw, err := os.ReadFile(e.File)
		if err != nil {
			t.Fatal(err)
		}
		p := mailtest.Parse(t, raw)
		if mailtest.DecodeHeader(t, p.Header, "Subject") != want[i].Subject || !strings.Contains(p.HTML, "&lt;script&gt;") {
			t.Errorf("%s: subject %q or HTML body wrong", e.File, p.Header.Get("Subject"))
		}
		if from, err := p.Header.AddressList("From"); err != nil || from[0].Address != mail.DefaultFrom.Address {
			t.Errorf("%s: From %v (%v)", e.File, from, err)
		}
		e.File, e.Time = "", time.Time{}
		if diff := cmp.Diff(want[i], e); diff != "" {
			t.Errorf("entry %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestOutboxTextOnlyAndStrayFiles(t *testing.T) {
	dir := t.TempDir()
	o, err := mail.NewOutbox(dir, mail.Address{Name: "Demo", Address: "demo@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{ID: "note.1", To: mail.Address{Address: "ann@example.com"}, Subject: "Ünïcode subject",
		Text: "See https://portal.example.com/a?b=c&d=e. Or (https://portal.example.com/x)!\nAgain: https://portal.example.com/x"}
	if err := o.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	// Not messages: another extension, a half-written file, a directory, and junk.
	for name, body := range map[string]string{"notes.txt": "x", ".writing-123": "From: a", "junk.eml": "\x00\x01 not a message"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.eml"), 0o700); err != nil {
		t.Fatal(err)
	}
	got, err := mail.ListOutbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d entries, want the message and the junk: %+v", len(got), got)
	}
	e := got[0] // 2026…-note.1.eml sorts before junk.eml
	want := mail.Entry{File: e.File, Time: e.Time, MessageID: "note.1@example.com", To: mail.Address{Address: "ann@example.com"},
		Subject: "Ünïcode subject", Links: []string{"https://portal.example.com/a?b=c&d=e", "https://portal.example.com/x"}}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("text-only entry (-want +got):\n%s", diff)
	}
	if got[1].Err == nil || filepath.Base(got[1].File) != "junk.eml" {
		t.Errorf("junk entry %+v, want an error", got[1])
	}
}

func TestOutboxRefuses(t *testing.T) {
	dir := t.TempDir()
	o, err := mail.NewOutbox(dir, mail.Address{})
	if err != nil {
		t.Fatal(err)
	}
	err = o.Send(context.Background(), mail.Message{ID: "x.1", To: mail.Address{Address: "ann@example.com"}, Content: mail.Welcome{LoginLink: "/login"}})
	if !errors.Is(err, mail.ErrInvalid) {
		t.Errorf("Send of an invalid message: %v, want ErrInvalid", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := o.Send(ctx, mail.Message{ID: "x.2", To: mail.Address{Address: "ann@example.com"}, Content: fixtures[0].content}); !errors.Is(err, context.Canceled) {
		t.Errorf("Send with a cancelled context: %v", err)
	}
	if des, _ := os.ReadDir(dir); len(des) != 0 {
		t.Errorf("files left: %v", des)
	}
	if got, err := mail.ListOutbox(filepath.Join(dir, "none")); err != nil || len(got) != 0 {
		t.Errorf("ListOutbox of a missing directory: %v, %v; want empty", got, err)
	}
	var ce *mail.ConfigError
	if _, err := mail.NewOutbox("", mail.Address{}); !errors.As(err, &ce) {
		t.Errorf("NewOutbox without a directory: %v", err)
	}
	if _, err := mail.NewOutbox(dir, mail.Address{Address: "nobody"}); !errors.As(err, &ce) {
		t.Errorf("NewOutbox with a bad sender: %v", err)
	}
}
