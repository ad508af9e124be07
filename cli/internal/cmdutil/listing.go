package cmdutil

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
)

// The listing flags (--filter, --order) follow the contract's description of each list
// (sdk/lists, generated from openapi.yaml): the fields, operators, value types, enum values
// and sortable fields the server accepts, no more. A field, operator or value it does not
// declare is refused before any request is sent. The typed values are then set on the
// generated parameter struct (e.g. oas.ListClientsParams), whose fields ogen names
// Filter<Field><Op>; a test holds every declared filter to a field of that struct.

// Filter is one --filter field=op:value.
type Filter struct {
	Field, Op, Value string
}

// ParseFilter parses "field=op:value"; "field=value" means the eq operator.
func ParseFilter(s string) (Filter, error) {
	field, rest, ok := strings.Cut(s, "=")
	field = strings.TrimSpace(field)
	if !ok || field == "" {
		return Filter{}, FlagErrorf("invalid filter %q: expected field=op:value, e.g. last_name=contains:smi", s)
	}
	op, value, ok := strings.Cut(rest, ":")
	if !ok || !slices.Contains(lists.Ops, lists.Op(strings.ToLower(strings.TrimSpace(op)))) {
		op, value = "eq", rest
	}
	return Filter{Field: field, Op: strings.ToLower(strings.TrimSpace(op)), Value: strings.TrimSpace(value)}, nil
}

// ListOf is the contract's description of the list whose generated parameter struct params
// is (ListClientsParams → listClients); it panics for a struct of no list operation.
func ListOf(params any) *lists.List {
	t := reflect.TypeOf(params)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := strings.TrimSuffix(t.Name(), "Params")
	l, ok := lists.ByOperation(strings.ToLower(name[:1]) + name[1:])
	if !ok {
		panic("cmdutil: " + t.Name() + " is not the parameters of a list operation")
	}
	return l
}

// Filterable lists, for a parameter struct (or pointer to one), each filterable field with
// its operators, as the contract declares them.
func Filterable(params any) map[string][]string {
	out := map[string][]string{}
	for _, f := range ListOf(params).Fields {
		for _, op := range f.Ops {
			out[f.Name] = append(out[f.Name], string(op))
		}
	}
	return out
}

// FilterSuggestions returns "field=op:" for every filter of params, for shell completion.
func FilterSuggestions(params any) []string {
	var out []string
	for f, ops := range Filterable(params) {
		for _, op := range ops {
			out = append(out, f+"="+op+":")
		}
	}
	sort.Strings(out)
	return out
}

// ApplyFilters checks filters against the contract and sets them on params (a pointer to a
// generated parameter struct). Values are trimmed; in and nin take comma-separated values;
// null takes true or false; enum values match case-insensitively.
func ApplyFilters(params any, filters []Filter) error {
	l := ListOf(params)
	v := reflect.ValueOf(params).Elem()
	seen := map[string]bool{}
	for _, f := range filters {
		field, ok := l.Field(f.Field)
		if !ok || len(field.Ops) == 0 {
			return FlagErrorf("unknown filter field %q; filterable fields: %s", f.Field, strings.Join(l.Filterable(), ", "))
		}
		op := lists.Op(f.Op)
		if !field.Has(op) {
			return FlagErrorf("unknown operator %q for filter field %q; operators: %s", f.Op, f.Field, joinOps(field.Ops))
		}
		key := f.Field + "=" + f.Op
		if seen[key] {
			return FlagErrorf("filter %s given twice", key)
		}
		seen[key] = true
		if f.Value == "" {
			return FlagErrorf("filter %s has no value", key)
		}
		target := v.FieldByName("Filter" + camel(f.Field) + capitalize(f.Op))
		if !target.IsValid() {
			return fmt.Errorf("filter %s: the generated parameters have no field for it", key)
		}
		if err := setFilterValue(target, field, f); err != nil {
			return err
		}
	}
	return nil
}

func joinOps(ops []lists.Op) string {
	s := make([]string, len(ops))
	for i, o := range ops {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}

// setFilterValue stores f's value in target: an ogen Opt struct (Value, Set) or a slice.
func setFilterValue(target reflect.Value, field *lists.Field, f Filter) error {
	switch target.Kind() {
	case reflect.Slice:
		parts := strings.Split(f.Value, ",")
		s := reflect.MakeSlice(target.Type(), 0, len(parts))
		for _, p := range parts {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			e := reflect.New(target.Type().Elem()).Elem()
			if err := parseInto(e, p, field, f); err != nil {
				return err
			}
			s = reflect.Append(s, e)
		}
		if s.Len() == 0 {
			return FlagErrorf("filter %s=%s has no value", f.Field, f.Op)
		}
		target.Set(s)
		return nil
	case reflect.Struct:
		val, set := target.FieldByName("Value"), target.FieldByName("Set")
		if !val.IsValid() || !set.IsValid() {
			break
		}
		if err := parseInto(val, f.Value, field, f); err != nil {
			return err
		}
		set.SetBool(true)
		return nil
	}
	return fmt.Errorf("filter %s=%s: unsupported parameter type %s", f.Field, f.Op, target.Type())
}

// parseInto checks s against the contract's description of the field and stores it in dst.
func parseInto(dst reflect.Value, s string, field *lists.Field, f Filter) error {
	bad := func(what string) error {
		return FlagErrorf("invalid value %q for filter %s=%s: %s", s, f.Field, f.Op, what)
	}
	if lists.Op(f.Op) == lists.Null {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return bad("expected true or false")
		}
		dst.SetBool(b)
		return nil
	}
	switch field.Type {
	case lists.Int:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return bad("expected an integer")
		}
		if (field.Min != nil && n < *field.Min) || (field.Max != nil && n > *field.Max) {
			return bad("out of range")
		}
		dst.SetInt(n)
	case lists.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return bad("expected true or false")
		}
		dst.SetBool(b)
	case lists.Date, lists.Time:
		t, err := ParseTime(s)
		if err != nil {
			return bad("expected a date (2006-01-02) or a time (2006-01-02T15:04:05Z07:00)")
		}
		dst.Set(reflect.ValueOf(t))
	case lists.Enum:
		// Enums (state codes, countries…) match case-insensitively and are sent as the
		// contract spells them.
		i := slices.IndexFunc(field.Values, func(e string) bool { return strings.EqualFold(e, s) })
		if i < 0 {
			return bad("expected one of " + strings.Join(field.Values, ", "))
		}
		dst.SetString(field.Values[i])
	default:
		if field.Lookup != "" {
			s = strings.ToUpper(s) // codes
		}
		if field.MaxLen > 0 && utf8.RuneCountInString(s) > field.MaxLen {
			return bad(fmt.Sprintf("longer than %d characters", field.MaxLen))
		}
		dst.SetString(s)
	}
	return nil
}

