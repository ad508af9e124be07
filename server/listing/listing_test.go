package listing_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

// spec is a whitelist with a field of every type, nullable and not, sortable and not.
var spec = listing.NewSpec("id",
	listing.Field{Name: "id", Column: "t.id", Type: listing.Int, Sortable: true,
		Ops: []listing.Op{listing.Eq, listing.Ne, listing.In, listing.Nin, listing.Lt, listing.Lte, listing.Gt, listing.Gte}},
	listing.Field{Name: "name", Column: "t.name", Sortable: true,
		Ops: []listing.Op{listing.Eq, listing.Ne, listing.In, listing.Nin, listing.Contains, listing.StartsWith}},
	listing.Field{Name: "email", Column: "t.email", Sortable: true, Nullable: true,
		Ops: []listing.Op{listing.Eq, listing.Contains, listing.Null}},
	listing.Field{Name: "state", Column: "t.state", Type: listing.Enum, Values: []string{"CA", "NY", "ON"}, Sortable: true, Nullable: true,
		Ops: []listing.Op{listing.Eq, listing.Ne, listing.In, listing.Nin, listing.Null}},
	listing.Field{Name: "income", Column: "t.income", Type: listing.Int, Sortable: true, Nullable: true,
		Ops: []listing.Op{listing.Gte, listing.Lte, listing.Null}},
	listing.Field{Name: "created_at", Column: "t.created_at", Type: listing.Time, Sortable: true,
		Ops: []listing.Op{listing.Gte, listing.Lt, listing.In}},
	listing.Field{Name: "born", Column: "t.born", Type: listing.Date, Sortable: true, Nullable: true,
		Ops: []listing.Op{listing.Eq, listing.Lt, listing.Gte, listing.In}},
	listing.Field{Name: "active", Column: "t.active", Type: listing.Bool, Sortable: true, Nullable: true,
		Ops: []listing.Op{listing.Eq, listing.In, listing.Null}},
	listing.Field{Name: "notes", Column: "t.notes", Ops: []listing.Op{listing.Contains}},
)

// filterView and queryView are a Query with field names in place of pointers.
type filterView struct {
	Field  string
	Op     listing.Op
	Values []any
}

type queryView struct {
	Page, Limit int
	Filters     []filterView
	Order       []string // "name" ascending, "-name" descending
	After       []any
}

func view(q listing.Query) queryView {
	v := queryView{Page: q.Page, Limit: q.Limit, After: q.After}
	for _, f := range q.Filters {
		v.Filters = append(v.Filters, filterView{Field: f.Field.Name, Op: f.Op, Values: f.Values})
	}
	for _, s := range q.Order {
		name := s.Field.Name
		if s.Desc {
			name = "-" + name
		}
		v.Order = append(v.Order, name)
	}
	return v
}

// invalid checks that err is the 422 Validation error and answers its field errors.
func invalid(t *testing.T, err error) []errs.FieldError {
	t.Helper()
	e := errs.As(err)
	if e == nil {
		t.Fatalf("error = %v, want an *errs.Error", err)
	}
	if e.Kind != errs.Invalid || e.Kind.Status() != http.StatusUnprocessableEntity {
		t.Fatalf("kind = %v (status %d), want Invalid (422)", e.Kind, e.Kind.Status())
	}
	return e.Fields
}

