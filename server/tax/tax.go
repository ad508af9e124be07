// Package tax checks taxpayer identification numbers (the TIN of a W-9): a Social
// Security Number or an Employer Identification Number.
package tax

import (
	"strings"

	"github.com/associateportal/portal/server/errs"
)

// The kinds of TIN (w9_documents.tin_kind).
const (
	SSN = "SSN"
	EIN = "EIN"
)

// Normalize checks a TIN of a kind and answers its nine digits; a refusal is a
// validation error of the field tin (or tin_kind), worded for the form.
//
// An SSN is written 123-45-6789 or 123456789; its area (the first three digits) is not
// 000, 666 or 900–999 (those are ITINs and numbers never issued), its group (the next two)
// not 00 and its serial (the last four) not 0000. An EIN is written 12-3456789 or
// 123456789 and starts with a prefix the IRS assigns (ValidEINPrefix). Spaces around the
// number are ignored; any other character, or a dash elsewhere, is refused.
func Normalize(kind, tin string) (string, error) {
	tin = strings.TrimSpace(tin)
	switch kind {
	case SSN:
		digits, ok := digitsOf(tin, 3, 5)
		if !ok {
			return "", invalid("tin", "An SSN must have 9 digits, like 123-45-6789")
		}
		area, group, serial := digits[:3], digits[3:5], digits[5:]
		switch {
		case area == "000" || area == "666" || area[0] == '9':
			return "", invalid("tin", "This is not a valid SSN: no SSN starts with %s", area)
		case group == "00":
			return "", invalid("tin", "This is not a valid SSN: its middle two digits cannot be 00")
		case serial == "0000":
			return "", invalid("tin", "This is not a valid SSN: its last four digits cannot be 0000")
		}
		return digits, nil
	case EIN:
		digits, ok := digitsOf(tin, 2)
		if !ok {
			return "", invalid("tin", "An EIN must have 9 digits, like 12-3456789")
		}
		if !ValidEINPrefix(digits[:2]) {
			return "", invalid("tin", "This is not a valid EIN: the IRS assigns none starting with %s", digits[:2])
		}
		return digits, nil
	}
	return "", invalid("tin_kind", "TIN kind must be SSN or EIN")
}

func invalid(field, format string, args ...any) error {
	return errs.Validation(errs.Field(field, format, args...))
}

// digitsOf answers the nine digits of s, written either as nine digits or with a dash
// after each of the counts of digits in dashes (3, 5 for 123-45-6789).
func digitsOf(s string, dashes ...int) (string, bool) {
	if len(s) == 9+len(dashes) {
		var b strings.Builder
		next := 0
		for i := range len(s) {
			if next < len(dashes) && b.Len() == dashes[next] {
				if s[i] != '-' {
					return "", false
				}
				next++
				continue
			}
			b.WriteByte(s[i])
		}
		s = b.String()
	}
	if len(s) != 9 {
		return "", false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return "", false
		}
	}
	return s, true
}

// einPrefixes are the prefixes of the IRS's list "How EINs are assigned and valid EIN
// prefixes": those of its campuses (Andover, Atlanta, Austin, Brookhaven, Cincinnati,
// Fresno, Kansas City, Memphis, Ogden, Philadelphia), of the online application and of
// the Small Business Administration (31).
var einPrefixes = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(`01 02 03 04 05 06 10 11 12 13 14 15 16 20 21 22 23 24 25 26 27
		30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 50 51 52 53 54 55 56 57 58 59
		60 61 62 63 64 65 66 67 68 71 72 73 74 75 76 77 80 81 82 83 84 85 86 87 88 90 91 92 93 94 95 98 99`) {
		m[p] = true
	}
	return m
}()

// ValidEINPrefix tells whether the IRS assigns EINs starting with these two digits.
func ValidEINPrefix(prefix string) bool { return einPrefixes[prefix] }

// EINPrefixes lists the valid EIN prefixes in order.
func EINPrefixes() []string {
	out := make([]string, 0, len(einPrefixes))
	for i := range 100 {
		if p := string([]byte{byte('0' + i/10), byte('0' + i%10)}); einPrefixes[p] {
			out = append(out, p)
		}
	}
	return out
}

// Format writes the nine digits of a TIN as people do: 123-45-6789 for an SSN,
// 12-3456789 for an EIN.
func Format(kind, digits string) string {
	if len(digits) != 9 {
		return digits
	}
	if kind == EIN {
		return digits[:2] + "-" + digits[2:]
	}
	return digits[:3] + "-" + digits[3:5] + "-" + digits[5:]
}
