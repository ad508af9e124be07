package listing_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/listing"
)

// A small contract list, as listgen writes them.
var people = &lists.List{Operation: "listPeople", Key: "id", DefaultOrder: "name", Fields: []lists.Field{
	{Name: "id", Type: lists.Int, Ops: []lists.Op{lists.Eq}, Sortable: true},
	{Name: "name", Type: lists.String, Ops: []lists.Op{lists.StartsWith}, MaxLen: 5, Sortable: true},
	{Name: "code", Type: lists.String, Ops: []lists.Op{lists.Eq, lists.In}, Lookup: lists.LookupAssociate},
	{Name: "age", Type: lists.Int, Ops: []lists.Op{lists.Gte}, Min: new(int64(0)), Max: new(int64(150))},
	{Name: "state", Type: lists.Enum, Ops: []lists.Op{lists.In}, Values: []string{"CA", "NY"}},
	{Name: "tree", Sortable: true},
}}

var peopleColumns = map[string]listing.Column{
	"id": {SQL: "p.id"}, "name": {SQL: "p.name"}, "code": {SQL: "p.code"}, "age": {SQL: "p.age", Nullable: true},
	"state": {SQL: "p.state"}, "tree": {SQL: "p.path", Unique: true},
}

func TestFromContractTakesTheContract(t *testing.T) {
	s := listing.FromContract(people, peopleColumns)
	filters, sortable := s.Params()
	if diff := cmp.Diff(people.Params(), filters); diff != "" {
		t.Errorf("filters (-contract +spec):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"id", "name", "tree"}, sortable); diff != "" {
		t.Errorf("sortable (-want +got):\n%s", diff)
	}
	q, err := listing.Parse("filter[code][in][]=agt100&filter[code][in][]=Rmd1&filter[age][gte]=40&filter[state][in][]=NY", s)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{"agt100", "Rmd1"}, q.Filters[0].Values); diff != "" {
		t.Errorf("lookup values are kept as typed for the store to check (-want +got):\n%s", diff)
	}
	if got := q.OrderBy(); got != "p.name ASC, p.id ASC" {
		t.Errorf("default order from x-default-order: %s", got)
	}
	for raw, want := range map[string]string{
		"filter[age][gte]=151":            "'151' is out of range (from 0 to 150)",
		"filter[age][gte]=-1":             "'-1' is out of range (from 0 to 150)",
		"filter[name][startswith]=abcdef": "The value is longer than 5 characters",
		"filter[state][in][]=TX":          "'TX' is not one of CA, NY",
		"filter[name][eq]=a":              "Operator 'eq' is not allowed on 'name'",
		"order[age]=DESC":                 "Unknown sort field 'age'",
	} {
		_, err := listing.Parse(raw, s)
		if err == nil {
			t.Errorf("%s: accepted", raw)
			continue
		}
		if got := invalid(t, err)[0].Message; got != want {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}

func TestFromContractRefusesDrift(t *testing.T) {
	without := func(name string) map[string]listing.Column {
		m := map[string]listing.Column{}
		for k, v := range peopleColumns {
			if k != name {
				m[k] = v
			}
		}
		return m
	}
	with := func(name string, c listing.Column) map[string]listing.Column {
		m := without("")
		m[name] = c
		return m
	}
	tests := []struct {
		name string
		cols map[string]listing.Column
		want string
	}{
		{"a contract field without a column", without("age"), `declares "age", which has no column`},
		{"a column the contract does not have", with("nickname", listing.Column{SQL: "p.nick"}), `column "nickname" is not a field`},
		{"a type that disagrees with the contract", with("age", listing.Column{SQL: "p.age", Type: listing.Date}), `field "age" is int in the contract`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.Contains(msg, tt.want) {
					t.Errorf("panic %v, want one containing %q", r, tt.want)
				}
			}()
			listing.FromContract(people, tt.cols)
		})
	}
}
