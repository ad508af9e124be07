package sdk

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
)

func entryJSON(id int64) string {
	return fmt.Sprintf(`{"id":%d,"associate_code":"AGT100","associate_name":"Alex Carter","category":"Personal",`+
		`"bonus_type":"Writing","status":"Paid","direction":"Compensation","kind":"advance","amount_cents":18750,`+
		`"earning_cents":25000,"period":"2026-11-01","occurred_on":"2026-11-03","settled":false}`, id)
}

// CashflowAll asks for the pages after the first with next_cursor, keeping the filters, and
// never yields the extra row.
func TestCashflowAll(t *testing.T) {
	var queries []string
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/payments/cashflow" {
			writeJSON(w, 404, `{"status":404,"message":"Not found"}`)
			return
		}
		q := r.URL.Query()
		queries = append(queries, fmt.Sprintf("page=%s cursor=%s status=%s", q.Get("page"), q.Get("cursor"), q.Get("filter[status][eq]")))
		switch q.Get("cursor") {
		case "":
			writeJSON(w, 200, `{"data":[`+entryJSON(1)+`,`+entryJSON(2)+`,`+entryJSON(3)+`],"next_cursor":"c2"}`)
		default:
			writeJSON(w, 200, `{"data":[`+entryJSON(3)+`]}`)
		}
	}), WithToken("t"))
	var ids []int64
	params := oas.ListCashflowParams{Limit: oas.NewOptInt(2), FilterStatusEq: oas.NewOptEntryStatus(oas.EntryStatusPaid)}
	for e, err := range c.CashflowAll(context.Background(), params) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	if diff := cmp.Diff([]int64{1, 2, 3}, ids); diff != "" {
		t.Errorf("ids (-want +got):\n%s", diff)
	}
	want := []string{"page=1 cursor= status=Paid", "page=2 cursor=c2 status=Paid"}
	if diff := cmp.Diff(want, queries); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

func TestStatementInput(t *testing.T) {
	csv := "policy_number,amount,date\nTL-1,100.00,2026-11-03\n"
	tests := []struct {
		name    string
		path    string
		body    []byte
		want    *oas.StatementImportInput
		wantErr string
	}{
		{name: "the base name and the text", path: "/tmp/statements/great-lakes-nov.csv", body: []byte(csv),
			want: &oas.StatementImportInput{ProviderID: 3, FileName: "great-lakes-nov.csv", Csv: csv}},
		{name: "a byte-order mark is dropped", path: "nov.csv", body: append([]byte{0xEF, 0xBB, 0xBF}, csv...),
			want: &oas.StatementImportInput{ProviderID: 3, FileName: "nov.csv", Csv: csv}},
		{name: "a long name is cut to 200 characters", path: strings.Repeat("é", 210) + ".csv", body: []byte(csv),
			want: &oas.StatementImportInput{ProviderID: 3, FileName: strings.Repeat("é", 200), Csv: csv}},
		{name: "not UTF-8", path: "nov.csv", body: []byte("policy_number,amount,date\nTL-\xff,1,2026-11-03\n"), wantErr: "nov.csv is not UTF-8 text"},
		{name: "a NUL byte names its line", path: "nov.csv", body: []byte("policy_number,amount,date\nTL-1,100.00,2026-11-03\nTL-\x002,1,2026-11-03\n"),
			wantErr: "nov.csv has a NUL byte on line 3: it is not a text file"},
		{name: "a NUL byte in the header", path: "nov.csv", body: []byte("policy_number\x00,amount,date\nTL-1,100.00,2026-11-03\n"),
			wantErr: "nov.csv has a NUL byte on line 1"},
		{name: "a NUL byte after a byte-order mark", path: "nov.csv", body: append([]byte{0xEF, 0xBB, 0xBF}, "\x00"+csv...),
			wantErr: "nov.csv has a NUL byte on line 1"},
		{name: "a NUL byte at the end", path: "nov.csv", body: []byte(csv + "\x00"), wantErr: "nov.csv has a NUL byte on line 3"},
		{name: "empty", path: "nov.csv", body: []byte(" \n"), wantErr: "nov.csv is empty"},
		{name: "only a byte-order mark", path: "nov.csv", body: []byte{0xEF, 0xBB, 0xBF}, wantErr: "nov.csv is empty"},
		{name: "too many characters", path: "big.csv", body: bytes.Repeat([]byte("é"), MaxStatementChars+1),
			wantErr: "big.csv is too long: a statement holds at most 900000 characters"},
		{name: "too many bytes to be read whole", path: "big.csv", body: bytes.Repeat([]byte("x"), 4*MaxStatementChars+10),
			wantErr: "big.csv is too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := StatementInput(3, tt.path, bytes.NewReader(tt.body))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if _, err := StatementInput(3, "nov.csv", strings.NewReader(strings.Repeat("é", MaxStatementChars))); err != nil {
		t.Errorf("a statement of exactly the limit: %v", err)
	}
	if _, err := StatementInput(0, "nov.csv", strings.NewReader(csv)); err == nil {
		t.Error("provider 0 accepted")
	}
}

func TestStatementRowErrors(t *testing.T) {
	err := &Error{Status: 422, Message: "Validation error", Errors: []FieldError{
		{Field: "rows[2].amount", Message: "must be an amount in dollars, like 1234.56"},
		{Field: "rows[10].date", Message: "must be a date YYYY-MM-DD"},
		{Field: "rows[4]", Message: "has 2 columns, the header 3"},
		{Field: "csv", Message: "the header must be policy_number,amount,date"},
	}}
	want := []RowError{
		{Row: 2, Field: "amount", Message: "must be an amount in dollars, like 1234.56"},
		{Row: 10, Field: "date", Message: "must be a date YYYY-MM-DD"},
		{Row: 4, Message: "has 2 columns, the header 3"},
		{Field: "csv", Message: "the header must be policy_number,amount,date"},
	}
	if diff := cmp.Diff(want, StatementRowErrors(err)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := StatementRowErrors(&Error{Status: 409, Message: "Conflict"}); got != nil {
		t.Errorf("a 409: %v", got)
	}
}
