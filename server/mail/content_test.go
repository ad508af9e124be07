package mail_test

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/mail"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// hostile is a name that must reach the HTML body escaped and the text body as it is.
const hostile = `Ann <script>alert("x")</script> O'Neil & Co`

// token is long enough that quoted-printable breaks the line that holds it.
const token = "k3Q9vZ2xW8pL5mN7bR4tY6uI1oP0aS9dF8gH7jK6lZ5xC4vB3nM2qW1eR0tY9uI8oP7aS6dF5gH4"

const base = "https://portal.example.com"

// fixture is one message of every kind (two for the notice), with the links its text
// body must hold, in order.
type fixture struct {
	name    string
	content mail.Content
	links   []string
}

var fixtures = []fixture{
	{"password_reset",
		mail.PasswordReset{Name: hostile, Link: base + "/reset?token=" + token + "&u=17", ValidFor: time.Hour},
		[]string{base + "/reset?token=" + token + "&u=17"}},
	{"email_change_confirm",
		mail.EmailChangeConfirm{Name: hostile, NewAddress: "ann.new@example.org", Link: base + "/account/email/confirm?token=" + token, ValidFor: 24 * time.Hour},
		[]string{base + "/account/email/confirm?token=" + token}},
	{"email_change_notice",
		mail.EmailChangeNotice{Name: hostile, NewAddress: "a***@example.org", HelpLink: base + "/forgot-password"},
		[]string{base + "/forgot-password"}},
	{"email_change_notice_confirmed",
		mail.EmailChangeNotice{Name: hostile, NewAddress: "a***@example.org", Confirmed: true, HelpLink: base + "/forgot-password"},
		[]string{base + "/forgot-password"}},
	{"welcome",
		mail.Welcome{Name: hostile, Code: "AP-10042", LoginLink: base + "/login"},
		[]string{base + "/login"}},
	{"register_attempt",
		mail.RegisterAttempt{Name: hostile, LoginLink: base + "/login", ResetLink: base + "/forgot-password"},
		[]string{base + "/login", base + "/forgot-password"}},
	{"payout_change",
		mail.PayoutChange{Name: hostile, Bank: "First <Bank>", Last4: "6789", Status: "Rejected By Admin",
			Reason: "Invalid Supporting Document", Note: "The cheque is <blurred>", Link: base + "/account/payout-informations/7"},
		[]string{base + "/account/payout-informations/7"}},
	{"order_update",
		mail.OrderUpdate{Name: hostile, OrderID: 42, What: "fulfilment", State: "Shipped", Total: "$42.00", Link: base + "/account/purchase-history"},
		[]string{base + "/account/purchase-history"}},
	{"order_update_refunded",
		mail.OrderUpdate{Name: hostile, OrderID: 43, What: "payment", State: "Refunded", Total: "$20.00", Link: base + "/account/purchase-history"},
		[]string{base + "/account/purchase-history"}},
	{"payout_owner",
		mail.PayoutOwner{OwnerName: hostile, AssociateName: "Ann Lee", Bank: "First Bank", Last4: "6789",
			Link: base + "/payout-owner/" + token, ValidFor: 7 * 24 * time.Hour},
		[]string{base + "/payout-owner/" + token}},
}

// TestRenderGolden keeps every kind's subject and bodies in testdata/ (go test -update
// rewrites them), so a change of wording shows in review.
func TestRenderGolden(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			r, err := mail.Message{ID: "x", To: mail.Address{Address: "ann@example.com"}, Content: f.content}.Render()
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			golden(t, f.name+".txt", "Subject: "+r.Subject+"\n\n"+r.Text)
			golden(t, f.name+".html", r.HTML)
			if got := mail.Links(r.Text); !slices.Equal(got, f.links) {
				t.Errorf("links of the text body (-want +got):\n%s", cmp.Diff(f.links, got))
			}
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

func TestRenderEscapesHTMLOnly(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			r, err := mail.Message{ID: "x", To: mail.Address{Address: "ann@example.com"}, Content: f.content}.Render()
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(r.HTML, "<script>") || !strings.Contains(r.HTML, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; O&#39;Neil &amp; Co") {
				t.Errorf("HTML body does not hold the name escaped:\n%s", r.HTML)
			}
			if !strings.Contains(r.Text, "Hello "+hostile+",") {
				t.Errorf("text body does not greet %q as it is:\n%s", hostile, r.Text)
			}
			for _, l := range f.links {
				if !strings.Contains(r.HTML, `href="`+strings.ReplaceAll(l, "&", "&amp;")+`"`) {
					t.Errorf("HTML body has no href for %s", l)
				}
			}
		})
	}
}

