package listing_test

import (
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/testdb"
)

func mustParse(t *testing.T, raw string) listing.Query {
	t.Helper()
	q, err := listing.Parse(raw, spec)
	if err != nil {
		t.Fatalf("Parse(%q): %v", raw, err)
	}
	return q
}

func TestWhere(t *testing.T) {
	tests := []struct {
		name      string
		raw       string
		wantWhere string
		wantArgs  []any
	}{
		{"no filter", "", "TRUE", nil},
		{"eq", "filter[name][eq]=Bob", "t.name = $1", []any{"Bob"}},
		{"ne is null-safe", "filter[state][ne]=CA", "t.state IS DISTINCT FROM $1", []any{"CA"}},
		{"lt", "filter[id][lt]=10", "t.id < $1", []any{int64(10)}},
		{"lte", "filter[income][lte]=0", "t.income <= $1", []any{int64(0)}},
		{"gt", "filter[id][gt]=-1", "t.id > $1", []any{int64(-1)}},
		{"gte date", "filter[born][gte]=2000-01-01", "t.born >= $1", []any{time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}},
		{"in strings", "filter[state][in][]=CA&filter[state][in][]=ON", "t.state = ANY($1)", []any{[]string{"CA", "ON"}}},
		{"in ints", "filter[id][in][]=3&filter[id][in][]=1", "t.id = ANY($1)", []any{[]int64{3, 1}}},
		{"in times", "filter[created_at][in][]=2026-01-01T00:00:00Z", "t.created_at = ANY($1)",
			[]any{[]time.Time{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}}},
		{"in dates", "filter[born][in][]=1990-05-06&filter[born][in][]=1991-07-08", "t.born = ANY($1)",
			[]any{[]time.Time{time.Date(1990, 5, 6, 0, 0, 0, 0, time.UTC), time.Date(1991, 7, 8, 0, 0, 0, 0, time.UTC)}}},
		{"in bools", "filter[active][in][]=true&filter[active][in][]=false", "t.active = ANY($1)", []any{[]bool{true, false}}},
		{"nin keeps NULLs", "filter[state][nin][]=NY", "(t.state IS NULL OR t.state <> ALL($1))", []any{[]string{"NY"}}},
		{"nin ints", "filter[id][nin][]=4", "(t.id IS NULL OR t.id <> ALL($1))", []any{[]int64{4}}},
		{"contains", "filter[name][contains]=ann", "t.name ILIKE $1", []any{"%ann%"}},
		{"contains escapes wildcards", `filter[name][contains]=50%25_off%5C`, "t.name ILIKE $1", []any{`%50\%\_off\\%`}},
		{"startswith is a range of lower()", "filter[name][startswith]=Jo", prefixRange("t.name", "$1"), []any{"Jo"}},
		{"startswith takes wildcards literally", "filter[name][startswith]=a_b%25%5C", prefixRange("t.name", "$1"), []any{`a_b%\`}},
		{"startswith ending in U+10FFFF stays ILIKE", "filter[name][startswith]=a%F4%8F%BF%BF", "t.name ILIKE $1", []any{"a\U0010FFFF%"}},
		{"startswith ending in U+D7FF stays ILIKE", "filter[name][startswith]=_%ED%9F%BF", "t.name ILIKE $1", []any{"\\_\uD7FF%"}},
		{"startswith among others", "filter[id][gte]=2&filter[name][startswith]=x&filter[state][eq]=CA",
			"t.id >= $1 AND " + prefixRange("t.name", "$2") + " AND t.state = $3", []any{int64(2), "x", "CA"}},
		{"null true", "filter[email][null]=true", "t.email IS NULL", nil},
		{"null false", "filter[email][null]=false", "t.email IS NOT NULL", nil},
		{"filters joined in order", "filter[name][eq]=a&filter[email][null]=1&filter[id][gte]=2&filter[state][in][]=CA",
			"t.name = $1 AND t.email IS NULL AND t.id >= $2 AND t.state = ANY($3)",
			[]any{"a", int64(2), []string{"CA"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := mustParse(t, tt.raw)
			var a listing.Args
			if got := q.Where(&a); got != tt.wantWhere {
				t.Errorf("Where = %q, want %q", got, tt.wantWhere)
			}
			if diff := cmp.Diff(tt.wantArgs, a.Values); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
			var fa listing.Args
			if got := q.FilterWhere(&fa); got != tt.wantWhere {
				t.Errorf("FilterWhere = %q, want %q", got, tt.wantWhere)
			}
		})
	}
}

// prefixRange is the SQL of startswith on col with the prefix in placeholder p.
func prefixRange(col, p string) string {
	l := "lower(" + p + ")"
	return "(lower(" + col + ") COLLATE ucs_basic >= " + l + " AND lower(" + col + ") COLLATE ucs_basic < overlay(" + l +
		" placing chr(int4pl(ascii(right(" + l + ", 1)), 1)) from char_length(" + l + ")))"
}

// TestStartsWithMatchesILIKE holds the range form of startswith to what ILIKE with an
// escaped pattern answers, in PostgreSQL itself: case, accents, wildcards, backslashes,
// characters of every UTF-8 length and the edges of the code point ranges.
// TestTextFiltersArePlannedPerValue: the arguments of a statement with a prefix or a
// substring filter ask pgx for an unprepared statement (planned for the values); others
// are the values alone.
func TestTextFiltersArePlannedPerValue(t *testing.T) {
	for raw, perValue := range map[string]bool{
		"": false,
		"filter[name][eq]=Bob&filter[state][in][]=CA":          false,
		"filter[name][startswith]=Jo":                          true,
		"filter[name][contains]=ann":                           true,
		"filter[id][gte]=2&filter[name][startswith]=x":         true,
		"filter[email][null]=false&filter[id][in][]=3&limit=5": false,
	} {
		q := mustParse(t, raw)
		var a listing.Args
		q.Where(&a)
		got := a.Query()
		if perValue {
			if len(got) != len(a.Values)+1 || got[0] != pgx.QueryExecModeDescribeExec {
				t.Errorf("%q: arguments %v, want the describe-exec mode then %v", raw, got, a.Values)
			}
		} else if len(got) != len(a.Values) {
			t.Errorf("%q: arguments %v, want %v", raw, got, a.Values)
		}
	}
}

func TestStartsWithMatchesILIKE(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	words := []string{"", "a", "A", "ab", "aB", "Ab", "abc", "b", "ba", "Mi", "mi", "MI", "Miller", "mitchell", "MILLS", "Mj", "Mh",
		"Mi\u00e9", "mi~", "Mi\x7f", "Émile", "émile", "Emile", "ÉMILE", "éa", "ê", "Ø", "ø", "ß", "SS", "ǅ", "ǆ", "Σ", "σς",
		"a_b", "a%b", "axb", "a\\b", "a\\", "_", "%", "\\", "東京", "東", "東\uFFFF", "😀", "😀x", "😁", "\uD7FF", "\uD7FFa",
		"\uE000", "\U0010FFFF", "a\U0010FFFF", "a\U0010FFFFb", "zz", "z\u00ff", "z\u0100"}
	if _, err := pool.Exec(ctx, `CREATE TABLE prefix_words (id int PRIMARY KEY, name text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for i, w := range words {
		if _, err := pool.Exec(ctx, `INSERT INTO prefix_words VALUES ($1, $2)`, i, w); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(t *testing.T, where string, args ...any) []int {
		t.Helper()
		rows, err := pool.Query(ctx, `SELECT id FROM prefix_words t WHERE `+where+` ORDER BY id`, args...)
		if err != nil {
			t.Fatalf("%s %v: %v", where, args, err)
		}
		defer rows.Close()
		var out []int
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			out = append(out, id)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	prefixes := []string{"a", "A", "ab", "AB", "mi", "Mi", "MI", "mil", "Mi\u00e9", "mi~", "MI\x7f", "é", "É", "émi", "EM", "ø", "ß", "s",
		"ǅ", "σ", "Σς", "a_", "a%", "a\\", "_", "%", "\\", "東", "東京", "😀", "\uD7FF", "\uE000", "\U0010FFFF", "a\U0010FFFF",
		"z", "z\u00ff", "zz", "q"}
	for _, p := range prefixes {
		q := mustParse(t, "filter[name][startswith]="+url.QueryEscape(p))
		var a listing.Args
		got := ids(t, q.Where(&a), a.Values...)
		want := ids(t, `t.name ILIKE $1`, listing.EscapeLike(p)+"%")
		if !slices.Equal(got, want) {
			t.Errorf("startswith %q: rows %v, ILIKE answers %v", p, got, want)
		}
	}
}

func TestOrderByAndLimitOffset(t *testing.T) {
	tests := []struct {
		raw       string
		wantOrder string
		wantLimit string
		wantArgs  []any
	}{
		{"", "t.id ASC", "LIMIT $2", []any{"x", 101}},
		{"page=1&limit=10", "t.id ASC", "LIMIT $2", []any{"x", 11}},
		{"page=3&limit=10&order[name]=desc", "t.name DESC, t.id ASC", "LIMIT $2 OFFSET $3", []any{"x", 11, 20}},
		{"order[email]=asc&order[born]=DESC&order[id]=desc", "t.email ASC, t.born DESC NULLS LAST, t.id DESC", "LIMIT $2", []any{"x", 101}},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			q := mustParse(t, tt.raw)
			if got := q.OrderBy(); got != tt.wantOrder {
				t.Errorf("OrderBy = %q, want %q", got, tt.wantOrder)
			}
			a := listing.Args{Values: []any{"x"}} // numbering continues after earlier args
			if got := q.LimitOffset(&a); got != tt.wantLimit {
				t.Errorf("LimitOffset = %q, want %q", got, tt.wantLimit)
			}
			if diff := cmp.Diff(tt.wantArgs, a.Values); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEscapeLike(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"100%", `100\%`},
		{"a_b", `a\_b`},
		{`back\slash`, `back\\slash`},
		{`\%_`, `\\\%\_`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := listing.EscapeLike(tt.in); got != tt.want {
				t.Errorf("EscapeLike(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// withCursor parses an order, makes the cursor of a row and parses again with it.
func withCursor(t *testing.T, order string, row map[string]any) listing.Query {
	t.Helper()
	c := mustParse(t, order).NextCursor(func(f string) any { return row[f] })
	sep := "&"
	if order == "" {
		sep = ""
	}
	return mustParse(t, order+sep+"cursor="+url.QueryEscape(c))
}

func TestKeysetWhere(t *testing.T) {
	tests := []struct {
		name      string
		raw       string
		row       map[string]any
		wantWhere string
		wantArgs  []any
	}{
		{"key alone", "", map[string]any{"id": int64(5)}, "((t.id) > ($1))", []any{int64(5)}},
		{"one direction, no NULLs: row comparison", "order[name]=desc&order[id]=desc",
			map[string]any{"name": "b", "id": int64(5)}, "((t.name, t.id) < ($1, $2))", []any{"b", int64(5)}},
		{"mixed directions", "order[name]=desc",
			map[string]any{"name": "b", "id": int64(5)}, "(t.name < $1 OR (t.name = $1 AND (t.id > $2)))", []any{"b", int64(5)}},
		{"nullable ascending", "order[email]=asc",
			map[string]any{"email": "e", "id": int64(5)},
			"((t.email > $1 OR t.email IS NULL) OR (t.email = $1 AND (t.id > $2)))", []any{"e", int64(5)}},
		{"NULL ascending", "order[email]=asc",
			map[string]any{"id": int64(5)}, "(FALSE OR (t.email IS NULL AND (t.id > $1)))", []any{int64(5)}},
		{"NULL descending: NULLs come last", "order[email]=desc",
			map[string]any{"id": int64(5)}, "(FALSE OR (t.email IS NULL AND (t.id > $1)))", []any{int64(5)}},
		{"nullable descending: a value is followed by smaller values, then NULLs", "order[email]=desc",
			map[string]any{"email": "e", "id": int64(5)},
			"((t.email < $1 OR t.email IS NULL) OR (t.email = $1 AND (t.id > $2)))", []any{"e", int64(5)}},
		{"after the filters", "filter[name][eq]=a&order[id]=desc",
			map[string]any{"id": int64(5)}, "t.name = $1 AND ((t.id) < ($2))", []any{"a", int64(5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := withCursor(t, tt.raw, tt.row)
			var a listing.Args
			if got := q.Where(&a); got != tt.wantWhere {
				t.Errorf("Where = %q, want %q", got, tt.wantWhere)
			}
			if diff := cmp.Diff(tt.wantArgs, a.Values); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
			var fa listing.Args
			if got, want := q.FilterWhere(&fa), mustParse(t, tt.raw).Where(&listing.Args{}); got != want {
				t.Errorf("FilterWhere = %q, want the filters alone %q", got, want)
			}
			var la listing.Args
			if got := q.LimitOffset(&la); got != "LIMIT $1" {
				t.Errorf("LimitOffset with a cursor = %q, want no OFFSET", got)
			}
		})
	}
}

func TestCursorRoundTrip(t *testing.T) {
	created := time.Date(2026, 3, 4, 5, 6, 7, 123456000, time.FixedZone("EST", -5*3600))
	born := time.Date(1975, 12, 31, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		order     string
		row       map[string]any
		wantAfter []any
	}{
		{"int key", "", map[string]any{"id": int64(42)}, []any{int64(42)}},
		{"plain int", "", map[string]any{"id": 42}, []any{int64(42)}},
		{"negative and large", "order[income]=desc", map[string]any{"income": int64(-9_000_000_000), "id": int64(1)},
			[]any{int64(-9_000_000_000), int64(1)}},
		{"string", "order[name]=asc", map[string]any{"name": `Zoë "O'Brien", Jr. & <co> %_\`, "id": int64(1)},
			[]any{`Zoë "O'Brien", Jr. & <co> %_\`, int64(1)}},
		{"string with spaces kept", "order[name]=desc", map[string]any{"name": "  padded  ", "id": int64(2)},
			[]any{"  padded  ", int64(2)}},
		{"empty string", "order[name]=desc", map[string]any{"name": "", "id": int64(2)}, []any{"", int64(2)}},
		{"time in another zone", "order[created_at]=desc", map[string]any{"created_at": created, "id": int64(3)},
			[]any{created.UTC(), int64(3)}},
		{"date", "order[born]=asc", map[string]any{"born": born, "id": int64(4)}, []any{born, int64(4)}},
		{"bool", "order[active]=desc", map[string]any{"active": false, "id": int64(5)}, []any{false, int64(5)}},
		{"enum", "order[state]=asc", map[string]any{"state": "ON", "id": int64(6)}, []any{"ON", int64(6)}},
		{"NULLs on nullable fields", "order[email]=asc&order[state]=desc&order[income]=asc&order[born]=desc&order[active]=asc",
			map[string]any{"id": int64(7)}, []any{nil, nil, nil, nil, nil, int64(7)}},
		{"every type", "order[created_at]=asc&order[born]=desc&order[active]=asc&order[name]=desc&order[state]=asc&order[income]=desc&order[email]=asc",
			map[string]any{"created_at": created, "born": born, "active": true, "name": "n", "state": "CA", "income": int64(0), "email": "a@b.c", "id": int64(8)},
			[]any{created.UTC(), born, true, "n", "CA", int64(0), "a@b.c", int64(8)}},
		{"key descending", "order[id]=desc", map[string]any{"id": int64(-1)}, []any{int64(-1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := withCursor(t, tt.order, tt.row)
			if diff := cmp.Diff(tt.wantAfter, q.After); diff != "" {
				t.Errorf("After (-want +got):\n%s", diff)
			}
			if got, want := view(q).Order, view(mustParse(t, tt.order)).Order; !slices.Equal(got, want) {
				t.Errorf("order with cursor = %v, want %v", got, want)
			}
		})
	}
}

func TestCursorIgnoresPage(t *testing.T) {
	q := withCursor(t, "page=7&limit=10", map[string]any{"id": int64(1)})
	if q.Offset() != 0 {
		t.Errorf("Offset() = %d with a cursor, want 0", q.Offset())
	}
}

func TestCursorRefused(t *testing.T) {
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	row := map[string]any{"id": int64(1), "name": "a", "email": "e"}
	cursorOf := func(order string) string {
		return mustParse(t, order).NextCursor(func(f string) any { return row[f] })
	}
	tests := []struct {
		name    string
		raw     string
		wantMsg string
	}{
		{"another field", "order[email]=asc&cursor=" + cursorOf("order[name]=asc"),
			"The cursor belongs to another order; start again from page 1"},
		{"another direction", "order[name]=desc&cursor=" + cursorOf("order[name]=asc"),
			"The cursor belongs to another order; start again from page 1"},
		{"another key direction", "order[name]=asc&order[id]=desc&cursor=" + cursorOf("order[name]=asc"),
			"The cursor belongs to another order; start again from page 1"},
		{"fewer keys", "cursor=" + cursorOf("order[name]=asc"), "The cursor is not valid"},
		{"not base64", "cursor=%21%21%21", "The cursor is not valid"},
		{"padded base64", "cursor=" + base64.URLEncoding.EncodeToString([]byte(`{"o":"id","k":["1"]}`)), "The cursor is not valid"},
		{"not JSON", "cursor=" + enc("hello"), "The cursor is not valid"},
		{"JSON of another shape", "cursor=" + enc(`["id"]`), "The cursor is not valid"},
		{"no keys", "cursor=" + enc(`{"o":"id"}`), "The cursor is not valid"},
		{"too many keys", "cursor=" + enc(`{"o":"id","k":["1","2"]}`), "The cursor is not valid"},
		{"key not an int", "cursor=" + enc(`{"o":"id","k":["x"]}`), "The cursor is not valid"},
		{"NULL in the key", "cursor=" + enc(`{"o":"id","k":[null]}`), "The cursor is not valid"},
		{"NULL in a non-nullable field", "order[name]=asc&cursor=" + enc(`{"o":"name,id","k":[null,"1"]}`), "The cursor is not valid"},
		{"bad time", "order[created_at]=asc&cursor=" + enc(`{"o":"created_at,id","k":["yesterday","1"]}`), "The cursor is not valid"},
		{"bad date", "order[born]=asc&cursor=" + enc(`{"o":"born,id","k":["2026-02-30","1"]}`), "The cursor is not valid"},
		{"bad bool", "order[active]=asc&cursor=" + enc(`{"o":"active,id","k":["yes","1"]}`), "The cursor is not valid"},
		{"enum value not allowed", "order[state]=asc&cursor=" + enc(`{"o":"state,id","k":["TX","1"]}`), "The cursor is not valid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := listing.Parse(tt.raw, spec)
			if err == nil {
				t.Fatalf("Parse(%q) accepted the cursor", tt.raw)
			}
			fields := invalid(t, err)
			want := []string{"cursor"}
			var got []string
			for _, f := range fields {
				got = append(got, f.Field)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("fields (-want +got):\n%s", diff)
			}
			if fields[0].Message != tt.wantMsg {
				t.Errorf("message = %q, want %q", fields[0].Message, tt.wantMsg)
			}
		})
	}
}

func TestNextCursorPanicsOnUnknownType(t *testing.T) {
	q := mustParse(t, "")
	defer func() {
		if recover() == nil {
			t.Error("NextCursor accepted a float64")
		}
	}()
	q.NextCursor(func(string) any { return 1.5 })
}

var seedFlag = flag.Uint64("listing.seed", 0, "seed of TestKeysetPaging (0: a new one)")

// keysetRow is one row of the keyset table; nil pointers are NULL.
type keysetRow struct {
	id      int64
	name    string
	email   *string
	state   *string
	income  *int64
	created time.Time
	born    *time.Time
	active  *bool
}

func (r *keysetRow) value(field string) any {
	switch field {
	case "id":
		return r.id
	case "name":
		return r.name
	case "email":
		return ptrValue(r.email)
	case "state":
		return ptrValue(r.state)
	case "income":
		return ptrValue(r.income)
	case "created_at":
		return r.created
	case "born":
		return ptrValue(r.born)
	case "active":
		return ptrValue(r.active)
	}
	panic("no field " + field)
}

func ptrValue[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestKeysetPaging proves deep pages by cursor right against PostgreSQL itself: for
// random orders over random rows full of NULLs and ties, paging by cursor and by
// offset must both give the sequence of one ORDER BY over the whole table.
func TestKeysetPaging(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (rerun with -args -listing.seed=%d)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, seed))

	_, err := pool.Exec(ctx, `CREATE TABLE keyset_rows (
		id bigint PRIMARY KEY, name text NOT NULL, email text, state text, income bigint,
		created_at timestamptz NOT NULL, born date, active boolean, notes text)`)
	if err != nil {
		t.Fatal(err)
	}
	pick := func(vals ...string) string { return vals[rng.IntN(len(vals))] }
	maybe := func(p float64) bool { return rng.Float64() < p }
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	const n = 240
	ids := rng.Perm(n * 3)[:n] // ids not in insertion order
	for i := range n {
		r := keysetRow{id: int64(ids[i]) - n, name: pick("ann", "Ann", "bob", " bob", "Émile", "zed", "", "a_b", "a%b")}
		if !maybe(0.3) {
			r.email = new(pick("a@x.io", "b@x.io", "B@x.io", "z@x.io"))
		}
		if !maybe(0.25) {
			r.state = new(pick("CA", "NY", "ON"))
		}
		if !maybe(0.3) {
			r.income = new(int64(rng.IntN(5)-2) * 1000)
		}
		r.created = base.Add(time.Duration(rng.IntN(6)) * 1500 * time.Microsecond)
		if !maybe(0.3) {
			r.born = new(time.Date(1990+rng.IntN(3), 1, 1+rng.IntN(2), 0, 0, 0, 0, time.UTC))
		}
		if !maybe(0.3) {
			r.active = new(maybe(0.5))
		}
		_, err := pool.Exec(ctx, `INSERT INTO keyset_rows VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'n')`,
			r.id, r.name, r.email, r.state, r.income, r.created, r.born, r.active)
		if err != nil {
			t.Fatal(err)
		}
	}

	query := func(t *testing.T, q listing.Query, keyset bool) []keysetRow {
		t.Helper()
		var a listing.Args
		var where string
		if keyset {
			where = q.Where(&a)
		} else {
			where = q.FilterWhere(&a)
		}
		sql := `SELECT id, name, email, state, income, created_at, born, active FROM keyset_rows t WHERE ` +
			where + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&a)
		rows, err := pool.Query(ctx, sql, a.Values...)
		if err != nil {
			t.Fatalf("%s %v: %v", sql, a.Values, err)
		}
		defer rows.Close()
		var out []keysetRow
		for rows.Next() {
			var r keysetRow
			if err := rows.Scan(&r.id, &r.name, &r.email, &r.state, &r.income, &r.created, &r.born, &r.active); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return out
	}
	idsOf := func(rows []keysetRow) []int64 {
		out := make([]int64, len(rows))
		for i, r := range rows {
			out[i] = r.id
		}
		return out
	}

	sortable := []string{"name", "email", "state", "income", "created_at", "born", "active", "id"}
	filters := []string{"", "", "filter[state][nin][]=CA", "filter[email][null]=false", "filter[name][contains]=b",
		"filter[income][gte]=0", "filter[active][eq]=true"}
	for c := range 40 {
		fields := slices.Clone(sortable)
		rng.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		var params []string
		for _, f := range fields[:1+rng.IntN(4)] {
			params = append(params, "order["+f+"]="+pick("ASC", "DESC", "asc", "desc"))
		}
		if f := pick(filters...); f != "" {
			params = append(params, f)
		}
		limit := []int{1, 2, 3, 7, 50}[rng.IntN(5)]
		raw := strings.Join(params, "&")
		t.Run(fmt.Sprintf("%d %s limit %d", c, raw, limit), func(t *testing.T) {
			full := idsOf(query(t, mustParse(t, raw+"&limit=1000"), false))
			if len(full) == 0 {
				t.Fatalf("filter %q leaves no rows", raw)
			}

			var byCursor []int64
			cursor := ""
			for page := 1; ; page++ {
				if page > len(full)+1 {
					t.Fatalf("cursor paging does not end after %d pages", page)
				}
				p := raw + fmt.Sprintf("&limit=%d", limit)
				if cursor != "" {
					p += "&cursor=" + url.QueryEscape(cursor)
				}
				q := mustParse(t, p)
				rows := query(t, q, true)
				if len(rows) <= limit {
					byCursor = append(byCursor, idsOf(rows)...)
					break
				}
				byCursor = append(byCursor, idsOf(rows[:limit])...)
				cursor = q.NextCursor(rows[limit-1].value)
			}
			if diff := cmp.Diff(full, byCursor); diff != "" {
				t.Errorf("pages by cursor differ from the full order (-want +got):\n%s", diff)
			}

			var byOffset []int64
			for page := 1; ; page++ {
				if page > len(full)+1 {
					t.Fatalf("offset paging does not end after %d pages", page)
				}
				rows := query(t, mustParse(t, raw+fmt.Sprintf("&limit=%d&page=%d", limit, page)), true)
				if len(rows) <= limit {
					byOffset = append(byOffset, idsOf(rows)...)
					break
				}
				byOffset = append(byOffset, idsOf(rows[:limit])...)
			}
			if diff := cmp.Diff(full, byOffset); diff != "" {
				t.Errorf("pages by offset differ from the full order (-want +got):\n%s", diff)
			}
		})
	}
}
