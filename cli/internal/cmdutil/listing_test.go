package cmdutil

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
)

func TestParseFilter(t *testing.T) {
	tests := []struct {
		in      string
		want    Filter
		wantErr bool
	}{
		{in: "last_name=contains:smi", want: Filter{"last_name", "contains", "smi"}},
		{in: "state=in:CA, NY", want: Filter{"state", "in", "CA, NY"}},
		{in: "state=CA", want: Filter{"state", "eq", "CA"}},
		{in: " email = null:true", want: Filter{"email", "null", "true"}},
		{in: "created_at=2026-01-01T10:00:00Z", want: Filter{"created_at", "eq", "2026-01-01T10:00:00Z"}},
		{in: "created_at=GTE:2026-01-01", want: Filter{"created_at", "gte", "2026-01-01"}},
		{in: "nofield", wantErr: true},
		{in: "=eq:1", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseFilter(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseFilter(%q) error = %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseFilter(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestFilterableFollowsTheContract(t *testing.T) {
	got := Filterable(&oas.ListClientsParams{})
	want := map[string][]string{
		"id":             {"eq", "in"},
		"first_name":     {"eq", "contains", "startswith"},
		"last_name":      {"eq", "contains", "startswith"},
		"email":          {"eq", "contains", "null"},
		"phone":          {"contains", "null"},
		"city":           {"eq", "contains"},
		"state":          {"eq", "ne", "in", "nin"},
		"country":        {"eq"},
		"associate_code": {"eq", "in"},
		"annual_income":  {"lte", "gte"},
		"created_at":     {"lt", "lte", "gt", "gte"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Filterable (-want +got):\n%s", diff)
	}
	// The export takes the same filters.
	if diff := cmp.Diff(want, Filterable(&oas.DownloadClientsParams{})); diff != "" {
		t.Errorf("Filterable(download) (-want +got):\n%s", diff)
	}
}

func TestApplyListing(t *testing.T) {
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		filters []string
		orders  []string
		want    oas.ListClientsParams
		// the order keys the returned context carries, in the order given
		wantKeys []sdk.OrderKey
	}{
		{
			name:    "strings, enums, lists and numbers",
			filters: []string{"last_name=contains: smi ", "state=in:CA,ny", "annual_income=gte:5000000", "email=null:false", "id=in:3,4", "country=canada"},
			want: oas.ListClientsParams{
				FilterLastNameContains: oas.NewOptString("smi"),
				FilterStateIn:          []oas.StateCode{"CA", "NY"},
				FilterAnnualIncomeGte:  oas.NewOptInt64(5000000),
				FilterEmailNull:        oas.NewOptBool(false),
				FilterIDIn:             []int64{3, 4},
				FilterCountryEq:        oas.NewOptCountry(oas.CountryCanada),
			},
		},
		{
			name:    "dates and order",
			filters: []string{"created_at=gte:2026-03-01", "created_at=lt:2026-03-02T00:00:00Z"},
			orders:  []string{"last_name", "annual_income:desc"},
			want: oas.ListClientsParams{
				FilterCreatedAtGte: oas.NewOptDateTime(day),
				FilterCreatedAtLt:  oas.NewOptDateTime(day.Add(24 * time.Hour)),
				Order: oas.NewOptClientOrder(oas.ClientOrder{
					LastName:     oas.NewOptSortDirection(oas.SortDirectionASC),
					AnnualIncome: oas.NewOptSortDirection(oas.SortDirectionDESC),
				}),
			},
			wantKeys: []sdk.OrderKey{{Field: "last_name", Direction: "ASC"}, {Field: "annual_income", Direction: "DESC"}},
		},
		{
			// The struct holds the keys in the contract's field order (last_name before
			// state); the context keeps the order given.
			name:   "several keys against the contract's order",
			orders: []string{"state:desc", "last_name"},
			want: oas.ListClientsParams{
				Order: oas.NewOptClientOrder(oas.ClientOrder{
					LastName: oas.NewOptSortDirection(oas.SortDirectionASC),
					State:    oas.NewOptSortDirection(oas.SortDirectionDESC),
				}),
			},
			wantKeys: []sdk.OrderKey{{Field: "state", Direction: "DESC"}, {Field: "last_name", Direction: "ASC"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got oas.ListClientsParams
			ctx, err := ApplyListing(context.Background(), &got, tt.filters, tt.orders)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantKeys, sdk.OrderFrom(ctx)); diff != "" {
				t.Errorf("order keys of the context (-want +got):\n%s", diff)
			}
		})
	}
}

func TestApplyListingErrors(t *testing.T) {
	tests := []struct {
		filters, orders []string
		wantMsg         string
	}{
		{filters: []string{"bogus=eq:1"}, wantMsg: `unknown filter field "bogus"; filterable fields: id, first_name, last_name, email`},
		{filters: []string{"state=gt:CA"}, wantMsg: `unknown operator "gt" for filter field "state"; operators: eq, ne, in, nin`},
		{filters: []string{"id=eq:abc"}, wantMsg: `invalid value "abc" for filter id=eq: expected an integer`},
		{filters: []string{"email=null:maybe"}, wantMsg: `expected true or false`},
		{filters: []string{"created_at=gte:yesterday"}, wantMsg: `expected a date`},
		{filters: []string{"state=eq:ZZ"}, wantMsg: `invalid value "ZZ" for filter state=eq: expected one of AL, AK`},
		{filters: []string{"city=eq:"}, wantMsg: `filter city=eq has no value`},
		{filters: []string{"state=in:,"}, wantMsg: `has no value`},
		{filters: []string{"city=eq:A", "city=eq:B"}, wantMsg: `given twice`},
		{filters: []string{"annual_income=between:1,2"}, wantMsg: `unknown operator "eq" for filter field "annual_income"; operators: lte, gte`},
		{filters: []string{"associate_code=eq:" + strings.Repeat("A", 33)}, wantMsg: `longer than 32 characters`},
		{orders: []string{"phone:desc"}, wantMsg: `unknown order field "phone"; sortable fields: id, first_name`},
		{orders: []string{"city:up"}, wantMsg: `the direction is asc or desc`},
	}
	for _, tt := range tests {
		var p oas.ListClientsParams
		_, err := ApplyListing(context.Background(), &p, tt.filters, tt.orders)
		var fe *FlagError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tt.wantMsg) {
			t.Errorf("ApplyListing(%v, %v) = %v, want a flag error containing %q", tt.filters, tt.orders, err, tt.wantMsg)
		}
	}
}

func TestCamelSnake(t *testing.T) {
	for snakeName, camelName := range map[string]string{
		"id": "ID", "associate_code": "AssociateCode", "address_line1": "AddressLine1", "created_at": "CreatedAt", "tin_masked": "TINMasked",
	} {
		if got := camel(snakeName); got != camelName {
			t.Errorf("camel(%q) = %q, want %q", snakeName, got, camelName)
		}
	}
}

func TestExpandJSONArgs(t *testing.T) {
	tests := []struct{ in, want []string }{
		{[]string{"clients", "list", "--json"}, []string{"clients", "list", "--json"}},
		{[]string{"clients", "list", "--json", "id,email", "--limit", "5"}, []string{"clients", "list", "--json=id,email", "--limit", "5"}},
		{[]string{"clients", "list", "--json", "--jq", ".[]"}, []string{"clients", "list", "--json", "--jq", ".[]"}},
		{[]string{"clients", "view", "--json", "42"}, []string{"clients", "view", "--json", "42"}},
		{[]string{"clients", "view", "42", "--json", "*"}, []string{"clients", "view", "42", "--json=*"}},
		{[]string{"x", "--", "--json", "id"}, []string{"x", "--", "--json", "id"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ExpandJSONArgs(tt.in)); diff != "" {
			t.Errorf("ExpandJSONArgs(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestTeamFiltersFollowTheContract(t *testing.T) {
	got := Filterable(&oas.ListTeamParams{})
	want := map[string][]string{
		"code":          {"eq", "in", "startswith"},
		"name":          {"contains"},
		"level":         {"eq", "in"},
		"level_rank":    {"lte", "gte"},
		"status":        {"eq", "in"},
		"state":         {"eq", "in"},
		"country":       {"eq"},
		"kind":          {"eq", "in"},
		"joined_on":     {"lte", "gte"},
		"generation":    {"eq", "lte"},
		"licensed":      {"eq"},
		"license_state": {"in"},
		"production":    {"gte"},
		"downline_size": {"gte"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Filterable (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, Filterable(&oas.DownloadTeamParams{})); diff != "" {
		t.Errorf("the export takes other filters (-want +got):\n%s", diff)
	}
	wantOrder := []string{"id", "tree", "code", "first_name", "last_name", "level_rank", "status", "state", "joined_on", "generation", "production", "downline_size"}
	if diff := cmp.Diff(wantOrder, Sortable(&oas.ListTeamParams{})); diff != "" {
		t.Errorf("Sortable (-want +got):\n%s", diff)
	}
}

// paramsOf are the generated parameter structs of the contract's lists.
var paramsOf = map[string]func() any{
	"listClients": func() any { return &oas.ListClientsParams{} }, "downloadClients": func() any { return &oas.DownloadClientsParams{} },
	"listTeam": func() any { return &oas.ListTeamParams{} }, "downloadTeam": func() any { return &oas.DownloadTeamParams{} },
	"listPolicies": func() any { return &oas.ListPoliciesParams{} }, "downloadPolicies": func() any { return &oas.DownloadPoliciesParams{} },
	"listProviders":                func() any { return &oas.ListProvidersParams{} },
	"listProducts":                 func() any { return &oas.ListProductsParams{} },
	"listCompensationSchedule":     func() any { return &oas.ListCompensationScheduleParams{} },
	"downloadCompensationSchedule": func() any { return &oas.DownloadCompensationScheduleParams{} },
	"listCashflow":                 func() any { return &oas.ListCashflowParams{} },
	"downloadCashflow":             func() any { return &oas.DownloadCashflowParams{} },
	"listChargebacks":              func() any { return &oas.ListChargebacksParams{} },
	"listProviderPayments":         func() any { return &oas.ListProviderPaymentsParams{} },
	"listPayRuns":                  func() any { return &oas.ListPayRunsParams{} },
	"listPayStatements":            func() any { return &oas.ListPayStatementsParams{} },
	"listAccountChangeLogs":        func() any { return &oas.ListAccountChangeLogsParams{} },
	"listPayoutReviews":            func() any { return &oas.ListPayoutReviewsParams{} },
	"listHelpArticles":             func() any { return &oas.ListHelpArticlesParams{} },
	"listEvents":                   func() any { return &oas.ListEventsParams{} },
	"listEventAttendees":           func() any { return &oas.ListEventAttendeesParams{} },
	"listStoreProducts":            func() any { return &oas.ListStoreProductsParams{} },
	"listStoreOrders":              func() any { return &oas.ListStoreOrdersParams{} },
}

// The CLI offers exactly what the server accepts: every filter and order the contract
// declares for a list can be given (and reaches the generated parameters), every other is
// refused before a request is sent.
func TestListingFlagsFollowTheContract(t *testing.T) {
	for _, l := range lists.All {
		newParams, ok := paramsOf[l.Operation]
		if !ok {
			t.Errorf("%s: no generated parameters in this test's table", l.Operation)
			continue
		}
		if got := ListOf(newParams()); got != l {
			t.Errorf("%s: ListOf finds %s", l.Operation, got.Operation)
		}
		for _, f := range l.Fields {
			for _, op := range lists.Ops {
				value := map[lists.Type]string{lists.Int: "1", lists.Bool: "true", lists.Date: "2026-01-02",
					lists.Time: "2026-01-02T03:04:05Z", lists.String: "x"}[f.Type]
				if f.Type == lists.Enum {
					value = strings.ToLower(f.Values[0])
				}
				if op == lists.Null {
					value = "true"
				}
				params := newParams()
				_, err := ApplyListing(context.Background(), params, []string{f.Name + "=" + string(op) + ":" + value}, nil)
				switch {
				case f.Has(op) && err != nil:
					t.Errorf("%s %s=%s:%s: %v", l.Operation, f.Name, op, value, err)
				case f.Has(op) && reflect.ValueOf(params).Elem().IsZero():
					t.Errorf("%s %s=%s: accepted but not set on the parameters", l.Operation, f.Name, op)
				case !f.Has(op) && err == nil:
					t.Errorf("%s %s=%s: accepted, the contract does not declare it", l.Operation, f.Name, op)
				}
			}
			for _, dir := range []string{"asc", "desc"} {
				_, err := ApplyListing(context.Background(), newParams(), nil, []string{f.Name + ":" + dir})
				if f.Sortable != (err == nil) {
					t.Errorf("%s --order %s:%s: sortable %v, error %v", l.Operation, f.Name, dir, f.Sortable, err)
				}
			}
		}
	}
}

func TestLookupCodesAreUpperCased(t *testing.T) {
	var p oas.ListClientsParams
	if _, err := ApplyListing(context.Background(), &p, []string{"associate_code=in:agt100, Rmd100"}, nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"AGT100", "RMD100"}, p.FilterAssociateCodeIn); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestExportRecords(t *testing.T) {
	recs := []Record{{
		"code": "AGT100", "level": map[string]any{"code": "TA", "name": "Training Associate"},
		"created_at": "2026-01-31T07:00:00.123-05:00", "licensed": true, "production": json.Number("12345"),
	}}
	cols := []lists.Column{{Name: "code", Type: lists.String}, {Name: "level", Type: lists.String},
		{Name: "level_name", Type: lists.String}, {Name: "created_at", Type: lists.Time},
		{Name: "licensed", Type: lists.Bool}, {Name: "production", Type: lists.Int}, {Name: "missing", Type: lists.String}}
	got := ExportRecords(recs, cols, map[string]string{"level": "level.code", "level_name": "level.name"})
	want := []Record{{"code": "AGT100", "level": "TA", "level_name": "Training Associate",
		"created_at": "2026-01-31T12:00:00Z", "licensed": true, "production": json.Number("12345"), "missing": nil}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
