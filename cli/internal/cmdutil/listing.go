package cmdutil

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/cobra"
)

// The listing flags (--filter, --order) are read from the generated parameter structs of the
// contract (e.g. oas.ListClientsParams): each filterable field × operator is a field named
// Filter<Field><Op>, and the Order field holds one sort direction per sortable field. The
// contract is therefore the whitelist: a field or operator it does not declare is refused
// before any request is sent.

// Operators of the listing contract, longest first where one is a prefix of another.
var operators = []string{"startswith", "contains", "between", "null", "nin", "lte", "gte", "in", "ne", "eq", "lt", "gt"}

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
	if !ok || !slices.Contains(operators, strings.ToLower(strings.TrimSpace(op))) {
		op, value = "eq", rest
	}
	return Filter{Field: field, Op: strings.ToLower(strings.TrimSpace(op)), Value: strings.TrimSpace(value)}, nil
}

// Filterable lists, for a parameter struct (or pointer to one), each filterable field with
// its operators, as the contract declares them.
func Filterable(params any) map[string][]string {
	t := reflect.TypeOf(params)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	out := map[string][]string{}
	for i := 0; i < t.NumField(); i++ {
		name, ok := strings.CutPrefix(t.Field(i).Name, "Filter")
		if !ok {
			continue
		}
		for _, op := range operators {
			camel := capitalize(op)
			if field, ok := strings.CutSuffix(name, camel); ok && field != "" {
				f := snake(field)
				out[f] = append(out[f], op)
				break
			}
		}
	}
	for f := range out {
		sort.Slice(out[f], func(i, j int) bool { return opRank(out[f][i]) < opRank(out[f][j]) })
	}
	return out
}

// opRank orders operators for messages the way people read them.
func opRank(op string) int {
	return slices.Index([]string{"eq", "ne", "in", "nin", "lt", "lte", "gt", "gte", "between", "contains", "startswith", "null"}, op)
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

// ApplyFilters sets the filter fields of params (a pointer to a generated parameter struct).
// Values are trimmed; in and nin take comma-separated values; null takes true or false.
func ApplyFilters(params any, filters []Filter) error {
	v := reflect.ValueOf(params).Elem()
	avail := Filterable(params)
	seen := map[string]bool{}
	for _, f := range filters {
		ops, ok := avail[f.Field]
		if !ok {
			return FlagErrorf("unknown filter field %q; filterable fields: %s", f.Field, strings.Join(sortedKeys(avail), ", "))
		}
		if !slices.Contains(ops, f.Op) {
			return FlagErrorf("unknown operator %q for filter field %q; operators: %s", f.Op, f.Field, strings.Join(ops, ", "))
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
			return FlagErrorf("filter %s is not available", key)
		}
		if err := setFilterValue(target, f); err != nil {
			return err
		}
	}
	return nil
}

// setFilterValue stores f's value in target: an ogen Opt struct (Value, Set) or a slice.
func setFilterValue(target reflect.Value, f Filter) error {
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
			if err := parseInto(e, p, f); err != nil {
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
		if err := parseInto(val, f.Value, f); err != nil {
			return err
		}
		set.SetBool(true)
		return nil
	}
	return fmt.Errorf("filter %s=%s: unsupported parameter type %s", f.Field, f.Op, target.Type())
}

var timeType = reflect.TypeOf(time.Time{})

// parseInto parses s into dst according to its type, and checks enums with their Validate.
func parseInto(dst reflect.Value, s string, f Filter) error {
	bad := func(what string) error {
		return FlagErrorf("invalid value %q for filter %s=%s: %s", s, f.Field, f.Op, what)
	}
	switch {
	case dst.Type() == timeType:
		t, err := ParseTime(s)
		if err != nil {
			return bad("expected a date (2006-01-02) or a time (2006-01-02T15:04:05Z07:00)")
		}
		dst.Set(reflect.ValueOf(t))
		return nil
	case dst.Kind() == reflect.String:
		// Enums (state codes, countries…) match case-insensitively and are stored as the
		// contract spells them.
		if all := enumValues(dst); len(all) > 0 {
			for _, e := range all {
				if strings.EqualFold(e, s) {
					dst.SetString(e)
					return nil
				}
			}
			return bad("expected one of " + strings.Join(all, ", "))
		}
		dst.SetString(s)
		return nil
	case dst.Kind() == reflect.Int || dst.Kind() == reflect.Int64 || dst.Kind() == reflect.Int32:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return bad("expected an integer")
		}
		dst.SetInt(n)
		return nil
	case dst.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return bad("expected true or false")
		}
		dst.SetBool(b)
		return nil
	case dst.Kind() == reflect.Float64:
		n, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return bad("expected a number")
		}
		dst.SetFloat(n)
		return nil
	}
	return bad("unsupported type " + dst.Type().String())
}

