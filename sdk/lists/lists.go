// Package lists is the contract's description of every list operation: which fields can be
// filtered with which operators, the type and allowed values of each, which fields sort and
// the default order. It is generated from openapi.yaml (lists_gen.go, `make generate`), so
// the server's whitelists, the CLI's --filter/--order and the web's filter panels all read
// the one source: the parameters the contract declares. See docs/api.md, "Lists".
package lists

import (
	"slices"
	"strings"
)

// Op is a filter operator of the listing convention.
type Op string

// The operators. `between` is not one: a range is gte and lte.
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

// Ops are the operators in the order people read them.
var Ops = []Op{Eq, Ne, In, Nin, Lt, Lte, Gt, Gte, Contains, StartsWith, Null}

// Multi reports whether an operator takes a list (`filter[f][in][]=a&…[]=b`).
func (o Op) Multi() bool { return o == In || o == Nin }

// Type is the type of a field's values.
type Type string

// Value types, from the parameter's schema.
const (
	String Type = "string"
	Int    Type = "int"
	Date   Type = "date"      // format: date
	Time   Type = "date-time" // format: date-time
	Bool   Type = "bool"
	Enum   Type = "enum" // a $ref to an enum schema
)

// Lookups name the tables a filter value must be found in (x-lookup on the parameter): the
// server refuses a value that names nothing with a 422 instead of answering an empty list.
const (
	LookupAssociate = "associate" // an associate code the caller may see; case-insensitive
	LookupLevel     = "level"     // a level code; case-insensitive
)

// Field is one filterable or sortable field of a list.
type Field struct {
	Name     string
	Type     Type
	Ops      []Op     // the operators declared for it, in the order of Ops
	Values   []string // an Enum's values, from the generated enum type
	Enum     string   // the name of the enum schema
	Lookup   string   // x-lookup of its parameters, or ""
	Min, Max *int64   // an Int's bounds, when declared
	MaxLen   int      // a String's maxLength, 0 when not declared
	Sortable bool     // a property of the order parameter
}

// Has reports whether the field takes op.
func (f *Field) Has(op Op) bool { return slices.Contains(f.Ops, op) }

// List is the listing description of one operation.
type List struct {
	Operation    string // the operationId
	Method, Path string // GET /team/{view}, relative to the API's base
	Key          string // the primary key field: the last sort key, always
	DefaultOrder string // the field sorted by when a request gives no order (x-default-order); "-field" sorts it descending
	Fields       []Field
	Order        []string // the sortable fields, in the order the contract lists them
}

// Field returns the field called name.
func (l *List) Field(name string) (*Field, bool) {
	for i := range l.Fields {
		if l.Fields[i].Name == name {
			return &l.Fields[i], true
		}
	}
	return nil, false
}

// Sortable lists the sortable fields, in the order the contract's order parameter lists
// them.
func (l *List) Sortable() []string { return slices.Clone(l.Order) }

// Filterable lists the fields that take at least one operator, in the contract's order.
func (l *List) Filterable() []string {
	var out []string
	for _, f := range l.Fields {
		if len(f.Ops) > 0 {
			out = append(out, f.Name)
		}
	}
	return out
}

// Param is the query parameter name of a filter: filter[field][op], with [] for a list.
func Param(field string, op Op) string {
	name := "filter[" + field + "][" + string(op) + "]"
	if op.Multi() {
		name += "[]"
	}
	return name
}

// Params lists every filter parameter name the list declares, sorted.
func (l *List) Params() []string {
	var out []string
	for _, f := range l.Fields {
		for _, op := range f.Ops {
			out = append(out, Param(f.Name, op))
		}
	}
	slices.Sort(out)
	return out
}

// ByOperation returns the list of an operationId.
func ByOperation(id string) (*List, bool) {
	for _, l := range All {
		if l.Operation == id {
			return l, true
		}
	}
	return nil, false
}

// values turns a generated enum's AllValues into strings.
func values[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

func ops(s string) []Op {
	var out []Op
	for p := range strings.SplitSeq(s, ",") {
		out = append(out, Op(p))
	}
	return out
}

func bound(n int64) *int64 { return &n }
