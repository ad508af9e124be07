package client_test

import (
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/errs"
)

func ptr[T any](v T) *T { return &v }

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		in   client.Input
		want client.Input
	}{
		{
			"trims every text field",
			client.Input{FirstName: "  Ann ", LastName: "\tLee\n", Gender: " F ", MaritalStatus: " single",
				AddressLine1: " 1 Main St ", AddressLine2: " Apt 2 ", City: " Toronto ", State: " ON ",
				Country: " Canada ", Notes: "  likes tea  "},
			client.Input{FirstName: "Ann", LastName: "Lee", Gender: "F", MaritalStatus: "single",
				AddressLine1: "1 Main St", AddressLine2: "Apt 2", City: "Toronto", State: "ON",
				Country: "Canada", Notes: "likes tea"},
		},
		{"email lowercased", client.Input{Email: " Ann.Lee@Example.COM "}, client.Input{Email: "ann.lee@example.com"}},
		{"phone to digits", client.Input{Phone: "(555) 123-4567"}, client.Input{Phone: "5551234567"}},
		{"phone leading 1 dropped", client.Input{Phone: "+1 555.123.4567"}, client.Input{Phone: "5551234567"}},
		{"phone 1 kept when not 11 digits", client.Input{Phone: "1-555-1234"}, client.Input{Phone: "15551234"}},
		{"phone leading 2 of 11 kept", client.Input{Phone: "25551234567"}, client.Input{Phone: "25551234567"}},
		{"phone without digits", client.Input{Phone: "n/a"}, client.Input{Phone: ""}},
		{"blank phone", client.Input{Phone: "   "}, client.Input{Phone: ""}},
		{"postal code uppercased", client.Input{PostalCode: " k1a 0b1 "}, client.Input{PostalCode: "K1A 0B1"}},
		{"pointers untouched", client.Input{DateOfBirth: ptr(time.Date(1980, 1, 2, 0, 0, 0, 0, time.UTC)), AnnualIncome: ptr(int64(-5))},
			client.Input{DateOfBirth: ptr(time.Date(1980, 1, 2, 0, 0, 0, 0, time.UTC)), AnnualIncome: ptr(int64(-5))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			got.Normalize()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Normalize (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	now := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	valid := func(change func(*client.Input)) client.Input {
		in := client.Input{FirstName: "Ann", LastName: "Lee", Country: "USA", State: "NY", PostalCode: "10001",
			Email: "ann@example.com", Phone: "5551234567", DateOfBirth: ptr(time.Date(1980, 1, 2, 0, 0, 0, 0, time.UTC)),
			AnnualIncome: ptr(int64(5_000_000))}
		if change != nil {
			change(&in)
		}
		return in
	}
	tests := []struct {
		name string
		in   client.Input
		want []errs.FieldError // nil: valid
	}{
		{"valid", valid(nil), nil},
		{"only the required fields", client.Input{FirstName: "A", LastName: "B", Country: "Canada"}, nil},
		{"everything missing", client.Input{}, []errs.FieldError{
			{Field: "first_name", Message: "First name is required"},
			{Field: "last_name", Message: "Last name is required"},
			{Field: "country", Message: "Country is required"},
		}},
		{"bad email", valid(func(in *client.Input) { in.Email = "ann@" }),
			[]errs.FieldError{{Field: "email", Message: "Email must be a valid email address"}}},
		{"email with a name", valid(func(in *client.Input) { in.Email = "Ann <ann@example.com>" }),
			[]errs.FieldError{{Field: "email", Message: "Email must be a valid email address"}}},
		{"email without @", valid(func(in *client.Input) { in.Email = "ann.example.com" }),
			[]errs.FieldError{{Field: "email", Message: "Email must be a valid email address"}}},
		{"phone too short", valid(func(in *client.Input) { in.Phone = "555123456" }),
			[]errs.FieldError{{Field: "phone", Message: "Phone must have 10 digits"}}},
		{"phone too long", valid(func(in *client.Input) { in.Phone = "25551234567" }),
			[]errs.FieldError{{Field: "phone", Message: "Phone must have 10 digits"}}},
		{"born in the future", valid(func(in *client.Input) { in.DateOfBirth = ptr(now.Add(24 * time.Hour)) }),
			[]errs.FieldError{{Field: "date_of_birth", Message: "Date of birth must be in the past"}}},
		{"born now", valid(func(in *client.Input) { in.DateOfBirth = ptr(now) }), nil},
		{"born before 1900", valid(func(in *client.Input) { in.DateOfBirth = ptr(time.Date(1899, 12, 31, 0, 0, 0, 0, time.UTC)) }),
			[]errs.FieldError{{Field: "date_of_birth", Message: "Date of birth must be after 1900"}}},
		{"born in 1900", valid(func(in *client.Input) { in.DateOfBirth = ptr(time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)) }), nil},
		{"negative income", valid(func(in *client.Input) { in.AnnualIncome = ptr(int64(-1)) }),
			[]errs.FieldError{{Field: "annual_income", Message: "Annual income must be greater than or equal to 0"}}},
		{"zero income", valid(func(in *client.Input) { in.AnnualIncome = ptr(int64(0)) }), nil},
		{"Canadian province in the USA", valid(func(in *client.Input) { in.State = "ON" }),
			[]errs.FieldError{{Field: "state", Message: "State must be in USA"}}},
		{"US state in Canada", valid(func(in *client.Input) { in.Country = "Canada"; in.PostalCode = "K1A 0B1" }),
			[]errs.FieldError{{Field: "state", Message: "State must be in Canada"}}},
		{"province in Canada", valid(func(in *client.Input) { in.Country = "Canada"; in.State = "QC"; in.PostalCode = "H2X1Y4" }), nil},
		{"state without a country", valid(func(in *client.Input) { in.Country = ""; in.State = "ON"; in.PostalCode = "anything" }),
			[]errs.FieldError{{Field: "country", Message: "Country is required"}}},
		{"ZIP+4", valid(func(in *client.Input) { in.PostalCode = "10001-1234" }), nil},
		{"bad ZIP", valid(func(in *client.Input) { in.PostalCode = "1000" }),
			[]errs.FieldError{{Field: "postal_code", Message: "Postal code must be a ZIP code like 12345 or 12345-6789"}}},
		{"Canadian code in the USA", valid(func(in *client.Input) { in.PostalCode = "K1A 0B1" }),
			[]errs.FieldError{{Field: "postal_code", Message: "Postal code must be a ZIP code like 12345 or 12345-6789"}}},
		{"ZIP in Canada", valid(func(in *client.Input) { in.Country = "Canada"; in.State = "ON"; in.PostalCode = "10001" }),
			[]errs.FieldError{{Field: "postal_code", Message: "Postal code must be like K1A 0B1"}}},
		{"Canadian code with two spaces", valid(func(in *client.Input) { in.Country = "Canada"; in.State = "ON"; in.PostalCode = "K1A  0B1" }),
			[]errs.FieldError{{Field: "postal_code", Message: "Postal code must be like K1A 0B1"}}},
		{"errors in field order", valid(func(in *client.Input) {
			in.LastName = ""
			in.Email = "x"
			in.Phone = "1"
			in.AnnualIncome = ptr(int64(-100))
			in.State = "BC"
			in.PostalCode = "ABCDE"
		}), []errs.FieldError{
			{Field: "last_name", Message: "Last name is required"},
			{Field: "email", Message: "Email must be a valid email address"},
			{Field: "phone", Message: "Phone must have 10 digits"},
			{Field: "annual_income", Message: "Annual income must be greater than or equal to 0"},
			{Field: "state", Message: "State must be in USA"},
			{Field: "postal_code", Message: "Postal code must be a ZIP code like 12345 or 12345-6789"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.in.Validate(now)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			e := errs.As(err)
			if e == nil || e.Kind.Status() != http.StatusUnprocessableEntity {
				t.Fatalf("Validate = %v, want a 422", err)
			}
			if diff := cmp.Diff(tt.want, e.Fields); diff != "" {
				t.Errorf("field errors (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNormalizeThenValidate follows the order the API uses: raw form input passes once
// normalised.
func TestNormalizeThenValidate(t *testing.T) {
	in := client.Input{FirstName: " Ann ", LastName: " Lee ", Country: "Canada", State: "ON",
		Email: " ANN@Example.com ", Phone: "+1 (416) 555-0100", PostalCode: "m5v 2t6"}
	in.Normalize()
	if err := in.Validate(time.Now()); err != nil {
		t.Errorf("Validate after Normalize: %v", err)
	}
}

// The change log of a client compares the fields of its inputs.
func TestDiff(t *testing.T) {
	base := func() client.Input {
		return client.Input{FirstName: "Ann", LastName: "Lee", Email: "ann@example.com", Country: "USA",
			DateOfBirth: ptr(time.Date(1980, 1, 2, 0, 0, 0, 0, time.UTC)), AnnualIncome: ptr(int64(100))}
	}
	tests := []struct {
		name   string
		change func(*client.Input)
		want   []changelog.Change
	}{
		{"nothing changed", func(*client.Input) {}, nil},
		{"same values in new pointers", func(in *client.Input) {
			in.DateOfBirth = ptr(time.Date(1980, 1, 2, 0, 0, 0, 0, time.UTC))
			in.AnnualIncome = ptr(int64(100))
		}, nil},
		{"one text field", func(in *client.Input) { in.City = "Boston" },
			[]changelog.Change{{Field: "city", Old: "", New: "Boston"}}},
		{"several in field order", func(in *client.Input) {
			in.Notes = "n"
			in.FirstName = "Anne"
			in.Email = ""
		}, []changelog.Change{
			{Field: "first_name", Old: "Ann", New: "Anne"},
			{Field: "email", Old: "ann@example.com", New: ""},
			{Field: "notes", Old: "", New: "n"},
		}},
		{"date changed", func(in *client.Input) { in.DateOfBirth = ptr(time.Date(1981, 1, 2, 0, 0, 0, 0, time.UTC)) },
			[]changelog.Change{{Field: "date_of_birth", Old: "1980-01-02", New: "1981-01-02"}}},
		{"date cleared", func(in *client.Input) { in.DateOfBirth = nil },
			[]changelog.Change{{Field: "date_of_birth", Old: "1980-01-02", New: ""}}},
		{"income changed", func(in *client.Input) { in.AnnualIncome = ptr(int64(0)) },
			[]changelog.Change{{Field: "annual_income", Old: "100", New: "0"}}},
		{"income cleared", func(in *client.Input) { in.AnnualIncome = nil },
			[]changelog.Change{{Field: "annual_income", Old: "100", New: ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, updated := base(), base()
			tt.change(&updated)
			if diff := cmp.Diff(tt.want, changelog.Diff(old.Fields(), updated.Fields())); diff != "" {
				t.Errorf("Diff (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDiffSeesEveryInputField sets each field of Input in turn: Diff must report it, so
// that a field added to Input cannot be missed by the change log.
func TestDiffSeesEveryInputField(t *testing.T) {
	typ := reflect.TypeFor[client.Input]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		t.Run(f.Name, func(t *testing.T) {
			var in client.Input
			v := reflect.ValueOf(&in).Elem().Field(i)
			switch x := v.Addr().Interface().(type) {
			case *string:
				*x = "x"
			case **time.Time:
				*x = ptr(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
			case **int64:
				*x = ptr(int64(1))
			default:
				t.Fatalf("field %s has a type %s this test does not know", f.Name, f.Type)
			}
			if got := changelog.Diff((&client.Input{}).Fields(), in.Fields()); len(got) != 1 {
				t.Errorf("Diff after setting %s = %+v, want one change", f.Name, got)
			}
		})
	}
}

func TestName(t *testing.T) {
	c := client.Client{Input: client.Input{FirstName: "Ann", LastName: "Lee"}}
	if got := c.Name(); got != "Ann Lee" {
		t.Errorf("Name() = %q, want %q", got, "Ann Lee")
	}
}
