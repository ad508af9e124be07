package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// pathValues fill the path parameters of list operations.
var pathValues = map[string]string{"{view}": "Infinity", "{slug}": seed.SeededEventSlug}

// pageQueries are the query parameters a list needs to hold rows whatever the day: the
// seeded events are upcoming only for some weeks after the seed, then all past.
var pageQueries = map[string]string{"listEvents": "&when=past"}

// sample is a value of a field that the server must accept.
func sample(f *lists.Field, op lists.Op) string {
	switch {
	case op == lists.Null:
		return "true"
	case f.Lookup == lists.LookupAssociate:
		return strings.ToLower(seed.DemoAgtCode) // codes are case-insensitive
	case f.Lookup == lists.LookupLevel:
		return "smd" // so are level codes
	case f.Type == lists.Int && f.Min != nil:
		return fmt.Sprint(*f.Min)
	case f.Type == lists.Int:
		return "1"
	case f.Type == lists.Enum:
		return f.Values[len(f.Values)-1]
	case f.Type == lists.Date:
		return "2026-01-31"
	case f.Type == lists.Time:
		return "2026-01-31T00:00:00Z"
	case f.Type == lists.Bool:
		return "true"
	}
	return "a"
}

// badValue is a value of the field's type that the server must refuse, or "".
func badValue(f *lists.Field) string {
	switch {
	case f.Lookup == lists.LookupAssociate:
		return "ZZZ999"
	case f.Lookup == lists.LookupLevel:
		return "XX"
	case f.Type == lists.Int && f.Max != nil:
		return fmt.Sprint(*f.Max + 1)
	case f.Type == lists.Int:
		return "1.5"
	case f.Type == lists.Enum:
		return "Nowhere"
	case f.Type == lists.Date:
		return "31/01/2026"
	case f.Type == lists.Time:
		return "yesterday"
	case f.Type == lists.Bool:
		return "maybe"
	case f.MaxLen > 0:
		return strings.Repeat("a", f.MaxLen+1)
	}
	return ""
}

// TestEveryListMatchesContract walks every list operation of the contract (sdk/lists,
// generated from openapi.yaml) in both directions: each declared filter is accepted with a
// value of its type and refuses one of another type, naming the parameter; each operator
// the contract does not declare is refused; each declared order works both ways and each
// other one is refused. A list the server has no whitelist for fails here, not in use.
func TestEveryListMatchesContract(t *testing.T) {
	specs := api.ListSpecs()
	var ops []string
	for _, l := range lists.All {
		name := generatedName(l.Operation)
		ops = append(ops, name)
		s, ok := specs[name]
		if !ok {
			t.Errorf("%s: the server has no whitelist for this list", l.Operation)
			continue
		}
		filters, sortable := s.Params()
		if diff := cmp.Diff(l.Params(), filters); diff != "" {
			t.Errorf("%s filters (-contract +server):\n%s", l.Operation, diff)
		}
		want := l.Sortable()
		slices.Sort(want)
		if diff := cmp.Diff(want, sortable); diff != "" {
			t.Errorf("%s order (-contract +server):\n%s", l.Operation, diff)
		}
	}
	for op := range specs {
		if !slices.Contains(ops, op) {
			t.Errorf("the server has a whitelist for %s, which the contract does not list", op)
		}
	}

	env := servertest.Start(t)
	rmd, staff := ready(t, env, seed.DemoRMD), login(t, env, seed.DemoStaff)
	for _, l := range lists.All {
		tok := rmd
		if api.AccessTable()[generatedName(l.Operation)].StaffOnly() { // the back office's lists
			tok = staff
		}
		path := "/api" + l.Path
		for k, v := range pathValues {
			path = strings.ReplaceAll(path, k, v)
		}
		get := func(t *testing.T, query string) reply {
			t.Helper()
			return do(t, env, l.Method, path+"?"+query, tok, nil, nil)
		}
		refused := func(t *testing.T, query, param string) {
			t.Helper()
			r := get(t, query)
			if r.Status != 422 {
				t.Errorf("%s: %d %s, want 422", query, r.Status, r.Body)
				return
			}
			e := r.apiError(t)
			if len(e.Errors) == 0 || e.Errors[0].Field != param {
				t.Errorf("%s: errors %+v, want one naming %s", query, e.Errors, param)
			}
		}
		t.Run(l.Operation, func(t *testing.T) {
			for _, f := range l.Fields {
				for _, op := range lists.Ops {
					param := lists.Param(f.Name, op)
					if !f.Has(op) {
						refused(t, url.QueryEscape(param)+"="+url.QueryEscape(sample(&f, lists.Eq)), param)
						continue
					}
					if r := get(t, url.QueryEscape(param)+"="+url.QueryEscape(sample(&f, op))); r.Status != 200 {
						t.Errorf("%s=%s: %d %s", param, sample(&f, op), r.Status, r.Body)
					}
					if bad := badValue(&f); bad != "" && op != lists.Null && (op == lists.Eq || op == lists.In || f.Lookup == "") {
						refused(t, url.QueryEscape(param)+"="+url.QueryEscape(bad), param)
					}
				}
				for _, dir := range []string{"ASC", "DESC"} {
					q := "order[" + f.Name + "]=" + dir
					if !f.Sortable {
						refused(t, q, "order["+f.Name+"]")
					} else if r := get(t, q); r.Status != 200 {
						t.Errorf("%s: %d %s", q, r.Status, r.Body)
					}
				}
			}
			refused(t, "filter[nope][eq]=1", "filter[nope][eq]")
			refused(t, "order[nope]=ASC", "order[nope]")
		})
	}
}

