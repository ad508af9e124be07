package ledger

import (
	"encoding/csv"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// StatementRow is one payment of a provider's commission statement.
type StatementRow struct {
	No           int // 1 for the first row after the header
	PolicyNumber string
	AmountCents  int64
	PaidOn       time.Time
}

// RowError is what is wrong with one field of one row (Field is rows[N].name).
type RowError struct {
	Field, Message string
}

// MaxStatementRows is the most rows one statement may hold.
const MaxStatementRows = 10_000

// maxAmountCents bounds a payment (ten billion dollars).
const maxAmountCents = 1_000_000_000_000

var amountPattern = regexp.MustCompile(`^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$`)

// ParseStatement reads a statement: a header policy_number,amount,date (any case, any
// spaces), then one payment per row, the amount in dollars (1234.56, $1,234.56) and the date
// as YYYY-MM-DD or MM/DD/YYYY, not after today. It answers every row, or every error.
func ParseStatement(text string, today time.Time) ([]StatementRow, []RowError) {
	if !utf8.ValidString(text) {
		return nil, []RowError{{"csv", "The statement is not UTF-8 text"}}
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(text, "\uFEFF")))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if err == io.EOF {
		return nil, []RowError{{"csv", "The statement is empty"}}
	}
	if err != nil {
		return nil, []RowError{{"csv", "The statement is not CSV: " + csvProblem(err)}}
	}
	want := []string{"policy_number", "amount", "date"}
	if len(header) != 3 || !sameNames(header, want) {
		return nil, []RowError{{"csv", "The first row must be the header policy_number,amount,date"}}
	}
	var rows []StatementRow
	var bad []RowError
	for n := 1; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		field := func(name string) string { return fmt.Sprintf("rows[%d].%s", n, name) }
		if err != nil {
			bad = append(bad, RowError{fmt.Sprintf("rows[%d]", n), "Not a CSV row: " + csvProblem(err)})
			break
		}
		if n > MaxStatementRows {
			return nil, []RowError{{"csv", fmt.Sprintf("A statement holds at most %d rows", MaxStatementRows)}}
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			n--
			continue // a blank line
		}
		if len(rec) != 3 {
			bad = append(bad, RowError{fmt.Sprintf("rows[%d]", n), fmt.Sprintf("A row has 3 fields (policy_number,amount,date); this one has %d", len(rec))})
			continue
		}
		row := StatementRow{No: n, PolicyNumber: strings.TrimSpace(rec[0])}
		switch {
		case row.PolicyNumber == "":
			bad = append(bad, RowError{field("policy_number"), "Policy number is required"})
		case len(row.PolicyNumber) > 40:
			bad = append(bad, RowError{field("policy_number"), "Policy number is at most 40 characters"})
		case strings.IndexFunc(row.PolicyNumber, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }) >= 0:
			bad = append(bad, RowError{field("policy_number"), "Policy number cannot contain spaces or control characters"})
		}
		cents, msg := parseDollars(strings.TrimSpace(rec[1]))
		if msg != "" {
			bad = append(bad, RowError{field("amount"), msg})
		}
		row.AmountCents = cents
		on, msg := parseDay(strings.TrimSpace(rec[2]), today)
		if msg != "" {
			bad = append(bad, RowError{field("date"), msg})
		}
		row.PaidOn = on
		rows = append(rows, row)
	}
	if len(bad) > 0 {
		return nil, bad
	}
	if len(rows) == 0 {
		return nil, []RowError{{"csv", "The statement has no payments after its header"}}
	}
	return rows, nil
}

func sameNames(got, want []string) bool {
	for i := range want {
		if strings.ToLower(strings.TrimSpace(got[i])) != want[i] {
			return false
		}
	}
	return true
}

func csvProblem(err error) string {
	var pe *csv.ParseError
	if e, ok := err.(*csv.ParseError); ok {
		pe = e
		return pe.Err.Error()
	}
	return "unreadable"
}

// parseDollars reads a positive amount in dollars into cents, from its digits.
func parseDollars(s string) (int64, string) {
	if s == "" {
		return 0, "Amount is required"
	}
	if !amountPattern.MatchString(s) {
		return 0, "Amount must be dollars and cents, like 1234.56"
	}
	s = strings.ReplaceAll(strings.TrimPrefix(s, "$"), ",", "")
	whole, frac, _ := strings.Cut(s, ".")
	if len(whole) > 13 {
		return 0, "Amount is too large"
	}
	frac = (frac + "00")[:2]
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, "Amount must be dollars and cents, like 1234.56"
	}
	cents := w*100 + f
	switch {
	case cents <= 0:
		return 0, "Amount must be greater than 0"
	case cents > maxAmountCents:
		return 0, "Amount is too large"
	}
	return cents, ""
}

// parseDay reads YYYY-MM-DD or MM/DD/YYYY, not after today.
func parseDay(s string, today time.Time) (time.Time, string) {
	if s == "" {
		return time.Time{}, "Date is required"
	}
	for _, layout := range []string{time.DateOnly, "01/02/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			if t.After(today) {
				return t, "Date cannot be in the future"
			}
			return t, ""
		}
	}
	return time.Time{}, "Date must be YYYY-MM-DD or MM/DD/YYYY"
}