// ParseTime reads an RFC 3339 time or a date (midnight UTC).
func ParseTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Parse("2006-01-02", s)
}

// Sortable lists the sortable fields of params' list, as the contract declares them.
func Sortable(params any) []string { return ListOf(params).Sortable() }

// applyOrder checks "field[:asc|desc]" values against the contract, sets params' Order and
// returns the keys in the order given (the generated struct cannot keep it).
func applyOrder(params any, orders []string) ([]sdk.OrderKey, error) {
	if len(orders) == 0 {
		return nil, nil
	}
	v := reflect.ValueOf(params).Elem()
	opt := v.FieldByName("Order")
	if !opt.IsValid() {
		return nil, FlagErrorf("this list cannot be ordered")
	}
	val, set := opt.FieldByName("Value"), opt.FieldByName("Set")
	keys, err := parseOrders(params, orders)
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		for i := 0; i < val.NumField(); i++ {
			if jsonName(val.Type().Field(i)) != k.Field {
				continue
			}
			d := val.Field(i) // OptSortDirection
			d.FieldByName("Value").SetString(k.Direction)
			d.FieldByName("Set").SetBool(true)
		}
	}
	set.SetBool(true)
	return keys, nil
}

func parseOrders(params any, orders []string) ([]sdk.OrderKey, error) {
	avail := Sortable(params)
	var out []sdk.OrderKey
	for _, o := range orders {
		field, dir, _ := strings.Cut(o, ":")
		field = strings.TrimSpace(field)
		dir = strings.ToUpper(strings.TrimSpace(dir))
		if dir == "" {
			dir = "ASC"
		}
		if dir != "ASC" && dir != "DESC" {
			return nil, FlagErrorf("invalid order %q: the direction is asc or desc", o)
		}
		if !slices.Contains(avail, field) {
			return nil, FlagErrorf("unknown order field %q; sortable fields: %s", field, strings.Join(avail, ", "))
		}
		if slices.ContainsFunc(out, func(k sdk.OrderKey) bool { return k.Field == field }) {
			return nil, FlagErrorf("order field %q given twice", field)
		}
		out = append(out, sdk.OrderKey{Field: field, Direction: dir})
	}
	return out, nil
}

// JSONFields lists the JSON field names of a generated schema struct, in declaration order
// (the contract's order).
func JSONFields(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if name := jsonName(t.Field(i)); name != "" {
			out = append(out, name)
		}
	}
	return out
}

func jsonName(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" {
		return ""
	}
	return name
}

// AddListingFlags adds --filter and --order to cmd, with completion from params.
func AddListingFlags(cmd *cobra.Command, params any, filters, orders *[]string) {
	cmd.Flags().StringArrayVar(filters, "filter", nil, "Filter rows: `field=op:value` (repeatable; in/nin take comma-separated values)")
	cmd.Flags().StringArrayVar(orders, "order", nil, "Sort rows: `field[:asc|desc]` (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("filter", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return FilterSuggestions(params), cobra.ShellCompDirectiveNoSpace
	})
	_ = cmd.RegisterFlagCompletionFunc("order", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, f := range Sortable(params) {
			out = append(out, f+":asc", f+":desc")
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	})
}

// ApplyListing checks raw --filter and --order values against the contract and sets them on
// params (a pointer to a generated parameter struct). The context it returns carries the
// order keys in the order given (sdk.WithOrder): send the request with it, since the
// generated client writes the order[…] parameters in the contract's field order and the
// server sorts by the keys in the order they come. Without --order, ctx is returned as is.
func ApplyListing(ctx context.Context, params any, filters, orders []string) (context.Context, error) {
	var parsed []Filter
	for _, s := range filters {
		f, err := ParseFilter(s)
		if err != nil {
			return ctx, err
		}
		parsed = append(parsed, f)
	}
	if err := ApplyFilters(params, parsed); err != nil {
		return ctx, err
	}
	keys, err := applyOrder(params, orders)
	if err != nil || len(keys) == 0 {
		return ctx, err
	}
	return sdk.WithOrder(ctx, keys...), nil
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// initialisms are the words ogen writes in capitals.
var initialisms = map[string]string{"id": "ID", "url": "URL", "ip": "IP", "api": "API", "uri": "URI", "http": "HTTP", "tin": "TIN", "ssn": "SSN", "sku": "SKU", "fna": "FNA", "rmd": "RMD", "json": "JSON", "svg": "SVG"}

// camel turns a snake_case field into ogen's Go name: associate_code → AssociateCode, id → ID.
func camel(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "_") {
		if up, ok := initialisms[w]; ok {
			b.WriteString(up)
			continue
		}
		b.WriteString(capitalize(w))
	}
	return b.String()
}