func TestParse(t *testing.T) {
	date := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name string
		raw  string
		want queryView
	}{
		{"defaults", "", queryView{Page: 1, Limit: 100, Order: []string{"id"}}},
		{"page and limit", "page=3&limit=25", queryView{Page: 3, Limit: 25, Order: []string{"id"}}},
		{"smallest bounds", "page=1&limit=1", queryView{Page: 1, Limit: 1, Order: []string{"id"}}},
		{"largest bounds", "page=100000000&limit=1000", queryView{Page: 100_000_000, Limit: 1000, Order: []string{"id"}}},
		{"empty parts skipped", "&&limit=5&", queryView{Page: 1, Limit: 5, Order: []string{"id"}}},
		{"last page wins", "page=2&page=4", queryView{Page: 4, Limit: 100, Order: []string{"id"}}},
		{"keys outside the convention ignored", "format=csv&search_keyword=bob&filterx=1&orders=2",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}}},
		{"eq string", "filter[name][eq]=Bob",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"name", listing.Eq, []any{"Bob"}}}}},
		{"value trimmed", "filter[name][eq]=%20Bob%09",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"name", listing.Eq, []any{"Bob"}}}}},
		{"plus is a space", "filter[name][contains]=a+b",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"name", listing.Contains, []any{"a b"}}}}},
		{"encoded plus", "filter[name][contains]=a%2Bb",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"name", listing.Contains, []any{"a+b"}}}}},
		{"empty value dropped", "filter[name][eq]=&filter[id][gt]=",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}}},
		{"blank value dropped", "filter[name][startswith]=%20%20",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}}},
		{"key without a value dropped", "filter[name][eq]",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}}},
		{"in values accumulate", "filter[state][in][]=CA&filter[state][in][]=NY",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"state", listing.In, []any{"CA", "NY"}}}}},
		{"encoded brackets", "filter%5Bstate%5D%5Bin%5D%5B%5D=CA&filter%5Bstate%5D%5Bin%5D%5B%5D=NY",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"state", listing.In, []any{"CA", "NY"}}}}},
		{"raw and encoded brackets are one filter", "filter[state][in][]=CA&filter%5Bstate%5D%5Bin%5D%5B%5D=ON",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"state", listing.In, []any{"CA", "ON"}}}}},
		{"empty in value dropped", "filter[state][in][]=&filter[state][in][]=CA",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"state", listing.In, []any{"CA"}}}}},
		{"nin", "filter[name][nin][]=a&filter[name][nin][]=b",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"name", listing.Nin, []any{"a", "b"}}}}},
		{"filters keep the order given", "filter[state][ne]=CA&filter[id][gt]=5&filter[name][contains]=x&filter[name][eq]=y",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{
				{"state", listing.Ne, []any{"CA"}}, {"id", listing.Gt, []any{int64(5)}},
				{"name", listing.Contains, []any{"x"}}, {"name", listing.Eq, []any{"y"}}}}},
		{"int", "filter[id][in][]=1&filter[id][in][]=-2&filter[id][lte]=9000000000",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{
				{"id", listing.In, []any{int64(1), int64(-2)}}, {"id", listing.Lte, []any{int64(9_000_000_000)}}}}},
		{"time", "filter[created_at][gte]=2026-01-31T10:00:00%2B02:00&filter[created_at][lt]=2026-02-01T00:00:00.5Z",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{
				{"created_at", listing.Gte, []any{time.Date(2026, 1, 31, 8, 0, 0, 0, time.UTC)}},
				{"created_at", listing.Lt, []any{time.Date(2026, 2, 1, 0, 0, 0, 500_000_000, time.UTC)}}}}},
		{"date", "filter[born][eq]=1980-02-29&filter[born][in][]=2000-01-01&filter[born][in][]=2001-12-31",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{
				{"born", listing.Eq, []any{date(1980, 2, 29)}},
				{"born", listing.In, []any{date(2000, 1, 1), date(2001, 12, 31)}}}}},
		{"bool", "filter[active][eq]=true&filter[active][in][]=false&filter[active][in][]=1",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{
				{"active", listing.Eq, []any{true}}, {"active", listing.In, []any{false, true}}}}},
		{"enum", "filter[state][eq]=ON",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{{"state", listing.Eq, []any{"ON"}}}}},
		{"null true and false", "filter[email][null]=true&filter[state][null]=false",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}, Filters: []filterView{
				{"email", listing.Null, []any{true}}, {"state", listing.Null, []any{false}}}}},
		{"order keeps the order given, key last", "order[name]=DESC&order[created_at]=ASC",
			queryView{Page: 1, Limit: 100, Order: []string{"-name", "created_at", "id"}}},
		{"lowercase directions", "order[state]=desc&order[born]=asc",
			queryView{Page: 1, Limit: 100, Order: []string{"-state", "born", "id"}}},
		{"mixed case direction", "order[name]=Desc",
			queryView{Page: 1, Limit: 100, Order: []string{"-name", "id"}}},
		{"key descending", "order[id]=DESC",
			queryView{Page: 1, Limit: 100, Order: []string{"-id"}}},
		{"order after the key trimmed", "order[name]=ASC&order[id]=DESC&order[email]=ASC&order[state]=DESC",
			queryView{Page: 1, Limit: 100, Order: []string{"name", "-id"}}},
		{"key first trims the rest", "order[id]=ASC&order[name]=DESC",
			queryView{Page: 1, Limit: 100, Order: []string{"id"}}},
		{"encoded order", "order%5Bname%5D=desc",
			queryView{Page: 1, Limit: 100, Order: []string{"-name", "id"}}},
		{"empty cursor ignored", "cursor=&page=2",
			queryView{Page: 2, Limit: 100, Order: []string{"id"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := listing.Parse(tt.raw, spec)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.raw, err)
			}
			if diff := cmp.Diff(tt.want, view(q)); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.raw, diff)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name       string
		raw        string
		wantFields []string
		wantMsg    string // the message of the first field error, when set
	}{
		{"limit 0", "limit=0", []string{"limit"}, "Limit must be a whole number from 1 to 1000"},
		{"limit 1001", "limit=1001", []string{"limit"}, ""},
		{"limit negative", "limit=-5", []string{"limit"}, ""},
		{"limit not a number", "limit=ten", []string{"limit"}, ""},
		{"limit decimal", "limit=10.5", []string{"limit"}, ""},
		{"limit empty", "limit=", []string{"limit"}, ""},
		{"page 0", "page=0", []string{"page"}, "Page must be a whole number from 1 to 100000000"},
		{"page over the max", "page=100000001", []string{"page"}, ""},
		{"page not a number", "page=two", []string{"page"}, ""},
		{"page overflow", "page=99999999999999999999999", []string{"page"}, ""},
		{"unknown filter field", "filter[nope][eq]=1", []string{"filter[nope][eq]"}, "Unknown filter field 'nope'"},
		{"operator not allowed", "filter[notes][eq]=x", []string{"filter[notes][eq]"}, "Operator 'eq' is not allowed on 'notes'"},
		{"unknown operator", "filter[name][like]=x", []string{"filter[name][like]"}, ""},
		{"in without brackets", "filter[state][in]=CA", []string{"filter[state][in]"}, "Operator 'in' takes a list: filter[state][in][]"},
		{"nin without brackets", "filter[state][nin]=CA", []string{"filter[state][nin]"}, ""},
		{"eq with brackets", "filter[state][eq][]=CA", []string{"filter[state][eq][]"}, "Operator 'eq' takes one value: filter[state][eq]"},
		{"encoded key named decoded", "filter%5Bstate%5D%5Bin%5D=CA", []string{"filter[state][in]"}, ""},
		{"not an int", "filter[id][eq]=abc", []string{"filter[id][eq]"}, "'abc' is not a whole number"},
		{"int in list", "filter[id][in][]=1&filter[id][in][]=1.5", []string{"filter[id][in][]"}, ""},
		{"time without zone", "filter[created_at][gte]=2026-01-31T10:00:00", []string{"filter[created_at][gte]"}, ""},
		{"date as time", "filter[created_at][gte]=2026-01-31", []string{"filter[created_at][gte]"}, ""},
		{"raw plus in time is a space", "filter[created_at][gte]=2026-01-31T10:00:00+02:00", []string{"filter[created_at][gte]"}, ""},
		{"bad month", "filter[born][eq]=2026-13-01", []string{"filter[born][eq]"}, "'2026-13-01' is not a date like 2026-01-31"},
		{"not a leap day", "filter[born][eq]=2025-02-29", []string{"filter[born][eq]"}, ""},
		{"date as time given", "filter[born][eq]=2026-01-31T00:00:00Z", []string{"filter[born][eq]"}, ""},
		{"bool", "filter[active][eq]=yes", []string{"filter[active][eq]"}, "'yes' is not true or false"},
		{"enum not listed", "filter[state][eq]=TX", []string{"filter[state][eq]"}, "'TX' is not one of CA, NY, ON"},
		{"enum is case-sensitive", "filter[state][in][]=ca", []string{"filter[state][in][]"}, ""},
		{"null not a bool", "filter[email][null]=maybe", []string{"filter[email][null]"}, ""},
		// null takes true or false; an empty value is not dropped as for other operators.
		{"null empty", "filter[email][null]=", []string{"filter[email][null]"}, ""},
		{"string too long", "filter[name][eq]=" + strings.Repeat("a", 1001), []string{"filter[name][eq]"}, "The value is longer than 1000 characters"},
		{"repeated scalar filter", "filter[name][eq]=a&filter[name][eq]=b", []string{"filter[name][eq]"}, "The filter is given more than once"},
		{"no operator", "filter[name]=x", []string{"filter[name]"}, "A filter is written filter[field][operator]"},
		{"empty operator", "filter[name][]=x", []string{"filter[name][]"}, ""},
		{"empty field", "filter[][eq]=x", []string{"filter[][eq]"}, ""},
		{"unclosed", "filter[name][eq=x", []string{"filter[name][eq"}, ""},
		{"trailing junk", "filter[name][eq]x=1", []string{"filter[name][eq]x"}, ""},
		{"third bracket", "filter[name][eq][x]=1", []string{"filter[name][eq][x]"}, ""},
		{"unknown sort field", "order[nope]=ASC", []string{"order[nope]"}, "Unknown sort field 'nope'"},
		{"field not sortable", "order[notes]=ASC", []string{"order[notes]"}, ""},
		{"bad direction", "order[name]=up", []string{"order[name]"}, "The direction must be ASC or DESC"},
		{"empty direction", "order[name]=", []string{"order[name]"}, ""},
		{"number beyond int64", "filter[id][gte]=99999999999999999999", []string{"filter[id][gte]"}, "'99999999999999999999' is out of range"},
		{"NUL byte", "filter[name][eq]=a%00b", []string{"filter[name][eq]"}, "The value is not valid text"},
		{"invalid UTF-8", "filter[notes][contains]=%FF%FE", []string{"filter[notes][contains]"}, "The value is not valid text"},
		{"duplicate order", "order[name]=ASC&order[name]=DESC", []string{"order[name]"}, "The field is sorted more than once"},
		{"duplicate key order", "order[id]=ASC&order[id]=ASC", []string{"order[id]"}, ""},
		{"malformed order", "order[name][x]=ASC", []string{"order[name][x]"}, "An order is written order[field]=ASC|DESC"},
		{"unclosed order", "order[name=ASC", []string{"order[name"}, ""},
		{"bad key encoding", "filter%ZZ=1", []string{"filter%ZZ"}, "The parameter name is not valid URL encoding"},
		{"bad value encoding", "page=%G1", []string{"page"}, "The value is not valid URL encoding"},
		{"every error in the order given", "limit=0&filter[nope][eq]=1&page=x&order[name]=sideways",
			[]string{"limit", "filter[nope][eq]", "page", "order[name]"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := listing.Parse(tt.raw, spec)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want an error", tt.raw, view(q))
			}
			fields := invalid(t, err)
			var got []string
			for _, f := range fields {
				got = append(got, f.Field)
			}
			if diff := cmp.Diff(tt.wantFields, got); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
			if tt.wantMsg != "" && fields[0].Message != tt.wantMsg {
				t.Errorf("message = %q, want %q", fields[0].Message, tt.wantMsg)
			}
			if diff := cmp.Diff(queryView{}, view(q)); diff != "" {
				t.Errorf("query with an error is not zero (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParams(t *testing.T) {
	s := listing.NewSpec("id",
		listing.Field{Name: "id", Column: "x.id", Type: listing.Int, Ops: []listing.Op{listing.In, listing.Eq}, Sortable: true},
		listing.Field{Name: "city", Column: "x.city", Ops: []listing.Op{listing.Nin, listing.Contains}, Nullable: true},
		listing.Field{Name: "age", Column: "x.age", Type: listing.Int, Sortable: true},
	)
	filters, sortable := s.Params()
	wantFilters := []string{"filter[city][contains]", "filter[city][nin][]", "filter[id][eq]", "filter[id][in][]"}
	if diff := cmp.Diff(wantFilters, filters); diff != "" {
		t.Errorf("filters (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"age", "id"}, sortable); diff != "" {
		t.Errorf("sortable (-want +got):\n%s", diff)
	}
}

func TestNewSpecRefusesBadKey(t *testing.T) {
	tests := []struct {
		name  string
		field listing.Field
	}{
		{"missing", listing.Field{Name: "other", Column: "o", Sortable: true}},
		{"not sortable", listing.Field{Name: "id", Column: "id"}},
		{"nullable", listing.Field{Name: "id", Column: "id", Sortable: true, Nullable: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("NewSpec did not panic")
				}
			}()
			listing.NewSpec("id", tt.field)
		})
	}
}

func TestOffset(t *testing.T) {
	tests := []struct {
		raw  string
		want int
	}{
		{"", 0},
		{"page=1&limit=10", 0},
		{"page=3&limit=10", 20},
		{"limit=7&page=2", 7},
		{"page=100000000&limit=1000", 99_999_999_000},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			q, err := listing.Parse(tt.raw, spec)
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Offset(); got != tt.want {
				t.Errorf("Offset() = %d, want %d", got, tt.want)
			}
		})
	}
}

