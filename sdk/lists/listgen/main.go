// Command listgen reads the list operations of openapi.yaml — their literal
// filter[field][op] parameters and their order parameter — and writes the listing
// description every surface reads: Go (sdk/lists/lists_gen.go) and TypeScript
// (web/src/api/lists.gen.ts). It refuses a contract whose lists it cannot describe exactly.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/go-faster/yaml"
)

func main() {
	contract := flag.String("contract", "openapi.yaml", "the contract")
	goOut := flag.String("go", "", "the Go file to write")
	tsOut := flag.String("ts", "", "the TypeScript file to write")
	ogenOut := flag.String("ogen", "", "where to write the contract as ogen reads it (without the 4xx answers)")
	flag.Parse()
	raw, err := os.ReadFile(*contract)
	if err == nil && *ogenOut != "" {
		var b []byte
		if b, err = withoutClientErrors(raw); err == nil {
			err = write(*ogenOut, b)
		}
	}
	if err == nil {
		var lists []list
		if lists, err = read(raw); err == nil {
			err = write(*goOut, goFile(lists))
			if err == nil {
				err = write(*tsOut, tsFile(lists))
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "listgen:", err)
		os.Exit(1)
	}
}

func write(path string, b []byte) error {
	if path == "" {
		return nil
	}
	return os.WriteFile(path, b, 0o644)
}

type schema struct {
	Ref        string    `yaml:"$ref"`
	Type       string    `yaml:"type"`
	Format     string    `yaml:"format"`
	Enum       []string  `yaml:"enum"`
	Items      *schema   `yaml:"items"`
	Minimum    *int64    `yaml:"minimum"`
	Maximum    *int64    `yaml:"maximum"`
	MaxLength  int       `yaml:"maxLength"`
	Properties yaml.Node `yaml:"properties"`
}

type param struct {
	Ref          string `yaml:"$ref"`
	Name         string `yaml:"name"`
	In           string `yaml:"in"`
	Schema       schema `yaml:"schema"`
	Lookup       string `yaml:"x-lookup"`
	DefaultOrder string `yaml:"x-default-order"`
}

type operation struct {
	OperationID string  `yaml:"operationId"`
	Parameters  []param `yaml:"parameters"`
	Responses   map[string]struct {
		Content map[string]struct {
			Schema schema `yaml:"schema"`
		} `yaml:"content"`
	} `yaml:"responses"`
}

type document struct {
	Paths      yaml.Node `yaml:"paths"`
	Components struct {
		Parameters map[string]param  `yaml:"parameters"`
		Schemas    map[string]schema `yaml:"schemas"`
	} `yaml:"components"`
}

// list is what the generator knows of one list operation.
type list struct {
	Operation, Path, Method, Key, DefaultOrder string
	Fields                                     []*field
	Order                                      []string
}

type field struct {
	Name, Type, Enum, Lookup string
	Ops                      []string
	Values                   []string
	Min, Max                 *int64
	MaxLen                   int
	Sortable                 bool
	lookupOps                []string
}

var operators = []string{"eq", "ne", "in", "nin", "lt", "lte", "gt", "gte", "contains", "startswith", "null"}

func read(raw []byte) ([]list, error) {
	var doc document
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	var out []list
	for pi := 1; pi < len(doc.Paths.Content); pi += 2 {
		methods := doc.Paths.Content[pi]
		for i, m := range methods.Content {
			if i%2 == 0 || methods.Content[i-1].Value == "parameters" {
				continue
			}
			var op operation
			if err := m.Decode(&op); err != nil {
				return nil, err
			}
			l, ok, err := describe(&doc, op)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", op.OperationID, err)
			}
			l.Path, l.Method = doc.Paths.Content[pi-1].Value, strings.ToUpper(methods.Content[i-1].Value)
			if ok {
				out = append(out, l)
			}
		}
	}
	// A download answers a URL, not rows: its sort-only fields are typed as its list's.
	for _, d := range out {
		for _, l := range out {
			if d.Path != l.Path+"/download" {
				continue
			}
			for _, f := range d.Fields {
				if f.Type != "" {
					continue
				}
				for _, lf := range l.Fields {
					if lf.Name == f.Name && len(lf.Ops) == 0 {
						f.Type, f.Min, f.Max, f.Enum, f.Values = lf.Type, lf.Min, lf.Max, lf.Enum, lf.Values
					}
				}
			}
		}
	}
	return out, nil
}

