package listing

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Args collects positional SQL arguments.
type Args struct {
	Values []any
	// perValue: a text filter (a prefix or a substring) is among the conditions.
	perValue bool
}

// Query is the arguments to pass to pgx for the statement. A statement with a text prefix
// or substring filter is planned for its values at every run (an unnamed statement,
// described first): a prepared statement settles after five runs on a generic plan, which
// cannot tell a prefix nobody has from one everybody has, and for a lone prefix walked the
// primary key over every row (a million clients, ~0.3 s) instead of the prefix's index.
func (a *Args) Query() []any {
	if a.perValue {
		return append([]any{pgx.QueryExecModeDescribeExec}, a.Values...)
	}
	return a.Values
}

// Add appends an argument and returns its placeholder.
func (a *Args) Add(v any) string {
	a.Values = append(a.Values, v)
	return "$" + strconv.Itoa(len(a.Values))
}

// Where is the SQL conditions of the filters and, with a cursor, of the keyset,
// joined with AND; "TRUE" when there are none.
func (q Query) Where(a *Args) string {
	var conds []string
	for _, f := range q.Filters {
		conds = append(conds, f.sql(a))
	}
	if q.After != nil {
		conds = append(conds, "("+q.keyset(a, 0)+")")
	}
	if len(conds) == 0 {
		return "TRUE"
	}
	return strings.Join(conds, " AND ")
}

// FilterWhere is Where without the keyset: the conditions of the filters alone, as a
// download uses them.
func (q Query) FilterWhere(a *Args) string {
	q.After = nil
	return q.Where(a)
}

// OrderBy is the ORDER BY list (without the keywords).
func (q Query) OrderBy() string {
	parts := make([]string, len(q.Order))
	for i, s := range q.Order {
		dir := " ASC"
		if s.Desc {
			dir = " DESC"
			if s.Field.Nullable {
				// Empty values last in both directions: a person sorting by income
				// descending wants the highest first, not the clients with none.
				dir = " DESC NULLS LAST"
			}
		}
		parts[i] = s.Field.Column + dir
	}
	return strings.Join(parts, ", ")
}

// LimitOffset is the LIMIT/OFFSET clause: limit + 1 rows, so that the caller can tell
// that another page exists.
func (q Query) LimitOffset(a *Args) string {
	s := "LIMIT " + a.Add(q.Limit+1)
	if off := q.Offset(); off > 0 {
		s += " OFFSET " + a.Add(off)
	}
	return s
}

func (f Filter) sql(a *Args) string {
	if f.Field.Where != nil {
		var v any = f.Values[0]
		if f.Op.Multi() {
			v = typedSlice(f.Field.Type, f.Values)
		}
		return f.Field.Where(f.Op, a.Add(v))
	}
	col := f.Field.Column
	switch f.Op {
	case Eq:
		return col + " = " + a.Add(f.Values[0])
	case Ne:
		return col + " IS DISTINCT FROM " + a.Add(f.Values[0])
	case Lt:
		return col + " < " + a.Add(f.Values[0])
	case Lte:
		return col + " <= " + a.Add(f.Values[0])
	case Gt:
		return col + " > " + a.Add(f.Values[0])
	case Gte:
		return col + " >= " + a.Add(f.Values[0])
	case In:
		return col + " = ANY(" + a.Add(typedSlice(f.Field.Type, f.Values)) + ")"
	case Nin:
		return "(" + col + " IS NULL OR " + col + " <> ALL(" + a.Add(typedSlice(f.Field.Type, f.Values)) + "))"
	case Contains:
		a.perValue = true
		return col + " ILIKE " + a.Add("%"+EscapeLike(f.Values[0].(string))+"%")
	case StartsWith:
		a.perValue = true
		return startsWith(col, f.Values[0].(string), a)
	case Null:
		if f.Values[0].(bool) {
			return col + " IS NULL"
		}
		return col + " IS NOT NULL"
	}
	panic("listing: unknown operator " + string(f.Op))
}

// startsWith is "col starts with prefix, ignoring case" — what `col ILIKE 'prefix%'` means,
// with the prefix's wildcards taken literally — written as a range of lower(col) in byte
// order, so that a btree on (lower(col) COLLATE ucs_basic) serves it:
//
//	lower(col) COLLATE ucs_basic >= lower($1)
//	AND lower(col) COLLATE ucs_basic < lower($1) with its last character incremented
//
// A LIKE pattern becomes an index range only when it is a constant, which it is not in
// the generic plan of a prepared statement; this range is one in every plan. In UTF-8,
// byte order is code point order, so the strings that start with p are exactly those in
// [p, p with its last character + 1). The database lowers the prefix and increments it
// itself (ILIKE also compares lower() of both sides), so that case folding is always the
// database's. The SQL stays within names, parentheses and comparisons (int4pl is `+`).
func startsWith(col, prefix string, a *Args) string {
	runes := []rune(prefix)
	if len(runes) == 0 {
		return col + " IS NOT NULL" // ILIKE '%'
	}
	// No character lowers to U+D7FF or U+10FFFF, and neither has a successor that chr()
	// accepts (the next code point is a surrogate, or there is none): keep ILIKE there.
	if last := runes[len(runes)-1]; last == 0xD7FF || last == 0x10FFFF {
		return col + " ILIKE " + a.Add(EscapeLike(prefix)+"%")
	}
	p := "lower(" + a.Add(prefix) + ")"
	lc := "lower(" + col + ") COLLATE ucs_basic"
	next := "overlay(" + p + " placing chr(int4pl(ascii(right(" + p + ", 1)), 1)) from char_length(" + p + "))"
	return "(" + lc + " >= " + p + " AND " + lc + " < " + next + ")"
}

