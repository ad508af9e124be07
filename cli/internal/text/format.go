// Package text formats and parses values for people: money, phones, dates.
package text

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseDollars reads an amount of dollars ("1234.56", "$1,234.5", "1234") as integer cents.
// Negative amounts and more than two decimals are refused.
func ParseDollars(s string) (int64, error) {
	in := s
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "$")
	s = strings.ReplaceAll(s, ",", "")
	s = strings.ReplaceAll(s, "_", "")
	if s == "" {
		return 0, fmt.Errorf("invalid amount %q", in)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return 0, fmt.Errorf("invalid amount %q", in)
	}
	if whole == "" {
		whole = "0"
	}
	if len(frac) > 2 {
		return 0, fmt.Errorf("invalid amount %q: at most two decimals", in)
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return 0, fmt.Errorf("invalid amount %q: expected dollars like 1234.56", in)
			}
		}
	}
	for len(frac) < 2 {
		frac += "0"
	}
	d, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || d > (1<<62)/100 { // also refuses what overflows int64
		return 0, fmt.Errorf("invalid amount %q: too large", in)
	}
	c, _ := strconv.ParseInt(frac, 10, 64)
	return d*100 + c, nil
}

// FormatDollars renders cents as US dollars: 123456 → "$1,234.56".
func FormatDollars(cents int64) string {
	sign, abs := "", uint64(cents)
	if cents < 0 {
		sign, abs = "-", -abs // in uint64, so that the most negative int64 has its magnitude too
	}
	whole := strconv.FormatUint(abs/100, 10)
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return fmt.Sprintf("%s$%s.%02d", sign, b.String(), abs%100)
}

// FormatPercent renders basis points as a percentage: 7500 → "75%", 1250 → "12.5%",
// 11000 → "110%", 25 → "0.25%".
func FormatPercent(bp int) string {
	sign := ""
	if bp < 0 {
		sign, bp = "-", -bp
	}
	s := strconv.Itoa(bp / 100)
	if frac := bp % 100; frac != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%02d", frac), "0")
	}
	return sign + s + "%"
}

// ParsePercent reads a rate or share written as a percentage ("40%", "12.5%", with at most
// two decimals) or in basis points ("4000bp") as basis points; a bare number is refused, so
// that 40 is never taken for 40 basis points.
func ParsePercent(s string) (int, error) {
	in := s
	s = strings.ToLower(strings.TrimSpace(s))
	var bp int64
	switch {
	case strings.HasSuffix(s, "%"):
		whole, frac, _ := strings.Cut(strings.TrimSpace(strings.TrimSuffix(s, "%")), ".")
		if whole == "" || len(frac) > 2 || strings.Trim(whole+frac, "0123456789") != "" || len(whole) > 9 {
			return 0, fmt.Errorf("invalid percentage %q: expected e.g. 40%% or 12.5%% (at most two decimals)", in)
		}
		for len(frac) < 2 {
			frac += "0"
		}
		bp, _ = strconv.ParseInt(whole+frac, 10, 64)
	case strings.HasSuffix(s, "bp"):
		n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(s, "bp")), 10, 32)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("invalid basis points %q: expected e.g. 4000bp", in)
		}
		bp = n
	default:
		return 0, fmt.Errorf("invalid share %q: write a percentage (40%%) or basis points (4000bp)", in)
	}
	return int(bp), nil
}

// FormatPhone renders ten digits as (555) 123-4567; anything else is returned unchanged.
func FormatPhone(p string) string {
	if len(p) != 10 || strings.Trim(p, "0123456789") != "" {
		return p
	}
	return fmt.Sprintf("(%s) %s-%s", p[:3], p[3:6], p[6:])
}

// NormalizePhone strips the usual formatting from a phone number: "(555) 123-4567" →
// "5551234567"; a leading +1 of an eleven-digit number is dropped.
func NormalizePhone(p string) string {
	var b strings.Builder
	for _, c := range p {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else if !strings.ContainsRune(" ()-.+", c) {
			return strings.TrimSpace(p) // not a phone number we understand: let the server say
		}
	}
	d := b.String()
	if len(d) == 11 && d[0] == '1' {
		d = d[1:]
	}
	return d
}

// FormatDate renders a date as MM/DD/YYYY (the portal's date format).
func FormatDate(t time.Time) string { return t.Format("01/02/2006") }

// FormatISODate renders a date as YYYY-MM-DD, as the API writes it (for piped output).
func FormatISODate(t time.Time) string { return t.Format(time.DateOnly) }

// FormatMonth renders the month of t as the portal shows a period: "Nov 2026".
func FormatMonth(t time.Time) string { return t.Format("Jan 2006") }

// FormatDateTime renders a time in the local zone as MM/DD/YYYY HH:mm:ss.
func FormatDateTime(t time.Time) string { return t.Local().Format("01/02/2006 15:04:05") }

// FuzzyAgo renders how long ago t was: "just now", "5 minutes ago", "3 days ago", or the date.
func FuzzyAgo(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural(int(d.Minutes()), "minute") + " ago"
	case d < 24*time.Hour:
		return plural(int(d.Hours()), "hour") + " ago"
	case d < 30*24*time.Hour:
		return plural(int(d.Hours()/24), "day") + " ago"
	}
	return FormatDate(t.Local())
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Wrap breaks s into lines of at most width columns at spaces, keeping existing line breaks;
// a word longer than width stays whole on its own line.
func Wrap(s string, width int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			switch {
			case line == "":
				line = w
			case len([]rune(line))+1+len([]rune(w)) <= width:
				line += " " + w
			default:
				out = append(out, line)
				line = w
			}
		}
		out = append(out, line)
	}
	return out
}
