package main

import (
	"strings"
	"testing"
)

// contract wraps the parameters of one list operation into a minimal contract.
func contract(params string) []byte {
	return []byte(`paths:
  /things:
    get:
      operationId: listThings
      parameters:
` + params + `
components:
  schemas:
    Color: { type: string, enum: [red, blue] }
`)
}

const order = `        - name: order
          in: query
          schema: { type: object, properties: { id: {}, name: {} } }
`

func TestReadDescribesAList(t *testing.T) {
	lists, err := read(contract(order + `        - { name: 'filter[name][startswith]', in: query, schema: { type: string, maxLength: 9 } }
        - { name: 'filter[code][eq]', in: query, schema: { type: string }, x-lookup: associate }
        - name: 'filter[color][in][]'
          in: query
          schema: { type: array, items: { $ref: '#/components/schemas/Color' } }
        - { name: 'filter[age][gte]', in: query, schema: { type: integer, minimum: 0, maximum: 150 } }`))
	if err != nil || len(lists) != 1 {
		t.Fatalf("read: %v, %d lists", err, len(lists))
	}
	l := lists[0]
	if l.Operation != "listThings" || l.Key != "id" || l.DefaultOrder != "id" || strings.Join(l.Order, ",") != "id,name" {
		t.Errorf("list %+v", l)
	}
	got := map[string]string{}
	for _, f := range l.Fields {
		got[f.Name] = f.Type + "/" + strings.Join(f.Ops, ",") + "/" + f.Lookup + "/" + f.Enum
	}
	want := map[string]string{"id": "///", "name": "string/startswith//", "code": "string/eq/associate/",
		"color": "enum/in//Color", "age": "int/gte//"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}

// listgen refuses a list it could not describe exactly, naming the parameter.
func TestReadRefuses(t *testing.T) {
	for _, tc := range []struct{ name, params, want string }{
		{"not filter[field][op]", `        - { name: 'filter[name]', in: query, schema: { type: string } }`, "is not filter[field][operator]"},
		{"an unknown operator", `        - { name: 'filter[name][like]', in: query, schema: { type: string } }`, "is not filter[field][operator]"},
		{"in without []", `        - { name: 'filter[name][in]', in: query, schema: { type: array, items: { type: string } } }`, "end in []"},
		{"[] on a single value", `        - { name: 'filter[name][eq][]', in: query, schema: { type: string } }`, "end in []"},
		{"in that is not an array", `        - { name: 'filter[name][in][]', in: query, schema: { type: string } }`, "must be an array"},
		{"a parameter twice", `        - { name: 'filter[name][eq]', in: query, schema: { type: string } }
        - { name: 'filter[name][eq]', in: query, schema: { type: string } }`, "declared twice"},
		{"an inline enum", `        - { name: 'filter[name][eq]', in: query, schema: { type: string, enum: [a, b] } }`, "must be a $ref"},
		{"two types for one field", `        - { name: 'filter[name][eq]', in: query, schema: { type: string } }
        - { name: 'filter[name][gte]', in: query, schema: { type: integer } }`, "where the field's other operators take"},
		{"x-lookup on contains", `        - { name: 'filter[name][contains]', in: query, schema: { type: string }, x-lookup: associate }`, "x-lookup applies to eq, ne, in and nin only"},
		{"x-lookup on some equality operators only", `        - { name: 'filter[code][eq]', in: query, schema: { type: string }, x-lookup: associate }
        - name: 'filter[code][in][]'
          in: query
          schema: { type: array, items: { type: string } }`, "x-lookup must be on every equality operator"},
		{"x-lookup on a number", `        - { name: 'filter[age][eq]', in: query, schema: { type: integer }, x-lookup: level }`, "x-lookup names codes"},
		{"null that is not a boolean", `        - { name: 'filter[name][null]', in: query, schema: { type: string } }`, "takes true or false"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := read(contract(order + tc.params))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("read = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if l, err := read(contract(`        - { name: 'filter[name][eq]', in: query, schema: { type: string } }
        - name: order
          in: query
          x-default-order: -id
          schema: { type: object, properties: { id: {} } }`)); err != nil || len(l) != 1 || l[0].DefaultOrder != "-id" {
		t.Errorf("a descending default order: %+v, %v", l, err)
	}
	if _, err := read(contract(`        - { name: 'filter[name][eq]', in: query, schema: { type: string } }
        - name: order
          in: query
          x-default-order: age
          schema: { type: object, properties: { id: {} } }`)); err == nil || !strings.Contains(err.Error(), "x-default-order") {
		t.Errorf("a default order that does not sort: %v", err)
	}
}

// A download with its list's parameters is written as that list's, not as a copy.
func TestDownloadsShareTheirListsFields(t *testing.T) {
	one := list{Operation: "listThings", Fields: []*field{{Name: "id", Sortable: true}}, Order: []string{"id"}}
	two := list{Operation: "downloadThings", Fields: []*field{{Name: "id", Sortable: true}}, Order: []string{"id"}}
	src := string(goFile([]list{one, two}))
	if !strings.Contains(src, "Fields: ListThings.Fields, Order: ListThings.Order") {
		t.Errorf("the download is not written as its list's:\n%s", src)
	}
	ts := string(tsFile([]list{one, two}))
	if !strings.Contains(ts, "fields: listThings.fields") {
		t.Errorf("TypeScript:\n%s", ts)
	}
}

// A field the list only sorts by takes its type from the rows the list answers (a cursor
// brings its values back as input); the download of the list takes the list's.
func TestSortOnlyFieldsAreTypedByTheirRows(t *testing.T) {
	raw := []byte(`paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: 'filter[name][eq]', in: query, schema: { type: string } }
        - name: order
          in: query
          schema: { type: object, properties: { id: {}, made: {}, rank: {}, color: {}, computed: {} } }
      responses:
        '200':
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ThingList' }
  /things/download:
    get:
      operationId: downloadThings
      parameters:
        - { name: 'filter[name][eq]', in: query, schema: { type: string } }
        - name: order
          in: query
          schema: { type: object, properties: { id: {}, made: {}, rank: {}, color: {}, computed: {} } }
      responses:
        '200':
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Download' }
components:
  schemas:
    Color: { type: string, enum: [red, blue] }
    Download: { type: object, properties: { url: { type: string } } }
    ThingList: { type: object, properties: { data: { type: array, items: { $ref: '#/components/schemas/Thing' } } } }
    Thing:
      type: object
      properties:
        id: { type: integer, format: int64 }
        made: { type: string, format: date-time }
        rank: { type: integer }
        color: { $ref: '#/components/schemas/Color' }
`)
	lists, err := read(raw)
	if err != nil || len(lists) != 2 {
		t.Fatalf("read: %v, %d lists", err, len(lists))
	}
	for _, l := range lists {
		got := map[string]string{}
		for _, f := range l.Fields {
			bounds := ""
			if f.Min != nil {
				bounds = "int4"
			}
			got[f.Name] = f.Type + "/" + f.Enum + "/" + bounds
		}
		want := map[string]string{"id": "int//", "made": "date-time//", "rank": "int//int4", "color": "enum/Color/", "computed": "//"}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s %s = %q, want %q", l.Operation, k, got[k], v)
			}
		}
	}
}
