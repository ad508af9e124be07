// Package listing is the one listing engine behind every list of the API: it turns the
// query string convention of the contract (page, limit, cursor, filter[field][op],
// order[field]) into SQL through a per-resource whitelist, and pages by offset or by
// keyset cursor. See docs/api.md.
package listing

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/errs"
)

// Op is a filter operator: the contract's (sdk/lists).
type Op = lists.Op

// The operators of the listing convention.
const (
	Eq         = lists.Eq
	Ne         = lists.Ne
	In         = lists.In
	Nin        = lists.Nin
	Lt         = lists.Lt
	Lte        = lists.Lte
	Gt         = lists.Gt
	Gte        = lists.Gte
	Contains   = lists.Contains
	StartsWith = lists.StartsWith
	Null       = lists.Null
)

// Type is the type of a field's values.
type Type int

// Field types.
const (
	String Type = iota
	Int
	Time
	Date
	Bool
	Enum
	Path // a materialised path of ids (ltree, `1.22.333`), as the hierarchy sorts by
)

// Limits of the convention.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
	MaxPage      = 100_000_000
)

// Field is one filterable or sortable field of a resource.
type Field struct {
	Name     string   // the API name, as in filter[name][op]
	Column   string   // the SQL expression
	Type     Type     // how values are parsed
	Ops      []Op     // the operators the contract declares for it
	Sortable bool     // whether order[name] is allowed
	Nullable bool     // whether the column can hold NULL (keyset needs it)
	Unique   bool     // whether no two rows share a value: ordering by it alone is deterministic
	Values   []string // allowed values of an Enum
	Lookup   string   // the table a value must name (lists.LookupAssociate…), checked by the store
	Min, Max *int64   // bounds of an Int
	MaxLen   int      // the longest String value (1000 when 0)
	// Where, when set, writes the condition of a filter itself (a filter on related rows,
	// say); arg is the placeholder of the value (an array for in/nin).
	Where func(op Op, arg string) string
}

// Spec is the whitelist of one resource.
type Spec struct {
	Key string // API name of the primary key field, always the last sort key
	// Default is the sortable field used when a request gives no order ("" for the key;
	// "-field" sorts it descending).
	Default string
	fields  []Field
	byName  map[string]int
}

// NewSpec builds a whitelist. key names the primary-key field, which must be among the
// fields, sortable and not nullable.
func NewSpec(key string, fields ...Field) *Spec {
	s := &Spec{Key: key, fields: fields, byName: map[string]int{}}
	for i, f := range fields {
		s.byName[f.Name] = i
	}
	k, ok := s.field(key)
	if !ok || !k.Sortable || k.Nullable {
		panic("listing: key " + key + " must be a sortable, non-null field")
	}
	return s
}

func (s *Spec) field(name string) (*Field, bool) {
	i, ok := s.byName[name]
	if !ok {
		return nil, false
	}
	return &s.fields[i], true
}

// Params lists the query parameter names the spec accepts for filters and the
// sortable field names, so that a test can hold them against the contract.
func (s *Spec) Params() (filters []string, sortable []string) {
	for _, f := range s.fields {
		for _, op := range f.Ops {
			name := "filter[" + f.Name + "][" + string(op) + "]"
			if op.Multi() {
				name += "[]"
			}
			filters = append(filters, name)
		}
		if f.Sortable {
			sortable = append(sortable, f.Name)
		}
	}
	slices.Sort(filters)
	slices.Sort(sortable)
	return filters, sortable
}

// Filter is one parsed condition.
type Filter struct {
	Field  *Field
	Op     Op
	Values []any
}

// Sort is one sort key.
type Sort struct {
	Field *Field
	Desc  bool
}

// Query is a parsed listing request.
type Query struct {
	Page    int
	Limit   int
	Filters []Filter
	Order   []Sort // always ends with the key
	After   []any  // keyset values of the cursor, one per sort key; nil without a cursor
}

