package cmdutil

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk/lists"
)

// allFields is the value of a bare --json.
const allFields = "*"

// Record is one object of machine output: the contract's field names and JSON values.
type Record = map[string]any

// Exporter implements --json [fields], --jq EXPR and --csv for a command whose output is
// records with the given fields. Human output is the command's own; when Enabled is true
// the command calls Write instead.
type Exporter struct {
	available func() []string

	jsonSet bool
	fields  []string
	jq      string
	csv     bool
	query   *gojq.Code

	// csvColumns, when set, are the columns of --csv: those of the list's download.
	csvColumns []lists.Column
	csvAlias   map[string]string
}

// SetCSV makes --csv write the columns of the list's download (sdk/lists) with the values a
// download holds, so that `list --csv` and the downloaded file agree. alias names where a
// column's value sits in the JSON record when it is nested ("level" → "level.code").
func (e *Exporter) SetCSV(cols []lists.Column, alias map[string]string) {
	e.csvColumns, e.csvAlias = cols, alias
}

// jsonValue is the pflag.Value of --json: a comma-separated field list, or all fields.
type jsonValue struct{ e *Exporter }

func (v jsonValue) String() string { return strings.Join(v.e.fields, ",") }
func (v jsonValue) Type() string   { return "fields" }
func (v jsonValue) Set(s string) error {
	v.e.jsonSet = true
	s = strings.TrimSpace(s)
	if s == "" || s == allFields {
		v.e.fields = nil
		return nil
	}
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" && !slices.Contains(v.e.fields, f) {
			v.e.fields = append(v.e.fields, f)
		}
	}
	return nil
}

// AddFormatFlags adds --json, --jq and --csv to cmd; fields are the available JSON fields,
// in the contract's order.
func AddFormatFlags(cmd *cobra.Command, fields []string) *Exporter {
	return AddFormatFlagsFunc(cmd, func() []string { return fields })
}

// AddFormatFlagsFunc is AddFormatFlags for a command whose records depend on its other flags
// (associates view --licenses): fields is asked for the available fields when they are
// checked, completed or written, once the command line is parsed.
func AddFormatFlagsFunc(cmd *cobra.Command, fields func() []string) *Exporter {
	e := &Exporter{available: fields}
	f := cmd.Flags()
	f.Var(jsonValue{e}, "json", "Output JSON with the given comma-separated `fields` (all fields when none are given)")
	f.Lookup("json").NoOptDefVal = allFields
	f.StringVarP(&e.jq, "jq", "q", "", "Filter the JSON output with a jq `expression` (implies --json)")
	f.BoolVar(&e.csv, "csv", false, "Output CSV with a header row (all fields)")
	_ = cmd.RegisterFlagCompletionFunc("json", func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		prefix := ""
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			prefix = toComplete[:i+1]
		}
		var out []string
		for _, f := range fields() {
			out = append(out, prefix+f)
		}
		return out, cobra.ShellCompDirectiveNoSpace
	})
	return e
}

// Validate checks the flags; call it before any request so mistakes fail fast.
func (e *Exporter) Validate() error {
	if e.csv && (e.jsonSet || e.jq != "") {
		return FlagErrorf("--csv cannot be combined with --json or --jq")
	}
	available := e.availableFields()
	for _, f := range e.fields {
		if !slices.Contains(available, f) {
			return FlagErrorf("unknown JSON field %q\nAvailable fields:\n  %s", f, strings.Join(available, "\n  "))
		}
	}
	if e.jq != "" {
		q, err := gojq.Parse(e.jq)
		if err != nil {
			return FlagErrorf("invalid --jq expression: %v", err)
		}
		code, err := gojq.Compile(q)
		if err != nil {
			return FlagErrorf("invalid --jq expression: %v", err)
		}
		e.query = code
	}
	return nil
}

// Enabled reports whether machine output (JSON, jq or CSV) was asked for.
func (e *Exporter) Enabled() bool { return e.jsonSet || e.jq != "" || e.csv }

// CSV reports whether --csv was asked for: a command whose JSON is nested writes flat
// records then.
func (e *Exporter) CSV() bool { return e.csv }

// Fields returns the fields the output holds, in order.
func (e *Exporter) Fields() []string {
	if len(e.fields) == 0 {
		return e.availableFields()
	}
	return e.fields
}

func (e *Exporter) availableFields() []string {
	if e.available == nil {
		return nil
	}
	return e.available()
}

// Write prints data, a Record or a []Record, in the format asked for.
func (e *Exporter) Write(ios *iostreams.IOStreams, data any) error {
	fields := e.Fields()
	switch {
	case e.csv:
		var rows []Record
		switch d := data.(type) {
		case Record:
			rows = []Record{d}
		case []Record:
			rows = d
		default:
			return fmt.Errorf("cannot write %T as CSV", data)
		}
		if e.csvColumns != nil {
			return writeCSV(ios.Out, lists.Names(e.csvColumns), ExportRecords(rows, e.csvColumns, e.csvAlias))
		}
		return writeCSV(ios.Out, fields, rows)
	case e.query != nil:
		return e.runJQ(ios, selectFields(data, fields))
	default:
		b, err := json.MarshalIndent(selectFields(data, fields), "", "  ")
		if err != nil {
			return err
		}
		_, err = ios.Out.Write(append(b, '\n'))
		return err
	}
}

