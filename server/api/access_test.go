package api_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-faster/yaml"

	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// Every operation of the contract has exactly one rule, and only the operations the
// contract leaves without security are open to anyone.
func TestAccessTableCoversTheContract(t *testing.T) {
	ops := map[string]bool{}
	for _, op := range contractOperations(t) {
		ops[op.name] = op.public
	}
	table := api.AccessTable()
	for op, public := range ops {
		r, ok := table[op]
		if !ok {
			t.Errorf("%s has no access rule", op)
			continue
		}
		if r.Public() != public {
			t.Errorf("%s: open to anyone %v, the contract's security says %v", op, r.Public(), public)
		}
	}
	for op := range table {
		if _, ok := ops[op]; !ok {
			t.Errorf("the access table names %s, which the contract does not have", op)
		}
	}
}

// The middleware answers each refusal with its own message, before any handler runs.
func TestAccessAnswers(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	// A staff member without permissions.
	if _, err := env.Pool.Exec(ctx, `INSERT INTO users (email, password_hash, is_staff, first_name, last_name)
		SELECT 'bare@example.com', password_hash, true, 'Bare', 'Staff' FROM users WHERE email = $1`, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	bare := login(t, env, "bare@example.com")
	staff := login(t, env, seed.DemoStaff)
	pending := login(t, env, seed.DemoAgent) // memos and a W-9 still wait
	agent := ready(t, env, seed.DemoRMD)
	const (
		associates = "This is for associates"
		gate       = "Acknowledge your pending memos and W-9 documents before using the rest of the portal"
	)
	tests := []struct {
		who, token, method, path string
		status                   int
		message, code            string
	}{
		{"anonymous", "", "GET", "/api/clients", 401, "", ""},
		{"staff without clients.read", bare, "GET", "/api/clients", 403,
			"Staff need the clients.read permission for this", "staff_permission"},
		{"staff without associates.act_as", bare, "GET", "/api/search/associates?search_keyword=a", 403,
			"Staff need the associates.act_as permission for this", "staff_permission"},
		{"staff with clients.read", staff, "GET", "/api/clients?limit=1", 200, "", ""},
		{"staff with associates.act_as", staff, "GET", "/api/search/associates?search_keyword=a", 200, "", ""},
		{"staff, not acting", staff, "GET", "/api/team/Infinity", 403, associates, "associates_only"},
		{"staff, not acting, creating a client", staff, "POST", "/api/clients", 403, associates, "associates_only"},
		{"staff without permissions may read the ladder", bare, "GET", "/api/levels", 200, "", ""},
		{"an associate with memos pending", pending, "GET", "/api/clients", 403, gate, "acknowledgements_pending"},
		{"an associate with memos pending, on the dashboard", pending, "GET", "/api/dashboard/acknowledgements", 200, "", ""},
		{"an associate", agent, "GET", "/api/team/Personal", 200, "", ""},
		{"staff without permissions may read the providers", bare, "GET", "/api/providers", 200, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.who, func(t *testing.T) {
			var body any
			if tt.method == "POST" {
				body = map[string]any{"first_name": "A", "last_name": "B", "country": "USA"}
			}
			r := do(t, env, tt.method, tt.path, tt.token, body, nil)
			if r.Status != tt.status {
				t.Fatalf("%d %s, want %d", r.Status, r.Body, tt.status)
			}
			if tt.message != "" {
				e := r.apiError(t)
				if e.Message != tt.message || string(e.Code.Or("")) != tt.code {
					t.Errorf("message %q code %q, want %q %q", e.Message, e.Code.Or(""), tt.message, tt.code)
				}
			}
		})
	}
	// The back office's operations: a well-formed request from someone without the
	// permission is refused before the handler runs.
	for _, tt := range []struct {
		who, token, path string
		body             any
		perm             string
	}{
		{"an associate moving a policy", agent, "/api/policies/1/status", map[string]any{"status": "Ready To Pay"}, "policies.review"},
		{"staff without policies.review moving a policy", bare, "/api/policies/1/status", map[string]any{"status": "Ready To Pay"}, "policies.review"},
		{"staff without providers.manage adding a link", bare, "/api/providers/1/links",
			map[string]any{"title": "Forms", "url": "https://example.com/forms"}, "providers.manage"},
	} {
		r := do(t, env, "POST", tt.path, tt.token, tt.body, nil)
		if r.Status != 403 {
			t.Errorf("%s: %d %s, want 403", tt.who, r.Status, r.Body)
			continue
		}
		e := r.apiError(t)
		if want := "This is for staff with the " + tt.perm + " permission"; e.Message != want || e.Code.Or("") != "staff_permission" {
			t.Errorf("%s: message %q code %q, want %q staff_permission", tt.who, e.Message, e.Code.Or(""), want)
		}
	}
	if !slices.Contains([]int{200}, do(t, env, "GET", "/api/access", bare, nil, nil).Status) {
		t.Error("staff without permissions cannot read their own access")
	}
}

// Acting for an associate that does not exist, or without the permission, is refused with
// a code a program can act on, and never with a 401 that reads as a dead session.
func TestActingRefusalsCarryACode(t *testing.T) {
	env := servertest.Start(t)
	staff := login(t, env, seed.DemoStaff)
	agent := ready(t, env, seed.DemoAgent)
	for _, tt := range []struct {
		name, token, actAs string
		status             int
		code               string
	}{
		{"an unknown code", staff, "ZZZ999", 403, "acting_code_unknown"},
		{"an associate using the header", agent, seed.DemoRMDCode, 403, "acting_not_allowed"},
	} {
		r := do(t, env, "GET", "/api/access", tt.token, nil, header{"access-token": tt.actAs})
		if r.Status != tt.status || string(r.apiError(t).Code.Or("")) != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, r.Status, r.Body, tt.status, tt.code)
		}
	}
	raw, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Description string `yaml:"description"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	documented := doc.Components.Schemas["ErrorCode"].Description
	for _, code := range []string{errs.CodeAssociatesOnly, errs.CodeStaffPermission, errs.CodeActingNotAllowed,
		errs.CodeActingCodeUnknown, errs.CodeAcknowledgementsPending, errs.CodeLoginThrottled, errs.CodeLoginBusy,
		errs.CodeUnreachable} {
		if !strings.Contains(documented, "`"+code+"`") {
			t.Errorf("errs code %q is not documented in the contract's ErrorCode", code)
		}
	}
}

// Acknowledging is the associate's own act: staff acting for it may neither acknowledge
// nor reserve a signature upload.
func TestOnlyTheAssociateAcknowledges(t *testing.T) {
	env := servertest.Start(t)
	staff := login(t, env, seed.DemoStaff)
	acting := header{"access-token": seed.DemoAgtCode}
	for _, path := range []string{"/api/dashboard/acknowledgements/memos/signed-url"} {
		if r := do(t, env, "GET", path, staff, nil, acting); r.Status != 403 || !strings.Contains(r.apiError(t).Message, "Only the associate") {
			t.Errorf("%s while acting: %d %s", path, r.Status, r.Body)
		}
	}
	if r := do(t, env, "PUT", "/api/dashboard/acknowledgements/memos/1", staff, map[string]any{}, acting); r.Status != 403 ||
		!strings.Contains(r.apiError(t).Message, "Only the associate") {
		t.Errorf("acknowledging while acting: %d %s", r.Status, r.Body)
	}
}

// A download link is built under the rule of its operation when it is fetched: a staff
// member who lost clients.read since the link was made gets no file.
func TestDownloadLinkFollowsTheRuleWhenFetched(t *testing.T) {
	env := servertest.Start(t)
	staff := login(t, env, seed.DemoStaff)
	var dl struct {
		URL string `json:"url"`
	}
	do(t, env, "GET", "/api/clients/download?format=csv", staff, nil, nil).json(t, &dl)
	if dl.URL == "" {
		t.Fatal("no link")
	}
	if _, err := env.Pool.Exec(context.Background(), `UPDATE users SET permissions = '{associates.act_as}' WHERE email = $1`, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	r := do(t, env, "GET", dl.URL, "", nil, nil)
	if r.Status != 403 || string(r.apiError(t).Code.Or("")) != "staff_permission" || r.Header.Get("Content-Disposition") != "" {
		t.Errorf("the link after the permission went: %d %v %s", r.Status, r.Header, r.Body)
	}
}
