package api_test

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-faster/yaml"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// ungatedOperations are the operations that answer an associate whose memos or W-9
// documents wait: the dashboard's own calls (docs/api.md, "Acknowledgement gate"), besides
// the operations open to anyone, which have no session to gate. It mirrors, on purpose and
// by hand, the `ungated: true` rules of the access table in access.go (not exported to
// tests): the table is what the server does, this list is what the spec says it must do,
// and TestEveryOperationPassesTheGate holds the one to the other by behaviour.
var ungatedOperations = []string{
	"logout", "getAccess", "getDashboard", "listAcknowledgements", "getAcknowledgementSignedURL", "acknowledge",
}

// gateBodies are minimal request bodies that the generated server decodes and validates
// (ogen does so before the authorisation middleware runs, so a request without a valid
// body would answer 400 or 422 before the gate), by operationId. An operation with a body
// and no entry here fails the test.
var gateBodies = map[string]string{
	"createHelpArticle":               `{"title":"T","slug":"gate-article","category":"getting-started","body_markdown":"x"}`,
	"updateHelpArticle":               `{"title":"T","slug":"gate-article","category":"getting-started","body_markdown":"x"}`,
	"acknowledge":                     `{}`,
	"checkInEventAttendee":            `{"associate_code":"AGT100"}`,
	"setCartItem":                     `{"quantity":1}`,
	"moveStoreOrderFulfilment":        `{"status":"Processing"}`,
	"createClient":                    `{"first_name":"A","last_name":"B","country":"USA"}`,
	"updateClient":                    `{"first_name":"A","last_name":"B","country":"USA"}`,
	"createPolicy":                    `{"policy_number":"GATE-1","client_id":1,"product_id":1,"face_amount_cents":0,"target_premium_cents":0,"submitted_on":"2026-01-01"}`,
	"updatePolicy":                    `{"policy_number":"GATE-1","client_id":1,"product_id":1,"face_amount_cents":0,"target_premium_cents":0,"submitted_on":"2026-01-01"}`,
	"previewCommission":               `{"product_id":1,"target_premium_cents":0}`,
	"movePolicy":                      `{"status":"Ready To Pay"}`,
	"lapsePolicy":                     `{"lapsed_on":"2026-01-01"}`,
	"createPolicyRequirement":         `{"name":"Form","status":"Open"}`,
	"updatePolicyRequirement":         `{"name":"Form","status":"Open"}`,
	"createProviderContact":           `{"name":"A","role":"B"}`,
	"updateProviderContact":           `{"name":"A","role":"B"}`,
	"createProviderItem":              `{"title":"T"}`,
	"updateProviderItem":              `{"title":"T"}`,
	"moveProviderItem":                `{"position":1}`,
	"importStatement":                 `{"provider_id":1,"file_name":"s.csv","csv":"policy_number,amount,date\n"}`,
	"moveProviderPayment":             `{"status":"Received"}`,
	"createPayRun":                    `{"period":"2026-01-01"}`,
	"issueSSOToken":                   `{"code":"AGT100"}`,
	"requestEmailChange":              `{"email":"gate@example.com"}`,
	"changePassword":                  `{"current_password":"x","new_password":"y"}`,
	"updateAccountBasicInformation":   `{"first_name":"A","last_name":"B"}`,
	"updateAccountAddress":            `{"line1":"1 Main","city":"Austin","state":"TX","postal_code":"78701"}`,
	"updateAccountPhone":              `{"phone":"5125550100"}`,
	"updateAccountAltPhone":           `{}`,
	"updateAccountSpouse":             `{}`,
	"createPayoutAccount":             payoutBody,
	"updatePayoutAccount":             payoutBody,
	"decidePayoutAccount":             `{"decision":"approve"}`,
	"updateAccountPhoto":              `{"file":"x"}`,
	"createW9Document":                `{"name":"A","entity_type":"Individual","tin_kind":"SSN","tin":"123-45-6789"}`,
	"signLegalDocument":               `{"signature":"x","fingerprint":"f"}`,
	"revokeLegalDocument":             `{"reason":"r"}`,
	"requestInternationalAppointment": `{"states":["ON"]}`,
	"decideInternationalAppointment":  `{"decision":"approve"}`,
}

const payoutBody = `{"bank_name":"B","routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Owner","document":"x"}`

// gateParams override the generic value of a parameter, by operationId and name.
var gateParams = map[string]map[string]string{
	// Acknowledging is ungated: a real memo's id would clear part of what keeps the gate
	// shut for the rest of the walk. An id no memo has answers 404 after the gate.
	"acknowledge": {"id": "2147483647"},
}