func TestRenderEveryKindHasTemplates(t *testing.T) {
	var want []string
	for _, k := range mail.Kinds() {
		want = append(want, string(k)+".html", string(k)+".txt")
	}
	des, err := os.ReadDir("templates")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, de := range des {
		if !strings.HasPrefix(de.Name(), "layout.") {
			got = append(got, de.Name())
		}
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("template files (-want +got):\n%s", diff)
	}
	seen := map[mail.Kind]bool{}
	for _, f := range fixtures {
		seen[f.content.Kind()] = true
	}
	for _, k := range mail.Kinds() {
		if !seen[k] {
			t.Errorf("no fixture of kind %s", k)
		}
	}
}

func TestRenderLifetimeInWords(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{time.Minute, "1 minute"}, {30 * time.Minute, "30 minutes"}, {90 * time.Minute, "90 minutes"},
		{time.Hour, "1 hour"}, {2 * time.Hour, "2 hours"}, {24 * time.Hour, "1 day"}, {72 * time.Hour, "3 days"},
		{61*time.Minute + time.Second, "62 minutes"},
	} {
		r, err := mail.Message{ID: "x", To: mail.Address{Address: "a@example.com"},
			Content: mail.PasswordReset{Link: base + "/r", ValidFor: c.d}}.Render()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Text, "within "+c.want+":") {
			t.Errorf("%s: text does not say %q:\n%s", c.d, c.want, r.Text)
		}
	}
}

func TestRenderRefusesInvalid(t *testing.T) {
	to := mail.Address{Address: "ann@example.com"}
	const secret = "SECRET-TOKEN"
	for _, c := range []struct {
		name string
		m    mail.Message
		want string
	}{
		{"no ID", mail.Message{To: to, Content: mail.Welcome{LoginLink: base}}, "no ID"},
		{"ID with a space", mail.Message{ID: "a b", To: to, Content: mail.Welcome{LoginLink: base}}, "bad message ID"},
		{"ID with a bracket", mail.Message{ID: "a>b", To: to, Content: mail.Welcome{LoginLink: base}}, "bad message ID"},
		{"no recipient", mail.Message{ID: "a", Content: mail.Welcome{LoginLink: base}}, "bad recipient"},
		{"recipient list", mail.Message{ID: "a", To: mail.Address{Address: "a@example.com, b@example.com"}, Content: mail.Welcome{LoginLink: base}}, "bad recipient"},
		{"recipient with a name inside", mail.Message{ID: "a", To: mail.Address{Address: "Eve <a@example.com>"}, Content: mail.Welcome{LoginLink: base}}, "bad recipient"},
		{"relative link", mail.Message{ID: "a", To: to, Content: mail.PasswordReset{Link: "/reset?token=" + secret, ValidFor: time.Hour}}, "absolute"},
		{"javascript link", mail.Message{ID: "a", To: to, Content: mail.PasswordReset{Link: "javascript:alert('" + secret + "')", ValidFor: time.Hour}}, "absolute"},
		{"no lifetime", mail.Message{ID: "a", To: to, Content: mail.PasswordReset{Link: base + "/r", ValidFor: 0}}, "at least a minute"},
		{"no new address", mail.Message{ID: "a", To: to, Content: mail.EmailChangeConfirm{Link: base, ValidFor: time.Hour}}, "new address is empty"},
		{"notice without help", mail.Message{ID: "a", To: to, Content: mail.EmailChangeNotice{NewAddress: "b@example.com"}}, "help link"},
		{"attempt without reset", mail.Message{ID: "a", To: to, Content: mail.RegisterAttempt{LoginLink: base}}, "reset link"},
		{"no content, no subject", mail.Message{ID: "a", To: to, Text: "hi"}, "subject"},
		{"no content, no text", mail.Message{ID: "a", To: to, Subject: "hi", HTML: "<p>hi</p>"}, "text body"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.m.Render()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Render: %v, want an error saying %q", err, c.want)
			}
			if !errors.Is(err, mail.ErrInvalid) || !mail.IsPermanent(err) {
				t.Errorf("error %v is not ErrInvalid and permanent", err)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error %q shows the link's token", err)
			}
		})
	}
}

func TestMessageJSONRoundTrip(t *testing.T) {
	to := mail.Address{Name: "Ann", Address: "ann@example.com"}
	msgs := []mail.Message{{ID: "raw.1", To: to, Subject: "Hi", Text: "Hello", HTML: "<p>Hello</p>"}}
	for i, f := range fixtures {
		msgs = append(msgs, mail.Message{ID: f.name + "." + string(rune('0'+i)), To: to, Content: f.content})
	}
	for _, m := range msgs {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var got mail.Message
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("Unmarshal %s: %v", b, err)
		}
		if diff := cmp.Diff(m, got); diff != "" {
			t.Errorf("round trip of %s (-want +got):\n%s", b, diff)
		}
	}
	var m mail.Message
	err := json.Unmarshal([]byte(`{"id":"a","to":{"address":"a@example.com"},"kind":"postcard","data":{}}`), &m)
	if err == nil || !strings.Contains(err.Error(), `unknown kind "postcard"`) {
		t.Errorf("unknown kind: %v", err)
	}
}
