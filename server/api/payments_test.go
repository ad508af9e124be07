package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/comp"
	"github.com/associateportal/portal/server/jobs"
	"github.com/associateportal/portal/server/ledger"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// An associate sees its own entries only; staff with payments.read see anyone's; an entry of
// someone else is a 404 like one that does not exist.
func TestCashflowVisibility(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent, rmd := ready(t, env, seed.DemoAgent), ready(t, env, seed.DemoRMD)
	var agentEntries, otherID int64
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM cashflow_entries e JOIN associates a ON a.id = e.associate_id
		WHERE a.code = $1`, seed.DemoAgtCode).Scan(&agentEntries); err != nil {
		t.Fatal(err)
	}
	if err := env.Pool.QueryRow(ctx, `SELECT min(e.id) FROM cashflow_entries e JOIN associates a ON a.id = e.associate_id
		WHERE a.code = $1`, seed.DemoAgtCode).Scan(&otherID); err != nil {
		t.Fatal(err)
	}
	if agentEntries == 0 {
		t.Fatal("the seeded demo agent has no cashflow: the engine did not run over the seed")
	}
	page, err := client(t, env, agent).ListCashflow(ctx, oas.ListCashflowParams{Limit: oas.NewOptInt(1000)})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(page.Response.Data)) != min(agentEntries, 1001) {
		t.Errorf("the agent lists %d entries; it has %d", len(page.Response.Data), agentEntries)
	}
	for _, e := range page.Response.Data {
		if e.AssociateCode != seed.DemoAgtCode {
			t.Fatalf("the agent sees an entry of %s", e.AssociateCode)
		}
	}
	if r := do(t, env, "GET", fmt.Sprintf("/api/payments/cashflow/%d", otherID), rmd, nil, nil); r.Status != 404 {
		t.Errorf("the RMD reads the agent's entry: %d %s", r.Status, r.Body)
	}
	staff := login(t, env, seed.DemoStaff)
	r := do(t, env, "GET", "/api/payments/cashflow?filter[associate_code][eq]="+seed.DemoAgtCode+"&limit=1000", staff, nil, nil)
	var list oas.CashflowList
	r.json(t, &list)
	if r.Status != 200 || int64(len(list.Data)) != min(agentEntries, 1001) {
		t.Errorf("staff list the agent's entries: %d, %d rows", r.Status, len(list.Data))
	}
	if r := do(t, env, "GET", fmt.Sprintf("/api/payments/cashflow/%d", otherID), staff, nil, nil); r.Status != 200 {
		t.Errorf("staff read the agent's entry: %d %s", r.Status, r.Body)
	}
	// Staff acting for the RMD (admin mode) see the RMD's entries, not the agent's.
	asRMD := header{"access-token": seed.DemoRMDCode}
	r = do(t, env, "GET", "/api/payments/cashflow?limit=1000", staff, nil, asRMD)
	r.json(t, &list)
	if r.Status != 200 || len(list.Data) == 0 {
		t.Fatalf("staff acting for the RMD: %d, %d rows", r.Status, len(list.Data))
	}
	for _, e := range list.Data {
		if e.AssociateCode != seed.DemoRMDCode {
			t.Fatalf("staff acting for the RMD see an entry of %s", e.AssociateCode)
		}
	}
	if r := do(t, env, "GET", fmt.Sprintf("/api/payments/cashflow/%d", otherID), staff, nil, asRMD); r.Status != 404 {
		t.Errorf("staff acting for the RMD read the agent's entry: %d", r.Status)
	}
	// Staff without payments.read see nothing.
	if _, err := env.Pool.Exec(ctx, `UPDATE users SET permissions = array_remove(permissions, 'payments.read') WHERE email = $1`, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/payments/cashflow", login(t, env, seed.DemoStaff), nil, nil); r.Status != 403 {
		t.Errorf("staff without payments.read list the cashflow: %d", r.Status)
	}
}

// Approving a policy writes every line's advance and escrow; each entry explains itself in
// words, with the other entries of its line; the dashboard's balances are the entries' sums.
func TestApprovalWritesExplainedLines(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := ready(t, env, seed.DemoAgent)
	clientID, productID := writable(t, env)
	res, err := client(t, env, agent).CreatePolicy(ctx, newPolicy("PAY-1", clientID, productID))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Response.ID
	staff := login(t, env, seed.DemoStaff)
	for _, to := range []string{"Ready To Pay", "Approved"} {
		if r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/status", id), staff, map[string]string{"status": to}, nil); r.Status != 200 {
			t.Fatalf("move to %s: %d %s", to, r.Status, r.Body)
		}
	}
	if err := jobs.CatchUp(ctx, env.Store, servertest.SeededAt); err != nil {
		t.Fatal(err)
	}
	// The seeded organisation holds escrow due over the coming year: the calendar's running
	// figures are the parts its entries still hold, and so are the totals.
	if err := env.Store.CheckRunningFigures(ctx); err != nil {
		t.Fatalf("after the approval: %v", err)
	}
	var scheduled int64
	if err := env.Pool.QueryRow(ctx, `SELECT coalesce(sum(due1_cents + due2_cents + due3_cents), 0) FROM cashflow_totals`).Scan(&scheduled); err != nil || scheduled <= 0 {
		t.Fatalf("no escrow scheduled in the seeded organisation (%d, %v): the check above proves nothing", scheduled, err)
	}
	preview, err := client(t, env, agent).GetPolicyCommission(ctx, oas.GetPolicyCommissionParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	list, err := client(t, env, agent).ListCashflow(ctx, oas.ListCashflowParams{})
	if err != nil {
		t.Fatal(err)
	}
	var mine []oas.CashflowEntry
	for _, e := range list.Response.Data {
		if e.PolicyID.Or(0) == id {
			mine = append(mine, e)
		}
	}
	var want int64
	for _, l := range preview.Response.Lines {
		if l.AssociateCode == seed.DemoAgtCode {
			want += l.AmountCents
		}
	}
	var got int64
	for _, e := range mine {
		got += e.AmountCents
	}
	if len(mine) != 2 || got != want {
		t.Fatalf("the agent's entries on the approved policy: %d adding up to %d; the calculator says %d", len(mine), got, want)
	}
	d, err := client(t, env, agent).GetCashflowEntry(ctx, oas.GetCashflowEntryParams{ID: mine[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	text := d.Response.Explanation
	if !strings.Contains(text, "PAY-1") || !strings.Contains(text, "wrote the policy") || len(d.Response.LineEntries) != 2 {
		t.Errorf("explanation %q with %d line entries", text, len(d.Response.LineEntries))
	}
	if l, ok := d.Response.Line.Get(); !ok || l.EarningCents != want || len(l.Chain) == 0 {
		t.Errorf("line %+v", d.Response.Line)
	}
	// The escrow due by today is released (as the hourly job does), so that the escrow the
	// lines hold is the one the exposure counts on in this policy month.
	if err := jobs.CatchUp(ctx, env.Store, time.Now()); err != nil {
		t.Fatal(err)
	}
	dash, err := client(t, env, agent).GetPaymentsDashboard(ctx, oas.GetPaymentsDashboardParams{})
	if err != nil {
		t.Fatal(err)
	}
	var pending, escrow int64
	if err := env.Pool.QueryRow(ctx, `SELECT coalesce(sum(amount_cents) FILTER (WHERE e.status = 'Pending'), 0),
		coalesce(sum(amount_cents) FILTER (WHERE e.status IN ('Escrow', 'Chargeback Escrow')), 0)
		FROM cashflow_entries e JOIN associates a ON a.id = e.associate_id WHERE a.code = $1`, seed.DemoAgtCode).Scan(&pending, &escrow); err != nil {
		t.Fatal(err)
	}
	var calendar int64
	for _, m := range dash.Response.EscrowCalendar {
		calendar += m.AmountCents
	}
	// Every part due by today is released, and every other falls due within the calendar's
	// 12 months: the calendar is all the escrow held.
	if held := escrowHeld(t, env); calendar <= 0 || calendar != held {
		t.Errorf("the escrow calendar adds up to %d; the agent holds %d in escrow", calendar, held)
	}
	if want := exposureByLines(t, env, time.Now().UTC()); dash.Response.Exposure != want {
		t.Errorf("exposure %+v; line by line with comp.Chargeback: %+v", dash.Response.Exposure, want)
	}
	if dash.Response.Exposure.Policies == 0 {
		t.Error("the agent has no policy in its first 12 months: the exposure check proves nothing")
	}
	b := dash.Response.Balances
	if b.PendingCents != pending || b.EscrowCents != escrow || len(dash.Response.Earnings) != 4 || len(dash.Response.Months) != 12 {
		t.Errorf("dashboard balances %+v (want pending %d, escrow %d), %d categories, %d months", b, pending, escrow,
			len(dash.Response.Earnings), len(dash.Response.Months))
	}

	// A lapse takes the line's escrow off the calendar and writes its chargebacks.
	if r := do(t, env, "POST", fmt.Sprintf("/api/policies/%d/lapse", id), staff,
		map[string]any{"lapsed_on": time.Now().UTC().Format(time.DateOnly)}, nil); r.Status != 200 {
		t.Fatalf("lapse: %d %s", r.Status, r.Body)
	}
	if err := jobs.CatchUp(ctx, env.Store, servertest.SeededAt); err != nil {
		t.Fatal(err)
	}
	if err := env.Store.CheckRunningFigures(ctx); err != nil {
		t.Errorf("after the lapse: %v", err)
	}
	cb, err := client(t, env, agent).ListChargebacks(ctx, oas.ListChargebacksParams{})
	if err != nil {
		t.Fatal(err)
	}
	var reclaimed int64
	for _, e := range cb.Response.Data {
		if e.PolicyID.Or(0) == id {
			reclaimed += e.AmountCents
		}
	}
	if reclaimed >= 0 || -reclaimed > want {
		t.Errorf("the lapse reclaimed %d of the agent's %d", -reclaimed, want)
	}
}

// escrowHeld is the demo agent's escrow still held, from its entries.
func escrowHeld(t *testing.T, env *servertest.Env) int64 {
	t.Helper()
	var held int64
	if err := env.Pool.QueryRow(context.Background(), `SELECT coalesce(sum(e.amount_cents), 0) FROM cashflow_entries e
		JOIN associates a ON a.id = e.associate_id WHERE a.code = $1 AND e.status IN ('Escrow', 'Chargeback Escrow')`,
		seed.DemoAgtCode).Scan(&held); err != nil {
		t.Fatal(err)
	}
	return held
}

// exposureByLines is the demo agent's exposure computed line by line in Go, as DOMAIN.md
// says: each line on a policy in force in its policy months 1-11 would keep E × m / 12 and
// give back the rest, first from the escrow it holds.
func exposureByLines(t *testing.T, env *servertest.Env, now time.Time) oas.ChargebackExposure {
	t.Helper()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	rows, err := env.Pool.Query(context.Background(), `SELECT e.policy_id, p.approved_on, e.earning_cents,
			coalesce(sum(e.amount_cents) FILTER (WHERE e.status IN ('Escrow', 'Chargeback Escrow')), 0)
		FROM cashflow_entries e JOIN policies p ON p.id = e.policy_id JOIN associates a ON a.id = e.associate_id
		WHERE a.code = $1 AND e.line_no IS NOT NULL AND p.lapsed_on IS NULL
		GROUP BY e.policy_id, e.line_no, p.approved_on, e.earning_cents`, seed.DemoAgtCode)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out oas.ChargebackExposure
	policies := map[int64]bool{}
	for rows.Next() {
		var policy, earning, held int64
		var approved time.Time
		if err := rows.Scan(&policy, &approved, &earning, &held); err != nil {
			t.Fatal(err)
		}
		m := ledger.PolicyMonth(approved, today)
		if m < 1 || m >= 12 {
			continue
		}
		res, err := comp.Chargeback(earning, min(max(held, 0), earning), m)
		if err != nil {
			t.Fatal(err)
		}
		out.FromEscrowCents += res.ChargebackEscrowCents
		out.DebitCents += res.DebitCents
		policies[policy] = true
	}
	out.AmountCents = out.FromEscrowCents + out.DebitCents
	out.Policies = len(policies)
	return out
}