// object is a Record with its keys in a fixed order.
type object struct {
	keys []string
	rec  Record
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.rec[k])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Nested holds records of the same kind inside a field of a record (the recruits of a tree
// node): --json selects their fields like those of the top-level record.
type Nested []Record

// selectFields keeps fields of a record or of records, in that order, down through Nested
// values.
func selectFields(data any, fields []string) any {
	switch d := data.(type) {
	case Record:
		sel := make(Record, len(fields))
		for _, f := range fields {
			v := d[f]
			if n, ok := v.(Nested); ok {
				v = nil // not loaded: null
				if n != nil {
					v = selectFields([]Record(n), fields)
				}
			}
			sel[f] = v
		}
		return object{fields, sel}
	case []Record:
		out := make([]object, len(d))
		for i, r := range d {
			out[i] = selectFields(r, fields).(object)
		}
		return out
	}
	return data
}

func (e *Exporter) runJQ(ios *iostreams.IOStreams, data any) error {
	// gojq works on plain Go values: go through JSON once to get them.
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var input any
	if err := dec.Decode(&input); err != nil {
		return err
	}
	iter := e.query.Run(normalizeNumbers(input))
	for {
		v, ok := iter.Next()
		if !ok {
			return nil
		}
		if err, ok := v.(error); ok {
			if err, ok := err.(*gojq.HaltError); ok && err.Value() == nil {
				return nil
			}
			return fmt.Errorf("jq: %w", err)
		}
		if s, ok := v.(string); ok {
			_, err = fmt.Fprintln(ios.Out, s)
		} else {
			var out []byte
			if ios.IsStdoutTTY() {
				out, err = json.MarshalIndent(v, "", "  ")
			} else {
				out, err = json.Marshal(v)
			}
			if err == nil {
				_, err = ios.Out.Write(append(out, '\n'))
			}
		}
		if err != nil {
			return err
		}
	}
}

// normalizeNumbers turns json.Number into int or float64, which gojq understands.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil && i >= math.MinInt && i <= math.MaxInt {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	}
	return v
}

func writeCSV(w io.Writer, fields []string, rows []Record) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(fields); err != nil {
		return err
	}
	line := make([]string, len(fields))
	for _, r := range rows {
		for i, f := range fields {
			line[i] = csvValue(r[f])
		}
		if err := cw.Write(line); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

// ExportRecords turns JSON records into the columns of a download, with the values a
// download holds: the JSON's (cents, true/false, codes, dates), times in UTC to the second,
// nested values found through alias ("level" → "level.code").
func ExportRecords(recs []Record, cols []lists.Column, alias map[string]string) []Record {
	out := make([]Record, len(recs))
	for i, r := range recs {
		row := Record{}
		for _, c := range cols {
			path := c.Name
			if a, ok := alias[c.Name]; ok {
				path = a
			}
			var v any = r
			for key := range strings.SplitSeq(path, ".") {
				m, _ := v.(map[string]any)
				v = m[key]
			}
			if s, ok := v.(string); ok && c.Type == lists.Time {
				if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
					v = t.UTC().Format("2006-01-02T15:04:05Z")
				}
			}
			row[c.Name] = v
		}
		out[i] = row
	}
	return out
}

// ToRecord turns a value of the generated API (which marshals to the contract's JSON) into a
// Record with every one of fields present (null when the value has none).
func ToRecord(v any, fields []string) (Record, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	rec := Record{}
	if err := dec.Decode(&rec); err != nil {
		return nil, err
	}
	for _, f := range fields {
		if _, ok := rec[f]; !ok {
			rec[f] = nil
		}
	}
	return rec, nil
}

// ToRecords is ToRecord for each of rows (values of the generated API, passed by pointer).
func ToRecords[T any](rows []T, fields []string) ([]Record, error) {
	out := make([]Record, 0, len(rows))
	for i := range rows {
		r, err := ToRecord(&rows[i], fields)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// PrintFields prints one record as "field:<TAB>value" lines, in the order of fields: the
// machine form of a detail view when standard output is not a terminal. Values are raw (as
// in the JSON), objects and lists compact JSON, absent values empty; tabs and line breaks
// in values are replaced so that each field stays on one line.
func PrintFields(ios *iostreams.IOStreams, rec Record, fields []string) error {
	clean := strings.NewReplacer("\t", " ", "\n", `\n`, "\r", "")
	for _, f := range fields {
		v := ""
		switch x := rec[f].(type) {
		case nil:
		case map[string]any, []any:
			b, err := json.Marshal(x)
			if err != nil {
				return err
			}
			v = string(b)
		default:
			v = fmt.Sprint(x)
		}
		if _, err := fmt.Fprintf(ios.Out, "%s:\t%s\n", f, clean.Replace(v)); err != nil {
			return err
		}
	}
	return nil
}
