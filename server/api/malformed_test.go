package api_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-faster/yaml"

	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// malformed holds, for every operation of the contract, requests with bad input and
// the 4xx each must answer with the Error body. A new operation without cases fails
// TestEveryOperationRefusesMalformedInput.
var malformed = map[string][]struct {
	method, path, body string
	auth               bool
	status             int
}{
	"login": {
		{"POST", "/api/auth/login", `{bad`, false, 400},
		{"POST", "/api/auth/login", `{"login":"a"}`, false, 422},
		{"POST", "/api/auth/login", `{"login":"","password":"x"}`, false, 422},
		{"POST", "/api/auth/login", `{"login":["a"],"password":"x"}`, false, 422},
		{"POST", "/api/auth/login", ``, false, 400},
	},
	"logout":               {{"POST", "/api/auth/logout", ``, false, 401}},
	"getAccess":            {{"GET", "/api/access", ``, false, 401}},
	"getDashboard":         {{"GET", "/api/dashboard", ``, false, 401}},
	"listAcknowledgements": {{"GET", "/api/dashboard/acknowledgements", ``, false, 401}},
	"getAcknowledgementSignedURL": {
		{"GET", "/api/dashboard/acknowledgements/bogus/signed-url", ``, true, 422},
		{"GET", "/api/dashboard/acknowledgements/memos/signed-url", ``, false, 401},
	},
	"acknowledge": {
		{"PUT", "/api/dashboard/acknowledgements/memos/abc", `{}`, true, 422},
		{"PUT", "/api/dashboard/acknowledgements/memos/0", `{}`, true, 422},
		{"PUT", "/api/dashboard/acknowledgements/memos/1", `{bad`, true, 400},
		{"PUT", "/api/dashboard/acknowledgements/memos/1", `{"signature":"` + strings.Repeat("x", 65) + `"}`, true, 422},
		{"PUT", "/api/dashboard/acknowledgements/memos/999", `{}`, true, 404},
	},
	"uploadFile": {
		{"PUT", "/api/files/abcdefghij", `<svg/>`, false, 422},
		{"PUT", "/api/files/../../etc?expires=1&signature=x", `<svg/>`, false, 405},
		{"PUT", "/api/files/abcdefghij?expires=soon&signature=x", `<svg/>`, false, 422},
		{"PUT", "/api/files/abcdefghij?expires=1&signature=x", `<svg/>`, false, 403},
	},
	"downloadFile": {
		{"GET", "/api/files/abcdefghij.csv?expires=1", ``, false, 422},
		{"GET", "/api/files/abc?expires=1&signature=x", ``, false, 422},
		{"GET", "/api/files/abcdefghij.csv?expires=99999999999&signature=x", ``, false, 403},
	},
	"listClients": {
		{"GET", "/api/clients?filter[id][eq]=x", ``, true, 422},
		{"GET", "/api/clients?filter[ghost][eq]=x", ``, true, 422},
		{"GET", "/api/clients?limit=-5", ``, true, 422},
		{"GET", "/api/clients", ``, false, 401},
	},
	"createClient": {
		{"POST", "/api/clients", `{bad`, true, 400},
		{"POST", "/api/clients", `{"first_name":1,"last_name":"B","country":"USA"}`, true, 422},
		{"POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","gender":"Other"}`, true, 422},
		{"POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA"}`, false, 401},
	},
	"downloadClients": {
		{"GET", "/api/clients/download?format=doc", ``, true, 422},
		{"GET", "/api/clients/download?order[ghost]=ASC", ``, true, 422},
	},
	"getClient": {
		{"GET", "/api/clients/abc", ``, true, 422},
		{"GET", "/api/clients/0", ``, true, 422},
		{"GET", "/api/clients/99999999", ``, true, 404},
	},
	"updateClient": {
		{"PUT", "/api/clients/-1", `{"first_name":"A","last_name":"B","country":"USA"}`, true, 422},
		{"PUT", "/api/clients/1", `{bad`, true, 400},
		{"PUT", "/api/clients/99999999", `{"first_name":"A","last_name":"B","country":"USA"}`, true, 404},
	},
	"deleteClient": {
		{"DELETE", "/api/clients/abc", ``, true, 422},
		{"DELETE", "/api/clients/99999999", ``, true, 404},
	},
	"searchAssociates": {
		{"GET", "/api/search/associates?search_keyword=" + strings.Repeat("a", 101), ``, true, 422},
		{"GET", "/api/search/associates", ``, false, 401},
	},
	"searchClients": {
		{"GET", "/api/search/clients?include[]=abc", ``, true, 422},
		{"GET", "/api/search/clients?search_keyword=" + strings.Repeat("a", 101), ``, true, 422},
	},
	"getTeamDashboard": {
		{"GET", "/api/team?period_start=yesterday", ``, true, 422},
		{"GET", "/api/team?period_start=2026-02-01&period_end=2026-01-01", ``, true, 422},
		{"GET", "/api/team", ``, false, 401},
	},
	"listLevels": {{"GET", "/api/levels", ``, false, 401}},
	"listTeam": {
		{"GET", "/api/team/Galaxy", ``, true, 422},
		{"GET", "/api/team/RmdSuperTeam", ``, true, 403},
		{"GET", "/api/team/Infinity?filter[generation][gt]=1", ``, true, 422},
		{"GET", "/api/team/Infinity?filter[licensed][eq]=maybe", ``, true, 422},
		{"GET", "/api/team/Infinity?order[email]=ASC", ``, true, 422},
		{"GET", "/api/team/Infinity?period_start=2026-02-01&period_end=2026-01-01", ``, true, 422},
		{"GET", "/api/team/Infinity?cursor=bm90LWEtY3Vyc29y", ``, true, 422},
	},
	"downloadTeam": {
		{"GET", "/api/team/BaseShop/download?format=doc", ``, true, 422},
		{"GET", "/api/team/RmdSuperBase/download", ``, true, 403},
	},
	"getAssociate": {
		{"GET", "/api/associates/no", ``, true, 422},
		{"GET", "/api/associates/ZZ99999", ``, true, 404},
	},
	"listAssociateLicenses":     {{"GET", "/api/associates/a-b-c/licenses", ``, true, 422}},
	"listAssociateAppointments": {{"GET", "/api/associates/ZZ99999/provider-appointments", ``, true, 404}},
	"listAssociateLevelHistory": {{"GET", "/api/associates/" + strings.Repeat("A", 17) + "/level-qualification-history", ``, true, 422}},
	"getGenealogyNode":          {{"GET", "/api/associates/ZZ99999/genealogy", ``, true, 404}},
	"listGenealogyChildren": {
		{"GET", "/api/associates/AGT100/genealogy/children?limit=0", ``, true, 422},
		{"GET", "/api/associates/AGT100/genealogy/children?page=x", ``, true, 422},
	},
	"searchGenealogy": {
		{"GET", "/api/associates/AGT100/genealogy/search", ``, true, 422},
		{"GET", "/api/associates/AGT100/genealogy/search?search_keyword=", ``, true, 422},
	},
	"getHierarchy": {{"GET", "/api/associates/ZZ99999/hierarchy", ``, true, 404}},
	"getHealth":    {{"POST", "/api/healthz", ``, false, 405}},
	"getReadiness": {{"DELETE", "/api/readyz", ``, false, 405}},
}

