package api_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

func TestSearchLookups(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	c := client(t, env, ready(t, env, seed.DemoAgent))
	_, _, stranger := relatives(t, env)
	var strangerCode, uplineCode string
	if err := env.Pool.QueryRow(ctx, `SELECT code FROM associates WHERE email = $1`, stranger).Scan(&strangerCode); err != nil {
		t.Fatal(err)
	}
	if err := env.Pool.QueryRow(ctx, `SELECT u.code FROM associates a JOIN associates u ON u.id = a.upline_id WHERE a.code = $1`, seed.DemoAgtCode).Scan(&uplineCode); err != nil {
		t.Fatal(err)
	}
	codes := func(kw string, include ...string) []string {
		res, err := c.SearchAssociates(ctx, oas.SearchAssociatesParams{SearchKeyword: oas.NewOptString(kw), Include: include})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range res.Response.Data {
			out = append(out, a.Code)
		}
		return out
	}
	if got := codes("agt1"); len(got) == 0 || got[0] != seed.DemoAgtCode {
		t.Errorf("code prefix: %v", got)
	}
	if got := codes("Carter"); !contains(got, seed.DemoAgtCode) {
		t.Errorf("by name: %v", got)
	}
	if got := codes(uplineCode); !contains(got, uplineCode) {
		t.Errorf("the upline chain is visible: %v", got)
	}
	if got := codes(strangerCode); contains(got, strangerCode) {
		t.Errorf("a stranger is found: %v", got)
	}
	if got := codes("", strangerCode, seed.DemoAgtCode); len(got) != 1 || got[0] != seed.DemoAgtCode {
		t.Errorf("include only brings visible codes: %v", got)
	}
	if got := codes("%"); len(got) != 0 {
		t.Errorf("a wildcard is a literal: %v", got)
	}
	if got := codes("zzzzqqq"); len(got) != 0 {
		t.Errorf("no match: %v", got)
	}

	own, err := c.ListClients(ctx, oas.ListClientsParams{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(own.Response.Data, func(c oas.ClientRecord) bool { return c.Email.Set })
	if i < 0 {
		t.Fatal("no client with an email to look up")
	}
	first := own.Response.Data[i]
	res, err := c.SearchClients(ctx, oas.SearchClientsParams{SearchKeyword: oas.NewOptString(strings.ToLower(first.LastName))})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range res.Response.Data {
		found = found || l.ID == first.ID
		if l.ID == first.ID && l.Email.Or("") != first.Email.Or("") {
			t.Errorf("the lookup answers email %q for a client whose email is %q", l.Email.Or(""), first.Email.Or(""))
		}
		if !strings.Contains(strings.ToLower(l.Name), strings.ToLower(first.LastName)) {
			t.Errorf("client lookup %q found %q", first.LastName, l.Name)
		}
	}
	if !found && len(res.Response.Data) < 20 {
		t.Errorf("client %d (%s) not found by last name", first.ID, first.LastName)
	}
	var foreign int64
	err = env.Pool.QueryRow(ctx, `SELECT c.id FROM clients c JOIN associates o ON o.id = c.associate_id, associates a
		WHERE a.code = $1 AND NOT o.path <@ a.path ORDER BY c.id LIMIT 1`, seed.DemoAgtCode).Scan(&foreign)
	if err != nil {
		t.Fatal(err)
	}
	inc, err := c.SearchClients(ctx, oas.SearchClientsParams{Include: []int64{first.ID, foreign}})
	if err != nil {
		t.Fatal(err)
	}
	if len(inc.Response.Data) != 1 || inc.Response.Data[0].ID != first.ID {
		t.Errorf("include: %v (foreign %d must stay hidden)", inc.Response.Data, foreign)
	}
}

func contains(s []string, v string) bool { return slices.Contains(s, v) }

// A lookup keyword or code that is not valid text answers 422 naming the parameter (the
// API's check at the edge); should such text reach the database by another way, the store
// answers 400, never a 500 with the database's words.
func TestSearchRefusesBadText(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := ready(t, env, seed.DemoAgent)
	for _, q := range []string{
		"/api/search/associates?search_keyword=a%00", "/api/search/associates?search_keyword=%C3%28",
		"/api/search/associates?include[]=AGT%00", "/api/search/clients?search_keyword=%ff",
	} {
		r := do(t, env, "GET", q, tok, nil, nil)
		_, param, _ := strings.Cut(q, "?")
		param, _, _ = strings.Cut(param, "=")
		if e := r.apiError(t); r.Status != 422 || len(e.Errors) != 1 || e.Errors[0].Field != param {
			t.Errorf("%s: %d %s, want 422 naming %s", q, r.Status, r.Body, param)
		}
	}

	var userID, associateID int64
	if err := env.Pool.QueryRow(ctx, `SELECT id, associate_id FROM users WHERE email = $1`, seed.DemoAgent).Scan(&userID, &associateID); err != nil {
		t.Fatal(err)
	}
	p, err := env.Store.PrincipalFor(ctx, userID, associateID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, kw := range []string{"a\x00b", "\xff", "\xc3("} {
		_, err := env.Store.SearchAssociates(ctx, p, kw, nil, 20)
		if !errs.Is(err, errs.BadRequest) {
			t.Errorf("SearchAssociates(%q): %v, want a BadRequest", kw, err)
		}
		_, err = env.Store.SearchAssociates(ctx, p, "", []string{kw}, 20)
		if !errs.Is(err, errs.BadRequest) {
			t.Errorf("SearchAssociates(include %q): %v, want a BadRequest", kw, err)
		}
		_, err = env.Store.SearchClients(ctx, p, kw, nil, 20)
		if !errs.Is(err, errs.BadRequest) {
			t.Errorf("SearchClients(%q): %v, want a BadRequest", kw, err)
		}
	}
}
