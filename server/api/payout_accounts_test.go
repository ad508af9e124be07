package api_test

import (
	"context"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

const voidCheque = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// uploadDocument uploads a supporting document and answers its file id.
func uploadDocument(t *testing.T, env *servertest.Env, c *oas.Client, body string) string {
	t.Helper()
	su, err := c.GetPayoutDocumentSignedURL(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "PUT", su.Response.URL, "", body, header{"Content-Type": "application/pdf"}); r.Status != 200 {
		t.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	return su.Response.ID
}

// secondReviewer adds another staff member who reviews payouts and answers its client.
func secondReviewer(t *testing.T, env *servertest.Env) *oas.Client {
	t.Helper()
	if _, err := env.Pool.Exec(context.Background(), `INSERT INTO users (email, password_hash, is_staff, first_name, last_name, permissions)
		SELECT 'checker@example.com', password_hash, true, 'Cora', 'Checker', $1 FROM users WHERE email = $2`,
		[]string{auth.PermPayoutsReview, auth.PermActAs}, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	return client(t, env, login(t, env, "checker@example.com"))
}

func actingClient(t *testing.T, env *servertest.Env, staff, code string) *oas.Client {
	t.Helper()
	c, err := oas.NewClient(env.URL+"/api", creds{token: login(t, env, staff), actAs: code})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPayoutWorkflow: an account goes to staff; the staff member who entered one (in admin
// mode) cannot approve it, another can; approving makes it the account in use and retires
// the previous one only then; rejection and a request for information send it back; an
// Authorized account waits for its owner's answer through a single-use mailed link; the
// associate is mailed on every change; the account number is never stored or answered whole.
func TestPayoutWorkflow(t *testing.T) {
	env := servertest.Start(t)
	box := env.StartMail(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	staff := client(t, env, login(t, env, seed.DemoStaff))
	checker := secondReviewer(t, env)

	input := func(last string, holder oas.AccountHolder) *oas.PayoutAccountInput {
		in := &oas.PayoutAccountInput{BankName: "First Texas Bank", RoutingNumber: "021000021", AccountNumber: "000123456" + last,
			AccountType: oas.BankAccountTypeChecking, Holder: holder, Document: oas.NewOptString(uploadDocument(t, env, agent, voidCheque))}
		if holder == oas.AccountHolderAuthorized {
			in.HolderName, in.OwnerEmail = oas.NewOptString("Olivia Owner"), oas.NewOptString("olivia@example.com")
		}
		return in
	}
	first, err := agent.CreatePayoutAccount(ctx, input("1111", oas.AccountHolderOwner))
	if err != nil {
		t.Fatal(err)
	}
	a := first.Response
	if a.Status != oas.PayoutStatusPendingForAdmin || a.Active || a.AccountLast4 != "1111" {
		t.Fatalf("new account: %+v", a)
	}
	box.Wait(t, seed.DemoAgent, "ending 1111: Pending For Admin")

	// The agent cannot review; staff see it waiting, with who entered it.
	if _, err := agent.ListPayoutReviews(ctx, oas.ListPayoutReviewsParams{}); statusOf(err) != 403 {
		t.Errorf("an associate listing reviews: %v", err)
	}
	page, err := staff.ListPayoutReviews(ctx, oas.ListPayoutReviewsParams{FilterStatusEq: oas.NewOptPayoutStatus(oas.PayoutStatusPendingForAdmin)})
	if err != nil || len(page.Response.Data) != 1 || !page.Response.Data[0].CanApprove.Value || page.Response.Data[0].Associate.Value.Code != seed.DemoAgtCode {
		t.Fatalf("reviews: %+v %v", page, err)
	}
	approved, err := staff.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}, oas.DecidePayoutAccountParams{ID: a.ID})
	if err != nil || approved.Response.Status != oas.PayoutStatusApproved || !approved.Response.Active {
		t.Fatalf("approve: %+v %v", approved, err)
	}
	box.Wait(t, seed.DemoAgent, "ending 1111: Approved")

	// Staff entering an account for the agent (admin mode) cannot approve it; another can.
	acting := actingClient(t, env, seed.DemoStaff, seed.DemoAgtCode)
	doc := uploadDocument(t, env, acting, voidCheque)
	second, err := acting.CreatePayoutAccount(ctx, &oas.PayoutAccountInput{BankName: "Second Bank", RoutingNumber: "011000015",
		AccountNumber: "99887766552222", AccountType: oas.BankAccountTypeSavings, Holder: oas.AccountHolderOwner, Document: oas.NewOptString(doc)})
	if err != nil {
		t.Fatal(err)
	}
	b := second.Response.ID
	review, err := staff.GetPayoutReview(ctx, oas.GetPayoutReviewParams{ID: b})
	if err != nil || review.Response.CanApprove.Value || review.Response.EnteredBy.Value != "Sam Staffer" {
		t.Errorf("the maker's view: %+v %v", review, err)
	}
	if _, err := staff.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}, oas.DecidePayoutAccountParams{ID: b}); statusOf(err) != 403 {
		t.Errorf("the maker approving: %v", err)
	}
	queue, err := staff.ListPayoutReviews(ctx, oas.ListPayoutReviewsParams{FilterStatusEq: oas.NewOptPayoutStatus(oas.PayoutStatusPendingForAdmin)})
	if err != nil || len(queue.Response.Data) != 1 || queue.Response.Data[0].ID != b {
		t.Errorf("the review queue holds the waiting account only: %+v %v", queue, err)
	}
	// While it waits, the first stays in use.
	list, err := agent.ListPayoutAccounts(ctx)
	if err != nil || len(list.Response.Data) != 2 || list.Response.Data[0].ID != a.ID || !list.Response.Data[0].Active {
		t.Fatalf("while the second waits: %+v %v", list, err)
	}
	// Rejected, changed by the agent, asked for information, changed again, approved.
	if _, err := checker.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionReject}, oas.DecidePayoutAccountParams{ID: b}); statusOf(err) != 422 {
		t.Errorf("a rejection without a reason: %v", err)
	}
	rej, err := checker.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionReject,
		Reason: oas.NewOptRejectionReason(oas.RejectionReasonInvalidSupportingDocument), Note: oas.NewOptString("The cheque is blurred")}, oas.DecidePayoutAccountParams{ID: b})
	if err != nil || rej.Response.Status != oas.PayoutStatusRejectedByAdmin {
		t.Fatalf("reject: %+v %v", rej, err)
	}
	if m := box.Wait(t, seed.DemoAgent, "ending 2222: Rejected By Admin"); !strings.Contains(m.Text, "The cheque is blurred") || !strings.Contains(m.Text, "Invalid Supporting Document") {
		t.Errorf("the rejection mail:\n%s", m.Text)
	}
	if _, err := checker.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}, oas.DecidePayoutAccountParams{ID: b}); statusOf(err) != 409 {
		t.Errorf("approving a rejected account: %v", err)
	}
	in := input("2222", oas.AccountHolderOwner)
	resent, err := agent.UpdatePayoutAccount(ctx, in, oas.UpdatePayoutAccountParams{ID: b})
	if err != nil || resent.Response.Status != oas.PayoutStatusPendingForAdmin {
		t.Fatalf("resubmit: %+v %v", resent, err)
	}
	// Now the agent is the maker: the staff member who entered it first may approve.
	info, err := staff.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionRequestInfo, Note: oas.NewOptString("Which branch?")}, oas.DecidePayoutAccountParams{ID: b})
	if err != nil || info.Response.Status != oas.PayoutStatusPendingForAssociate {
		t.Fatalf("request info: %+v %v", info, err)
	}
	// A change without a new document keeps the one the account has.
	keep := *in
	keep.Document = oas.OptString{}
	// New numbers need a new document (it shows the numbers staff check); nothing changes.
	moved := keep
	moved.AccountNumber = "5556667772222"
	if _, err := agent.UpdatePayoutAccount(ctx, &moved, oas.UpdatePayoutAccountParams{ID: b}); statusOf(err) != 422 {
		t.Errorf("new numbers without a new document: %v", err)
	}
	if got, err := agent.GetPayoutAccount(ctx, oas.GetPayoutAccountParams{ID: b}); err != nil || got.Response.Status != oas.PayoutStatusPendingForAssociate {
		t.Errorf("after the refused change: %+v %v", got, err)
	}
	if _, err := agent.UpdatePayoutAccount(ctx, &keep, oas.UpdatePayoutAccountParams{ID: b}); err != nil {
		t.Fatal(err)
	}
	var kept string
	if err := env.Pool.QueryRow(ctx, `SELECT document_file_id FROM payout_accounts WHERE id = $1`, b).Scan(&kept); err != nil || kept != in.Document.Value {
		t.Errorf("the document after a change without one: %q, want %q (%v)", kept, in.Document.Value, err)
	}
	if _, err := staff.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}, oas.DecidePayoutAccountParams{ID: b}); err != nil {
		t.Fatalf("approving after the agent changed it: %v", err)
	}
	list, err = agent.ListPayoutAccounts(ctx)
	if err != nil || list.Response.Data[0].ID != b || !list.Response.Data[0].Active || list.Response.Data[1].Active ||
		list.Response.Data[1].Status != oas.PayoutStatusApproved {
		t.Fatalf("after the second is approved: %+v %v", list, err)
	}
	if _, err := agent.UpdatePayoutAccount(ctx, in, oas.UpdatePayoutAccountParams{ID: b}); statusOf(err) != 409 {
		t.Errorf("changing the account in use: %v", err)
	}

	// Authorized: approval by staff asks the owner, whose link works once.
	third, err := agent.CreatePayoutAccount(ctx, input("3333", oas.AccountHolderAuthorized))
	if err != nil {
		t.Fatal(err)
	}
	c := third.Response.ID
	owner, err := checker.DecidePayoutAccount(ctx, &oas.PayoutDecision{Decision: oas.PayoutDecisionDecisionApprove}, oas.DecidePayoutAccountParams{ID: c})
	if err != nil || owner.Response.Status != oas.PayoutStatusPendingForOwner || owner.Response.Active {
		t.Fatalf("approve an Authorized account: %+v %v", owner, err)
	}
	link := box.Wait(t, "olivia@example.com", "Approve Alex Carter's use of your bank account").Link(t, env.URL, "payout-owner/")
	anon := client(t, env, "")
	req, err := anon.GetPayoutOwnerRequest(ctx, oas.GetPayoutOwnerRequestParams{Token: tokenOf(link)})
	if err != nil || req.AccountLast4 != "3333" || req.AssociateName != "Alex Carter" {
		t.Fatalf("the owner's page: %+v %v", req, err)
	}
	if _, err := anon.AnswerPayoutOwnerRequest(ctx, &oas.PayoutOwnerAnswer{Approve: true}, oas.AnswerPayoutOwnerRequestParams{Token: tokenOf(link)}); err != nil {
		t.Fatal(err)
	}
	if _, err := anon.AnswerPayoutOwnerRequest(ctx, &oas.PayoutOwnerAnswer{Approve: false}, oas.AnswerPayoutOwnerRequestParams{Token: tokenOf(link)}); statusOf(err) != 422 {
		t.Errorf("the owner's link twice: %v", err)
	}
	got, err := agent.GetPayoutAccount(ctx, oas.GetPayoutAccountParams{ID: c})
	if err != nil || got.Response.Status != oas.PayoutStatusApproved || !got.Response.Active {
		t.Errorf("after the owner approved: %+v %v", got, err)
	}
	box.Wait(t, seed.DemoAgent, "ending 3333: Approved")

	// Another associate sees none of these.
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	if _, err := rmd.GetPayoutAccount(ctx, oas.GetPayoutAccountParams{ID: a.ID}); statusOf(err) != 404 {
		t.Errorf("another associate's account: %v", err)
	}

	// At rest and in the change log the account numbers appear only masked.
	var leaks int
	if err := env.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM payout_accounts p WHERE p::text LIKE '%1234561111%' OR p::text LIKE '%99887766552222%')
		+ (SELECT count(*) FROM change_logs l WHERE l::text LIKE '%1234562222%')
		+ (SELECT count(*) FROM river_job j WHERE j::text LIKE '%1234561111%')`).Scan(&leaks); err != nil || leaks != 0 {
		t.Errorf("%d rows hold an account number in the clear (%v)", leaks, err)
	}
	var masked string
	if err := env.Pool.QueryRow(ctx, `SELECT old_value || ' → ' || new_value FROM change_logs WHERE entity = 'payout_account' AND field = 'account_number'`).Scan(&masked); err != nil || masked != "••••2222 → ••••2222" {
		t.Errorf("the account number's change-log row: %q %v", masked, err)
	}
	tab, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{Limit: oas.NewOptInt(1)})
	if err != nil || tab.Response.Data[0].Entity != "payout_account" || tab.Response.Data[0].Actor != "The bank account's owner" {
		t.Errorf("the change-log tab: %+v %v", tab, err)
	}
}

// TestPayoutInputRefused: bad numbers, a missing or foreign document, a document of the
// wrong type: refused by field, nothing stored.
func TestPayoutInputRefused(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	doc := uploadDocument(t, env, agent, voidCheque)
	foreign := uploadDocument(t, env, rmd, voidCheque)
	csv := uploadDocument(t, env, agent, "a,b\n1,2\n")
	base := oas.PayoutAccountInput{BankName: "Bank", RoutingNumber: "021000021", AccountNumber: "123456789",
		AccountType: oas.BankAccountTypeChecking, Holder: oas.AccountHolderOwner, Document: oas.NewOptString(doc)}
	for name, tc := range map[string]struct {
		mod   func(*oas.PayoutAccountInput)
		field string
	}{
		"check digit":   {func(in *oas.PayoutAccountInput) { in.RoutingNumber = "021000022" }, "routing_number"},
		"short account": {func(in *oas.PayoutAccountInput) { in.AccountNumber = "12" }, "account_number"},
		"letters":       {func(in *oas.PayoutAccountInput) { in.AccountNumber = "12345678X" }, "account_number"},
		"no owner email": {func(in *oas.PayoutAccountInput) {
			in.Holder = oas.AccountHolderAuthorized
			in.HolderName = oas.NewOptString("O")
		}, "owner_email"},
		"foreign doc":     {func(in *oas.PayoutAccountInput) { in.Document = oas.NewOptString(foreign) }, "document"},
		"unknown doc":     {func(in *oas.PayoutAccountInput) { in.Document = oas.NewOptString("nope") }, "document"},
		"csv as document": {func(in *oas.PayoutAccountInput) { in.Document = oas.NewOptString(csv) }, "document"},
		"no document":     {func(in *oas.PayoutAccountInput) { in.Document = oas.OptString{} }, "document"},
	} {
		in := base
		tc.mod(&in)
		_, err := agent.CreatePayoutAccount(ctx, &in)
		var e *oas.ErrorStatusCode
		if statusOf(err) != 422 || !asError(err, &e) || len(e.Response.Errors) == 0 || e.Response.Errors[0].Field != tc.field {
			t.Errorf("%s: %v", name, err)
		}
	}
	var n int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM payout_accounts`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d accounts stored (%v)", n, err)
	}
}
