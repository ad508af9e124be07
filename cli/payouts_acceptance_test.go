package cli_test

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// The acceptance test of the payouts commands: the portal command line, in process, against
// a real portald over a freshly seeded database, with the configuration in a temporary
// directory (the setup of acceptance_test.go). The demo agent adds payout accounts over the
// API (a void cheque uploaded through its signed URL), and so does staff acting for it;
// staff list, review, reject, approve and ask for information with the CLI, and the staff
// member who entered an account is refused its approval (maker-checker).

// voidCheque is the smallest supporting document the server takes: a PDF.
const voidCheque = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// payoutAccount is a payout account as --json prints it.
type payoutAccount struct {
	ID              int64  `json:"id"`
	BankName        string `json:"bank_name"`
	RoutingNumber   string `json:"routing_number"`
	AccountLast4    string `json:"account_last4"`
	Status          string `json:"status"`
	Active          bool   `json:"active"`
	RejectionReason string `json:"rejection_reason"`
	Note            string `json:"note"`
	DocumentURL     string `json:"document_url"`
	EnteredBy       string `json:"entered_by"`
	CanApprove      bool   `json:"can_approve"`
	Associate       struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"associate"`
}

func TestPayoutsAcceptance(t *testing.T) {
	env := startAsAgent(t)
	ctx := context.Background()

	// apiClient logs login in over the API (another session than the CLI's), acting for
	// actAs when it is set.
	apiClient := func(t *testing.T, login, actAs string) *sdk.Client {
		t.Helper()
		c, err := sdk.New(env.URL)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Login(ctx, login, demoPassword); err != nil {
			t.Fatalf("login %s over the API: %v", login, err)
		}
		if actAs == "" {
			return c
		}
		acting, err := c.ActAs(actAs)
		if err != nil {
			t.Fatal(err)
		}
		return acting
	}
	// addAccount uploads a void cheque through the signed URL and adds an account with it,
	// which waits for staff.
	addAccount := func(t *testing.T, c *sdk.Client, bank, number string) int64 {
		t.Helper()
		su, err := c.GetPayoutDocumentSignedURL(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Upload(ctx, su.Response.URL, strings.NewReader(voidCheque), "application/pdf"); err != nil {
			t.Fatal(err)
		}
		res, err := c.CreatePayoutAccount(ctx, &oas.PayoutAccountInput{BankName: bank, RoutingNumber: "021000021", AccountNumber: number,
			AccountType: oas.BankAccountTypeChecking, Holder: oas.AccountHolderOwner, Document: oas.NewOptString(su.Response.ID)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Response.Status != oas.PayoutStatusPendingForAdmin {
			t.Fatalf("a new account is %s", res.Response.Status)
		}
		return res.Response.ID
	}
	review := func(t *testing.T, id int64) payoutAccount {
		t.Helper()
		var a payoutAccount
		decode(t, mustPortal(t, "payouts", "review", strconv.FormatInt(id, 10), "--json"), &a)
		return a
	}
	listed := func(t *testing.T, args ...string) map[int64]payoutAccount {
		t.Helper()
		var as []payoutAccount
		decode(t, mustPortal(t, append([]string{"payouts", "list", "--json"}, args...)...), &as)
		out := map[int64]payoutAccount{}
		for _, a := range as {
			out[a.ID] = a
		}
		return out
	}
	// decide runs a decision, which must print the new status alone (piped).
	decide := func(t *testing.T, want string, args ...string) {
		t.Helper()
		if out := mustPortal(t, append([]string{"payouts"}, args...)...); out != want+"\n" {
			t.Errorf("payouts %s printed %q, want %q", strings.Join(args, " "), out, want)
		}
	}

	agent := apiClient(t, "agent@example.com", "")
	first := addAccount(t, agent, "First Texas Bank", "0001234561111")
	id1 := strconv.FormatInt(first, 10)

	t.Run("an associate may not review payout accounts", func(t *testing.T) {
		fails(t, []string{"This is for staff with the payouts.review permission (HTTP 403)"}, "payouts", "list")
		fails(t, []string{"HTTP 403"}, "payouts", "approve", id1)
	})

	login(t, env.URL, "staff@example.com")

	t.Run("list shows the account waiting for staff", func(t *testing.T) {
		a, ok := listed(t)[first]
		if !ok || a.Associate.Code != "AGT100" || a.Associate.Name != "Alex Carter" || a.BankName != "First Texas Bank" ||
			a.AccountLast4 != "1111" || a.Status != "Pending For Admin" || !a.CanApprove || a.EnteredBy != "Alex Carter" {
			t.Fatalf("account %d in the list: %+v (listed %v)", first, a, ok)
		}
		var line string
		for _, l := range strings.Split(mustPortal(t, "payouts", "list", "--all"), "\n") {
			if strings.HasPrefix(l, id1+"\t") {
				line = l
			}
		}
		if want := id1 + "\tAGT100\tAlex Carter\tFirst Texas Bank\t1111\tChecking\tOwner\tPending For Admin\ttrue\t"; !strings.HasPrefix(line, want) {
			t.Errorf("piped line %q, want it to start %q", line, want)
		}
		if _, ok := listed(t, "--associate", "agt100")[first]; !ok {
			t.Error("--associate agt100 leaves it out")
		}
		if _, ok := listed(t, "--associate", "RMD100")[first]; ok {
			t.Error("--associate RMD100 lists it")
		}
		if _, ok := listed(t, "--status", "rejected-by-admin")[first]; ok {
			t.Error("--status rejected-by-admin lists it")
		}
		fails(t, []string{`invalid --status "paid"`, "Pending For Admin"}, "payouts", "list", "--status", "paid")
	})

	t.Run("review shows it in full, with a link to its document", func(t *testing.T) {
		a := review(t, first)
		if a.RoutingNumber != "021000021" || a.AccountLast4 != "1111" || !a.CanApprove || a.EnteredBy != "Alex Carter" {
			t.Errorf("review: %+v", a)
		}
		if !strings.HasPrefix(a.DocumentURL, env.URL+"/api/files/") {
			t.Fatalf("document_url %q is not a link to the server's files", a.DocumentURL)
		}
		var doc bytes.Buffer
		if err := agent.Download(ctx, a.DocumentURL, &doc, nil); err != nil || doc.String() != voidCheque {
			t.Errorf("the document behind the link: %q %v", doc.String(), err)
		}
		out := mustPortal(t, "payouts", "review", id1)
		for _, want := range []string{"routing_number:\t021000021\n", "account_last4:\t1111\n", "can_approve:\ttrue\n",
			"associate:\t{\"code\":\"AGT100\",\"name\":\"Alex Carter\"}\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("review piped lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "0001234561111") {
			t.Error("the review shows the whole account number")
		}
		fails(t, []string{"HTTP 404"}, "payouts", "review", "999999")
		fails(t, []string{`invalid payout account ID "x"`}, "payouts", "review", "x")
	})

	t.Run("reject with a reason moves it to Rejected By Admin", func(t *testing.T) {
		fails(t, []string{"--reason is required", "Invalid Supporting Document"}, "payouts", "reject", id1)
		fails(t, []string{`invalid --reason "blurred"`, "Unmatched Supporting Document"}, "payouts", "reject", id1, "--reason", "blurred")
		decide(t, "Rejected By Admin", "reject", id1, "--reason", "invalid-supporting-document", "--note", "The cheque is blurred")
		a := review(t, first)
		if a.Status != "Rejected By Admin" || a.RejectionReason != "Invalid Supporting Document" || a.Note != "The cheque is blurred" || a.CanApprove {
			t.Errorf("after the rejection: %+v", a)
		}
		if _, ok := listed(t, "--status", "Rejected By Admin")[first]; !ok {
			t.Error("--status 'Rejected By Admin' leaves it out")
		}
		if _, ok := listed(t)[first]; ok {
			t.Error("a rejected account still waits for staff")
		}
		fails(t, []string{"only one waiting for staff", "HTTP 409"}, "payouts", "approve", id1)
	})

	// Staff enter an account for the agent (admin mode): they are its maker.
	second := addAccount(t, apiClient(t, "staff@example.com", "AGT100"), "Second Bank", "99887766552222")
	id2 := strconv.FormatInt(second, 10)

	t.Run("the staff member who entered an account cannot approve it", func(t *testing.T) {
		if a := listed(t)[second]; a.CanApprove || a.EnteredBy != "Sam Staffer" {
			t.Errorf("the maker's list: %+v", a)
		}
		fails(t, []string{"You entered or changed this account: another staff member must approve it (HTTP 403)"}, "payouts", "approve", id2)
		if a := review(t, second); a.Status != "Pending For Admin" {
			t.Errorf("after the refused approval: %+v", a)
		}
	})

	t.Run("request-info sends it back to the associate", func(t *testing.T) {
		fails(t, []string{"--note is required"}, "payouts", "request-info", id2)
		decide(t, "Pending For Associate", "request-info", id2, "--note", "Which branch holds the account?")
		if a := review(t, second); a.Status != "Pending For Associate" || a.Note != "Which branch holds the account?" {
			t.Errorf("after request-info: %+v", a)
		}
	})

	t.Run("--all follows next_cursor", func(t *testing.T) {
		third, fourth := addAccount(t, agent, "Third Bank", "5550003333"), addAccount(t, agent, "Fourth Bank", "5550004444")
		all := listed(t, "--all", "--limit", "1")
		_, has3 := all[third]
		if _, has4 := all[fourth]; !has3 || !has4 || len(all) != 2 {
			t.Errorf("--all --limit 1 lists %v, want %d and %d", all, third, fourth)
		}
		if one := listed(t, "--limit", "1"); len(one) != 1 {
			t.Errorf("--limit 1 lists %d accounts", len(one))
		}
	})

	t.Run("approve an account the associate entered", func(t *testing.T) {
		fifth := addAccount(t, agent, "Fifth Bank", "5550005555")
		var a payoutAccount
		decode(t, mustPortal(t, "payouts", "approve", strconv.FormatInt(fifth, 10), "--json", "id,status,active"), &a)
		if a.ID != fifth || a.Status != "Approved" || !a.Active {
			t.Errorf("approve --json: %+v", a)
		}
		if _, ok := listed(t, "--status", "approved", "--associate", "AGT100")[fifth]; !ok {
			t.Error("--status approved leaves it out")
		}
	})
}
