package api_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// Business rules of the policy area the other business tests leave out: commission on the
// hierarchy as of the sale date, the appointment checks of both writers, who may edit a
// policy and until when, the change log of edits and requirements, and the dashboard's
// pending requirements.

// day is a date n days from today (UTC), as the API takes dates.
func day(n int) time.Time {
	return time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, n)
}

// usDate is a date as the server's messages write it.
func usDate(d time.Time) string { return d.Format("01/02/2006") }

// scalar runs a query answering one row and scans it.
func scalar(t testing.TB, env *servertest.Env, sql string, dest []any, args ...any) {
	t.Helper()
	if err := env.Pool.QueryRow(context.Background(), sql, args...).Scan(dest...); err != nil {
		t.Fatalf("%v: %s", err, sql)
	}
}

// commissionLine is what a line says about who earns what at which level and rate.
type commissionLine struct {
	Code, Bonus, Level string
	Generation, RateBP int
}

func linesOf(p oas.CommissionPreview) []commissionLine {
	out := make([]commissionLine, len(p.Lines))
	for i, l := range p.Lines {
		out[i] = commissionLine{l.AssociateCode, string(l.BonusType), l.Level, l.Generation.Or(0), l.RateBp}
	}
	return out
}

// A policy pays the chain and levels of its sale date: an upline change and promotions
// recorded afterwards (effective later) leave it as it was, while a policy sold on the
// day they take effect pays the new chain at the new levels.
func TestBusinessRulesCommissionUsesTheSaleDateHierarchy(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	c := client(t, env, agent)
	clientID, productID := writable(t, env)
	effective := day(-10)

	before := newPolicy("SNAP-1", clientID, productID)
	before.SubmittedOn = effective.AddDate(0, 0, -1)
	p1, err := c.CreatePolicy(ctx, before)
	if err != nil {
		t.Fatal(err)
	}
	commission := func(id int64) oas.CommissionPreview {
		t.Helper()
		res, err := c.GetPolicyCommission(ctx, oas.GetPolicyCommissionParams{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		return res.Response
	}
	// The seeded chain: AGT100 (SMD) → RMD100 (RMD, the leader) → DS00004 (SRMD,
	// generation 1) → NJ00003 (SMD, suspended, above the leader: nothing) → JM00001
	// (ERMD, generation 2).
	old := []commissionLine{
		{"AGT100", "Writing", "SMD", 0, 6500},
		{"RMD100", "Override Bonus", "RMD", 0, 7500 - 6500},
		{"DS00004", "Override Bonus", "SRMD", 1, 600},
		{"JM00001", "Override Bonus", "ERMD", 2, 400},
	}
	soldBefore := commission(p1.Response.ID)
	if diff := cmp.Diff(old, linesOf(soldBefore)); diff != "" {
		t.Fatalf("the seeded chain is not the one this test is drawn on (-want +got):\n%s", diff)
	}

	// The agent moves (with its organisation) under DS00004; RMD100 is promoted to SRMD
	// and DS00004 to ERMD; all effective ten days ago, as the hierarchy records them.
	var agentID, rmdID, dsID int64
	scalar(t, env, `SELECT (SELECT id FROM associates WHERE code = 'AGT100'), (SELECT id FROM associates WHERE code = 'RMD100'),
		(SELECT id FROM associates WHERE code = 'DS00004')`, []any{&agentID, &rmdID, &dsID})
	if err := env.Store.MoveAssociate(ctx, agentID, dsID, effective, "test"); err != nil {
		t.Fatal(err)
	}
	if err := env.Store.SetLevel(ctx, rmdID, 7, effective, 0, 0, "test"); err != nil {
		t.Fatal(err)
	}
	if err := env.Store.SetLevel(ctx, dsID, 8, effective, 0, 0, "test"); err != nil {
		t.Fatal(err)
	}

	// The policy sold the day before keeps the old chain and levels, line for line.
	if diff := cmp.Diff(soldBefore, commission(p1.Response.ID)); diff != "" {
		t.Errorf("the commission of a policy sold before the changes moved with them (-before +after):\n%s", diff)
	}
	// So does the preview of a form dated that day.
	form, err := c.PreviewCommission(ctx, &oas.CommissionPreviewInput{ProductID: productID,
		TargetPremiumCents: before.TargetPremiumCents, SubmittedOn: oas.NewOptDate(before.SubmittedOn)})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(old, linesOf(form.Response)); diff != "" {
		t.Errorf("preview of a form sold the day before the changes (-want +got):\n%s", diff)
	}
	if !form.Response.AsOf.Equal(before.SubmittedOn) {
		t.Errorf("preview as of %s; want the sale date %s", form.Response.AsOf, before.SubmittedOn)
	}

	// Sold on the day the changes take effect: DS00004 is now the leader as an ERMD,
	// JM00001 the first generation, RMD100 no longer in the chain.
	on := newPolicy("SNAP-2", clientID, productID)
	on.SubmittedOn = effective
	p2, err := c.CreatePolicy(ctx, on)
	if err != nil {
		t.Fatal(err)
	}
	now := []commissionLine{
		{"AGT100", "Writing", "SMD", 0, 6500},
		{"DS00004", "Override Bonus", "ERMD", 0, 8500 - 6500},
		{"JM00001", "Override Bonus", "ERMD", 1, 600},
	}
	soldAfter := commission(p2.Response.ID)
	if diff := cmp.Diff(now, linesOf(soldAfter)); diff != "" {
		t.Errorf("a policy sold on the day of the changes (-want +got):\n%s", diff)
	}
	if !soldBefore.AsOf.Equal(before.SubmittedOn) || !soldAfter.AsOf.Equal(on.SubmittedOn) {
		t.Errorf("as of %s and %s; want the sale dates %s and %s", soldBefore.AsOf, soldAfter.AsOf, before.SubmittedOn, on.SubmittedOn)
	}
}

// floridaCase is what the appointment tests write on: the agent's client in a state where
// the agent holds an active license, a downline ("mate") licensed there too, a product of a
// provider both are appointed with there ("shared"), one of a provider only the agent is
// appointed with ("agentOnly"), and one of a provider the agent is not appointed with
// ("unappointed").
type floridaCase struct {
	clientID, mateID                       int64
	state, mateCode, mateEmail             string
	shared, agentOnly, unappointed         int64
	agentOnlyProvider, unappointedProvider string
}

func appointmentCase(t testing.TB, env *servertest.Env) floridaCase {
	t.Helper()
	var f floridaCase
	// An active product of a provider, offered in the client's country, appointed or not.
	const product = `(SELECT pr.id FROM products pr WHERE pr.active AND c.country = ANY(pr.countries) AND %s ORDER BY pr.id LIMIT 1)`
	appointed := func(who string) string {
		return `EXISTS (SELECT 1 FROM provider_appointments ap WHERE ap.associate_id = ` + who + `.id AND ap.state = c.state
			AND ap.provider_id = pr.provider_id AND ap.status = 'Appointed' AND ap.appointed_on <= current_date AND ap.terminated_on IS NULL)`
	}
	scalar(t, env, `SELECT c.id, c.state, d.id, d.code, d.email,
			`+fmt.Sprintf(product, appointed("a")+` AND `+appointed("d"))+`,
			`+fmt.Sprintf(product, appointed("a")+` AND NOT `+appointed("d"))+`,
			`+fmt.Sprintf(product, `NOT `+appointed("a"))+`
		FROM associates a
		JOIN clients c ON c.associate_id = a.id
		JOIN licenses l ON l.associate_id = a.id AND l.state = c.state AND l.issued_on <= current_date AND l.expires_on >= current_date
		JOIN associates d ON d.path <@ a.path AND d.id <> a.id AND d.status = 'Active'
		JOIN licenses dl ON dl.associate_id = d.id AND dl.state = c.state AND dl.issued_on <= current_date AND dl.expires_on >= current_date
		WHERE a.code = $1
		ORDER BY 6 NULLS LAST, 7 NULLS LAST, 8 NULLS LAST, c.id, d.id LIMIT 1`,
		[]any{&f.clientID, &f.state, &f.mateID, &f.mateCode, &f.mateEmail, &f.shared, &f.agentOnly, &f.unappointed}, seed.DemoAgtCode)
	scalar(t, env, `SELECT (SELECT pv.name FROM products pr JOIN providers pv ON pv.id = pr.provider_id WHERE pr.id = $1),
		(SELECT pv.name FROM products pr JOIN providers pv ON pv.id = pr.provider_id WHERE pr.id = $2)`,
		[]any{&f.agentOnlyProvider, &f.unappointedProvider}, f.agentOnly, f.unappointed)
	return f
}

// A writer licensed in the client's state but not appointed there with the product's
// provider is refused with a 422 naming what is missing; so is a split writer without a
// license or without an appointment, on split_code. Nothing is written.
func TestBusinessRulesAppointmentsOfBothWriters(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	f := appointmentCase(t, env)
	sold := day(-3)
	policyOn := func(number string, product int64, split string) *oas.PolicyInput {
		in := newPolicy(number, f.clientID, product)
		in.SubmittedOn = sold
		if split != "" {
			in.SplitCode = oas.NewOptString(split)
		}
		return in
	}
	refused := func(t *testing.T, in *oas.PolicyInput, want []oas.FieldError) {
		t.Helper()
		r := do(t, env, "POST", "/api/policies", agent, in, nil)
		if r.Status != 422 {
			t.Fatalf("%d %s; want 422", r.Status, r.Body)
		}
		e := r.apiError(t)
		if diff := cmp.Diff(want, e.Errors); diff != "" {
			t.Errorf("errors (-want +got):\n%s", diff)
		}
	}
	// The control: the same writers on the provider both are appointed with are accepted.
	if _, err := client(t, env, agent).CreatePolicy(ctx, policyOn("APPT-OK", f.shared, f.mateCode)); err != nil {
		t.Fatalf("a split both writers may write: %v", err)
	}
	t.Run("the writer without an appointment", func(t *testing.T) {
		refused(t, policyOn("APPT-1", f.unappointed, ""), []oas.FieldError{{Field: "client_id",
			Message: fmt.Sprintf("AGT100 has no appointment with %s in %s on %s", f.unappointedProvider, f.state, usDate(sold))}})
	})
	t.Run("the split writer without an appointment", func(t *testing.T) {
		refused(t, policyOn("APPT-2", f.agentOnly, f.mateCode), []oas.FieldError{{Field: "split_code",
			Message: fmt.Sprintf("%s has no appointment with %s in %s on %s", f.mateCode, f.agentOnlyProvider, f.state, usDate(sold))}})
	})
	t.Run("the split writer without a license", func(t *testing.T) {
		// The split writer's license in the state ran out the day before the sale.
		if _, err := env.Pool.Exec(ctx, `UPDATE licenses SET expires_on = $3 WHERE associate_id = $1 AND state = $2`,
			f.mateID, f.state, sold.AddDate(0, 0, -1)); err != nil {
			t.Fatal(err)
		}
		refused(t, policyOn("APPT-3", f.shared, f.mateCode), []oas.FieldError{{Field: "split_code",
			Message: fmt.Sprintf("%s holds no active license in %s on %s", f.mateCode, f.state, usDate(sold))}})
	})
	var n int
	scalar(t, env, `SELECT count(*) FROM policies WHERE policy_number IN ('APPT-1', 'APPT-2', 'APPT-3')`, []any{&n})
	if n != 0 {
		t.Errorf("%d refused policies were written", n)
	}
}

// Only the first writer edits a policy, and only while Pending or Action Required: an
// upline and the second writer get 403, the writer of a Ready To Pay or later policy 409,
// and none of them changes anything.
func TestBusinessRulesEditRefusals(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	f := appointmentCase(t, env)
	in := newPolicy("EDIT-1", f.clientID, f.shared)
	in.SplitCode = oas.NewOptString(f.mateCode)
	created, err := client(t, env, agent).CreatePolicy(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	id := created.Response.ID
	path := fmt.Sprintf("/api/policies/%d", id)
	edited := *in
	edited.FaceAmountCents, edited.Notes = 750_000_00, oas.NewOptString("Raised the face amount")

	// state is the policy and its change log as the writer reads them.
	state := func() (oas.Policy, int) {
		t.Helper()
		got, err := client(t, env, agent).GetPolicy(ctx, oas.GetPolicyParams{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		hist, err := client(t, env, agent).ListPolicyHistory(ctx, oas.ListPolicyHistoryParams{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		return got.Response, len(hist.Response.Data)
	}
	refused := func(t *testing.T, token string, form *oas.PolicyInput, status int, msg string) {
		t.Helper()
		pol, logs := state()
		r := do(t, env, "PUT", path, token, form, nil)
		if r.Status != status {
			t.Fatalf("PUT %s = %d %s; want %d", path, r.Status, r.Body, status)
		}
		if e := r.apiError(t); e.Message != msg {
			t.Errorf("message %q; want %q", e.Message, msg)
		}
		after, afterLogs := state()
		if diff := cmp.Diff(pol, after); diff != "" {
			t.Errorf("a refused edit changed the policy (-before +after):\n%s", diff)
		}
		if afterLogs != logs {
			t.Errorf("a refused edit wrote %d change-log rows", afterLogs-logs)
		}
	}
	const onlyTheWriter = "Only Alex Carter, who wrote this policy, can change it"
	// Each sends a form that is valid from where it stands (the second writer cannot name
	// itself as the split writer: that form is a 422 before any store check), so that the
	// refusal is the policy's.
	swapped := edited
	swapped.SplitCode = oas.NewOptString(seed.DemoAgtCode)
	for _, who := range []struct {
		name, email string
		form        *oas.PolicyInput
	}{{"its upline", seed.DemoRMD, &edited}, {"its second writer", f.mateEmail, &swapped}} {
		t.Run(who.name, func(t *testing.T) {
			token := ready(t, env, who.email)
			r := do(t, env, "GET", path, token, nil, nil)
			var seen oas.Policy
			r.json(t, &seen)
			if r.Status != 200 || seen.CanEdit {
				t.Errorf("GET by %s: %d, can_edit %v; want 200 and not editable", who.name, r.Status, seen.CanEdit)
			}
			refused(t, token, who.form, 403, onlyTheWriter)
		})
	}
	// The same edit is the writer's to make while Pending.
	saved, err := client(t, env, agent).UpdatePolicy(ctx, &edited, oas.UpdatePolicyParams{ID: id})
	if err != nil {
		t.Fatalf("the writer's edit: %v", err)
	}
	if saved.Response.FaceAmountCents != 750_000_00 || saved.Response.Notes.Or("") != "Raised the face amount" {
		t.Fatalf("the writer's edit saved %+v", saved.Response)
	}
	edited.FaceAmountCents = 900_000_00
	staff := client(t, env, login(t, env, seed.DemoStaff))
	for _, status := range []oas.PolicyStatus{oas.PolicyStatusReadyToPay, oas.PolicyStatusApproved, oas.PolicyStatusArchived} {
		if _, err := staff.MovePolicy(ctx, &oas.PolicyMove{Status: status}, oas.MovePolicyParams{ID: id}); err != nil {
			t.Fatalf("move to %s: %v", status, err)
		}
		t.Run("the writer, "+string(status), func(t *testing.T) {
			refused(t, agent, &edited, 409, fmt.Sprintf("A policy that is %s can no longer be edited", status))
		})
	}
}

// historyRow is a change-log row as the history endpoint answers it.
type historyRow struct{ Action, Field, Old, New, Actor, Staff string }

// An associate's edit logs each changed field old → new; requirements log their addition
// and changes; staff acting for the associate are named on the rows they write.
func TestBusinessRulesChangeLogOfEditsAndRequirements(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	in := newPolicy("LOG-1", clientID, productID)
	created, err := client(t, env, agent).CreatePolicy(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	id := created.Response.ID
	staffToken := login(t, env, seed.DemoStaff)
	staff := client(t, env, staffToken)
	acting, err := oas.NewClient(env.URL+"/api", creds{token: staffToken, actAs: seed.DemoAgtCode})
	if err != nil {
		t.Fatal(err)
	}

	// The writer's edit: three fields.
	edit := *in
	edit.FaceAmountCents, edit.TargetPremiumCents, edit.Notes = 600_000_00, 1_200_00, oas.NewOptString("Client asked for more cover")
	if _, err := client(t, env, agent).UpdatePolicy(ctx, &edit, oas.UpdatePolicyParams{ID: id}); err != nil {
		t.Fatal(err)
	}
	// The same form again changes nothing and logs nothing.
	if _, err := client(t, env, agent).UpdatePolicy(ctx, &edit, oas.UpdatePolicyParams{ID: id}); err != nil {
		t.Fatal(err)
	}
	// Staff (not acting) add an open requirement: the policy moves to Action Required.
	req, err := staff.CreatePolicyRequirement(ctx, &oas.RequirementInput{Name: "Paramedical exam", Status: oas.RequirementStatusOpen},
		oas.CreatePolicyRequirementParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	// Staff acting for the writer edit the notes and receive the requirement with a date.
	edit.Notes = oas.NewOptString("Exam booked")
	if _, err := acting.UpdatePolicy(ctx, &edit, oas.UpdatePolicyParams{ID: id}); err != nil {
		t.Fatal(err)
	}
	due := day(7)
	if _, err := acting.UpdatePolicyRequirement(ctx, &oas.RequirementInput{Name: "Paramedical exam", Status: oas.RequirementStatusReceived,
		DueOn: oas.NewOptDate(due)}, oas.UpdatePolicyRequirementParams{ID: id, RequirementID: req.Response.ID}); err != nil {
		t.Fatal(err)
	}

	hist, err := client(t, env, agent).ListPolicyHistory(ctx, oas.ListPolicyHistoryParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	var got []historyRow
	for _, h := range hist.Response.Data {
		got = append(got, historyRow{string(h.Action), h.Field.Or(""), h.OldValue.Or(""), h.NewValue.Or(""), h.Actor, h.Staff.Or("")})
	}
	reqField := fmt.Sprintf("requirement %d ", req.Response.ID)
	want := []historyRow{
		{"create", "", "", "", "Alex Carter", ""},
		{"update", "face_amount_cents", "50000000", "60000000", "Alex Carter", ""},
		{"update", "target_premium_cents", "100000", "120000", "Alex Carter", ""},
		{"update", "notes", "", "Client asked for more cover", "Alex Carter", ""},
		{"update", "requirement", "", "Paramedical exam (Open)", "Sam Staffer", ""},
		{"update", "status", "Pending", "Action Required", "Sam Staffer", ""},
		{"update", "notes", "Client asked for more cover", "Exam booked", "Sam Staffer", "Sam Staffer"},
		{"update", reqField + "status", "Open", "Received", "Sam Staffer", "Sam Staffer"},
		{"update", reqField + "due_on", "", due.Format(time.DateOnly), "Sam Staffer", "Sam Staffer"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("policy history (-want +got):\n%s", diff)
	}
}

// The business dashboard lists the open requirements of the caller's policies (either
// writer), not those Received or Waived, nor those of anyone else's policies, however early
// they are due.
func TestBusinessRulesDashboardPendingRequirements(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	rmd := ready(t, env, seed.DemoRMD)
	f := appointmentCase(t, env)
	staff := client(t, env, login(t, env, seed.DemoStaff))
	write := func(token, number string, clientID int64, split string) oas.Policy {
		t.Helper()
		in := newPolicy(number, clientID, f.shared)
		if split != "" {
			in.SplitCode = oas.NewOptString(split)
		}
		res, err := client(t, env, token).CreatePolicy(ctx, in)
		if err != nil {
			t.Fatalf("write %s: %v", number, err)
		}
		return res.Response
	}
	own, other := write(agent, "DASH-1", f.clientID, ""), write(agent, "DASH-2", f.clientID, "")
	// The RMD's own policy with the agent as second writer is the agent's too.
	var rmdClient int64
	scalar(t, env, `SELECT c.id FROM clients c JOIN associates a ON a.id = c.associate_id WHERE a.code = $1 AND c.state = $2
		ORDER BY c.id LIMIT 1`, []any{&rmdClient}, seed.DemoRMDCode, f.state)
	shared := write(rmd, "DASH-3", rmdClient, seed.DemoAgtCode)
	// A policy of a downline and one of a stranger, neither written by the agent.
	var downlinePolicy, strangerPolicy int64
	const editable = `p.status IN ('Pending', 'Action Required') AND NOT EXISTS (SELECT 1 FROM policy_writers w
		WHERE w.policy_id = p.id AND w.associate_id = a.id)`
	scalar(t, env, `SELECT p.id FROM policies p, associates a WHERE a.code = $1 AND `+editable+` AND EXISTS (SELECT 1
		FROM policy_writers w JOIN associates d ON d.id = w.associate_id WHERE w.policy_id = p.id AND d.path <@ a.path) ORDER BY p.id LIMIT 1`,
		[]any{&downlinePolicy}, seed.DemoAgtCode)
	scalar(t, env, `SELECT p.id FROM policies p, associates a WHERE a.code = $1 AND `+editable+` AND NOT EXISTS (SELECT 1
		FROM policy_writers w JOIN associates s ON s.id = w.associate_id WHERE w.policy_id = p.id AND (s.path <@ a.path OR s.path @> a.path))
		ORDER BY p.id LIMIT 1`, []any{&strangerPolicy}, seed.DemoAgtCode)

	add := func(policyID int64, name string, status oas.RequirementStatus, due string) oas.Requirement {
		t.Helper()
		r, err := staff.CreatePolicyRequirement(ctx, &oas.RequirementInput{Name: name, Status: status, DueOn: oas.NewOptDate(mustDate(due))},
			oas.CreatePolicyRequirementParams{ID: policyID})
		if err != nil {
			t.Fatalf("add %s: %v", name, err)
		}
		return r.Response
	}
	// Those that must not show are due earliest: they would lead the list.
	received := add(own.ID, "Signed illustration", oas.RequirementStatusReceived, "2000-01-01")
	waived := add(other.ID, "Replacement form", oas.RequirementStatusWaived, "2000-01-02")
	downline := add(downlinePolicy, "Downline's exam", oas.RequirementStatusOpen, "2000-01-03")
	stranger := add(strangerPolicy, "Stranger's exam", oas.RequirementStatusOpen, "2000-01-04")
	exam := add(own.ID, "Paramedical exam", oas.RequirementStatusOpen, "2001-02-01")
	aps := add(other.ID, "Attending physician statement", oas.RequirementStatusOpen, "2001-03-01")
	split := add(shared.ID, "Split agreement", oas.RequirementStatusOpen, "2001-04-01")

	pending := func(token string) []oas.PendingRequirement {
		t.Helper()
		res, err := client(t, env, token).GetBusinessDashboard(ctx, oas.GetBusinessDashboardParams{})
		if err != nil {
			t.Fatal(err)
		}
		return res.Response.PendingRequirements
	}
	row := func(pol oas.Policy, r oas.Requirement) oas.PendingRequirement {
		return oas.PendingRequirement{PolicyID: pol.ID, PolicyNumber: pol.PolicyNumber, ClientName: pol.ClientName,
			RequirementID: r.ID, Name: r.Name, DueOn: r.DueOn}
	}
	ids := func(rs []oas.PendingRequirement) []int64 {
		var out []int64
		for _, r := range rs {
			out = append(out, r.RequirementID)
		}
		return out
	}
	check := func(t *testing.T, got, want []oas.PendingRequirement, absent ...oas.Requirement) {
		t.Helper()
		if len(got) < len(want) {
			t.Fatalf("pending requirements %v; want %v first", ids(got), ids(want))
		}
		if diff := cmp.Diff(want, got[:len(want)]); diff != "" {
			t.Errorf("pending requirements, first %d (-want +got):\n%s", len(want), diff)
		}
		for _, r := range absent {
			if slices.Contains(ids(got), r.ID) {
				t.Errorf("%q (requirement %d) is listed", r.Name, r.ID)
			}
		}
	}
	t.Run("the agent", func(t *testing.T) {
		check(t, pending(agent), []oas.PendingRequirement{row(own, exam), row(other, aps), row(shared, split)},
			received, waived, downline, stranger)
	})
	t.Run("its upline", func(t *testing.T) {
		check(t, pending(rmd), []oas.PendingRequirement{row(shared, split)}, received, waived, downline, stranger, exam, aps)
	})
	t.Run("once received", func(t *testing.T) {
		if _, err := staff.UpdatePolicyRequirement(ctx, &oas.RequirementInput{Name: exam.Name, Status: oas.RequirementStatusReceived,
			DueOn: exam.DueOn}, oas.UpdatePolicyRequirementParams{ID: own.ID, RequirementID: exam.ID}); err != nil {
			t.Fatal(err)
		}
		check(t, pending(agent), []oas.PendingRequirement{row(other, aps), row(shared, split)}, received, waived, downline, stranger, exam)
	})
}
