package listing_test

import (
	"encoding/base64"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

func bound(n int64) *int64 { return &n }

// tree is a whitelist shaped like the team views: a default order on a materialised path
// (ltree: compared as such by the database), bounded ints, a date and an enum.
var tree = func() *listing.Spec {
	s := listing.NewSpec("id",
		listing.Field{Name: "id", Column: "t.id", Type: listing.Int, Sortable: true},
		listing.Field{Name: "tree", Column: "t.path", Type: listing.Path, Sortable: true, Unique: true},
		listing.Field{Name: "rank", Column: "t.rank", Type: listing.Int, Sortable: true, Min: bound(1), Max: bound(100)},
		listing.Field{Name: "size", Column: "t.size", Type: listing.Int, Sortable: true, Min: bound(0), Max: bound(math.MaxInt32)},
		listing.Field{Name: "joined", Column: "t.joined", Type: listing.Date, Sortable: true},
		listing.Field{Name: "seen", Column: "t.seen", Type: listing.Time, Sortable: true, Nullable: true},
		listing.Field{Name: "status", Column: "t.status", Type: listing.Enum, Values: []string{"Active", "Resigned"}, Sortable: true},
		listing.Field{Name: "name", Column: "t.name", Sortable: true, MaxLen: 100},
	)
	s.Default = "tree"
	return s
}()

func cursorOf(doc string) string { return base64.RawURLEncoding.EncodeToString([]byte(doc)) }

// A cursor is input: each key must be a value of its field (in its bounds, a real date or
// time, one of the enum's values, text without NUL) and of its column's shape (a path of
// ids for a materialised path), or the cursor is refused, naming `cursor`, before any SQL
// is built from it.
func TestCursorKeysAreTypedAndShaped(t *testing.T) {
	refused := []struct{ name, order, doc string }{
		{"a path with a letter", "", `{"o":"tree","k":["1.2.x"]}`},
		{"a path with an empty label", "", `{"o":"tree","k":["1..2"]}`},
		{"a path ending in a dot", "", `{"o":"tree","k":["1.2."]}`},
		{"a path starting with a dot", "", `{"o":"tree","k":[".1"]}`},
		{"an empty path", "", `{"o":"tree","k":[""]}`},
		{"an ltree query, not a path", "", `{"o":"tree","k":["1.*"]}`},
		{"a path with spaces", "", `{"o":"tree","k":[" 1.2"]}`},
		{"a label beyond a bigint", "", `{"o":"tree","k":["1.12345678901234567890"]}`},
		{"a path with NUL", "", `{"o":"tree","k":["1.2\u0000"]}`},
		{"a path in other digits", "", `{"o":"tree","k":["١.٢"]}`},
		{"an int beyond int64", "order[id]=asc", `{"o":"id","k":["9223372036854775808"]}`},
		{"an int beyond the column (int4)", "order[size]=desc", `{"o":"size:desc,id","k":["99999999999","1"]}`},
		{"a number that is not whole", "order[size]=desc", `{"o":"size:desc,id","k":["1.5","1"]}`},
		{"a date that does not exist", "order[joined]=asc", `{"o":"joined,id","k":["2026-02-30","1"]}`},
		{"a month that does not exist", "order[joined]=asc", `{"o":"joined,id","k":["2026-13-01","1"]}`},
		{"a time out of range", "order[seen]=asc", `{"o":"seen,id","k":["2026-01-01T25:00:00Z","1"]}`},
		{"a time without a zone", "order[seen]=asc", `{"o":"seen,id","k":["2026-01-01T00:00:00","1"]}`},
		{"an enum value not allowed", "order[status]=asc", `{"o":"status,id","k":["Sleeping","1"]}`},
		{"text with NUL", "order[name]=asc", `{"o":"name,id","k":["a\u0000","1"]}`},
		{"text beyond any name", "order[name]=asc", `{"o":"name,id","k":["` + strings.Repeat("a", 4097) + `","1"]}`},
		{"a number where text goes", "order[name]=asc", `{"o":"name,id","k":[5,"1"]}`},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			raw := "cursor=" + cursorOf(tc.doc)
			if tc.order != "" {
				raw = tc.order + "&" + raw
			}
			_, err := listing.Parse(raw, tree)
			if err == nil {
				t.Fatalf("%s: the cursor was accepted", tc.doc)
			}
			fields := invalid(t, err)
			if len(fields) != 1 || fields[0].Field != "cursor" || fields[0].Message != "The cursor is not valid" {
				t.Fatalf("%s: %+v, want one error naming cursor", tc.doc, fields)
			}
		})
	}

	accepted := []struct {
		name, order, doc string
		want             []any
	}{
		{"a path of one id", "", `{"o":"tree","k":["1"]}`, []any{"1"}},
		{"a deep path", "", `{"o":"tree","k":["1.22.333.4444.9223372036854775807"]}`, []any{"1.22.333.4444.9223372036854775807"}},
		{"bounds included", "order[rank]=asc&order[size]=desc",
			`{"o":"rank,size:desc,id","k":["100","2147483647","-9223372036854775808"]}`,
			[]any{int64(100), int64(math.MaxInt32), int64(math.MinInt64)}},
		// A key is a row's value, not a filter's: beyond the filter's bounds and length, within
		// the column's (a cursor the server gave must come back).
		{"an int beyond the filter's bounds", "order[rank]=asc", `{"o":"rank,id","k":["5000","1"]}`, []any{int64(5000), int64(1)}},
		{"text longer than a filter takes", "order[name]=asc", `{"o":"name,id","k":["` + strings.Repeat("é", 101) + `","1"]}`,
			[]any{strings.Repeat("é", 101), int64(1)}},
		{"a NULL time", "order[seen]=asc", `{"o":"seen,id","k":[null,"1"]}`, []any{nil, int64(1)}},
		{"text as it came", "order[name]=desc", `{"o":"name:desc,id","k":["Zoë 1.2","1"]}`, []any{"Zoë 1.2", int64(1)}},
	}
	for _, tc := range accepted {
		t.Run(tc.name, func(t *testing.T) {
			raw := "cursor=" + cursorOf(tc.doc)
			if tc.order != "" {
				raw = tc.order + "&" + raw
			}
			q, err := listing.Parse(raw, tree)
			if err != nil {
				t.Fatalf("%s: %v", tc.doc, err)
			}
			if diff := cmp.Diff(tc.want, q.After); diff != "" {
				t.Errorf("After (-want +got):\n%s", diff)
			}
		})
	}

	// What NextCursor writes for a row of the hierarchy comes back as it went.
	q, err := listing.Parse("", tree)
	if err != nil {
		t.Fatal(err)
	}
	c := q.NextCursor(func(string) any { return "4.17.230" })
	if q, err = listing.Parse("cursor="+c, tree); err != nil || len(q.After) != 1 || q.After[0] != "4.17.230" {
		t.Fatalf("round trip: %v %v", q.After, err)
	}
}