// describe reads one operation; ok is false when it is not a list (no filters, no order).
func describe(doc *document, op operation) (l list, ok bool, err error) {
	l = list{Operation: op.OperationID, Key: "id"}
	byName := map[string]*field{}
	get := func(name string) *field {
		if f, ok := byName[name]; ok {
			return f
		}
		f := &field{Name: name}
		byName[name] = f
		l.Fields = append(l.Fields, f)
		return f
	}
	for _, p := range op.Parameters {
		if p.Ref != "" {
			name := strings.TrimPrefix(p.Ref, "#/components/parameters/")
			resolved, ok := doc.Components.Parameters[name]
			if !ok {
				return l, false, fmt.Errorf("unknown parameter %s", p.Ref)
			}
			p = resolved
		}
		if p.In != "query" {
			continue
		}
		switch {
		case p.Name == "order":
			ok = true
			l.DefaultOrder = p.DefaultOrder
			for i, prop := range p.Schema.Properties.Content {
				if i%2 == 0 {
					get(prop.Value).Sortable = true
					l.Order = append(l.Order, prop.Value)
				}
			}
		case strings.HasPrefix(p.Name, "filter["):
			ok = true
			if err := addFilter(doc, get, p); err != nil {
				return l, false, err
			}
		}
	}
	if !ok {
		return l, false, nil
	}
	for _, f := range l.Fields {
		slices.SortFunc(f.Ops, func(a, b string) int { return slices.Index(operators, a) - slices.Index(operators, b) })
		if f.Type == "" && len(f.Ops) > 0 { // only `null`: the values are the column's, any type
			f.Type = "string"
		}
		if f.Lookup != "" {
			for _, o := range f.Ops {
				if equality(o) && !slices.Contains(f.lookupOps, o) {
					return l, false, fmt.Errorf("filter %s: x-lookup must be on every equality operator (eq, ne, in, nin) of the field", f.Name)
				}
			}
		}
	}
	if err := typeSortOnly(doc, op, l.Fields); err != nil {
		return l, false, err
	}
	if k, found := byName[l.Key]; !found || !k.Sortable {
		return l, false, fmt.Errorf("the key %q must be a property of order", l.Key)
	}
	if l.DefaultOrder == "" {
		l.DefaultOrder = l.Key
	}
	if d, found := byName[strings.TrimPrefix(l.DefaultOrder, "-")]; !found || !d.Sortable {
		return l, false, fmt.Errorf("x-default-order %q must be a property of order", l.DefaultOrder)
	}
	return l, true, nil
}

// typeSortOnly types the fields the list only sorts by from its rows (the items of the 200
// answer's data): their values travel in cursors, which come back as input and must be
// checked as their column's values. A field that is no property of the rows (a computed
// order) stays untyped, and its column says its type.
func typeSortOnly(doc *document, op operation, fields []*field) error {
	var row *schema
	if res, ok := op.Responses["200"]; ok {
		if c, ok := res.Content["application/json"]; ok {
			list, err := resolve(doc, c.Schema)
			if err != nil {
				return err
			}
			if data, ok := property(list, "data"); ok && data.Items != nil {
				r, err := resolve(doc, *data.Items)
				if err != nil {
					return err
				}
				row = &r
			}
		}
	}
	for _, f := range fields {
		if f.Type != "" || row == nil {
			continue
		}
		prop, ok := property(*row, f.Name)
		if !ok {
			continue
		}
		t, err := valueType(doc, prop, f)
		if err != nil {
			return fmt.Errorf("order %s: %w", f.Name, err)
		}
		if t == "int" && prop.Format != "int64" && f.Min == nil && f.Max == nil {
			// An int32 in the rows is an integer column: keys beyond it are refused.
			lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
			f.Min, f.Max = &lo, &hi
		}
		f.Type = t
	}
	return nil
}

