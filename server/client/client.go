// Package client holds the rules of a client record: which fields exist, how they are
// checked, and how a change is described for the change log.
package client

import (
	"fmt"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/server/errs"
)

// Input is the editable part of a client. Optional fields are empty strings or nil.
type Input struct {
	FirstName     string
	LastName      string
	Email         string
	Phone         string
	DateOfBirth   *time.Time
	Gender        string
	MaritalStatus string
	AddressLine1  string
	AddressLine2  string
	City          string
	State         string
	PostalCode    string
	Country       string
	AnnualIncome  *int64 // cents
	Notes         string
}

// Client is a stored client as the caller sees it.
type Client struct {
	Input
	ID            int64
	AssociateID   int64
	AssociateCode string
	AssociateName string
	CanEdit       bool
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

var (
	digits      = regexp.MustCompile(`\D`)
	usPostal    = regexp.MustCompile(`^\d{5}(-\d{4})?$`)
	caPostal    = regexp.MustCompile(`^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$`)
	canadianSet = map[string]bool{"AB": true, "BC": true, "MB": true, "NB": true, "NL": true, "NS": true, "NT": true, "NU": true, "ON": true, "PE": true, "QC": true, "SK": true, "YT": true}
)

// CountryOfState is the country of a state code of the contract's list: a Canadian
// province or territory, else a US state or territory.
func CountryOfState(code string) string {
	if canadianSet[code] {
		return "Canada"
	}
	return "USA"
}

// Normalize trims every text field and reduces the phone to its digits.
func (in *Input) Normalize() {
	for _, p := range []*string{&in.FirstName, &in.LastName, &in.Email, &in.Phone, &in.Gender, &in.MaritalStatus,
		&in.AddressLine1, &in.AddressLine2, &in.City, &in.State, &in.PostalCode, &in.Country, &in.Notes} {
		*p = strings.TrimSpace(*p)
	}
	in.Email = strings.ToLower(in.Email)
	in.Phone = NormalizePhone(in.Phone)
	in.PostalCode = strings.ToUpper(in.PostalCode)
}

// NormalizePhone reduces a phone number to its digits, without a leading country code 1.
func NormalizePhone(s string) string {
	if s == "" {
		return ""
	}
	d := digits.ReplaceAllString(s, "")
	if len(d) == 11 && d[0] == '1' {
		d = d[1:]
	}
	return d
}

// ValidEmail says whether s is one plain address (no display name, no angle brackets).
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s
}

// CheckPhone adds the error of a phone number (after NormalizePhone) that is not ten digits.
func CheckPhone(f *errs.Fields, field, label, phone string) {
	if phone != "" && len(phone) != 10 {
		f.Add(field, "%s must have 10 digits", label)
	}
}

// CheckPlace adds the errors of a state that is not in the country and of a postal code
// that is not the country's format (the postal code upper-cased).
func CheckPlace(f *errs.Fields, country, state, postal string) {
	if state != "" && country != "" {
		if CountryOfState(state) != country {
			f.Add("state", "State must be in %s", country)
		}
	}
	if postal != "" {
		switch {
		case country == "USA" && !usPostal.MatchString(postal):
			f.Add("postal_code", "Postal code must be a ZIP code like 12345 or 12345-6789")
		case country == "Canada" && !caPostal.MatchString(postal):
			f.Add("postal_code", "Postal code must be like K1A 0B1")
		}
	}
}

// Validate checks an input after Normalize; the messages are the ones the forms show.
func (in *Input) Validate(now time.Time) error {
	var f errs.Fields
	if in.FirstName == "" {
		f.Add("first_name", "First name is required")
	}
	if in.LastName == "" {
		f.Add("last_name", "Last name is required")
	}
	if in.Country == "" {
		f.Add("country", "Country is required")
	}
	if in.Email != "" && !ValidEmail(in.Email) {
		f.Add("email", "Email must be a valid email address")
	}
	CheckPhone(&f, "phone", "Phone", in.Phone)
	if in.DateOfBirth != nil {
		if in.DateOfBirth.After(now) {
			f.Add("date_of_birth", "Date of birth must be in the past")
		} else if in.DateOfBirth.Year() < 1900 {
			f.Add("date_of_birth", "Date of birth must be after 1900")
		}
	}
	if in.AnnualIncome != nil && *in.AnnualIncome < 0 {
		f.Add("annual_income", "Annual income must be greater than or equal to 0")
	}
	CheckPlace(&f, in.Country, in.State, in.PostalCode)
	return f.Err()
}

// Fields lists the field values of an input by API name, as text.
func (in *Input) Fields() [][2]string {
	date := ""
	if in.DateOfBirth != nil {
		date = in.DateOfBirth.Format(time.DateOnly)
	}
	income := ""
	if in.AnnualIncome != nil {
		income = strconv.FormatInt(*in.AnnualIncome, 10)
	}
	return [][2]string{
		{"first_name", in.FirstName}, {"last_name", in.LastName}, {"email", in.Email}, {"phone", in.Phone},
		{"date_of_birth", date}, {"gender", in.Gender}, {"marital_status", in.MaritalStatus},
		{"address_line1", in.AddressLine1}, {"address_line2", in.AddressLine2}, {"city", in.City},
		{"state", in.State}, {"postal_code", in.PostalCode}, {"country", in.Country},
		{"annual_income", income}, {"notes", in.Notes},
	}
}

// Name is the display name of a client.
func (c *Client) Name() string { return fmt.Sprintf("%s %s", c.FirstName, c.LastName) }
