package api_test

import (
	"cmp"
	"context"
	"encoding/csv"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// Filter values that must name something are checked, and normalised where a person
// would expect it: level and associate codes are case-insensitive; an unknown one is a 422
// naming the parameter, never an empty list that reads as "nobody".
func TestListLookups(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	ctx := context.Background()

	lower := listAll(t, env, tok, "Infinity", "&filter[level][in][]=ta&filter[level][in][]=Sa")
	upper := listAll(t, env, tok, "Infinity", "&filter[level][in][]=TA&filter[level][in][]=SA")
	if len(upper) == 0 || !maps.Equal(lower, upper) {
		t.Errorf("level codes in lower case found %d members, in upper case %d", len(lower), len(upper))
	}
	code := listAll(t, env, tok, "Infinity", "&filter[code][eq]="+strings.ToLower(seed.DemoAgtCode))
	if _, ok := code[seed.DemoAgtCode]; !ok || len(code) != 1 {
		t.Errorf("code in lower case: %v", slices.Collect(maps.Keys(code)))
	}

	// An associate outside the RMD's organisation and its upline chain is unknown to it.
	var stranger string
	if err := env.Pool.QueryRow(ctx, `SELECT s.code FROM associates s, associates r WHERE r.code = $1
		AND NOT s.path <@ r.path AND NOT r.path <@ s.path ORDER BY s.id LIMIT 1`, seed.DemoRMDCode).Scan(&stranger); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, field, message string }{
		{"/api/team/Infinity?filter[level][eq]=XX", "filter[level][eq]", "'XX' is not a level; the levels are TA, A, SA, MD, SMD, RMD, SRMD, ERMD"},
		{"/api/team/Infinity?filter[code][in][]=AGT100&filter[code][in][]=nobody1", "filter[code][in][]", "No associate you can see has the code 'NOBODY1'"},
		{"/api/team/Infinity?filter[code][eq]=" + stranger, "filter[code][eq]", "No associate you can see has the code '" + stranger + "'"},
		{"/api/clients?filter[associate_code][eq]=" + strings.ToLower(stranger), "filter[associate_code][eq]", "No associate you can see has the code '" + stranger + "'"},
		{"/api/team/Infinity/download?filter[level][in][]=smd&filter[level][in][]=XX", "filter[level][in][]", "'XX' is not a level; the levels are TA, A, SA, MD, SMD, RMD, SRMD, ERMD"},
	} {
		r := do(t, env, "GET", tt.path, tok, nil, nil)
		if r.Status != 422 {
			t.Errorf("%s: %d %s", tt.path, r.Status, r.Body)
			continue
		}
		e := r.apiError(t)
		if len(e.Errors) != 1 || e.Errors[0].Field != tt.field || e.Errors[0].Message != tt.message {
			t.Errorf("%s: %+v, want %s: %s", tt.path, e.Errors, tt.field, tt.message)
		}
	}

	// A download normalises the level the same way when its link is fetched.
	var dl struct {
		URL string `json:"url"`
	}
	do(t, env, "GET", "/api/team/Infinity/download?filter[level][in][]=ta&filter[level][in][]=Sa", tok, nil, nil).json(t, &dl)
	res, err := http.Get(env.URL + dl.URL)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(res.Body).ReadAll()
	res.Body.Close()
	if err != nil || len(rows) != len(upper)+1 {
		t.Fatalf("download with levels in lower case: %d rows (%v), the list has %d", len(rows), err, len(upper))
	}
	level := slices.Index(rows[0], "level")
	for _, r := range rows[1:] {
		if r[level] != "TA" && r[level] != "SA" {
			t.Errorf("download row of level %q", r[level])
		}
	}

	// Clients of the agent, found by its code in lower case, are exactly the agent's.
	var clients clientList
	do(t, env, "GET", "/api/clients?limit=1000&filter[associate_code][eq]=agt100", tok, nil, nil).json(t, &clients)
	var want int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM clients c JOIN associates a ON a.id = c.associate_id WHERE a.code = $1`,
		seed.DemoAgtCode).Scan(&want); err != nil {
		t.Fatal(err)
	}
	if want == 0 || len(clients.Data) != want {
		t.Errorf("agt100's clients: %d, the database has %d", len(clients.Data), want)
	}
}

// Several order keys apply in the order given, and descending orders put empty values
// last.
func TestListOrders(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	team := func(q string) []oas.TeamMember {
		r := do(t, env, "GET", "/api/team/Infinity?limit=1000&"+q, tok, nil, nil)
		var page oas.TeamMemberList
		if err := page.UnmarshalJSON(r.Body); err != nil {
			t.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
		return page.Data
	}
	byStatusThenName := team("order[status]=ASC&order[last_name]=DESC")
	if !slices.IsSortedFunc(byStatusThenName, func(a, b oas.TeamMember) int {
		return cmp.Or(cmp.Compare(a.Status, b.Status), cmp.Compare(b.LastName, a.LastName))
	}) {
		t.Error("order[status]=ASC&order[last_name]=DESC is not by status, then last name descending")
	}
	byNameThenStatus := team("order[last_name]=DESC&order[status]=ASC")
	if !slices.IsSortedFunc(byNameThenStatus, func(a, b oas.TeamMember) int {
		return cmp.Or(cmp.Compare(b.LastName, a.LastName), cmp.Compare(a.Status, b.Status))
	}) {
		t.Error("order[last_name]=DESC&order[status]=ASC is not by last name descending, then status")
	}
	codes := func(ms []oas.TeamMember) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = m.Code
		}
		return out
	}
	if len(byStatusThenName) < 10 || slices.Equal(codes(byStatusThenName), codes(byNameThenStatus)) {
		t.Errorf("the two orders give the same sequence (%d members): the keys were not applied in the order given", len(byStatusThenName))
	}

	// Clients by income, highest first: those without an income come after every income.
	for _, name := range []string{"Noincome", "Unknown"} {
		if r := do(t, env, "POST", "/api/clients", tok, map[string]any{"first_name": name, "last_name": "Client", "country": "USA"}, nil); r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
	}
	type page struct {
		Data []struct {
			ID           int64  `json:"id"`
			AnnualIncome *int64 `json:"annual_income"`
		} `json:"data"`
		NextCursor string `json:"next_cursor"`
	}
	var seen []*int64
	cursor := ""
	for range 100 {
		q := "/api/clients?limit=40&order[annual_income]=DESC"
		if cursor != "" {
			q += "&cursor=" + url.QueryEscape(cursor)
		}
		var clients page
		do(t, env, "GET", q, tok, nil, nil).json(t, &clients)
		for _, c := range clients.Data[:min(40, len(clients.Data))] {
			seen = append(seen, c.AnnualIncome)
		}
		if cursor = clients.NextCursor; cursor == "" {
			break
		}
	}
	firstNil := slices.IndexFunc(seen, func(p *int64) bool { return p == nil })
	if firstNil <= 0 || firstNil == len(seen) {
		t.Fatalf("the seed needs clients with and without an income (first without at %d of %d)", firstNil, len(seen))
	}
	for i, p := range seen {
		switch {
		case i >= firstNil && p != nil:
			t.Fatalf("an income (%d) after the clients without one, at %d", *p, i)
		case i > 0 && i < firstNil && *p > *seen[i-1]:
			t.Fatalf("incomes not descending at %d: %d after %d", i, *p, *seen[i-1])
		}
	}
}