// Parse reads a raw query string against a spec. Unknown filter or order fields,
// operators the field does not allow and badly typed values are a 422 naming the
// parameter. Keys outside the convention (format, search_keyword…) are left to the
// operation.
func Parse(rawQuery string, spec *Spec) (Query, error) {
	q := Query{Page: 1, Limit: DefaultLimit}
	var bad errs.Fields
	var cursor string
	seen := map[string]bool{}
	filters := map[string]int{} // param name → index in q.Filters
	for part := range strings.SplitSeq(rawQuery, "&") {
		if part == "" {
			continue
		}
		rawKey, rawVal, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(rawKey)
		if err != nil {
			bad.Add(rawKey, "The parameter name is not valid URL encoding")
			continue
		}
		val, err := url.QueryUnescape(rawVal)
		if err != nil {
			bad.Add(key, "The value is not valid URL encoding")
			continue
		}
		switch {
		case key == "page":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > MaxPage {
				bad.Add(key, "Page must be a whole number from 1 to %d", MaxPage)
				continue
			}
			q.Page = n
		case key == "limit":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > MaxLimit {
				bad.Add(key, "Limit must be a whole number from 1 to %d", MaxLimit)
				continue
			}
			q.Limit = n
		case key == "cursor":
			cursor = val
		case strings.HasPrefix(key, "filter["):
			name, op, multi, ok := splitFilterKey(key)
			if !ok {
				bad.Add(key, "A filter is written filter[field][operator]")
				continue
			}
			f, ok := spec.field(name)
			if !ok {
				bad.Add(key, "Unknown filter field '%s'", name)
				continue
			}
			if !slices.Contains(f.Ops, op) {
				bad.Add(key, "Operator '%s' is not allowed on '%s'", op, name)
				continue
			}
			if multi != op.Multi() {
				if op.Multi() {
					bad.Add(key, "Operator '%s' takes a list: filter[%s][%s][]", op, name, op)
				} else {
					bad.Add(key, "Operator '%s' takes one value: filter[%s][%s]", op, name, op)
				}
				continue
			}
			v, drop, msg := parseValue(f, op, val)
			if msg != "" {
				bad.Add(key, "%s", msg)
				continue
			}
			if drop {
				continue
			}
			if i, ok := filters[key]; ok {
				if !op.Multi() {
					bad.Add(key, "The filter is given more than once")
					continue
				}
				q.Filters[i].Values = append(q.Filters[i].Values, v)
				continue
			}
			filters[key] = len(q.Filters)
			q.Filters = append(q.Filters, Filter{Field: f, Op: op, Values: []any{v}})
		case strings.HasPrefix(key, "order["):
			name, ok := strings.CutSuffix(strings.TrimPrefix(key, "order["), "]")
			if !ok || strings.ContainsAny(name, "[]") {
				bad.Add(key, "An order is written order[field]=ASC|DESC")
				continue
			}
			f, ok := spec.field(name)
			if !ok || !f.Sortable {
				bad.Add(key, "Unknown sort field '%s'", name)
				continue
			}
			var desc bool
			switch {
			case strings.EqualFold(val, "ASC"):
			case strings.EqualFold(val, "DESC"):
				desc = true
			default:
				bad.Add(key, "The direction must be ASC or DESC")
				continue
			}
			if seen[name] {
				bad.Add(key, "The field is sorted more than once")
				continue
			}
			seen[name] = true
			q.Order = append(q.Order, Sort{Field: f, Desc: desc})
		}
	}
	if len(q.Order) == 0 && spec.Default != "" {
		name, desc := strings.CutPrefix(spec.Default, "-")
		if f, ok := spec.field(name); ok && f.Sortable && !f.Nullable {
			q.Order = append(q.Order, Sort{Field: f, Desc: desc})
			seen[f.Name] = true
		}
	}
	if n := len(q.Order); n > 0 && q.Order[n-1].Field.Unique && !q.Order[n-1].Field.Nullable {
		// A unique last key already decides every tie: adding the primary key would only
		// keep PostgreSQL from reading the order straight off an index.
	} else if !seen[spec.Key] {
		k, _ := spec.field(spec.Key)
		q.Order = append(q.Order, Sort{Field: k})
	} else if q.Order[len(q.Order)-1].Field.Name != spec.Key {
		// The key decides ties only when it comes last; anything after it is dead weight.
		i := slices.IndexFunc(q.Order, func(s Sort) bool { return s.Field.Name == spec.Key })
		q.Order = q.Order[:i+1]
	}
	if cursor != "" && len(bad) == 0 {
		after, err := decodeCursor(cursor, q.Order)
		if err != nil {
			bad.Add("cursor", "%s", err.Error())
		}
		q.After = after
	}
	if err := bad.Err(); err != nil {
		return Query{}, err
	}
	return q, nil
}

func splitFilterKey(key string) (name string, op Op, multi bool, ok bool) {
	rest := strings.TrimPrefix(key, "filter[")
	name, rest, ok = strings.Cut(rest, "][")
	if !ok || name == "" {
		return "", "", false, false
	}
	opName, rest, ok := strings.Cut(rest, "]")
	if !ok || opName == "" {
		return "", "", false, false
	}
	switch rest {
	case "":
	case "[]":
		multi = true
	default:
		return "", "", false, false
	}
	return name, Op(opName), multi, true
}

// parseValue types one filter value. drop is true for an empty value, which removes
// the filter (the spec's rule for filters without a value).
func parseValue(f *Field, op Op, val string) (v any, drop bool, msg string) {
	val = strings.TrimSpace(val)
	if op == Null {
		b, err := strconv.ParseBool(val)
		if err != nil {
			return nil, false, fmt.Sprintf("'%s' is not true or false", val)
		}
		return b, false, ""
	}
	if val == "" {
		return nil, true, ""
	}
	return parseTyped(f, val)
}