// resolve follows a schema's $ref.
func resolve(doc *document, s schema) (schema, error) {
	if s.Ref == "" {
		return s, nil
	}
	r, ok := doc.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	if !ok {
		return s, fmt.Errorf("unknown schema %s", s.Ref)
	}
	return r, nil
}

// property is one property of an object schema.
func property(s schema, name string) (schema, bool) {
	for i := 0; i+1 < len(s.Properties.Content); i += 2 {
		if s.Properties.Content[i].Value == name {
			var p schema
			if err := s.Properties.Content[i+1].Decode(&p); err != nil {
				return p, false
			}
			return p, true
		}
	}
	return schema{}, false
}

func equality(op string) bool { return op == "eq" || op == "ne" || op == "in" || op == "nin" }

func addFilter(doc *document, get func(string) *field, p param) error {
	rest := strings.TrimPrefix(p.Name, "filter[")
	name, rest, ok := strings.Cut(rest, "][")
	opName, tail, ok2 := strings.Cut(rest, "]")
	if !ok || !ok2 || name == "" || !slices.Contains(operators, opName) {
		return fmt.Errorf("parameter %q is not filter[field][operator]", p.Name)
	}
	multi := opName == "in" || opName == "nin"
	if (tail == "[]") != multi || (tail != "" && tail != "[]") {
		return fmt.Errorf("parameter %q: in and nin end in [], the other operators do not", p.Name)
	}
	s := p.Schema
	if multi {
		if s.Type != "array" || s.Items == nil {
			return fmt.Errorf("parameter %q must be an array", p.Name)
		}
		s = *s.Items
	}
	f := get(name)
	if slices.Contains(f.Ops, opName) {
		return fmt.Errorf("parameter %q is declared twice", p.Name)
	}
	f.Ops = append(f.Ops, opName)
	if p.Lookup != "" {
		if !equality(opName) {
			return fmt.Errorf("parameter %q: x-lookup applies to eq, ne, in and nin only", p.Name)
		}
		if f.Lookup != "" && f.Lookup != p.Lookup {
			return fmt.Errorf("parameter %q: a field has one x-lookup", p.Name)
		}
		f.Lookup = p.Lookup
		f.lookupOps = append(f.lookupOps, opName)
	}
	if opName == "null" {
		if s.Type != "boolean" {
			return fmt.Errorf("parameter %q takes true or false", p.Name)
		}
		return nil
	}
	t, err := valueType(doc, s, f)
	if err != nil {
		return fmt.Errorf("parameter %q: %w", p.Name, err)
	}
	if f.Type != "" && f.Type != t {
		return fmt.Errorf("parameter %q is %s where the field's other operators take %s", p.Name, t, f.Type)
	}
	f.Type = t
	if f.Lookup != "" && t != "string" {
		return fmt.Errorf("parameter %q: x-lookup names codes, which are text, not %s", p.Name, t)
	}
	return nil
}

// valueType reads a value schema into f (bounds, enum values) and names its type.
func valueType(doc *document, s schema, f *field) (string, error) {
	if s.Ref != "" {
		name := strings.TrimPrefix(s.Ref, "#/components/schemas/")
		ref, ok := doc.Components.Schemas[name]
		if !ok {
			return "", fmt.Errorf("unknown schema %s", s.Ref)
		}
		if len(ref.Enum) == 0 {
			return valueType(doc, ref, f)
		}
		if f.Enum != "" && f.Enum != name {
			return "", fmt.Errorf("the field's operators take different enums")
		}
		f.Enum, f.Values = name, ref.Enum
		return "enum", nil
	}
	if len(s.Enum) > 0 {
		return "", fmt.Errorf("an enum must be a $ref to a schema (its generated type is the source of its values)")
	}
	switch {
	case s.Type == "integer":
		f.Min, f.Max = tighter(f.Min, s.Minimum, true), tighter(f.Max, s.Maximum, false)
		return "int", nil
	case s.Type == "boolean":
		return "bool", nil
	case s.Type == "string" && s.Format == "date":
		return "date", nil
	case s.Type == "string" && s.Format == "date-time":
		return "date-time", nil
	case s.Type == "string" && s.Format == "":
		if s.MaxLength > 0 && (f.MaxLen == 0 || s.MaxLength < f.MaxLen) {
			f.MaxLen = s.MaxLength
		}
		return "string", nil
	}
	return "", fmt.Errorf("values of type %q (format %q) are not supported in filters", s.Type, s.Format)
}

