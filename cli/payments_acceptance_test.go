package cli_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmd/payments/shared"
)

// The acceptance test of the payments commands: the portal command line, in process, against
// a real portald over a freshly seeded database whose ledger the compensation engine has
// computed (servertest.Seeded), with the configuration in a temporary directory (the setup
// of acceptance_test.go). The demo agent reads its payments; staff import a provider's
// statement, process it and run the month's pay run.

// cashEntry is a cashflow entry as --json prints it; money is integer cents, read as such and
// never through a float.
type cashEntry struct {
	ID            int64   `json:"id"`
	AssociateCode string  `json:"associate_code"`
	PolicyID      *int64  `json:"policy_id"`
	PolicyNumber  *string `json:"policy_number"`
	Status        string  `json:"status"`
	Direction     string  `json:"direction"`
	Kind          string  `json:"kind"`
	AmountCents   int64   `json:"amount_cents"`
	EarningCents  int64   `json:"earning_cents"`
}

type balances struct {
	PendingCents        int64 `json:"pending_cents"`
	EscrowCents         int64 `json:"escrow_cents"`
	PaidCents           int64 `json:"paid_cents"`
	ChargebackDebtCents int64 `json:"chargeback_debt_cents"`
}

type paymentsDashboard struct {
	AssociateCode string `json:"associate_code"`
	Earnings      []struct {
		Category    string `json:"category"`
		AmountCents int64  `json:"amount_cents"`
	} `json:"earnings"`
	EarningsCents    int64    `json:"earnings_cents"`
	ChargebacksCents int64    `json:"chargebacks_cents"`
	Balances         balances `json:"balances"`
}

type providerPayment struct {
	ID           int64    `json:"id"`
	StatementID  int64    `json:"statement_id"`
	RowNo        int      `json:"row_no"`
	PolicyNumber string   `json:"policy_number"`
	PolicyID     *int64   `json:"policy_id"`
	AmountCents  int64    `json:"amount_cents"`
	Status       string   `json:"status"`
	Reason       *string  `json:"reason"`
	NextStatuses []string `json:"next_statuses"`
}

type payStatement struct {
	PayRunID      int64  `json:"pay_run_id"`
	Period        string `json:"period"`
	AssociateCode string `json:"associate_code"`
	NetCents      int64  `json:"net_cents"`
	PaidCents     int64  `json:"paid_cents"`
}

// ids are the IDs of entries, sorted.
func ids(entries []cashEntry) []int64 {
	out := make([]int64, len(entries))
	for i, e := range entries {
		out[i] = e.ID
	}
	slices.Sort(out)
	return out
}

// tsvLines checks that out is tab-separated lines of n columns each and returns them.
func tsvLines(t *testing.T, out string, n int) []string {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	for _, l := range lines {
		if got := len(strings.Split(l, "\t")); got != n {
			t.Errorf("%d columns, want %d: %q", got, n, l)
		}
	}
	return lines
}