var (
	placeholder = regexp.MustCompile(`\$(\d+)`)
	// safeSQL is what SQL made of spec columns, keywords and placeholders can hold: no
	// quote, no value of the request.
	safeSQL = regexp.MustCompile(`^[A-Za-z0-9_.$(), <>=*]+$`)
)

// FuzzParse holds Parse to its promise on any query string: no panic, and either a 422
// or a query whose SQL builds with exactly one argument per placeholder.
func FuzzParse(f *testing.F) {
	cur := func(raw string, row map[string]any) string {
		q, err := listing.Parse(raw, spec)
		if err != nil {
			f.Fatal(err)
		}
		return q.NextCursor(func(field string) any { return row[field] })
	}
	row := map[string]any{"id": int64(7), "name": "Zoë", "email": nil, "state": "CA",
		"created_at": time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC), "born": nil, "active": true, "income": int64(-3)}
	for _, s := range []string{
		"",
		"page=2&limit=50",
		"limit=1000&page=100000000",
		"format=csv&search_keyword=smith",
		"filter[name][contains]=50%25_off&filter[name][startswith]=a%5C",
		"filter%5Bstate%5D%5Bin%5D%5B%5D=CA&filter%5Bstate%5D%5Bin%5D%5B%5D=NY",
		"filter[state][nin][]=CA&filter[state][ne]=ON&filter[email][null]=true",
		"filter[id][in][]=1&filter[id][in][]=2&filter[id][gte]=-5&filter[id][ne]=3",
		"filter[created_at][gte]=2026-01-31T00:00:00Z&filter[born][in][]=1999-12-31",
		"filter[active][in][]=true&filter[income][null]=false&filter[income][gte]=100",
		"order[name]=DESC&order[email]=asc&order[id]=desc&order[state]=asc",
		"order[born]=desc&order[active]=asc&limit=3",
		"order[name]=asc&cursor=" + cur("order[name]=asc", row),
		"order[email]=desc&order[born]=asc&cursor=" + cur("order[email]=desc&order[born]=asc", row),
		"order[created_at]=desc&order[income]=asc&order[active]=desc&cursor=" +
			cur("order[created_at]=desc&order[income]=asc&order[active]=desc", row),
		"cursor=eyJvIjoiaWQiLCJrIjpbbnVsbF19",
		"filter[name]=x&order[name=&limit=0&page=%ZZ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := listing.Parse(raw, spec)
		if err != nil {
			if !errs.Is(err, errs.Invalid) {
				t.Fatalf("Parse(%q) error %v is not Invalid", raw, err)
			}
			return
		}
		if q.Page < 1 || q.Limit < 1 || q.Limit > listing.MaxLimit || len(q.Order) == 0 ||
			q.Order[len(q.Order)-1].Field.Name != spec.Key {
			t.Fatalf("Parse(%q) = %+v: page, limit or order out of bounds", raw, view(q))
		}
		if q.After != nil && len(q.After) != len(q.Order) {
			t.Fatalf("Parse(%q): %d cursor values for %d sort keys", raw, len(q.After), len(q.Order))
		}
		var a listing.Args
		sql := "SELECT * FROM t WHERE " + q.Where(&a) + " ORDER BY " + q.OrderBy() + " " + q.LimitOffset(&a)
		if !safeSQL.MatchString(sql) {
			t.Fatalf("Parse(%q): SQL holds more than columns, keywords and placeholders: %s", raw, sql)
		}
		seen := map[string]bool{}
		for _, m := range placeholder.FindAllStringSubmatch(sql, -1) {
			seen[m[1]] = true
		}
		if len(seen) != len(a.Values) {
			t.Fatalf("Parse(%q): %d placeholders for %d args in %s", raw, len(seen), len(a.Values), sql)
		}
		for i := 1; i <= len(a.Values); i++ {
			if !seen[strconv.Itoa(i)] {
				t.Fatalf("Parse(%q): placeholder $%d missing in %s", raw, i, sql)
			}
		}
	})
}