// tighter keeps the stricter of two bounds.
func tighter(a, b *int64, lower bool) *int64 {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case lower == (*b > *a):
		return b
	}
	return a
}

const header = "Code generated by listgen from openapi.yaml; DO NOT EDIT."

func goName(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func goFile(lists []list) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// %s\n\npackage lists\n\n", header)
	usesOAS := false
	for _, l := range lists {
		for _, f := range l.Fields {
			usesOAS = usesOAS || f.Enum != ""
		}
	}
	if usesOAS {
		b.WriteString("import \"github.com/associateportal/portal/sdk/oas\"\n\n")
	}
	types := map[string]string{"string": "String", "int": "Int", "date": "Date", "date-time": "Time", "bool": "Bool", "enum": "Enum"}
	for i, l := range lists {
		fmt.Fprintf(&b, "// %s describes the listing parameters of %s.\n", goName(l.Operation), l.Operation)
		fmt.Fprintf(&b, "var %s = &List{Operation: %q, Method: %q, Path: %q, Key: %q, DefaultOrder: %q, ",
			goName(l.Operation), l.Operation, l.Method, l.Path, l.Key, l.DefaultOrder)
		if same := sameAs(lists[:i], l); same != "" { // a download takes its list's parameters
			fmt.Fprintf(&b, "Fields: %s.Fields, Order: %s.Order}\n\n", goName(same), goName(same))
			continue
		}
		b.WriteString("Fields: []Field{\n")
		for _, f := range l.Fields {
			fmt.Fprintf(&b, "\t{Name: %q", f.Name)
			if f.Type != "" {
				fmt.Fprintf(&b, ", Type: %s", types[f.Type])
			}
			if len(f.Ops) > 0 {
				fmt.Fprintf(&b, ", Ops: ops(%q)", strings.Join(f.Ops, ","))
			}
			if f.Enum != "" {
				fmt.Fprintf(&b, ", Enum: %q, Values: values(oas.%s(\"\").AllValues())", f.Enum, f.Enum)
			}
			if f.Lookup != "" {
				fmt.Fprintf(&b, ", Lookup: %q", f.Lookup)
			}
			if f.Min != nil {
				fmt.Fprintf(&b, ", Min: bound(%d)", *f.Min)
			}
			if f.Max != nil {
				fmt.Fprintf(&b, ", Max: bound(%d)", *f.Max)
			}
			if f.MaxLen > 0 {
				fmt.Fprintf(&b, ", MaxLen: %d", f.MaxLen)
			}
			if f.Sortable {
				b.WriteString(", Sortable: true")
			}
			b.WriteString("},\n")
		}
		fmt.Fprintf(&b, "}, Order: %#v}\n\n", l.Order)
	}
	b.WriteString("// All is every list operation of the contract.\nvar All = []*List{")
	for i, l := range lists {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(goName(l.Operation))
	}
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		panic(fmt.Sprintf("listgen: generated Go does not parse: %v\n%s", err, b.String()))
	}
	return out
}