func contractOperations(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, methods := range doc.Paths {
		for m, op := range methods {
			if m == "parameters" {
				continue
			}
			ops = append(ops, op.(map[string]any)["operationId"].(string))
		}
	}
	slices.Sort(ops)
	return ops
}

func TestEveryOperationRefusesMalformedInput(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoAgent)
	ops := contractOperations(t)
	if len(ops) != len(malformed) {
		t.Errorf("the contract has %d operations, the malformed-input table %d", len(ops), len(malformed))
	}
	before := countClients(t, env)
	for _, op := range ops {
		cases, ok := malformed[op]
		if !ok {
			t.Errorf("operation %s has no malformed-input case", op)
			continue
		}
		t.Run(op, func(t *testing.T) {
			for _, c := range cases {
				token := ""
				if c.auth {
					token = tok
				}
				var body any
				if c.body != "" || c.method == "POST" || c.method == "PUT" {
					body = c.body
				}
				r := do(t, env, c.method, c.path, token, body, nil)
				if r.Status != c.status {
					t.Errorf("%s %s %.40q: %d, want %d: %s", c.method, c.path, c.body, r.Status, c.status, r.Body)
					continue
				}
				e := r.apiError(t)
				if strings.Contains(string(r.Body), "SQLSTATE") || strings.Contains(string(r.Body), "goroutine") {
					t.Errorf("%s %s leaks internals: %s", c.method, c.path, r.Body)
				}
				if c.status == 422 && len(e.Errors) == 0 {
					t.Errorf("%s %s: 422 without field errors: %s", c.method, c.path, r.Body)
				}
			}
		})
	}
	if after := countClients(t, env); after != before {
		t.Errorf("malformed input changed the clients: %d → %d", before, after)
	}
}