// Every sortable field of every list, in both directions, gives a next_cursor the server
// takes back and that continues after the page: a field without a sort value (a panic) or
// with one the cursor decoder refuses fails here, not in use.
func TestEveryOrderPagesByCursor(t *testing.T) {
	env := servertest.Start(t)
	rmd, staff := ready(t, env, seed.DemoRMD), login(t, env, seed.DemoStaff)
	// The back office's lists start empty: a statement of five payments and four pay runs.
	var csv strings.Builder
	csv.WriteString("policy_number,amount,date\n")
	for i := range 5 {
		fmt.Fprintf(&csv, "CURSOR-%d,%d.00,2026-10-0%d\n", i, 10+i, i+1)
	}
	if r := do(t, env, "POST", "/api/payments/statements", staff, map[string]any{"provider_id": 1, "file_name": "c.csv", "csv": csv.String()}, nil); r.Status != 201 {
		t.Fatalf("import: %d %s", r.Status, r.Body)
	}
	for _, period := range []string{"2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01"} {
		if r := do(t, env, "POST", "/api/payments/pay-runs", staff, map[string]string{"period": period}, nil); r.Status != 201 {
			t.Fatalf("pay run %s: %d %s", period, r.Status, r.Body)
		}
	}
	// The account's change log and the payout accounts start empty too: four phone changes
	// and four accounts of the RMD.
	rmdClient := client(t, env, rmd)
	for i := range 4 {
		if _, err := rmdClient.UpdateAccountPhone(t.Context(), &oas.PhoneInput{Phone: fmt.Sprintf("512555010%d", i)}); err != nil {
			t.Fatal(err)
		}
		if _, err := rmdClient.CreatePayoutAccount(t.Context(), &oas.PayoutAccountInput{BankName: "Cursor Bank", RoutingNumber: "021000021",
			AccountNumber: fmt.Sprintf("98765432%d", i), AccountType: oas.BankAccountTypeChecking, Holder: oas.AccountHolderOwner,
			Document: oas.NewOptString(uploadDocument(t, env, rmdClient, voidCheque))}); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range lists.All {
		if strings.HasPrefix(l.Operation, "download") {
			continue
		}
		// The back office's lists, and the pay statements, which staff see for everyone (the
		// RMD has but four).
		tok := rmd
		if api.AccessTable()[generatedName(l.Operation)].StaffOnly() || generatedName(l.Operation) == oas.ListPayStatementsOperation {
			tok = staff
		}
		path := "/api" + l.Path
		for k, v := range pathValues {
			path = strings.ReplaceAll(path, k, v)
		}
		for _, field := range l.Sortable() {
			for _, dir := range []string{"ASC", "DESC"} {
				q := "limit=3&order[" + field + "]=" + dir + pageQueries[l.Operation]
				var first, second struct {
					Data       []json.RawMessage `json:"data"`
					NextCursor string            `json:"next_cursor"`
				}
				r := do(t, env, "GET", path+"?"+q, tok, nil, nil)
				r.json(t, &first)
				if r.Status != 200 || first.NextCursor == "" || len(first.Data) != 4 {
					t.Errorf("%s %s: %d, %d rows, cursor %q", l.Operation, q, r.Status, len(first.Data), first.NextCursor)
					continue
				}
				r = do(t, env, "GET", path+"?"+q+"&cursor="+url.QueryEscape(first.NextCursor), tok, nil, nil)
				r.json(t, &second)
				if r.Status != 200 || len(second.Data) == 0 || !sameRow(t, second.Data[0], first.Data[3]) {
					t.Errorf("%s %s: the next page (%d) does not start at the extra row of the first", l.Operation, q, r.Status)
				}
			}
		}
	}
}

// sameRow tells whether two list rows are the same record: every field equal but the signed
// links (`*_url`), whose expiry moves with the clock between two requests.
func sameRow(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y map[string]any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	for _, m := range []map[string]any{x, y} {
		for k := range m {
			if strings.HasSuffix(k, "_url") {
				delete(m, k)
			}
		}
	}
	return cmp.Equal(x, y)
}
