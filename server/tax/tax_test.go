package tax_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/tax"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		kind, tin string
		want      string // the digits; "" when refused
		field     string // the field refused
	}{
		// SSNs, in both ways of writing them.
		{tax.SSN, "123-45-6789", "123456789", ""},
		{tax.SSN, "123456789", "123456789", ""},
		{tax.SSN, "  001-01-0001 ", "001010001", ""},
		{tax.SSN, "899-99-9999", "899999999", ""},
		{tax.SSN, "665-12-3456", "665123456", ""},
		{tax.SSN, "667-12-3456", "667123456", ""},
		// Numbers never issued.
		{tax.SSN, "000-12-3456", "", "tin"},
		{tax.SSN, "666-12-3456", "", "tin"},
		{tax.SSN, "900-12-3456", "", "tin"},
		{tax.SSN, "999-12-3456", "", "tin"},
		{tax.SSN, "912-70-1234", "", "tin"}, // an ITIN
		{tax.SSN, "123-00-4567", "", "tin"},
		{tax.SSN, "123-45-0000", "", "tin"},
		// Badly written.
		{tax.SSN, "", "", "tin"},
		{tax.SSN, "12345678", "", "tin"},
		{tax.SSN, "1234567890", "", "tin"},
		{tax.SSN, "12-3456789", "", "tin"}, // an EIN's dash
		{tax.SSN, "123-456789", "", "tin"},
		{tax.SSN, "12345-6789", "", "tin"},
		{tax.SSN, "123 45 6789", "", "tin"},
		{tax.SSN, "123-45-678a", "", "tin"},
		{tax.SSN, "123--456789", "", "tin"},
		{tax.SSN, "١٢٣٤٥٦٧٨٩", "", "tin"}, // digits, but not ASCII ones
		// EINs.
		{tax.EIN, "12-3456789", "123456789", ""},
		{tax.EIN, "123456789", "123456789", ""},
		{tax.EIN, "01-0000000", "010000000", ""},
		{tax.EIN, "31-1234567", "311234567", ""}, // the SBA's
		{tax.EIN, "99-9999999", "999999999", ""},
		{tax.EIN, "00-1234567", "", "tin"},
		{tax.EIN, "07-1234567", "", "tin"},
		{tax.EIN, "49-1234567", "", "tin"},
		{tax.EIN, "89-1234567", "", "tin"},
		{tax.EIN, "96-1234567", "", "tin"},
		{tax.EIN, "123-45-6789", "", "tin"}, // an SSN's dashes
		{tax.EIN, "1-23456789", "", "tin"},
		{tax.EIN, "12-345678", "", "tin"},
		{tax.EIN, "", "", "tin"},
		// The kind.
		{"", "123-45-6789", "", "tin_kind"},
		{"ssn", "123-45-6789", "", "tin_kind"},
		{"ITIN", "912-70-1234", "", "tin_kind"},
	}
	for _, tt := range tests {
		t.Run(tt.kind+" "+tt.tin, func(t *testing.T) {
			got, err := tax.Normalize(tt.kind, tt.tin)
			if got != tt.want {
				t.Errorf("Normalize(%q, %q) = %q, %v; want %q", tt.kind, tt.tin, got, err, tt.want)
			}
			if tt.want != "" {
				if err != nil {
					t.Errorf("Normalize(%q, %q) error = %v", tt.kind, tt.tin, err)
				}
				return
			}
			e := errs.As(err)
			if e == nil || e.Kind != errs.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != tt.field || e.Fields[0].Message == "" {
				t.Errorf("Normalize(%q, %q) error = %#v, want a validation error of %s", tt.kind, tt.tin, err, tt.field)
			}
		})
	}
}

// The prefixes are those of the IRS's table; the ones it never assigns are refused.
func TestEINPrefixes(t *testing.T) {
	never := map[string]bool{"00": true, "07": true, "08": true, "09": true, "17": true, "18": true, "19": true, "28": true,
		"29": true, "49": true, "69": true, "70": true, "78": true, "79": true, "89": true, "96": true, "97": true}
	var want []string
	for i := range 100 {
		p := string([]byte{byte('0' + i/10), byte('0' + i%10)})
		if !never[p] {
			want = append(want, p)
		}
		if tax.ValidEINPrefix(p) == never[p] {
			t.Errorf("ValidEINPrefix(%s) = %v", p, !never[p])
		}
	}
	if diff := cmp.Diff(want, tax.EINPrefixes()); diff != "" {
		t.Errorf("EINPrefixes (-want +got):\n%s", diff)
	}
	for _, p := range []string{"", "1", "123", "ab"} {
		if tax.ValidEINPrefix(p) {
			t.Errorf("ValidEINPrefix(%q) = true", p)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct{ kind, digits, want string }{
		{tax.SSN, "123456789", "123-45-6789"},
		{tax.EIN, "123456789", "12-3456789"},
		{tax.SSN, "12345", "12345"},
	}
	for _, tt := range tests {
		if got := tax.Format(tt.kind, tt.digits); got != tt.want {
			t.Errorf("Format(%s, %s) = %s, want %s", tt.kind, tt.digits, got, tt.want)
		}
		if tt.want != tt.digits {
			if back, err := tax.Normalize(tt.kind, tt.want); err != nil || back != tt.digits {
				t.Errorf("Normalize(Format) = %q, %v", back, err)
			}
		}
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"123-45-6789", "12-3456789", "123456789", "", "--", "1-2-3"} {
		f.Add(tax.SSN, s)
		f.Add(tax.EIN, s)
	}
	f.Fuzz(func(t *testing.T, kind, tin string) {
		got, err := tax.Normalize(kind, tin)
		if err != nil {
			if got != "" {
				t.Fatalf("refused with digits %q", got)
			}
			return
		}
		if len(got) != 9 {
			t.Fatalf("Normalize(%q, %q) = %q: not 9 digits", kind, tin, got)
		}
		again, err := tax.Normalize(kind, tax.Format(kind, got))
		if err != nil || again != got {
			t.Fatalf("the formatted number does not normalise back: %q, %v", again, err)
		}
	})
}
