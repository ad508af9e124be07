package api_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/policy"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// writable finds what the demo agent can write a policy on: one of its clients in a state
// where it holds an active license, and an active product of a provider that appointed it
// there, offered in the client's country.
func writable(t testing.TB, env *servertest.Env) (clientID, productID int64) {
	t.Helper()
	err := env.Pool.QueryRow(context.Background(), `
		SELECT c.id, pr.id FROM associates a
		JOIN clients c ON c.associate_id = a.id
		JOIN licenses l ON l.associate_id = a.id AND l.state = c.state AND l.expires_on >= current_date AND l.issued_on <= current_date
		JOIN provider_appointments ap ON ap.associate_id = a.id AND ap.state = c.state AND ap.status = 'Appointed'
		JOIN products pr ON pr.provider_id = ap.provider_id AND pr.active AND c.country = ANY(pr.countries)
		WHERE a.code = $1 ORDER BY c.id, pr.id LIMIT 1`, seed.DemoAgtCode).Scan(&clientID, &productID)
	if err != nil {
		t.Fatalf("no client and product the demo agent can write: %v", err)
	}
	return clientID, productID
}

func newPolicy(number string, clientID, productID int64) *oas.PolicyInput {
	return &oas.PolicyInput{PolicyNumber: number, ClientID: clientID, ProductID: productID,
		FaceAmountCents: 500_000_00, TargetPremiumCents: 1_000_00, SubmittedOn: time.Now().UTC().Truncate(24 * time.Hour)}
}