var idPath = regexp.MustCompile(`^[0-9]{1,19}(\.[0-9]{1,19})*$`)

// FuzzCursor holds the cursor decoder to its promise on any document: a 422 naming
// `cursor`, or keys each of its field's type, bounds and shape.
func FuzzCursor(f *testing.F) {
	orders := []string{"", "order[rank]=asc&order[size]=desc", "order[joined]=desc&order[seen]=asc",
		"order[status]=asc&order[name]=desc", "order[tree]=desc"}
	for _, doc := range []string{
		`{"o":"tree","k":["1.2.3"]}`, `{"o":"tree","k":["1..2"]}`, `{"o":"tree","k":["1.x"]}`,
		`{"o":"rank,size:desc,id","k":["100","2147483648","1"]}`, `{"o":"rank,size:desc,id","k":["0","5","1"]}`,
		`{"o":"joined:desc,seen,id","k":["2026-02-29","2026-01-01T00:00:00Z","1"]}`,
		`{"o":"joined:desc,seen,id","k":["2024-02-29",null,"9223372036854775807"]}`,
		`{"o":"status,name:desc,id","k":["Active","a\u0000","1"]}`, `{"o":"tree:desc","k":["1"]}`,
		`{"o":"tree","k":[null]}`, `{"o":"tree","k":["\ud800"]}`, `not json`, ``,
	} {
		for i := range orders {
			f.Add(uint8(i), doc)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, doc string) {
		raw := "cursor=" + cursorOf(doc)
		if o := orders[int(which)%len(orders)]; o != "" {
			raw = o + "&" + raw
		}
		q, err := listing.Parse(raw, tree)
		if err != nil {
			e := errs.As(err)
			if e == nil || e.Kind != errs.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "cursor" {
				t.Fatalf("Parse(%q): %v, want a 422 naming cursor", doc, err)
			}
			return
		}
		if doc == "" {
			if q.After != nil {
				t.Fatalf("no cursor, and keys %v", q.After)
			}
			return // no cursor at all
		}
		if len(q.After) != len(q.Order) {
			t.Fatalf("%q: %d keys for %d sort keys", doc, len(q.After), len(q.Order))
		}
		for i, s := range q.Order {
			v := q.After[i]
			if v == nil {
				if !s.Field.Nullable {
					t.Fatalf("%q: NULL for %s", doc, s.Field.Name)
				}
				continue
			}
			f := s.Field
			switch f.Type {
			case listing.Int:
				// Within its column: a bounded field is an int4 column.
				n, ok := v.(int64)
				if !ok || (f.Min != nil || f.Max != nil) && (n < math.MinInt32 || n > math.MaxInt32) {
					t.Fatalf("%q: %s = %#v, out of its column's range", doc, f.Name, v)
				}
			case listing.Date, listing.Time:
				if _, ok := v.(time.Time); !ok {
					t.Fatalf("%q: %s = %#v, not a time", doc, f.Name, v)
				}
			case listing.Enum:
				if s, ok := v.(string); !ok || !slicesContains(f.Values, s) {
					t.Fatalf("%q: %s = %#v, not one of its values", doc, f.Name, v)
				}
			default:
				s, ok := v.(string)
				if !ok || !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 || (f.Type == listing.Path && !idPath.MatchString(s)) {
					t.Fatalf("%q: %s = %#v, not text of its shape", doc, f.Name, v)
				}
			}
		}
	})
}

func slicesContains(vs []string, v string) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}
