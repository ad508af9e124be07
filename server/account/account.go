// Package account holds the rules of the associate's own record: the sections the account
// pages edit (how each is normalised and checked, and which fields it changes), the
// password policy, and how a login session's device is named.
package account

import (
	"strings"
	"time"

	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/errs"
)

// Section is one edit form of the account: the fields it replaces, by API name, as text
// ("" for none). The store maps each name to its column (a name it does not know is a bug).
type Section interface {
	Fields() [][2]string
}

// Basic is the basic-information form.
type Basic struct {
	FirstName, LastName              string
	DateOfBirth                      *time.Time
	Gender, MaritalStatus, ShirtSize string
}

// Address is the address form; the country is the associate's and is not edited here.
type Address struct {
	Line1, Line2, City, State, PostalCode string
}

// Phone is the phone or the alternative phone form (Field says which).
type Phone struct {
	Field string // "phone" or "alt_phone"
	Phone string
}

// Spouse is the spouse form; all empty removes the spouse.
type Spouse struct {
	Name, Email, Phone string
	DateOfBirth        *time.Time
}

func date(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.DateOnly)
}

func trim(ps ...*string) {
	for _, p := range ps {
		*p = strings.TrimSpace(*p)
	}
}

// Check normalises and checks the basic information.
func (b *Basic) Check(now time.Time) error {
	trim(&b.FirstName, &b.LastName)
	var f errs.Fields
	if b.FirstName == "" {
		f.Add("first_name", "First name is required")
	}
	if b.LastName == "" {
		f.Add("last_name", "Last name is required")
	}
	checkBirth(&f, "date_of_birth", b.DateOfBirth, now)
	if b.DateOfBirth != nil && b.DateOfBirth.After(now.AddDate(-18, 0, 0)) && !b.DateOfBirth.After(now) {
		f.Add("date_of_birth", "An associate must be at least 18 years old")
	}
	return f.Err()
}

func checkBirth(f *errs.Fields, field string, d *time.Time, now time.Time) {
	switch {
	case d == nil:
	case d.After(now):
		f.Add(field, "Date of birth must be in the past")
	case d.Year() < 1900:
		f.Add(field, "Date of birth must be after 1900")
	}
}

// Fields are the columns the basic information replaces.
func (b *Basic) Fields() [][2]string {
	return [][2]string{
		{"first_name", b.FirstName}, {"last_name", b.LastName}, {"date_of_birth", date(b.DateOfBirth)},
		{"gender", b.Gender}, {"marital_status", b.MaritalStatus}, {"shirt_size", b.ShirtSize},
	}
}

// Check normalises and checks an address in the associate's country.
func (a *Address) Check(country string) error {
	trim(&a.Line1, &a.Line2, &a.City, &a.State, &a.PostalCode)
	a.PostalCode = strings.ToUpper(a.PostalCode)
	var f errs.Fields
	if a.Line1 == "" {
		f.Add("line1", "Address line 1 is required")
	}
	if a.City == "" {
		f.Add("city", "City is required")
	}
	if a.State == "" {
		f.Add("state", "State is required")
	}
	if a.PostalCode == "" {
		f.Add("postal_code", "Postal code is required")
	}
	client.CheckPlace(&f, country, a.State, a.PostalCode)
	return f.Err()
}

// Fields are the columns the address replaces.
func (a *Address) Fields() [][2]string {
	return [][2]string{
		{"address_line1", a.Line1}, {"address_line2", a.Line2}, {"city", a.City},
		{"state", a.State}, {"postal_code", a.PostalCode},
	}
}

// Check normalises and checks a phone number; the main phone is required.
func (p *Phone) Check() error {
	p.Phone = client.NormalizePhone(strings.TrimSpace(p.Phone))
	var f errs.Fields
	label := "Phone"
	if p.Field == "alt_phone" {
		label = "Alternative phone"
	}
	if p.Phone == "" && p.Field == "phone" {
		f.Add("phone", "Phone is required")
	}
	client.CheckPhone(&f, "phone", label, p.Phone)
	return f.Err()
}

// Fields is the one column the phone form replaces.
func (p *Phone) Fields() [][2]string { return [][2]string{{p.Field, p.Phone}} }

// Check normalises and checks the spouse's details.
func (s *Spouse) Check(now time.Time) error {
	trim(&s.Name, &s.Email, &s.Phone)
	s.Email = strings.ToLower(s.Email)
	s.Phone = client.NormalizePhone(s.Phone)
	var f errs.Fields
	if s.Name == "" && (s.Email != "" || s.Phone != "" || s.DateOfBirth != nil) {
		f.Add("name", "Name is required")
	}
	if s.Email != "" && !client.ValidEmail(s.Email) {
		f.Add("email", "Email must be a valid email address")
	}
	client.CheckPhone(&f, "phone", "Phone", s.Phone)
	checkBirth(&f, "date_of_birth", s.DateOfBirth, now)
	return f.Err()
}

// Fields are the columns the spouse form replaces.
func (s *Spouse) Fields() [][2]string {
	return [][2]string{
		{"spouse_name", s.Name}, {"spouse_email", s.Email}, {"spouse_phone", s.Phone},
		{"spouse_date_of_birth", date(s.DateOfBirth)},
	}
}

// NormalizeEmail trims and lower-cases an address; a missing or malformed one adds its
// error to f under field.
func NormalizeEmail(f *errs.Fields, field, email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	switch {
	case email == "":
		f.Add(field, "Email is required")
	case !client.ValidEmail(email):
		f.Add(field, "Email must be a valid email address")
	}
	return email
}