// enumValues lists the values of a generated enum type through its AllValues method.
func enumValues(v reflect.Value) []string {
	m := v.MethodByName("AllValues")
	if !m.IsValid() {
		return nil
	}
	out := m.Call(nil)[0]
	var s []string
	for i := 0; i < out.Len(); i++ {
		s = append(s, out.Index(i).String())
	}
	return s
}

// ParseTime reads an RFC 3339 time or a date (midnight UTC).
func ParseTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Parse("2006-01-02", s)
}

// Sortable lists the sortable fields of params' Order field (json names of the order struct).
func Sortable(params any) []string {
	t := reflect.TypeOf(params)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	of, ok := t.FieldByName("Order")
	if !ok {
		return nil
	}
	ot := of.Type
	if vf, ok := ot.FieldByName("Value"); ok { // OptXOrder
		ot = vf.Type
	}
	var out []string
	for i := 0; i < ot.NumField(); i++ {
		if name := jsonName(ot.Field(i)); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// ApplyOrder sets params' Order from "field[:asc|desc]" values.
func ApplyOrder(params any, orders []string) error {
	if len(orders) == 0 {
		return nil
	}
	v := reflect.ValueOf(params).Elem()
	opt := v.FieldByName("Order")
	if !opt.IsValid() {
		return FlagErrorf("this list cannot be ordered")
	}
	val, set := opt.FieldByName("Value"), opt.FieldByName("Set")
	avail := Sortable(params)
	seen := map[string]bool{}
	for _, o := range orders {
		field, dir, _ := strings.Cut(o, ":")
		field = strings.TrimSpace(field)
		dir = strings.ToUpper(strings.TrimSpace(dir))
		if dir == "" {
			dir = "ASC"
		}
		if dir != "ASC" && dir != "DESC" {
			return FlagErrorf("invalid order %q: the direction is asc or desc", o)
		}
		if !slices.Contains(avail, field) {
			return FlagErrorf("unknown order field %q; sortable fields: %s", field, strings.Join(avail, ", "))
		}
		if seen[field] {
			return FlagErrorf("order field %q given twice", field)
		}
		seen[field] = true
		for i := 0; i < val.NumField(); i++ {
			if jsonName(val.Type().Field(i)) != field {
				continue
			}
			d := val.Field(i) // OptSortDirection
			d.FieldByName("Value").SetString(dir)
			d.FieldByName("Set").SetBool(true)
		}
	}
	set.SetBool(true)
	return nil
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

// ApplyListing parses raw --filter and --order values into params.
func ApplyListing(params any, filters, orders []string) error {
	var parsed []Filter
	for _, s := range filters {
		f, err := ParseFilter(s)
		if err != nil {
			return err
		}
		parsed = append(parsed, f)
	}
	if err := ApplyFilters(params, parsed); err != nil {
		return err
	}
	return ApplyOrder(params, orders)
}

func sortedKeys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
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

// snake turns ogen's Go name into the contract's: AssociateCode → associate_code, ID → id.
func snake(s string) string {
	var b strings.Builder
	r := []rune(s)
	for i, c := range r {
		if unicode.IsUpper(c) {
			// A new word starts at an upper-case letter that follows a lower-case one or a
			// digit, or that is followed by a lower-case one inside a run of capitals.
			if i > 0 && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]) ||
				(i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(r[i-1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(c))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