// A spec with a default order on a unique field (the hierarchy path of the team views):
// no order given → the default alone; a unique last key is not followed by the primary
// key; anything else still ends with the key.
func TestDefaultOrderAndUniqueLastKey(t *testing.T) {
	s := listing.NewSpec("id",
		listing.Field{Name: "id", Column: "t.id", Type: listing.Int, Sortable: true},
		listing.Field{Name: "tree", Column: "t.path", Sortable: true, Unique: true},
		listing.Field{Name: "name", Column: "t.name", Sortable: true},
	)
	s.Default = "tree"
	cases := []struct {
		query string
		want  string
	}{
		{"", "t.path ASC"},
		{"order[tree]=DESC", "t.path DESC"},
		{"order[name]=ASC", "t.name ASC, t.id ASC"},
		{"order[name]=ASC&order[tree]=ASC", "t.name ASC, t.path ASC"},
		{"order[tree]=ASC&order[name]=DESC", "t.path ASC, t.name DESC, t.id ASC"},
		{"order[id]=DESC", "t.id DESC"},
	}
	for _, tc := range cases {
		q, err := listing.Parse(tc.query, s)
		if err != nil {
			t.Fatalf("%q: %v", tc.query, err)
		}
		if got := q.OrderBy(); got != tc.want {
			t.Errorf("%q: ORDER BY %s, want %s", tc.query, got, tc.want)
		}
	}
	// A cursor round-trips on the path alone.
	q, _ := listing.Parse("limit=2", s)
	c := q.NextCursor(func(string) any { return "1.5.9" })
	next, err := listing.Parse("limit=2&cursor="+c, s)
	if err != nil {
		t.Fatal(err)
	}
	var args listing.Args
	if where := next.Where(&args); where != "((t.path) > ($1))" || args.Values[0] != "1.5.9" {
		t.Errorf("keyset %s %v", where, args.Values)
	}
	// A default of "-field" sorts it descending, then by the key; the cursor follows it.
	newest := listing.NewSpec("id",
		listing.Field{Name: "id", Column: "t.id", Type: listing.Int, Sortable: true},
		listing.Field{Name: "day", Column: "t.day", Type: listing.Int, Sortable: true},
	)
	newest.Default = "-day"
	q, _ = listing.Parse("limit=2", newest)
	if got := q.OrderBy(); got != "t.day DESC, t.id ASC" {
		t.Errorf("default -day: ORDER BY %s", got)
	}
	c = q.NextCursor(func(f string) any { return map[string]any{"day": int64(20), "id": int64(7)}[f] })
	next, err = listing.Parse("limit=2&cursor="+c, newest)
	if err != nil {
		t.Fatal(err)
	}
	args = listing.Args{}
	if where := next.Where(&args); !strings.Contains(where, "<") {
		t.Errorf("the keyset after a descending default does not go down: %s %v", where, args.Values)
	}
	// Without a default, no order means the key.
	plain := listing.NewSpec("id", listing.Field{Name: "id", Column: "t.id", Type: listing.Int, Sortable: true})
	q, _ = listing.Parse("", plain)
	if got := q.OrderBy(); got != "t.id ASC" {
		t.Errorf("no default: %s", got)
	}
}