func TestPolicyVisibilityMatrix(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	res, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("vis-0001", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	pol := res.Response
	if pol.PolicyNumber != "VIS-0001" || pol.Status != oas.PolicyStatusPending || !pol.CanEdit || len(pol.NextStatuses) != 0 {
		t.Errorf("created %+v; want VIS-0001, Pending, editable by its writer, no moves for an associate", pol)
	}
	downline, sibling, stranger := relatives(t, env)
	path := fmt.Sprintf("/api/policies/%d", pol.ID)
	staff := login(t, env, seed.DemoStaff)
	for _, c := range []struct {
		who    string
		token  string
		header header
		status int
	}{
		{"the writer", agent, nil, 200},
		{"its upline, the RMD", ready(t, env, seed.DemoRMD), nil, 200},
		{"its downline", ready(t, env, downline), nil, 404},
		{"a sibling", ready(t, env, sibling), nil, 404},
		{"a stranger", ready(t, env, stranger), nil, 404},
		{"staff with policies.review", staff, nil, 200},
		{"staff acting for the writer", staff, header{"access-token": seed.DemoAgtCode}, 200},
		{"anonymous", "", nil, 401},
	} {
		t.Run(c.who, func(t *testing.T) {
			r := do(t, env, "GET", path, c.token, nil, c.header)
			if r.Status != c.status {
				t.Fatalf("GET %s = %d; want %d: %s", path, r.Status, c.status, r.Body)
			}
			if c.status != 200 {
				r.apiError(t)
			}
			for _, sub := range []string{"/preview", "/history", "/requirements"} {
				if r := do(t, env, "GET", path+sub, c.token, nil, c.header); r.Status != c.status {
					t.Errorf("GET %s%s = %d; want %d", path, sub, r.Status, c.status)
				}
			}
		})
	}
}

// TestPolicyWorkflow walks every from × to × role: only staff with policies.review move
// policies, along the table of DOMAIN.md; anything else answers 409 naming the allowed moves.
func TestPolicyWorkflow(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	res, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("FLOW-1", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Response.ID
	staff := login(t, env, seed.DemoStaff)
	if _, err := env.Pool.Exec(ctx, `INSERT INTO users (email, password_hash, is_staff, first_name, last_name, permissions)
		SELECT 'viewer@example.com', password_hash, true, 'View', 'Only', '{associates.act_as}' FROM users WHERE email = $1`, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	viewer := login(t, env, "viewer@example.com")
	roles := []struct {
		name   string
		token  string
		header header
		may    bool
	}{
		{"the writer", agent, nil, false},
		{"staff without policies.review, acting", viewer, header{"access-token": seed.DemoAgtCode}, false},
		{"staff with policies.review", staff, nil, true},
		{"staff with policies.review, acting", staff, header{"access-token": seed.DemoAgtCode}, true},
	}
	for _, from := range policy.Statuses {
		for _, to := range policy.Statuses {
			for _, role := range roles {
				name := fmt.Sprintf("%s → %s by %s", from, to, role.name)
				if _, err := env.Pool.Exec(ctx, `UPDATE policies SET status = $2, approved_on = NULL WHERE id = $1`, id, from); err != nil {
					t.Fatal(err)
				}
				r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/status", id), role.token, map[string]string{"status": string(to)}, role.header)
				want := 403
				if role.may {
					want = 409
					if slices.Contains(policy.Next(from), to) {
						want = 200
					}
				}
				if r.Status != want {
					t.Errorf("%s: %d; want %d: %s", name, r.Status, want, r.Body)
					continue
				}
				if want == 409 {
					msg := r.apiError(t).Message
					for _, next := range policy.Next(from) {
						if !strings.Contains(msg, string(next)) {
							t.Errorf("%s: %q does not name the allowed %s", name, msg, next)
						}
					}
				}
			}
		}
	}
}

// Approval and lapse are recorded once, in the same transaction as the change, with the
// change log naming the staff member; production follows the status.
func TestApprovalAndLapseAreRecordedOnce(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	res, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("APPR-1", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Response.ID
	staff := login(t, env, seed.DemoStaff)
	acting := header{"access-token": seed.DemoAgtCode}
	move := func(to string, want int) {
		t.Helper()
		if r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/status", id), staff, map[string]string{"status": to}, acting); r.Status != want {
			t.Fatalf("move to %s: %d; want %d: %s", to, r.Status, want, r.Body)
		}
	}
	production := func(status string) (bv int64) {
		t.Helper()
		if err := env.Pool.QueryRow(ctx, `SELECT coalesce(sum(pm.bv_cents), 0) FROM production_monthly pm JOIN associates a ON a.id = pm.associate_id
			WHERE a.code = $1 AND pm.status = $2`, seed.DemoAgtCode, status).Scan(&bv); err != nil {
			t.Fatal(err)
		}
		return bv
	}
	approvedBefore, pendingBefore := production("Approved"), production("Pending")
	move("Ready To Pay", 200)
	move("Approved", 200)
	move("Approved", 409)
	bv := res.Response.BvCents
	if got := production("Approved") - approvedBefore; got != bv {
		t.Errorf("approved production grew by %d; want the policy's BV %d", got, bv)
	}
	if got := production("Pending") - pendingBefore; got != -bv {
		t.Errorf("pending production changed by %d; want the policy's BV %d taken off", got, -bv)
	}
	lapse := func(on string, want int) {
		t.Helper()
		if r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/lapse", id), staff, map[string]string{"lapsed_on": on}, nil); r.Status != want {
			t.Fatalf("lapse on %s: %d; want %d: %s", on, r.Status, want, r.Body)
		}
	}
	lapse(time.Now().UTC().AddDate(0, 0, 2).Format(time.DateOnly), 422)
	lapse(time.Now().UTC().Format(time.DateOnly), 200)
	lapse(time.Now().UTC().Format(time.DateOnly), 409)
	var approvals, lapses int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE kind = 'approved'), count(*) FILTER (WHERE kind = 'lapsed')
		FROM policy_events WHERE policy_id = $1 AND processed_at IS NULL`, id).Scan(&approvals, &lapses); err != nil {
		t.Fatal(err)
	}
	if approvals != 1 || lapses != 1 {
		t.Errorf("events: %d approvals, %d lapses; want one of each", approvals, lapses)
	}
	if got := production("Approved") - approvedBefore; got != 0 {
		t.Errorf("a lapsed policy still counts %d as Approved", got)
	}
	hist, err := client(t, env, agent).ListPolicyHistory(ctx, oas.ListPolicyHistoryParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, h := range hist.Response.Data {
		if h.Field.Or("") == "status" {
			moves = append(moves, h.OldValue.Or("")+" → "+h.NewValue.Or("")+" by "+h.Staff.Or(h.Actor))
		}
	}
	want := []string{"Pending → Ready To Pay by Sam Staffer", "Ready To Pay → Approved by Sam Staffer"}
	if diff := cmp.Diff(want, moves); diff != "" {
		t.Errorf("status history (-want +got):\n%s", diff)
	}
}

func TestOpenRequirementKeepsActionRequired(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	res, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("REQ-1", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Response.ID
	staff := client(t, env, login(t, env, seed.DemoStaff))
	req, err := staff.CreatePolicyRequirement(ctx, &oas.RequirementInput{Name: "Paramedical exam", Status: oas.RequirementStatusOpen},
		oas.CreatePolicyRequirementParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	got, err := staff.GetPolicy(ctx, oas.GetPolicyParams{ID: id})
	if err != nil || got.Response.Status != oas.PolicyStatusActionRequired || got.Response.OpenRequirements != 1 {
		t.Fatalf("after an open requirement: %+v, %v; want Action Required with 1 open", got, err)
	}
	_, err = staff.MovePolicy(ctx, &oas.PolicyMove{Status: oas.PolicyStatusPending}, oas.MovePolicyParams{ID: id})
	if statusOf(err) != 409 {
		t.Errorf("moving out of Action Required with an open requirement: %v; want 409", err)
	}
	if _, err := staff.UpdatePolicyRequirement(ctx, &oas.RequirementInput{Name: "Paramedical exam", Status: oas.RequirementStatusReceived},
		oas.UpdatePolicyRequirementParams{ID: id, RequirementID: req.Response.ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := staff.MovePolicy(ctx, &oas.PolicyMove{Status: oas.PolicyStatusPending}, oas.MovePolicyParams{ID: id}); err != nil {
		t.Errorf("moving back to Pending once received: %v", err)
	}
	// A requirement added while Ready To Pay holds back the approval.
	if _, err := staff.MovePolicy(ctx, &oas.PolicyMove{Status: oas.PolicyStatusReadyToPay}, oas.MovePolicyParams{ID: id}); err != nil {
		t.Fatal(err)
	}
	late, err := staff.CreatePolicyRequirement(ctx, &oas.RequirementInput{Name: "Replacement form", Status: oas.RequirementStatusOpen},
		oas.CreatePolicyRequirementParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	_, err = staff.MovePolicy(ctx, &oas.PolicyMove{Status: oas.PolicyStatusApproved}, oas.MovePolicyParams{ID: id})
	if statusOf(err) != 409 {
		t.Errorf("approving with an open requirement: %v; want 409", err)
	}
	if _, err := staff.UpdatePolicyRequirement(ctx, &oas.RequirementInput{Name: "Replacement form", Status: oas.RequirementStatusWaived},
		oas.UpdatePolicyRequirementParams{ID: id, RequirementID: late.Response.ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := staff.MovePolicy(ctx, &oas.PolicyMove{Status: oas.PolicyStatusApproved}, oas.MovePolicyParams{ID: id}); err != nil {
		t.Errorf("approving once waived: %v", err)
	}
	// The writer reads requirements but does not keep them.
	r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/requirements", id), agent, map[string]string{"name": "x", "status": "Open"}, nil)
	if r.Status != 403 || r.apiError(t).Code.Or("") != "staff_permission" {
		t.Errorf("an associate adding a requirement: %d %s; want 403 staff_permission", r.Status, r.Body)
	}
}

func TestCreatePolicyChecksWhatItNames(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	if _, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("DUP-1", clientID, productID)); err != nil {
		t.Fatal(err)
	}
	ctx2 := context.Background()
	var unlicensedClient int64
	if err := env.Pool.QueryRow(ctx2, `SELECT c.id FROM clients c JOIN associates a ON a.id = c.associate_id
		WHERE a.code = $1 AND c.state IS NOT NULL AND NOT EXISTS (SELECT 1 FROM licenses l WHERE l.associate_id = a.id AND l.state = c.state)
		ORDER BY c.id LIMIT 1`, seed.DemoAgtCode).Scan(&unlicensedClient); err != nil {
		// Give the agent a client in a state where it holds no license.
		if err := env.Pool.QueryRow(ctx2, `INSERT INTO clients (associate_id, first_name, last_name, state, country)
			SELECT id, 'Far', 'Away', 'AK', 'USA' FROM associates WHERE code = $1 RETURNING id`, seed.DemoAgtCode).Scan(&unlicensedClient); err != nil {
			t.Fatal(err)
		}
	}
	var othersClient int64
	if err := env.Pool.QueryRow(ctx2, `SELECT c.id FROM clients c JOIN associates a ON a.id = c.associate_id WHERE a.code <> $1 LIMIT 1`,
		seed.DemoAgtCode).Scan(&othersClient); err != nil {
		t.Fatal(err)
	}
	var strangerCode string
	if err := env.Pool.QueryRow(ctx2, `SELECT s.code FROM associates s, associates a WHERE a.code = $1
		AND NOT s.path <@ a.path AND NOT s.path @> a.path ORDER BY s.id DESC LIMIT 1`, seed.DemoAgtCode).Scan(&strangerCode); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		in    *oas.PolicyInput
		field string
		msg   string
	}{
		{"a number taken at the provider", newPolicy("dup-1", clientID, productID), "policy_number", "Policy number DUP-1 already exists at"},
		{"someone else's client", newPolicy("X-100", othersClient, productID), "client_id", "Client must be one of your own clients"},
		{"a state without a license", newPolicy("X-101", unlicensedClient, productID), "client_id", "holds no active license in"},
		{"no such product", newPolicy("X-102", clientID, 999999), "product_id", "Product not found"},
		{"an unknown split writer", func() *oas.PolicyInput {
			in := newPolicy("X-103", clientID, productID)
			in.SplitCode = oas.NewOptString("ZZZ999")
			return in
		}(), "split_code", "No associate you can see has the code ZZZ999"},
		{"a split writer the agent cannot see", func() *oas.PolicyInput {
			in := newPolicy("X-104", clientID, productID)
			in.SplitCode = oas.NewOptString(strangerCode)
			return in
		}(), "split_code", "No associate you can see has the code " + strangerCode},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := do(t, env, "POST", "/api/policies", agent, c.in, nil)
			if r.Status != 422 {
				t.Fatalf("%d %s; want 422", r.Status, r.Body)
			}
			e := r.apiError(t)
			found := false
			for _, f := range e.Errors {
				found = found || (f.Field == c.field && strings.Contains(f.Message, c.msg))
			}
			if !found {
				t.Errorf("errors %+v; want %s: %q", e.Errors, c.field, c.msg)
			}
		})
	}
	var n int
	if err := env.Pool.QueryRow(ctx2, `SELECT count(*) FROM policies WHERE policy_number LIKE 'X-1%'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d refused policies were written (%v)", n, err)
	}
}

