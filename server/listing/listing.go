// Package listing is the one listing engine behind every list of the API: it turns the
// query string convention of the contract (page, limit, cursor, filter[field][op],
// order[field]) into SQL through a per-resource whitelist, and pages by offset or by
// keyset cursor. See docs/api.md.
package listing

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/server/errs"
)

// Op is a filter operator.
type Op string

// The operators of the listing convention.
const (
	Eq         Op = "eq"
	Ne         Op = "ne"
	In         Op = "in"
	Nin        Op = "nin"
	Lt         Op = "lt"
	Lte        Op = "lte"
	Gt         Op = "gt"
	Gte        Op = "gte"
	Contains   Op = "contains"
	StartsWith Op = "startswith"
	Null       Op = "null"
)

// multi reports whether an operator takes a list (`filter[f][in][]=a&…[]=b`).
func (o Op) multi() bool { return o == In || o == Nin }

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
	// Where, when set, writes the condition of a filter itself (a filter on related rows,
	// say); arg is the placeholder of the value (an array for in/nin).
	Where func(op Op, arg string) string
}

// Spec is the whitelist of one resource.
type Spec struct {
	Key string // API name of the primary key field, always the last sort key
	// Default is the sortable field used when a request gives no order ("" for the key).
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
			if op.multi() {
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
			if multi != op.multi() {
				if op.multi() {
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
				if !op.multi() {
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
		if f, ok := spec.field(spec.Default); ok && f.Sortable && !f.Nullable {
			q.Order = append(q.Order, Sort{Field: f})
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
	switch f.Type {
	case Int:
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			return nil, false, fmt.Sprintf("'%s' is not a whole number", val)
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
	case Enum:
		if !slices.Contains(f.Values, val) {
			return nil, false, fmt.Sprintf("'%s' is not one of %s", val, strings.Join(f.Values, ", "))
		}
		return val, false, ""
	default:
		if len(val) > 1000 {
			return nil, false, "The value is too long"
		}
		return val, false, ""
	}
}

// Offset is the row offset of the page (0 when a cursor is used).
func (q Query) Offset() int {
	if q.After != nil {
		return 0
	}
	return (q.Page - 1) * q.Limit
}