func parseTyped(f *Field, val string) (any, bool, string) {
	if !utf8.ValidString(val) || strings.ContainsRune(val, 0) {
		return nil, false, "The value is not valid text"
	}
	switch f.Type {
	case Int:
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return nil, false, fmt.Sprintf("'%s' is out of range", val)
			}
			return nil, false, fmt.Sprintf("'%s' is not a whole number", val)
		}
		if (f.Min != nil && n < *f.Min) || (f.Max != nil && n > *f.Max) {
			return nil, false, fmt.Sprintf("'%s' is out of range (%s)", val, bounds(f.Min, f.Max))
		}
		return n, false, ""
	case Time:
		t, err := time.Parse(time.RFC3339Nano, val)
		if err != nil {
			return nil, false, fmt.Sprintf("'%s' is not a date-time like 2026-01-31T00:00:00Z", val)
		}
		return t, false, ""
	case Date:
		t, err := time.Parse(time.DateOnly, val)
		if err != nil {
			return nil, false, fmt.Sprintf("'%s' is not a date like 2026-01-31", val)
		}
		return t, false, ""
	case Bool:
		b, err := strconv.ParseBool(val)
		if err != nil {
			return nil, false, fmt.Sprintf("'%s' is not true or false", val)
		}
		return b, false, ""
	case Path:
		if !IsIDPath(val) {
			return nil, false, fmt.Sprintf("'%s' is not a path of ids like 1.22.333", val)
		}
		return val, false, ""
	case Enum:
		if !slices.Contains(f.Values, val) {
			return nil, false, fmt.Sprintf("'%s' is not one of %s", val, strings.Join(f.Values, ", "))
		}
		return val, false, ""
	default:
		limit := f.MaxLen
		if limit == 0 {
			limit = 1000
		}
		if utf8.RuneCountInString(val) > limit {
			return nil, false, fmt.Sprintf("The value is longer than %d characters", limit)
		}
		return val, false, ""
	}
}

func bounds(lo, hi *int64) string {
	switch {
	case lo != nil && hi != nil:
		return fmt.Sprintf("from %d to %d", *lo, *hi)
	case lo != nil:
		return fmt.Sprintf("at least %d", *lo)
	default:
		return fmt.Sprintf("at most %d", *hi)
	}
}

// Offset is the row offset of the page (0 when a cursor is used).
func (q Query) Offset() int {
	if q.After != nil {
		return 0
	}
	return (q.Page - 1) * q.Limit
}

// Column is how the server reads one field of a contract list: the contract (sdk/lists)
// says what can be filtered, with which operators and values, and what sorts; the server
// adds only where the value lives.
type Column struct {
	SQL      string // the SQL expression
	Nullable bool   // the expression can be NULL (keyset paging needs to know)
	Unique   bool   // no two rows share a value: ordering by it alone is deterministic
	// Type is the value type of a field the contract only sorts by (its values only travel
	// in cursors, so the contract does not type them); a filterable field takes the
	// contract's type, and giving another one here is a mistake.
	Type Type
	// Where, when set, writes the condition of a filter itself (see Field.Where).
	Where func(op Op, arg string) string
}

var contractTypes = map[lists.Type]Type{
	lists.String: String, lists.Int: Int, lists.Date: Date, lists.Time: Time, lists.Bool: Bool, lists.Enum: Enum,
}

// FromContract builds the whitelist of a contract list from its columns. It panics (at
// start-up, and in every test run) when a field of the contract has no column or a column
// no field: the two cannot drift apart.
func FromContract(l *lists.List, cols map[string]Column) *Spec {
	fields := make([]Field, 0, len(l.Fields))
	for _, cf := range l.Fields {
		c, ok := cols[cf.Name]
		if !ok {
			panic(fmt.Sprintf("listing: %s declares %q, which has no column", l.Operation, cf.Name))
		}
		f := Field{
			Name: cf.Name, Column: c.SQL, Type: c.Type, Ops: cf.Ops, Sortable: cf.Sortable,
			Nullable: c.Nullable, Unique: c.Unique, Values: cf.Values, Lookup: cf.Lookup,
			Min: cf.Min, Max: cf.Max, MaxLen: cf.MaxLen, Where: c.Where,
		}
		if cf.Type != "" {
			t, ok := contractTypes[cf.Type]
			if !ok || (c.Type != String && c.Type != t) {
				panic(fmt.Sprintf("listing: %s field %q is %s in the contract", l.Operation, cf.Name, cf.Type))
			}
			f.Type = t
		}
		if c.SQL == "" && c.Where == nil {
			panic(fmt.Sprintf("listing: %s field %q has neither SQL nor Where", l.Operation, cf.Name))
		}
		fields = append(fields, f)
	}
	for name := range cols {
		if _, ok := l.Field(name); !ok {
			panic(fmt.Sprintf("listing: column %q is not a field of %s in the contract", name, l.Operation))
		}
	}
	s := NewSpec(l.Key, fields...)
	s.Default = l.DefaultOrder
	return s
}

// idPath is a materialised path of ids (ltree labels of at most 19 digits: a bigint).
var idPath = regexp.MustCompile(`^[0-9]{1,19}(\.[0-9]{1,19})*$`)

// IsIDPath reports whether s is a materialised path of ids, the only ltree values the
// hierarchy holds; anything else would fail (or mean nothing) where it meets an ltree.
func IsIDPath(s string) bool { return idPath.MatchString(s) }
