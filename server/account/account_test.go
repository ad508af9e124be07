package account

import (
	"testing"
	"time"

	"github.com/associateportal/portal/server/errs"
)

func fieldMessages(err error) map[string]string {
	out := map[string]string{}
	if e := errs.As(err); e != nil {
		for _, f := range e.Fields {
			out[f.Field] = f.Message
		}
	}
	return out
}

func TestPasswordPolicy(t *testing.T) {
	for _, tc := range []struct {
		pw   string
		own  []string
		want string // "" = accepted
	}{
		{"", nil, "Password is required"},
		{"short1!", nil, "Password must be at least 8 characters"},
		{"ééééééé", nil, "Password must be at least 8 characters"}, // 7 characters, 14 bytes
		{"password", nil, "This password is too common; choose another"},
		{"PassWord1", nil, "This password is too common; choose another"},
		{"baseball", nil, "This password is too common; choose another"},
		{"agent@example.com", []string{"agent@example.com"}, "Password must not be your email, code or name"},
		{"alexcarter", OwnWords("a@example.com", "AC0001", "Alex", "Carter"), "Password must not be your email, code or name"},
		{"carteralex", OwnWords("a@example.com", "AC0001", "Alex", "Carter"), "Password must not be your email, code or name"},
		{"AGT100AGT", []string{"AGT100"}, "Password must not be your email, code or name"},
		{"agent123", []string{"agent@example.com"}, ""},
		{"correct horse battery staple", []string{"agent@example.com"}, ""},
		{"onlylowercaseletters", nil, ""}, // no composition rules
		{"ééééééééé", nil, ""},
		{string(make([]byte, 257)), nil, "Password must be at most 256 characters"},
	} {
		var f errs.Fields
		CheckPassword(&f, "password", tc.pw, tc.own)
		got := fieldMessages(f.Err())["password"]
		if got != tc.want {
			t.Errorf("%q (own %v): %q, want %q", tc.pw, tc.own, got, tc.want)
		}
	}
	if len(common) < 1000 {
		t.Errorf("the common list has %d entries", len(common))
	}
}

func TestSectionsCheck(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	young := time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC)
	b := Basic{FirstName: "  Alex ", LastName: "", DateOfBirth: &young}
	got := fieldMessages(b.Check(now))
	if b.FirstName != "Alex" || got["last_name"] != "Last name is required" || got["date_of_birth"] != "An associate must be at least 18 years old" {
		t.Errorf("basic: %+v %v", b, got)
	}
	a := Address{Line1: "1 Main St", City: "Austin", State: "ON", PostalCode: "7870"}
	got = fieldMessages(a.Check("USA"))
	if got["state"] != "State must be in USA" || got["postal_code"] != "Postal code must be a ZIP code like 12345 or 12345-6789" {
		t.Errorf("address: %v", got)
	}
	a = Address{Line1: "1 Rue", City: "Ottawa", State: "ON", PostalCode: "k1a 0b1 "}
	if err := a.Check("Canada"); err != nil || a.PostalCode != "K1A 0B1" {
		t.Errorf("a Canadian address: %v %+v", err, a)
	}
	p := Phone{Field: "phone", Phone: "+1 (555) 123-4567"}
	if err := p.Check(); err != nil || p.Phone != "5551234567" {
		t.Errorf("phone: %v %q", err, p.Phone)
	}
	p = Phone{Field: "phone"}
	if fieldMessages(p.Check())["phone"] != "Phone is required" {
		t.Error("an empty phone is accepted")
	}
	p = Phone{Field: "alt_phone"}
	if p.Check() != nil {
		t.Error("an empty alternative phone (removing it) is refused")
	}
	p = Phone{Field: "alt_phone", Phone: "555-1234"}
	if fieldMessages(p.Check())["phone"] != "Alternative phone must have 10 digits" {
		t.Error("a short alternative phone is accepted")
	}
	s := Spouse{Email: "X@Y.com"}
	got = fieldMessages(s.Check(now))
	if got["name"] != "Name is required" || s.Email != "x@y.com" {
		t.Errorf("spouse: %v %+v", got, s)
	}
	if err := (&Spouse{}).Check(now); err != nil {
		t.Errorf("removing the spouse: %v", err)
	}
	var f errs.Fields
	if e := NormalizeEmail(&f, "email", " New@Example.COM "); f.Err() != nil || e != "new@example.com" {
		t.Errorf("email: %q %v", e, f.Err())
	}
	NormalizeEmail(&f, "email", "Someone <a@b.com>")
	if fieldMessages(f.Err())["email"] != "Email must be a valid email address" {
		t.Errorf("a display name is accepted: %v", f.Err())
	}
	if w := OwnWords("a@b.com", "AGT100", "Alex", "Carter"); len(w) != 5 || w[2] != "AlexCarter" {
		t.Errorf("OwnWords: %v", w)
	}
}

func TestDevice(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36":                         "Chrome on Windows",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0":             "Edge on Windows",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1": "Safari on iPhone",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:131.0) Gecko/20100101 Firefox/131.0":                                                     "Firefox on macOS",
		"Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36":                            "Chrome on Android",
		"portal-cli/0.1.0 (linux/amd64)": "portal CLI on Linux",
		"portal-sdk-go":                  "Go SDK",
		"curl/8.5.0":                     "curl",
		"":                               "Unknown device",
		"something else":                 "Unknown browser",
	} {
		if got := Device(ua); got != want {
			t.Errorf("Device(%q) = %q, want %q", ua, got, want)
		}
	}
}
