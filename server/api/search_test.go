package api_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
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
	first := own.Response.Data[0]
	res, err := c.SearchClients(ctx, oas.SearchClientsParams{SearchKeyword: oas.NewOptString(strings.ToLower(first.LastName))})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range res.Response.Data {
		found = found || l.ID == first.ID
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