// The preview of a form and of the saved policy agree, and a split pays each writer's half
// up its own chain.
func TestCommissionPreview(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	c := client(t, env, agent)
	in := newPolicy("PRE-1", clientID, productID)
	preview, err := c.PreviewCommission(ctx, &oas.CommissionPreviewInput{ProductID: productID, TargetPremiumCents: in.TargetPremiumCents})
	if err != nil {
		t.Fatal(err)
	}
	p := preview.Response
	if len(p.Lines) == 0 || p.Lines[0].AssociateCode != seed.DemoAgtCode || p.Lines[0].BonusType != oas.BonusTypeWriting {
		t.Fatalf("preview lines %+v; want the agent's Writing line first", p.Lines)
	}
	var sum int64
	for _, l := range p.Lines {
		sum += l.AmountCents
		if l.AmountCents <= 0 || l.Explanation == "" {
			t.Errorf("line %+v: want a positive amount and an explanation", l)
		}
	}
	if sum != p.TotalCents {
		t.Errorf("lines add up to %d; total says %d", sum, p.TotalCents)
	}
	saved, err := c.CreatePolicy(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := c.GetPolicyCommission(ctx, oas.GetPolicyCommissionParams{ID: saved.Response.ID})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(p.Lines, stored.Response.Lines); diff != "" {
		t.Errorf("preview of the form and of the saved policy differ (-form +saved):\n%s", diff)
	}
	// A 50/50 split with the RMD: two Split lines, each on half of C.
	split, err := c.PreviewCommission(ctx, &oas.CommissionPreviewInput{ProductID: productID, TargetPremiumCents: in.TargetPremiumCents,
		SplitCode: oas.NewOptString(strings.ToLower(seed.DemoRMDCode))})
	if err != nil {
		t.Fatal(err)
	}
	var halves []int64
	for _, l := range split.Response.Lines {
		if l.BonusType == oas.BonusTypeSplit {
			halves = append(halves, l.BaseCents)
		}
	}
	if len(halves) != 2 || halves[0]+halves[1] != split.Response.CommissionableCents {
		t.Errorf("split bases %v; want two halves adding up to C = %d", halves, split.Response.CommissionableCents)
	}
}

func TestBusinessListsAndDashboard(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	rmd := ready(t, env, seed.DemoRMD)
	clientID, productID := writable(t, env)
	created, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("LIST-1", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	has := func(token, query string) bool {
		t.Helper()
		r := do(t, env, "GET", "/api/policies?limit=1000&filter[policy_number][eq]=LIST-1&"+query, token, nil, nil)
		if r.Status != 200 {
			t.Fatalf("list %s: %d %s", query, r.Status, r.Body)
		}
		var l oas.PolicyList
		r.json(t, &l)
		return slices.ContainsFunc(l.Data, func(p oas.PolicyRow) bool { return p.ID == created.Response.ID })
	}
	if !has(agent, "") || !has(agent, "view=Infinity") || !has(rmd, "view=Infinity") || !has(rmd, "view=RmdSuperBase") {
		t.Error("the policy is missing from its writer's or its RMD's views")
	}
	if has(rmd, "view=Personal") {
		t.Error("the RMD's Personal view shows the agent's policy")
	}
	if r := do(t, env, "GET", "/api/policies?view=RmdSuperTeam", agent, nil, nil); r.Status != 403 {
		t.Errorf("a non-senior asking for RmdSuperTeam: %d; want 403", r.Status)
	}
	if r := do(t, env, "GET", "/api/policies?filter[writer_code][eq]=NOPE99", agent, nil, nil); r.Status != 422 {
		t.Errorf("an unknown writer code: %d; want 422", r.Status)
	}
	// Newest submissions first by default; the cursor walks every row once.
	seen := map[int64]bool{}
	var prev time.Time
	next := ""
	for page := 0; page < 100; page++ {
		r := do(t, env, "GET", "/api/policies?view=Infinity&limit=7"+next, rmd, nil, nil)
		var l oas.PolicyList
		r.json(t, &l)
		for _, p := range l.Data[:min(len(l.Data), 7)] {
			if seen[p.ID] {
				t.Fatalf("policy %d shown twice", p.ID)
			}
			seen[p.ID] = true
			if !prev.IsZero() && p.SubmittedOn.After(prev) {
				t.Fatalf("not newest first: %s after %s", p.SubmittedOn, prev)
			}
			prev = p.SubmittedOn
		}
		c, ok := l.NextCursor.Get()
		if !ok {
			break
		}
		next = "&cursor=" + c
	}
	if len(seen) < 20 {
		t.Errorf("the RMD's Infinity shows %d policies; the seed gives its team business", len(seen))
	}

	dash, err := client(t, env, rmd).GetBusinessDashboard(ctx, oas.GetBusinessDashboardParams{View: oas.NewOptTeamView(oas.TeamViewInfinity),
		PeriodStart: oas.NewOptDate(time.Now().UTC().AddDate(-2, 0, 0))})
	if err != nil {
		t.Fatal(err)
	}
	d := dash.Response
	if d.Totals.BvCents <= 0 || d.Totals.Policies <= 0 {
		t.Errorf("the RMD's Infinity totals %+v; want production", d.Totals)
	}
	var labels []string
	for _, s := range d.ByStatus {
		labels = append(labels, s.Label)
	}
	if diff := cmp.Diff([]string{"Pending", "Action Required", "Ready To Pay", "Approved", "Archived", "Lapsed"}, labels); diff != "" {
		t.Errorf("by status (-want +got):\n%s", diff)
	}
	if len(d.ByMonth) != 12 || len(d.Scholarships) != 5 || len(d.ByView) != 4 {
		t.Errorf("%d months, %d scholarships, %d views; want 12, 5, 4", len(d.ByMonth), len(d.Scholarships), len(d.ByView))
	}
	a := d.Scholarships[0]
	wantStart := time.Date(d.PeriodEnd.Year(), d.PeriodEnd.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -11, 0)
	var recruits, bv int64
	if err := env.Pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM associates d JOIN associates a ON d.upline_id = a.id WHERE a.code = $1 AND d.joined_on BETWEEN $2 AND $3),
		(SELECT coalesce(sum(w.bv_cents), 0) FROM policy_writers w JOIN policies p ON p.id = w.policy_id JOIN associates a ON a.id = w.associate_id
			WHERE a.code = $1 AND p.submitted_on BETWEEN $2 AND $3 AND p.lapsed_on IS NULL)`,
		seed.DemoRMDCode, wantStart, d.PeriodEnd).Scan(&recruits, &bv); err != nil {
		t.Fatal(err)
	}
	if a.Code != "ProgramA" || a.RecruitsTarget != 3 || a.BvTargetCents != 500_000 || a.AwardCents != 100_000 ||
		!a.WindowStart.Equal(wantStart) || a.Recruits != recruits || a.BvCents != bv ||
		a.Reached != (recruits >= 3 && bv >= 500_000) {
		t.Errorf("ProgramA %+v; want window from %s, %d recruits, BV %d", a, wantStart.Format(time.DateOnly), recruits, bv)
	}
	var byCategory int64
	for _, c := range d.ByCategory {
		byCategory += c.Amounts.BvCents
	}
	if byCategory != d.Totals.BvCents {
		t.Errorf("categories add up to %d; totals say %d", byCategory, d.Totals.BvCents)
	}
}

func TestPolicyDownload(t *testing.T) {
	env := servertest.Start(t)
	agent := ready(t, env, seed.DemoAgent)
	r := do(t, env, "GET", "/api/policies/download?format=csv", agent, nil, nil)
	if r.Status != 200 {
		t.Fatalf("download: %d %s", r.Status, r.Body)
	}
	var dl oas.Download
	r.json(t, &dl)
	file := do(t, env, "GET", dl.URL, "", nil, nil)
	if file.Status != 200 {
		t.Fatalf("fetch: %d %s", file.Status, file.Body)
	}
	rows, err := csv.NewReader(strings.NewReader(string(file.Body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(lists.Names(lists.PolicyExport), rows[0]); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	if len(rows) < 11 {
		t.Errorf("%d rows; the demo agent has business in every status", len(rows)-1)
	}
}

// The team views' production column is the BV each member is credited with in the period,
// and adds up to the business dashboard's total of the view.
func TestTeamProductionAgreesWithTheDashboard(t *testing.T) {
	env := servertest.Start(t)
	rmd := ready(t, env, seed.DemoRMD)
	start := time.Now().UTC().AddDate(-1, 0, 0).Format(time.DateOnly)
	var sum int64
	next := ""
	for page := 0; page < 1000; page++ {
		r := do(t, env, "GET", "/api/team/Infinity?limit=1000&period_start="+start+next, rmd, nil, nil)
		if r.Status != 200 {
			t.Fatalf("team: %d %s", r.Status, r.Body)
		}
		var l oas.TeamMemberList
		r.json(t, &l)
		for _, m := range l.Data[:min(len(l.Data), 1000)] {
			sum += m.Production
		}
		c, ok := l.NextCursor.Get()
		if !ok {
			break
		}
		next = "&cursor=" + c
	}
	r := do(t, env, "GET", "/api/business/dashboard?view=Infinity&period_start="+start, rmd, nil, nil)
	var d oas.BusinessDashboard
	r.json(t, &d)
	if sum <= 0 || sum != d.Totals.BvCents {
		t.Errorf("team production adds up to %d; the dashboard's Infinity BV is %d", sum, d.Totals.BvCents)
	}
	// The team dashboard shows the same production for each view.
	r = do(t, env, "GET", "/api/team?period_start="+start, rmd, nil, nil)
	var td oas.TeamDashboard
	r.json(t, &td)
	for _, v := range td.Views {
		if v.View == oas.TeamViewInfinity && v.Production != d.Totals {
			t.Errorf("team dashboard Infinity production %+v; business dashboard %+v", v.Production, d.Totals)
		}
		if i := slices.IndexFunc(d.ByView, func(l oas.LabelledAmounts) bool { return l.Label == string(v.View) }); i < 0 || d.ByView[i].Amounts != v.Production {
			t.Errorf("team dashboard %s production %+v; business dashboard by view %+v", v.View, v.Production, d.ByView)
		}
	}
	// The download counts the period of the request that made its link.
	r = do(t, env, "GET", "/api/team/Infinity/download?format=csv&period_start="+start, rmd, nil, nil)
	var dl oas.Download
	r.json(t, &dl)
	file := do(t, env, "GET", dl.URL, "", nil, nil)
	rows, err := csv.NewReader(strings.NewReader(string(file.Body))).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("team download: %v, %d rows", err, len(rows))
	}
	col := slices.Index(rows[0], "production")
	var fromFile int64
	for _, row := range rows[1:] {
		v, err := strconv.ParseInt(row[col], 10, 64)
		if err != nil {
			t.Fatalf("production %q: %v", row[col], err)
		}
		fromFile += v
	}
	if fromFile != sum {
		t.Errorf("the download's production adds up to %d; the list's to %d", fromFile, sum)
	}
	// Ordered by production, the first member has the most.
	r = do(t, env, "GET", "/api/team/Infinity?limit=3&order[production]=DESC&period_start="+start, rmd, nil, nil)
	var top oas.TeamMemberList
	r.json(t, &top)
	if len(top.Data) < 2 || top.Data[0].Production < top.Data[1].Production || top.Data[0].Production <= 0 {
		t.Errorf("ordered by production: %+v", top.Data)
	}
}

func TestAssociateOverviewShowsPersonalProduction(t *testing.T) {
	env := servertest.Start(t)
	rmd, agent := ready(t, env, seed.DemoRMD), ready(t, env, seed.DemoAgent)
	now := time.Now().UTC()
	start := time.Date(now.Year(), now.Month()-11, 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	r := do(t, env, "GET", "/api/business/dashboard?view=Personal&period_start="+start, agent, nil, nil)
	var personal oas.BusinessDashboard
	r.json(t, &personal)
	if personal.Totals.BvCents <= 0 {
		t.Fatalf("the demo agent has no production in the last twelve months: %+v", personal.Totals)
	}
	// The agent's overview, seen by itself and by its RMD upline, shows the same figures.
	for _, who := range []string{agent, rmd} {
		r = do(t, env, "GET", "/api/associates/"+seed.DemoAgtCode, who, nil, nil)
		if r.Status != 200 {
			t.Fatalf("overview: %d %s", r.Status, r.Body)
		}
		var o oas.AssociateOverview
		r.json(t, &o)
		p, ok := o.Production.Get()
		if !ok {
			t.Fatalf("no production in the overview: %s", r.Body)
		}
		if p.Totals != personal.Totals || p.PeriodStart.Format(time.DateOnly) != start || len(p.ByMonth) != 12 {
			t.Errorf("overview production %+v from %s, %d months; dashboard %+v from %s", p.Totals, p.PeriodStart, len(p.ByMonth), personal.Totals, start)
		}
		if !cmp.Equal(p.ByMonth, personal.ByMonth) {
			t.Errorf("by month: %s", cmp.Diff(personal.ByMonth, p.ByMonth))
		}
	}
	// An upline's production is not the caller's to see.
	r = do(t, env, "GET", "/api/associates/"+seed.DemoRMDCode, agent, nil, nil)
	var up oas.AssociateOverview
	r.json(t, &up)
	if r.Status != 200 || up.Production.Set {
		t.Errorf("the agent sees its upline's production: %d %s", r.Status, r.Body)
	}
}