// typedSlice turns values into a slice pgx can encode as an array.
func typedSlice(t Type, vs []any) any {
	switch t {
	case Int:
		out := make([]int64, len(vs))
		for i, v := range vs {
			out[i] = v.(int64)
		}
		return out
	case Time, Date:
		out := make([]time.Time, len(vs))
		for i, v := range vs {
			out[i] = v.(time.Time)
		}
		return out
	case Bool:
		out := make([]bool, len(vs))
		for i, v := range vs {
			out[i] = v.(bool)
		}
		return out
	default:
		out := make([]string, len(vs))
		for i, v := range vs {
			out[i] = v.(string)
		}
		return out
	}
}

// EscapeLike escapes the wildcards of a LIKE pattern.
func EscapeLike(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}

// keyset is the condition "the row comes strictly after q.After" from sort key i on,
// in the order ORDER BY gives (NULLs last in both directions).
func (q Query) keyset(a *Args, i int) string {
	if q.rowComparable() {
		cols := make([]string, len(q.Order))
		vals := make([]string, len(q.Order))
		for j, s := range q.Order {
			cols[j] = s.Field.Column
			vals[j] = a.Add(q.After[j])
		}
		op := " > "
		if q.Order[0].Desc {
			op = " < "
		}
		return "(" + strings.Join(cols, ", ") + ")" + op + "(" + strings.Join(vals, ", ") + ")"
	}
	s := q.Order[i]
	col, v := s.Field.Column, q.After[i]
	var gt, eq string
	switch {
	case v == nil:
		gt, eq = "FALSE", col+" IS NULL"
	default:
		p := a.Add(v)
		cmp := " > "
		if s.Desc {
			cmp = " < "
		}
		gt, eq = col+cmp+p, col+" = "+p
		if s.Field.Nullable {
			gt = "(" + gt + " OR " + col + " IS NULL)"
		}
	}
	if i == len(q.Order)-1 {
		return gt
	}
	return gt + " OR (" + eq + " AND (" + q.keyset(a, i+1) + "))"
}

// rowComparable reports whether a row comparison can express the keyset: every key
// sorted the same way and none nullable. It lets PostgreSQL walk an index.
func (q Query) rowComparable() bool {
	for _, s := range q.Order {
		if s.Desc != q.Order[0].Desc || s.Field.Nullable {
			return false
		}
	}
	return true
}

// cursor is what a cursor carries: the order it belongs to and the keys of the last row.
type cursor struct {
	Order string    `json:"o"`
	Keys  []*string `json:"k"`
}

func orderSignature(order []Sort) string {
	parts := make([]string, len(order))
	for i, s := range order {
		parts[i] = s.Field.Name
		if s.Desc {
			parts[i] += ":desc"
		}
	}
	return strings.Join(parts, ",")
}

// NextCursor is the cursor of the page that follows a row. value returns the row's
// value of a field by its API name (nil for NULL).
func (q Query) NextCursor(value func(field string) any) string {
	c := cursor{Order: orderSignature(q.Order), Keys: make([]*string, len(q.Order))}
	for i, s := range q.Order {
		v := value(s.Field.Name)
		if v == nil {
			continue
		}
		var str string
		switch x := v.(type) {
		case string:
			str = x
		case int64:
			str = strconv.FormatInt(x, 10)
		case int:
			str = strconv.Itoa(x)
		case time.Time:
			if s.Field.Type == Date {
				str = x.Format(time.DateOnly)
			} else {
				str = x.UTC().Format(time.RFC3339Nano)
			}
		case bool:
			str = strconv.FormatBool(x)
		default:
			panic(fmt.Sprintf("listing: cursor value of %s has type %T", s.Field.Name, v))
		}
		c.Keys[i] = &str
	}
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

var (
	errCursorOrder   = errors.New("The cursor belongs to another order; start again from page 1")
	errCursorInvalid = errors.New("The cursor is not valid")
)

// decodeCursor reads the keys of a cursor for an order. A cursor comes back from the
// client, so it is input like any other: each key must be a value its field can hold (an
// int in the field's bounds, a real date or time, one of an enum's values, text without
// NUL) and of its column's shape (a path of ids for a materialised path), or the cursor
// is refused here rather than by the database.
func decodeCursor(s string, order []Sort) ([]any, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, errCursorInvalid
	}
	var c cursor
	if err := json.Unmarshal(b, &c); err != nil || len(c.Keys) != len(order) {
		return nil, errCursorInvalid
	}
	if c.Order != orderSignature(order) {
		return nil, errCursorOrder
	}
	out := make([]any, len(order))
	for i, s := range order {
		if c.Keys[i] == nil {
			if !s.Field.Nullable {
				return nil, errCursorInvalid
			}
			continue
		}
		v, ok := cursorKey(s.Field, *c.Keys[i])
		if !ok {
			return nil, errCursorInvalid
		}
		out[i] = v
	}
	return out, nil
}

// cursorKey types one key of a cursor as its field's values are typed (a Path field's key
// must be a path of ids). The bounds and lengths a filter takes do not apply: a key is a
// value of a row, which may lie beyond what anyone filters by (a generation past 1000, a
// long name), and the server must take back the cursors it gave. What applies is what the
// column holds: a bounded integer field is an int4 column (TestIntegerInputsFitTheirColumns
// holds the contract to that), an unbounded one a bigint.
func cursorKey(f *Field, key string) (any, bool) {
	column := *f
	if f.Min != nil || f.Max != nil {
		column.Min, column.Max = &minInt4, &maxInt4
	}
	column.MaxLen = maxCursorText
	v, _, msg := parseTyped(&column, key)
	return v, msg == ""
}

var minInt4, maxInt4 int64 = math.MinInt32, math.MaxInt32

// maxCursorText bounds a text key of a cursor (the contract bounds the whole cursor).
const maxCursorText = 4096
