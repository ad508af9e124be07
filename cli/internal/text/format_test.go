package text

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestParseDollars(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr bool
	}{
		{"1234.56", 123456, false},
		{"$1,234.5", 123450, false},
		{"85000", 8500000, false},
		{"0.07", 7, false},
		{".5", 50, false},
		{"12.", 1200, false},
		{"1_000", 100000, false},
		{"", 0, true},
		{".", 0, true},
		{"-5", 0, true},
		{"1.234", 0, true},
		{"12a", 0, true},
		{"1e3", 0, true},
		{"99999999999999999999", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseDollars(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseDollars(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestFormatDollars(t *testing.T) {
	for cents, want := range map[int64]string{0: "$0.00", 7: "$0.07", 123456: "$1,234.56", 100000000: "$1,000,000.00", -250: "-$2.50",
		math.MaxInt64: "$92,233,720,368,547,758.07", math.MinInt64: "-$92,233,720,368,547,758.08"} {
		if got := FormatDollars(cents); got != want {
			t.Errorf("FormatDollars(%d) = %q, want %q", cents, got, want)
		}
	}
}

func TestPhones(t *testing.T) {
	for in, want := range map[string]string{"(555) 123-4567": "5551234567", "+1 555.123.4567": "5551234567", "555 1234": "5551234", "call me": "call me"} {
		if got := NormalizePhone(in); got != want {
			t.Errorf("NormalizePhone(%q) = %q, want %q", in, got, want)
		}
	}
	if got := FormatPhone("5551234567"); got != "(555) 123-4567" {
		t.Errorf("FormatPhone = %q", got)
	}
	if got := FormatPhone("12345"); got != "12345" {
		t.Errorf("FormatPhone(short) = %q", got)
	}
}

func TestFuzzyAgo(t *testing.T) {
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	for d, want := range map[time.Duration]string{
		10 * time.Second: "just now", time.Minute: "1 minute ago", 5 * time.Hour: "5 hours ago", 72 * time.Hour: "3 days ago",
	} {
		if got := FuzzyAgo(now, now.Add(-d)); got != want {
			t.Errorf("FuzzyAgo(-%v) = %q, want %q", d, got, want)
		}
	}
}

func TestWrap(t *testing.T) {
	got := Wrap("one two three four\n\nfive sixsixsixsix", 9)
	want := []string{"one two", "three", "four", "", "five", "sixsixsixsix"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Wrap = %q, want %q", got, want)
	}
}

func TestFormatPercent(t *testing.T) {
	for bp, want := range map[int]string{0: "0%", 7500: "75%", 11000: "110%", 1250: "12.5%", 25: "0.25%", 5001: "50.01%", -150: "-1.5%"} {
		if got := FormatPercent(bp); got != want {
			t.Errorf("FormatPercent(%d) = %q, want %q", bp, got, want)
		}
	}
}

func TestParsePercent(t *testing.T) {
	tests := []struct {
		in      string
		want    int
		wantErr bool
	}{
		{"40%", 4000, false},
		{" 12.5 % ", 1250, false},
		{"0.01%", 1, false},
		{"100%", 10000, false},
		{"4000bp", 4000, false},
		{"4000BP", 4000, false},
		{"40", 0, true}, // bare numbers are ambiguous
		{"12.345%", 0, true},
		{"-5%", 0, true},
		{"%", 0, true},
		{"x%", 0, true},
		{"1.5bp", 0, true},
		{"-1bp", 0, true},
		{"99999999999%", 0, true},
	}
	for _, tt := range tests {
		got, err := ParsePercent(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParsePercent(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
	// What FormatPercent writes, ParsePercent reads.
	for _, bp := range []int{0, 1, 25, 1250, 5000, 9999, 11000} {
		if got, err := ParsePercent(FormatPercent(bp)); err != nil || got != bp {
			t.Errorf("ParsePercent(FormatPercent(%d)) = %d, %v", bp, got, err)
		}
	}
}

func TestFormatDates(t *testing.T) {
	d := time.Date(2026, 11, 3, 23, 59, 0, 0, time.UTC)
	for _, tt := range []struct{ got, want string }{
		{FormatDate(d), "11/03/2026"},
		{FormatISODate(d), "2026-11-03"},
		{FormatMonth(d), "Nov 2026"},
		{FormatISODate(time.Date(999, 1, 2, 0, 0, 0, 0, time.UTC)), "0999-01-02"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