func TestPaymentsAcceptance(t *testing.T) {
	env := startAsAgent(t)
	// The server's day, as it reads a statement's dates and a pay run's period.
	now := time.Now()
	today, month := now.Format(time.DateOnly), now.Format("2006-01")

	var dash paymentsDashboard
	t.Run("the agent's dashboard", func(t *testing.T) {
		decode(t, mustPortal(t, "payments", "dashboard", "--json"), &dash)
		if dash.AssociateCode != "AGT100" {
			t.Errorf("the dashboard of %q", dash.AssociateCode)
		}
		var sum int64
		var cats []string
		for _, c := range dash.Earnings {
			sum += c.AmountCents
			cats = append(cats, c.Category)
		}
		if diff := cmp.Diff([]string{"Personal", "Override", "Generation", "Bonus"}, cats); diff != "" {
			t.Errorf("categories (-want +got):\n%s", diff)
		}
		if sum != dash.EarningsCents {
			t.Errorf("the categories add up to %d, the earnings are %d", sum, dash.EarningsCents)
		}
		if dash.ChargebacksCents > 0 || dash.Balances.ChargebackDebtCents > 0 {
			t.Errorf("chargebacks are negative: %+v", dash)
		}
		out := mustPortal(t, "payments", "dashboard")
		if !strings.HasPrefix(out, "associate_code:\tAGT100\n") || !strings.Contains(out, "\nbalances:\t{") {
			t.Errorf("the dashboard piped:\n%s", out)
		}
	})

	var entries []cashEntry
	t.Run("the agent's cashflow", func(t *testing.T) {
		decode(t, mustPortal(t, "payments", "cashflow", "list", "--all", "--json"), &entries)
		if len(entries) < 3 {
			t.Fatalf("the demo agent has %d cashflow entries", len(entries))
		}
		for _, e := range entries {
			if e.AssociateCode != "AGT100" {
				t.Errorf("an entry of another associate: %+v", e)
			}
			if e.Direction == "Chargeback" && e.AmountCents > 0 {
				t.Errorf("a chargeback of %d cents: %+v", e.AmountCents, e)
			}
		}
		lines := tsvLines(t, mustPortal(t, "payments", "cashflow", "list", "--limit", "5"), len(shared.EntryTSVColumns))
		if len(lines) != min(5, len(entries)) {
			t.Errorf("--limit 5 piped: %d lines", len(lines))
		}
		// Newest first, and an amount filter in cents.
		var big []cashEntry
		decode(t, mustPortal(t, "payments", "cashflow", "list", "--all", "--filter", "amount_cents=gte:10000", "--json", "id,amount_cents"), &big)
		for _, e := range big {
			if e.AmountCents < 10000 {
				t.Errorf("amount_cents=gte:10000 gave %d", e.AmountCents)
			}
		}
		fails(t, []string{`unknown filter field "shoe_size"`}, "payments", "cashflow", "list", "--filter", "shoe_size=eq:9")
	})
	if len(entries) == 0 {
		t.FailNow()
	}

	t.Run("the agent explains an entry", func(t *testing.T) {
		i := slices.IndexFunc(entries, func(e cashEntry) bool { return e.PolicyID != nil })
		if i < 0 {
			t.Fatal("no entry of the agent has a policy")
		}
		e := entries[i]
		id := strconv.FormatInt(e.ID, 10)
		var d struct {
			Entry       cashEntry `json:"entry"`
			Explanation string    `json:"explanation"`
			Line        *struct {
				Rule        string   `json:"rule"`
				Chain       []string `json:"chain"`
				EarningCent int64    `json:"earning_cents"`
			} `json:"line"`
			Policy *struct {
				ID           int64  `json:"id"`
				PolicyNumber string `json:"policy_number"`
			} `json:"policy"`
			LineEntries []cashEntry `json:"line_entries"`
		}
		decode(t, mustPortal(t, "payments", "explain", id, "--json"), &d)
		if d.Entry.ID != e.ID || d.Entry.AmountCents != e.AmountCents || strings.TrimSpace(d.Explanation) == "" {
			t.Errorf("the explanation of %d: %+v", e.ID, d)
		}
		if d.Line == nil || d.Line.Rule == "" || len(d.Line.Chain) == 0 || d.Line.EarningCent != e.EarningCents {
			t.Errorf("the line of %d: %+v", e.ID, d.Line)
		}
		if d.Policy == nil || d.Policy.ID != *e.PolicyID || d.Policy.PolicyNumber != *e.PolicyNumber {
			t.Errorf("the policy of %d: %+v", e.ID, d.Policy)
		}
		if !slices.ContainsFunc(d.LineEntries, func(le cashEntry) bool { return le.ID == e.ID }) {
			t.Errorf("the line's entries lack the entry: %v", ids(d.LineEntries))
		}
		// Piped: the contract's fields, the nested ones as compact JSON.
		out := mustPortal(t, "payments", "explain", id)
		for _, want := range []string{"entry:\t{", "\nexplanation:\t" + strings.SplitN(d.Explanation, "\n", 2)[0], "\nline:\t{", "\npolicy:\t{",
			`"policy_number":"` + *e.PolicyNumber + `"`, "\nline_entries:\t["} {
			if !strings.Contains(out, want) {
				t.Errorf("explain piped lacks %q:\n%s", want, out)
			}
		}
		fails(t, []string{"HTTP 404"}, "payments", "explain", "999999999")
	})

	t.Run("the agent's chargebacks are those of its cashflow", func(t *testing.T) {
		var cbs []cashEntry
		decode(t, mustPortal(t, "payments", "chargebacks", "--all", "--json"), &cbs)
		var want []cashEntry
		for _, e := range entries {
			if e.Status == "Chargeback" || e.Status == "Chargeback Escrow" {
				want = append(want, e)
			}
		}
		if diff := cmp.Diff(ids(want), ids(cbs)); diff != "" {
			t.Errorf("chargebacks (-cashflow +chargebacks):\n%s", diff)
		}
		for _, e := range cbs {
			if e.AmountCents > 0 || e.Direction != "Chargeback" {
				t.Errorf("a chargeback of %d cents (%s)", e.AmountCents, e.Direction)
			}
		}
		if out := mustPortal(t, "payments", "chargebacks"); out != "" {
			tsvLines(t, out, len(shared.EntryTSVColumns))
		}
	})

	t.Run("the agent has no pay statement before a pay run", func(t *testing.T) {
		if out := mustPortal(t, "payments", "statements", "--json"); strings.TrimSpace(out) != "[]" {
			t.Errorf("statements: %s", out)
		}
		if out := mustPortal(t, "payments", "statements"); out != "" {
			t.Errorf("statements piped: %q", out)
		}
	})

	t.Run("the agent may not run the staff's operations", func(t *testing.T) {
		csv := writeFile(t, "statement.csv", "policy_number,amount,date\nTL-1,10.00,"+today+"\n")
		for _, args := range [][]string{
			{"payments", "process"},
			{"payments", "import", csv, "--provider", "1"},
			{"payments", "payrun", "--period", month},
			{"payments", "pay-runs"},
			{"payments", "provider-payments"},
		} {
			fails(t, []string{"HTTP 403"}, args...)
		}
	})

	login(t, env.URL, "staff@example.com")

	t.Run("staff see the agent's payments with --as", func(t *testing.T) {
		var acting paymentsDashboard
		decode(t, mustPortal(t, "payments", "dashboard", "--as", "AGT100", "--json"), &acting)
		if acting.AssociateCode != "AGT100" || acting.Balances != dash.Balances || acting.EarningsCents != dash.EarningsCents {
			t.Errorf("the agent's dashboard, acting: %+v; the agent's own: %+v", acting, dash)
		}
		var theirs []cashEntry
		decode(t, mustPortal(t, "--as", "AGT100", "payments", "cashflow", "list", "--all", "--json"), &theirs)
		if diff := cmp.Diff(entries, theirs); diff != "" {
			t.Errorf("the agent's cashflow, acting (-agent +staff):\n%s", diff)
		}
	})

	// A policy of the agent approved and in force whose entries wait for the provider's
	// payment: its statement row matches it in full.
	var policy struct {
		ID           int64   `json:"id"`
		PolicyNumber string  `json:"policy_number"`
		ProviderID   int64   `json:"provider_id"`
		Status       string  `json:"status"`
		LapsedOn     *string `json:"lapsed_on"`
		Commission   struct {
			CommissionableCents int64 `json:"commissionable_cents"`
		} `json:"commission"`
	}
	for _, e := range entries {
		if e.Status != "Pending" || e.PolicyID == nil {
			continue
		}
		decode(t, mustPortal(t, "business", "view", strconv.FormatInt(*e.PolicyID, 10), "--json",
			"id,policy_number,provider_id,status,lapsed_on,commission"), &policy)
		if policy.Status == "Approved" && policy.LapsedOn == nil {
			break
		}
		policy.ID = 0
	}
	if policy.ID == 0 {
		t.Fatal("no approved policy of the agent has Pending entries")
	}
	provider := strconv.FormatInt(policy.ProviderID, 10)
	due := policy.Commission.CommissionableCents
	statement := writeFile(t, "great-lakes-"+month+".csv", fmt.Sprintf("policy_number,amount,date\n%s,%d.%02d,%s\nNO-SUCH-POLICY,10.00,%s\n",
		policy.PolicyNumber, due/100, due%100, today, today))

	var imported struct {
		ID             int64 `json:"id"`
		Rows           int   `json:"rows"`
		ReadyToPay     int   `json:"ready_to_pay"`
		ActionRequired int   `json:"action_required"`
	}
	t.Run("staff import a statement", func(t *testing.T) {
		decode(t, mustPortal(t, "payments", "import", statement, "--provider", provider, "--json"), &imported)
		if imported.ID == 0 || imported.Rows != 2 || imported.ReadyToPay != 1 || imported.ActionRequired != 1 {
			t.Fatalf("imported %+v; want 2 rows, 1 Ready To Pay (%s) and 1 Action Required (the unknown policy)", imported, policy.PolicyNumber)
		}
	})
	if imported.ID == 0 {
		t.FailNow()
	}
	stmt := strconv.FormatInt(imported.ID, 10)

	var pays []providerPayment
	t.Run("the statement's payments", func(t *testing.T) {
		decode(t, mustPortal(t, "payments", "provider-payments", "--filter", "statement_id=eq:"+stmt, "--order", "id", "--json"), &pays)
		if len(pays) != 2 {
			t.Fatalf("%d payments of statement %s, want 2", len(pays), stmt)
		}
		matched, unknown := pays[0], pays[1]
		if matched.RowNo != 1 || matched.PolicyNumber != policy.PolicyNumber || matched.PolicyID == nil || *matched.PolicyID != policy.ID ||
			matched.AmountCents != due || matched.Status != "Ready To Pay" || matched.Reason != nil {
			t.Errorf("the matched payment: %+v", matched)
		}
		if unknown.RowNo != 2 || unknown.PolicyID != nil || unknown.AmountCents != 1000 || unknown.Status != "Action Required" ||
			unknown.Reason == nil || !strings.Contains(*unknown.Reason, "No policy NO-SUCH-POLICY") ||
			!slices.Equal(unknown.NextStatuses, []string{"Ready To Pay"}) {
			t.Errorf("the unknown policy's payment: %+v", unknown)
		}
		lines := tsvLines(t, mustPortal(t, "payments", "provider-payments", "--filter", "statement_id=eq:"+stmt,
			"--filter", "status=eq:action required"), len(shared.ProviderPaymentTSVColumns))
		if len(lines) != 1 || !strings.HasPrefix(lines[0], strconv.FormatInt(unknown.ID, 10)+"\t"+stmt+"\t") {
			t.Errorf("the Action Required payment piped: %q", lines)
		}
	})
	if len(pays) != 2 {
		t.FailNow()
	}

	t.Run("a move the workflow does not allow names the allowed ones", func(t *testing.T) {
		fails(t, []string{"cannot move to Processed; it can move to: Ready To Pay", "HTTP 409"},
			"payments", "provider-payments", "move", strconv.FormatInt(pays[1].ID, 10), "processed")
	})

	t.Run("the same statement twice is refused", func(t *testing.T) {
		fails(t, []string{"imported already", fmt.Sprintf("(statement %d)", imported.ID), "HTTP 409"},
			"payments", "import", statement, "--provider", provider)
		var again []providerPayment
		decode(t, mustPortal(t, "payments", "provider-payments", "--filter", "provider_id=eq:"+provider, "--filter",
			"policy_number=eq:"+policy.PolicyNumber, "--json", "id"), &again)
		if len(again) != 1 {
			t.Errorf("%d payments of %s after the statement was sent twice, want 1", len(again), policy.PolicyNumber)
		}
	})

	t.Run("a bad row is named on stderr and nothing is imported", func(t *testing.T) {
		bad := writeFile(t, "bad.csv", "policy_number,amount,date\n"+policy.PolicyNumber+",12.345,"+today+"\n")
		r := portal(t, "", "payments", "import", bad, "--provider", provider)
		if r.code != 1 || r.stdout != "" {
			t.Errorf("exit %d, stdout %q", r.code, r.stdout)
		}
		for _, want := range []string{"bad.csv was not imported (HTTP 422): 1 row has errors; nothing was imported\n", "\n  row 1, amount: "} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
			}
		}
		// A file that is not text never reaches the server.
		fails(t, []string{"nul.csv has a NUL byte on line 2"}, "payments", "import",
			writeFile(t, "nul.csv", "policy_number,amount,date\nTL-\x001,1.00,"+today+"\n"), "--provider", provider)
	})

	t.Run("processing pays the policy's Pending entries", func(t *testing.T) {
		// Staff see the entries of every associate on the policy: the writer's and its uplines'.
		pendingOf := func() []cashEntry {
			var out []cashEntry
			decode(t, mustPortal(t, "payments", "cashflow", "list", "--all", "--filter", "policy_id=eq:"+strconv.FormatInt(policy.ID, 10),
				"--filter", "status=eq:pending", "--json", "id,associate_code,amount_cents"), &out)
			return out
		}
		before := pendingOf()
		var pending int64
		for _, e := range before {
			pending += e.AmountCents
		}
		var res struct {
			Payments    int   `json:"payments"`
			EntriesPaid int   `json:"entries_paid"`
			PaidCents   int64 `json:"paid_cents"`
		}
		decode(t, mustPortal(t, "payments", "process", "--json"), &res)
		if res.Payments != 1 || res.EntriesPaid != len(before) || res.PaidCents != pending || pending <= 0 {
			t.Errorf("processed %+v; the policy had %d entries of %d cents Pending", res, len(before), pending)
		}
		if after := pendingOf(); len(after) != 0 {
			t.Errorf("entries still Pending after processing: %v", ids(after))
		}
		out := mustPortal(t, "--as", "AGT100", "payments", "cashflow", "list", "--all", "--filter", "policy_id=eq:"+strconv.FormatInt(policy.ID, 10),
			"--filter", "status=eq:paid", "--json", "id")
		if strings.TrimSpace(out) == "[]" {
			t.Error("the agent has no Paid entry of the processed policy")
		}
		if out := mustPortal(t, "payments", "process"); out != "0\t0\t0\n" {
			t.Errorf("processing again: %q", out)
		}
	})

	var run struct {
		ID         int64  `json:"id"`
		Period     string `json:"period"`
		PaidCents  int64  `json:"paid_cents"`
		Associates int    `json:"associates"`
	}
	t.Run("the month's pay run runs once", func(t *testing.T) {
		decode(t, mustPortal(t, "payments", "payrun", "--period", month, "--json"), &run)
		if run.ID == 0 || run.Period != month+"-01" || run.Associates == 0 {
			t.Fatalf("pay run %+v", run)
		}
		fails(t, []string{"already made", "HTTP 409"}, "payments", "payrun", "--period", month)
		fails(t, []string{`invalid --period "1999-12": expected a month from 2000-01 on`}, "payments", "payrun", "--period", "1999-12")
	})
	if run.ID == 0 {
		t.FailNow()
	}
	runID := strconv.FormatInt(run.ID, 10)

	t.Run("the pay runs and the run's statements", func(t *testing.T) {
		lines := tsvLines(t, mustPortal(t, "payments", "pay-runs"), len(shared.PayRunTSVColumns))
		if len(lines) != 1 || !strings.HasPrefix(lines[0], runID+"\t"+month+"-01\t"+strconv.FormatInt(run.PaidCents, 10)+"\t") {
			t.Errorf("pay-runs piped: %q", lines)
		}
		var stmts []payStatement
		decode(t, mustPortal(t, "payments", "statements", "--filter", "pay_run_id=eq:"+runID, "--all", "--json"), &stmts)
		var paid int64
		for _, s := range stmts {
			paid += s.PaidCents
			if s.PayRunID != run.ID || s.Period != run.Period || s.PaidCents != max(s.NetCents, 0) {
				t.Errorf("a statement of the run: %+v", s)
			}
		}
		if len(stmts) != run.Associates || paid != run.PaidCents {
			t.Errorf("%d statements paying %d cents; the run paid %d associates %d cents", len(stmts), paid, run.Associates, run.PaidCents)
		}
		piped := tsvLines(t, mustPortal(t, "payments", "statements", "--filter", "pay_run_id=eq:"+runID, "--limit", "3"),
			len(shared.StatementTSVColumns))
		if len(piped) != min(3, len(stmts)) {
			t.Errorf("statements --limit 3 piped: %d lines", len(piped))
		}
	})

	t.Run("the agent sees its own statement of the run", func(t *testing.T) {
		var staffSees []payStatement
		decode(t, mustPortal(t, "payments", "statements", "--filter", "pay_run_id=eq:"+runID, "--filter", "associate_code=eq:AGT100", "--json"), &staffSees)
		mustPortal(t, "auth", "switch", "agent@example.com")
		var own []payStatement
		decode(t, mustPortal(t, "payments", "statements", "--all", "--json"), &own)
		if diff := cmp.Diff(staffSees, own); diff != "" {
			t.Errorf("the agent's statements (-staff +agent):\n%s", diff)
		}
	})
}