func tsFile(lists []list) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// %s\n", header)
	enums := map[string]bool{}
	var params []string
	for _, l := range lists {
		params = append(params, goName(l.Operation)+"Params")
		for _, f := range l.Fields {
			if f.Enum != "" {
				enums[f.Enum] = true
			}
		}
	}
	names := make([]string, 0, len(enums))
	for e := range enums {
		names = append(names, e)
	}
	sort.Strings(names)
	sort.Strings(params)
	if len(names) > 0 {
		fmt.Fprintf(&b, "import { %s } from './gen/model';\n", strings.Join(names, ", "))
	}
	fmt.Fprintf(&b, "import type { %s } from './gen/model';\n", strings.Join(params, ", "))
	b.WriteString("import type { ListSpec } from './list-spec';\n\n")
	for i, l := range lists {
		fmt.Fprintf(&b, "/** The listing parameters of %s. */\n", l.Operation)
		fmt.Fprintf(&b, "export const %s: ListSpec<%sParams> = {\n", l.Operation, goName(l.Operation))
		fmt.Fprintf(&b, "  operation: '%s',\n  key: '%s',\n  defaultOrder: '%s',\n", l.Operation, l.Key, l.DefaultOrder)
		if same := sameAs(lists[:i], l); same != "" {
			fmt.Fprintf(&b, "  fields: %s.fields,\n};\n\n", same)
			continue
		}
		b.WriteString("  fields: {\n")
		for _, f := range l.Fields {
			var parts []string
			if f.Type != "" {
				parts = append(parts, fmt.Sprintf("type: '%s'", f.Type))
			}
			ops := make([]string, len(f.Ops))
			for i, o := range f.Ops {
				ops[i] = "'" + o + "'"
			}
			parts = append(parts, "ops: ["+strings.Join(ops, ", ")+"]")
			if f.Enum != "" {
				parts = append(parts, fmt.Sprintf("values: Object.values(%s)", f.Enum))
			}
			if f.Lookup != "" {
				parts = append(parts, fmt.Sprintf("lookup: '%s'", f.Lookup))
			}
			if f.Min != nil {
				parts = append(parts, fmt.Sprintf("min: %d", *f.Min))
			}
			if f.Max != nil {
				parts = append(parts, fmt.Sprintf("max: %d", *f.Max))
			}
			if f.MaxLen > 0 {
				parts = append(parts, fmt.Sprintf("maxLength: %d", f.MaxLen))
			}
			parts = append(parts, fmt.Sprintf("sortable: %t", f.Sortable))
			fmt.Fprintf(&b, "    %s: { %s },\n", f.Name, strings.Join(parts, ", "))
		}
		b.WriteString("  },\n};\n\n")
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

// withoutClientErrors is the contract without the 4xx answers each operation declares
// beside `default: Error`. They are the same Error body as the default; they are there so
// that readers and the TypeScript client know which statuses an operation gives. ogen
// would make each a variant of the operation's result (the Go client would return a 401 as
// a value, not an error, and every handler would change type), so ogen reads this copy.
func withoutClientErrors(raw []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	paths := mapValue(doc.Content[0], "paths")
	if paths == nil {
		return nil, fmt.Errorf("the contract has no paths")
	}
	for i := 1; i < len(paths.Content); i += 2 {
		methods := paths.Content[i]
		for j := 1; j < len(methods.Content); j += 2 {
			responses := mapValue(methods.Content[j], "responses")
			if responses == nil {
				continue
			}
			kept := responses.Content[:0]
			for k := 0; k+1 < len(responses.Content); k += 2 {
				code := responses.Content[k].Value
				if len(code) == 3 && code[0] == '4' {
					continue
				}
				kept = append(kept, responses.Content[k], responses.Content[k+1])
			}
			responses.Content = kept
		}
	}
	out, err := yaml.Marshal(&doc)
	if err != nil {
		return nil, err
	}
	return append([]byte("# Generated by listgen from openapi.yaml for ogen (no 4xx answers); do not edit.\n"), out...), nil
}

// mapValue is the value of key in a mapping node, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// sameAs names an earlier list with the very same fields and order as l (a download and
// its list), so that the generated code says they are one, or "".
func sameAs(earlier []list, l list) string {
	for _, e := range earlier {
		if reflect.DeepEqual(e.Fields, l.Fields) && slices.Equal(e.Order, l.Order) {
			return e.Operation
		}
	}
	return ""
}