// ownSession are the operations sent with a session of their own, because they end it.
var ownSession = []string{"logout"}

// gateOperation is one operation of the contract, with what it takes.
type gateOperation struct {
	id, method, path string
	public           bool
	params           []gateParam
	body             bool
}

type gateParam struct {
	Ref      string     `yaml:"$ref"`
	Name     string     `yaml:"name"`
	In       string     `yaml:"in"`
	Required bool       `yaml:"required"`
	Schema   gateSchema `yaml:"schema"`
}

type gateSchema struct {
	Ref       string   `yaml:"$ref"`
	Type      string   `yaml:"type"`
	Format    string   `yaml:"format"`
	Pattern   string   `yaml:"pattern"`
	Enum      []string `yaml:"enum"`
	Minimum   *int64   `yaml:"minimum"`
	MinLength *int     `yaml:"minLength"`
}

// gateOperations reads every operation of openapi.yaml with its method, path, parameters
// (references resolved) and whether it takes a body.
func gateOperations(t *testing.T) []gateOperation {
	t.Helper()
	raw, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths      map[string]map[string]yaml.Node `yaml:"paths"`
		Components struct {
			Parameters map[string]gateParam  `yaml:"parameters"`
			Schemas    map[string]gateSchema `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(p gateParam) gateParam {
		if name, ok := strings.CutPrefix(p.Ref, "#/components/parameters/"); ok {
			r, found := doc.Components.Parameters[name]
			if !found {
				t.Fatalf("no parameter %s", p.Ref)
			}
			p = r
		}
		if name, ok := strings.CutPrefix(p.Schema.Ref, "#/components/schemas/"); ok {
			s, found := doc.Components.Schemas[name]
			if !found {
				t.Fatalf("no schema %s", p.Schema.Ref)
			}
			p.Schema = s
		}
		return p
	}
	var ops []gateOperation
	for path, methods := range doc.Paths {
		var shared []gateParam
		if n, ok := methods["parameters"]; ok {
			if err := n.Decode(&shared); err != nil {
				t.Fatalf("%s parameters: %v", path, err)
			}
		}
		for method, node := range methods {
			if method == "parameters" {
				continue
			}
			var op struct {
				OperationID string            `yaml:"operationId"`
				Parameters  []gateParam       `yaml:"parameters"`
				RequestBody any               `yaml:"requestBody"`
				Security    *[]map[string]any `yaml:"security"`
			}
			if err := node.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			o := gateOperation{id: op.OperationID, method: strings.ToUpper(method), path: path,
				public: op.Security != nil && len(*op.Security) == 0, body: op.RequestBody != nil}
			for _, p := range append(slices.Clone(shared), op.Parameters...) {
				o.params = append(o.params, resolve(p))
			}
			ops = append(ops, o)
		}
	}
	slices.SortFunc(ops, func(a, b gateOperation) int { return strings.Compare(a.id, b.id) })
	if len(ops) < 20 {
		t.Fatalf("read only %d operations", len(ops))
	}
	return ops
}

// plausible is a value of a parameter that the generated server decodes and validates: a
// real associate code where the contract takes a code, 1 for an id.
func plausible(p gateParam) (string, error) {
	s := p.Schema
	var candidates []string
	switch {
	case len(s.Enum) > 0:
		candidates = s.Enum[:1]
	case s.Type == "integer":
		n := int64(1)
		if s.Minimum != nil && *s.Minimum > n {
			n = *s.Minimum
		}
		candidates = []string{strconv.FormatInt(n, 10)}
	case s.Type == "boolean":
		candidates = []string{"true"}
	case s.Format == "date":
		candidates = []string{"2026-01-01"}
	case s.Format == "date-time":
		candidates = []string{"2026-01-01T00:00:00Z"}
	case s.Type == "string":
		candidates = []string{seed.DemoAgtCode, "abcdefgh"}
	}
	for _, c := range candidates {
		if s.Pattern != "" {
			re, err := regexp.Compile(s.Pattern)
			if err != nil {
				return "", err
			}
			if !re.MatchString(c) {
				continue
			}
		}
		if s.MinLength != nil && len(c) < *s.MinLength {
			continue
		}
		return c, nil
	}
	return "", fmt.Errorf("no plausible value for %s %s (%+v): give it one in gateParams", p.In, p.Name, s)
}

// gateRequest is the well-formed request of an operation: its path with the parameters in
// place and its required query, and its minimal body.
func gateRequest(op gateOperation) (path, body string, err error) {
	path = op.path
	query := url.Values{}
	for _, p := range op.params {
		if p.In != "path" && !p.Required {
			continue
		}
		v, ok := gateParams[op.id][p.Name]
		if !ok {
			if v, err = plausible(p); err != nil {
				return "", "", err
			}
		}
		switch p.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(v))
		case "query":
			query.Set(p.Name, v)
		default:
			return "", "", fmt.Errorf("a required %s parameter %s: give the test a way to send it", p.In, p.Name)
		}
	}
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	if op.body {
		b, ok := gateBodies[op.id]
		if !ok {
			return "", "", fmt.Errorf("it takes a body: add a minimal valid one to gateBodies")
		}
		body = b
	}
	return "/api" + path, body, nil
}

// While memos or W-9 documents wait, every operation of the contract refuses the associate
// with the gate's 403, except the dashboard's own calls, which answer. Each operation gets
// a well-formed request (plausible path parameters, its required query, a minimal valid
// body), so that it passes the generated decoding and reaches the authorisation.
func TestEveryOperationPassesTheGate(t *testing.T) {
	env := servertest.Start(t)
	pending := login(t, env, seed.DemoAgent) // memos and a W-9 still wait
	ops := gateOperations(t)

	known := map[string]bool{}
	for _, op := range ops {
		known[op.id] = true
	}
	for _, id := range slices.Concat(ungatedOperations, ownSession, mapKeys(gateBodies), mapKeys(gateParams)) {
		if !known[id] {
			t.Errorf("the test names %s, which the contract does not have", id)
		}
	}

	const gateCode = "acknowledgements_pending"
	refusedByGate := map[string]bool{}
	var staffOnly []gateOperation // refused for the permission before the gate
	// send asks for one operation as token and holds the answer to the operation's rule;
	// it answers whether the answer was a refusal for a staff permission instead.
	send := func(t *testing.T, op gateOperation, token string) (staffPermission bool) {
		t.Helper()
		path, body, err := gateRequest(op)
		if err != nil {
			t.Errorf("%s: %v", op.id, err)
			return false
		}
		if slices.Contains(ownSession, op.id) {
			token = login(t, env, seed.DemoAgent)
		}
		var b any
		if op.body {
			b = body
		}
		r := do(t, env, op.method, path, token, b, nil)
		about := fmt.Sprintf("%s (%s %s)", op.id, op.method, path)
		code := ""
		if r.Status >= 400 {
			code = string(r.apiError(t).Code.Or(""))
		}
		if slices.Contains(ungatedOperations, op.id) {
			if r.Status == 400 || r.Status == 401 || r.Status == 403 || r.Status == 422 {
				t.Errorf("%s is the dashboard's own and must answer before the acknowledgements: %d %s", about, r.Status, r.Body)
			}
			return false
		}
		switch {
		case r.Status == 403 && code == gateCode:
			refusedByGate[op.id] = true
		case r.Status == 403 && code == "staff_permission":
			return true
		case r.Status == 400 || r.Status == 422:
			t.Errorf("%s: %d before the gate: the request does not pass decoding; fix its entry in gateBodies or gateParams: %s",
				about, r.Status, r.Body)
		default:
			t.Errorf("%s answers an associate with acknowledgements pending %d %s, want 403 %s", about, r.Status, r.Body, gateCode)
		}
		return false
	}

	for _, op := range ops {
		if op.public {
			t.Logf("%s: skipped, open to anyone (security: [])", op.id)
			continue
		}
		if send(t, op, pending) {
			staffOnly = append(staffOnly, op)
		}
	}

	// The back office's operations refuse an associate for the permission before the
	// gate. An associate who is also a staff member holding every permission meets it.
	if len(staffOnly) > 0 {
		perms := auth.StaffPermissions
		if _, err := env.Pool.Exec(t.Context(), `UPDATE users SET is_staff = true, permissions = $1 WHERE email = $2`,
			perms, seed.DemoAgent); err != nil {
			t.Fatal(err)
		}
		for _, op := range staffOnly {
			if send(t, op, pending) {
				t.Errorf("%s refuses an associate holding every staff permission for the permission", op.id)
			}
		}
	}

	// Nothing the walk sent opened the gate on the way.
	if r := do(t, env, "GET", "/api/clients", pending, nil, nil); r.Status != 403 || string(r.apiError(t).Code.Or("")) != gateCode {
		t.Errorf("after the walk, the gate is open: %d %s", r.Status, r.Body)
	}
	if len(refusedByGate) < 12 {
		t.Errorf("only %d operations were seen refused by the gate: %v", len(refusedByGate), mapKeys(refusedByGate))
	}
	t.Logf("%d operations refused by the gate (%d of them the back office's), %d ungated",
		len(refusedByGate), len(staffOnly), len(ungatedOperations))
}

func mapKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
