package cli_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// The acceptance test of the business commands (business, providers, products,
// comp-schedule): the portal command line, in process, against a real portald over a
// freshly seeded database, with the configuration in a temporary directory (the setup of
// acceptance_test.go).

// decode parses the JSON a command printed into v.
func decode(t *testing.T, out string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
}

// fails runs a command that must exit 1 with a message containing each of wants.
func fails(t *testing.T, wants []string, args ...string) {
	t.Helper()
	r := portal(t, "", args...)
	if r.code != cmdutil.ExitError {
		t.Errorf("portal %s: exit %d, want 1; stderr %q", strings.Join(args, " "), r.code, r.stderr)
	}
	for _, w := range wants {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("portal %s: stderr %q lacks %q", strings.Join(args, " "), r.stderr, w)
		}
	}
}

// sameCSV checks that two commands print the same CSV, of at least min rows.
func sameCSV(t *testing.T, min int, list, export []string) {
	t.Helper()
	listed, err := csv.NewReader(strings.NewReader(mustPortal(t, list...))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	exported, err := csv.NewReader(strings.NewReader(mustPortal(t, export...))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(listed) < min {
		t.Errorf("%v: %d rows, want at least %d", list, len(listed), min)
	}
	if diff := cmp.Diff(exported, listed); diff != "" {
		t.Errorf("%v (-download +list --csv):\n%s", list, diff)
	}
}

// writing is what the demo agent can write a split policy on, found through the commands.
type writing struct {
	client, product int64
	split           string // a second writer licensed and appointed where the agent is
}

type appointment struct {
	ProviderCode string  `json:"provider_code"`
	State        string  `json:"state"`
	Status       string  `json:"status"`
	TerminatedOn *string `json:"terminated_on"`
}

type license struct {
	State   string `json:"state"`
	Expired bool   `json:"expired"`
}

// where lists "PROVIDER/STATE" for the provider appointments in force of an associate in the
// states it holds a license in force.
func where(t *testing.T, code string) []string {
	t.Helper()
	var apps []appointment
	decode(t, mustPortal(t, "associates", "view", code, "--appointments", "--json", "provider_code,state,status,terminated_on"), &apps)
	var lics []license
	decode(t, mustPortal(t, "associates", "view", code, "--licenses", "--json", "state,expired"), &lics)
	var out []string
	for _, a := range apps {
		licensed := slices.ContainsFunc(lics, func(l license) bool { return l.State == a.State && !l.Expired })
		if a.Status == "Appointed" && a.TerminatedOn == nil && licensed {
			out = append(out, a.ProviderCode+"/"+a.State)
		}
	}
	return out
}

func findWriting(t *testing.T) writing {
	t.Helper()
	mine := where(t, "AGT100")
	var states []string
	for _, w := range mine {
		_, st, _ := strings.Cut(w, "/")
		states = append(states, st)
	}
	var members []struct{ Code string }
	decode(t, mustPortal(t, "team", "list", "--view", "Infinity", "--all", "--filter", "status=eq:active",
		"--filter", "license_state=in:"+strings.Join(states, ","), "--json", "code"), &members)
	var providers []struct {
		ID   int64
		Code string
	}
	decode(t, mustPortal(t, "providers", "list", "--all", "--json", "id,code"), &providers)
	for _, m := range members {
		if m.Code == "AGT100" {
			continue
		}
		for _, w := range where(t, m.Code) {
			if !slices.Contains(mine, w) {
				continue
			}
			code, state, _ := strings.Cut(w, "/")
			i := slices.IndexFunc(providers, func(p struct {
				ID   int64
				Code string
			}) bool {
				return p.Code == code
			})
			var clients []struct{ ID int64 }
			decode(t, mustPortal(t, "clients", "list", "--all", "--filter", "associate_code=eq:AGT100", "--filter", "state=eq:"+state,
				"--filter", "country=eq:USA", "--json", "id"), &clients)
			var products []struct{ ID int64 }
			decode(t, mustPortal(t, "products", "list", "--filter", fmt.Sprintf("provider_id=eq:%d", providers[i].ID),
				"--filter", "active=true", "--filter", "country=eq:USA", "--json", "id"), &products)
			if len(clients) > 0 && len(products) > 0 {
				return writing{client: clients[0].ID, product: products[0].ID, split: m.Code}
			}
		}
	}
	t.Fatalf("no downline of the demo agent is licensed and appointed where it is (%v)", mine)
	return writing{}
}

func TestBusinessAcceptance(t *testing.T) {
	env := startAsAgent(t)

	var policies []map[string]any
	t.Run("the agent lists its policies", func(t *testing.T) {
		decode(t, mustPortal(t, "business", "list", "--limit", "1000", "--json"), &policies)
		if len(policies) < 3 {
			t.Fatalf("the demo agent has %d policies", len(policies))
		}
		for _, p := range policies {
			if p["writer_code"] != "AGT100" && p["split_code"] != "AGT100" {
				t.Errorf("a policy the agent did not write: %v", p)
			}
		}
		lines := strings.Split(strings.TrimRight(mustPortal(t, "business", "list", "--limit", "1000"), "\n"), "\n")
		if len(lines) != len(policies) || len(strings.Split(lines[0], "\t")) != 13 {
			t.Errorf("piped: %d lines of %d columns, want %d of 13", len(lines), len(strings.Split(lines[0], "\t")), len(policies))
		}
		out := mustPortal(t, "business", "list", "--all", "--limit", "2", "--order", "policy_number", "--jq", ".[].policy_number")
		numbers := strings.Fields(out)
		if len(numbers) != len(policies) || !slices.IsSorted(numbers) {
			t.Errorf("--all --limit 2 --order policy_number: %v", numbers)
		}
		out = mustPortal(t, "business", "list", "--filter", "status=in:approved,archived", "--jq", ".[].status")
		for _, s := range strings.Split(strings.TrimSpace(out), "\n") {
			if s != "Approved" && s != "Archived" {
				t.Errorf("filtered on approved and archived, got %q", s)
			}
		}
		var team []map[string]any
		decode(t, mustPortal(t, "business", "list", "--view", "baseshop", "--all", "--json", "id"), &team)
		if len(team) <= len(policies) {
			t.Errorf("the base shop has %d policies, the agent alone %d", len(team), len(policies))
		}
		fails(t, []string{"RmdSuperTeam is for senior associates", "HTTP 403"}, "business", "list", "--view", "RmdSuperTeam")
		fails(t, []string{`unknown filter field "premium"`}, "business", "list", "--filter", "premium=gte:1")
	})

	t.Run("providers, products and the schedule", func(t *testing.T) {
		var providers []struct {
			ID                                   int64
			Contacts, Videos, Links, Attachments int
		}
		decode(t, mustPortal(t, "providers", "list", "--all", "--json"), &providers)
		if len(providers) == 0 {
			t.Fatal("no providers")
		}
		p := providers[0]
		id := strconv.FormatInt(p.ID, 10)
		out := mustPortal(t, "providers", "view", id)
		if !strings.Contains(out, "id:\t"+id+"\n") || !strings.Contains(out, "contacts:\t"+strconv.Itoa(p.Contacts)+"\n") {
			t.Errorf("providers view piped:\n%s", out)
		}
		for flag, n := range map[string]int{"--contacts": p.Contacts, "--videos": p.Videos, "--links": p.Links, "--attachments": p.Attachments} {
			var items []map[string]any
			decode(t, mustPortal(t, "providers", "view", id, flag, "--json"), &items)
			if len(items) != n {
				t.Errorf("%s: %d, the provider counts %d", flag, len(items), n)
			}
		}
		fails(t, []string{"HTTP 404"}, "providers", "view", "999999")

		var products []struct {
			ID     int64
			Active bool
		}
		decode(t, mustPortal(t, "products", "list", "--all", "--filter", "active=true", "--json", "id,active"), &products)
		if len(products) == 0 {
			t.Fatal("no active products")
		}
		for _, pr := range products {
			if !pr.Active {
				t.Errorf("product %d is not active", pr.ID)
			}
		}

		var mine []string
		decode(t, mustPortal(t, "comp-schedule", "--all", "--jq", `[.[] | .levels[] | select(.mine) | .level] | unique`), &mine)
		if diff := cmp.Diff([]string{"SMD"}, mine); diff != "" {
			t.Errorf("the agent's level marked (-want +got):\n%s", diff)
		}
		sameCSV(t, 3, []string{"comp-schedule", "--all", "--csv", "--order", "name"}, []string{"comp-schedule", "export", "--order", "name"})
		sameCSV(t, 3, []string{"business", "list", "--all", "--csv"}, []string{"business", "export"})
	})

	w := findWriting(t)
	client, product := strconv.FormatInt(w.client, 10), strconv.FormatInt(w.product, 10)
	var preview map[string]any
	t.Run("the agent previews a split", func(t *testing.T) {
		js := mustPortal(t, "business", "preview", "--product", product, "--target-premium", "1,200", "--split", w.split+":40%", "--json")
		decode(t, js, &preview)
		// Money is integer cents: read it as such, never through a float.
		var money struct {
			Commissionable int64 `json:"commissionable_cents"`
			Total          int64 `json:"total_cents"`
			Lines          []struct {
				Code   string `json:"associate_code"`
				Type   string `json:"bonus_type"`
				Base   int64  `json:"base_cents"`
				Amount int64  `json:"amount_cents"`
			} `json:"lines"`
		}
		decode(t, js, &money)
		lines := money.Lines
		bases := map[string]int64{} // of the Split lines, by writer
		var sum int64
		for _, l := range lines {
			sum += l.Amount
			if l.Type == "Split" {
				bases[l.Code] = l.Base
			}
		}
		if len(bases) != 2 || bases["AGT100"]+bases[w.split] != money.Commissionable || bases[w.split] >= bases["AGT100"] {
			t.Errorf("split bases %v; want 60%% for AGT100 and 40%% for %s, adding up to %d", bases, w.split, money.Commissionable)
		}
		if sum != money.Total {
			t.Errorf("the lines add up to %d, the total is %d", sum, money.Total)
		}
		out := mustPortal(t, "business", "preview", "--product", product, "--target-premium", "1200", "--split", w.split+":4000bp")
		rows := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(rows) != len(lines) || len(strings.Split(rows[0], "\t")) != 11 || !strings.Contains(rows[0], "wrote the policy") {
			t.Errorf("piped preview:\n%s", out)
		}
	})

	var id string
	t.Run("the agent writes it", func(t *testing.T) {
		id = strings.TrimSpace(mustPortal(t, "business", "create", "--policy-number", "acc-0001", "--client", client, "--product", product,
			"--face-amount", "$250,000", "--target-premium", "1,200", "--split", w.split+":40%", "--notes", "Written by the acceptance test"))
		if _, err := strconv.ParseInt(id, 10, 64); err != nil {
			t.Fatalf("create printed %q, want the ID", id)
		}
		var got struct {
			PolicyNumber       string `json:"policy_number"`
			Status             string
			FaceAmountCents    int64 `json:"face_amount_cents"`
			TargetPremiumCents int64 `json:"target_premium_cents"`
			Writers            []struct {
				Code    string
				ShareBp int `json:"share_bp"`
			}
			Commission map[string]any
		}
		decode(t, mustPortal(t, "business", "view", id, "--json", "policy_number,status,face_amount_cents,target_premium_cents,writers,commission"), &got)
		if got.PolicyNumber != "ACC-0001" || got.Status != "Pending" || got.FaceAmountCents != 25000000 || got.TargetPremiumCents != 120000 ||
			len(got.Writers) != 2 || got.Writers[0].ShareBp != 6000 || got.Writers[1].Code != w.split || got.Writers[1].ShareBp != 4000 {
			t.Errorf("the policy written: %+v", got)
		}
		if diff := cmp.Diff(preview["lines"], got.Commission["lines"]); diff != "" {
			t.Errorf("the preview and the written policy's commission differ (-preview +policy):\n%s", diff)
		}
		out := mustPortal(t, "business", "view", id)
		for _, want := range []string{"policy_number:\tACC-0001\n", "status:\tPending\n", "can_edit:\ttrue\n", "requirements:\t[]\n", "commission:\t{"} {
			if !strings.Contains(out, want) {
				t.Errorf("view piped lacks %q:\n%s", want, out)
			}
		}
		out = mustPortal(t, "business", "edit", id, "--target-premium", "1300.50", "--split", "", "--json", "target_premium_cents,writers")
		if !strings.Contains(out, `"target_premium_cents": 130050`) || strings.Contains(out, w.split) {
			t.Errorf("edit:\n%s", out)
		}
	})

	t.Run("bad input gives a clear error", func(t *testing.T) {
		create := []string{"business", "create", "--policy-number", "acc-0002", "--client", client, "--product", product}
		fails(t, []string{"--target-premium: invalid amount \"12.345\": at most two decimals"}, append(create, "--target-premium", "12.345")...)
		fails(t, []string{"write a percentage (40%) or basis points (4000bp)"}, append(create, "--target-premium", "1", "--split", w.split+":40")...)
		fails(t, []string{"missing --target-premium"}, create...)
		fails(t, []string{"Policy number ACC-0001 already exists", "HTTP 422", "policy_number:"}, "business", "create",
			"--policy-number", "acc-0001", "--client", client, "--product", product, "--target-premium", "1")
		fails(t, []string{"Validation error (HTTP 422)", "product_id: Product not found"}, append(create, "--product", "999999", "--target-premium", "1")...)
		fails(t, []string{"This is for staff with the policies.review permission (HTTP 403)"}, "business", "move", id, "ready-to-pay")
		fails(t, []string{`invalid status "paid"`}, "business", "move", id, "paid")
	})

	t.Run("export writes a file and refuses to overwrite it", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "business.csv")
		mustPortal(t, "business", "export", "-o", path)
		first, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(string(first))).ReadAll()
		if err != nil || len(rows) != len(policies)+2 || rows[0][0] != "id" { // the header, and the policy written above
			t.Errorf("%d rows (%v), want %d", len(rows), err, len(policies)+2)
		}
		fails(t, []string{path + " exists; use --clobber to overwrite it"}, "business", "export", "-o", path, "--filter", "id=eq:"+id)
		if again, _ := os.ReadFile(path); string(again) != string(first) {
			t.Error("the refused export changed the file")
		}
		mustPortal(t, "business", "export", "-o", path, "--filter", "id=eq:"+id, "--clobber")
		if again, _ := os.ReadFile(path); strings.Count(string(again), "\n") != 2 || !strings.Contains(string(again), "ACC-0001") {
			t.Errorf("the export with --clobber:\n%s", again)
		}
	})

	login(t, env.URL, "staff@example.com")
	t.Run("staff move the policy, acting or not", func(t *testing.T) {
		out := mustPortal(t, "business", "move", id, "ready-to-pay", "--json", "status,next_statuses")
		if !strings.Contains(out, `"status": "Ready To Pay"`) || !strings.Contains(out, `"Approved"`) {
			t.Errorf("move:\n%s", out)
		}
		fails(t, []string{"cannot move to Archived; it can move to: Approved", "HTTP 409"}, "business", "move", id, "archived")
		out = mustPortal(t, "business", "move", id, "approved", "--as", "agt100", "--jq", ".status")
		if strings.TrimSpace(out) != "Approved" {
			t.Errorf("move acting for the writer: %q", out)
		}
		// Staff see every policy; acting, those of the associate.
		if out := mustPortal(t, "business", "list", "--as", "AGT100", "--filter", "id=eq:"+id, "--jq", ".[].policy_number"); strings.TrimSpace(out) != "ACC-0001" {
			t.Errorf("the writer's list, acting: %q", out)
		}
		if out := mustPortal(t, "business", "view", id, "--jq", ".status"); strings.TrimSpace(out) != "Approved" {
			t.Errorf("staff view: %q", out)
		}
		fails(t, []string{"This is for associates (HTTP 403)", "--as CODE or PORTAL_ACT_AS=CODE"}, "business", "preview", "--product", product, "--target-premium", "1")
	})

	t.Run("the agent sees it approved and can no longer edit it", func(t *testing.T) {
		mustPortal(t, "auth", "switch", "agent@example.com")
		if out := mustPortal(t, "business", "view", id, "--jq", "[.status, .can_edit]"); strings.TrimSpace(out) != `["Approved",false]` {
			t.Errorf("after approval: %s", out)
		}
		fails(t, []string{"policy ACC-0001 is Approved", "only its first writer can edit it, while it is Pending or Action Required"},
			"business", "edit", id, "--notes", "late")
	})
}
