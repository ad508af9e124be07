package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// changeRows lists the account's change-log rows after id as "field: old → new by self" or
// "… by staff (the acting staff member's email)".
func changeRows(t *testing.T, env *servertest.Env, after int64) []string {
	t.Helper()
	rows, err := env.Pool.Query(context.Background(), `SELECT coalesce(l.field, ''), coalesce(l.old_value, ''), coalesce(l.new_value, ''),
			CASE WHEN u.is_staff THEN 'staff' ELSE 'self' END, coalesce(s.email, '')
		FROM change_logs l JOIN users u ON u.id = l.actor_user_id LEFT JOIN users s ON s.id = l.acting_staff_id
		WHERE l.entity = 'account' AND l.id > $1 ORDER BY l.id`, after)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var f, o, n, actor, staff string
		if err := rows.Scan(&f, &o, &n, &actor, &staff); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s: %s → %s by %s%s", f, o, n, actor, map[bool]string{true: " (" + staff + ")"}[staff != ""]))
	}
	return out
}

func lastLogID(t *testing.T, env *servertest.Env) int64 {
	t.Helper()
	var id int64
	if err := env.Pool.QueryRow(context.Background(), `SELECT coalesce(max(id), 0) FROM change_logs`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestAccountEdits: each form saves its fields and logs one row per changed field (the
// staff member too in admin mode); an unchanged save logs nothing; bad input changes nothing.
func TestAccountEdits(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	before, err := agent.GetAccount(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if before.Response.Code != seed.DemoAgtCode || before.Response.Email != seed.DemoAgent || !before.Response.Upline.Set {
		t.Fatalf("account: %+v", before.Response)
	}
	mark := lastLogID(t, env)
	got, err := agent.UpdateAccountPhone(ctx, &oas.PhoneInput{Phone: "+1 (512) 555-0199"})
	if err != nil || got.Response.Phone.Or("") != "5125550199" {
		t.Fatalf("phone: %+v %v", got, err)
	}
	if _, err := agent.UpdateAccountPhone(ctx, &oas.PhoneInput{Phone: "512.555.0199"}); err != nil {
		t.Fatal(err)
	}
	if _, err := agent.UpdateAccountAltPhone(ctx, &oas.AltPhoneInput{Phone: oas.NewOptString("512 555 0100")}); err != nil {
		t.Fatal(err)
	}
	got, err = agent.UpdateAccountAddress(ctx, &oas.AccountAddressInput{Line1: "12 Oak St", Line2: oas.NewOptString("Apt 4"),
		City: "Austin", State: oas.StateCodeTX, PostalCode: "78701"})
	if err != nil || got.Response.Address.City.Or("") != "Austin" || got.Response.Address.Line2.Or("") != "Apt 4" {
		t.Fatalf("address: %+v %v", got, err)
	}
	got, err = agent.UpdateAccountSpouse(ctx, &oas.SpouseInput{Name: oas.NewOptString("Sam Carter"), Email: oas.NewOptString("SAM@example.com"),
		DateOfBirth: oas.NewOptDate(mustDate("1985-04-02"))})
	if err != nil || got.Response.Spouse.Email.Or("") != "sam@example.com" {
		t.Fatalf("spouse: %+v %v", got, err)
	}
	staff := actingClient(t, env, seed.DemoStaff, seed.DemoAgtCode)
	got, err = staff.UpdateAccountBasicInformation(ctx, &oas.AccountBasicInput{FirstName: "Alexander", LastName: "Carter",
		Gender: oas.NewOptGender(oas.GenderMale), ShirtSize: oas.NewOptShirtSize(oas.ShirtSizeL), DateOfBirth: oas.NewOptDate(mustDate("1980-01-31"))})
	if err != nil || got.Response.FirstName != "Alexander" {
		t.Fatalf("basic information as staff: %+v %v", got, err)
	}
	want := []string{
		"phone:  → 5125550199 by self",
		"alt_phone:  → 5125550100 by self",
		"address_line1:  → 12 Oak St by self",
		"address_line2:  → Apt 4 by self",
		"city:  → Austin by self",
		"state:  → TX by self",
		"postal_code:  → 78701 by self",
		"spouse_name:  → Sam Carter by self",
		"spouse_email:  → sam@example.com by self",
		"spouse_date_of_birth:  → 1985-04-02 by self",
		"first_name: Alex → Alexander by staff (staff@example.com)",
		"date_of_birth:  → 1980-01-31 by staff (staff@example.com)",
		"gender:  → Male by staff (staff@example.com)",
		"shirt_size:  → L by staff (staff@example.com)",
	}
	// The seed may have given the agent a phone, an address or a spouse already: compare
	// with what it had.
	for i, w := range want {
		field := w[:strings.Index(w, ":")]
		old := map[string]string{"phone": before.Response.Phone.Or(""), "alt_phone": before.Response.AltPhone.Or(""),
			"address_line1": before.Response.Address.Line1.Or(""), "city": before.Response.Address.City.Or(""),
			"state": string(before.Response.Address.State.Or("")), "postal_code": before.Response.Address.PostalCode.Or(""),
			"spouse_name": before.Response.Spouse.Name.Or(""), "gender": string(before.Response.Gender.Or("")),
			"shirt_size": string(before.Response.ShirtSize.Or(""))}[field]
		if old != "" {
			want[i] = strings.Replace(w, ":  → ", ": "+old+" → ", 1)
		}
	}
	if diff := cmp.Diff(want, changeRows(t, env, mark)); diff != "" {
		t.Errorf("change log (-want +got):\n%s", diff)
	}
	// The user's name follows the associate's.
	if a, err := agent.GetAccess(ctx); err != nil || a.Response.User.FirstName.Or("") != "Alexander" {
		t.Errorf("access after the name change: %+v %v", a, err)
	}
	// The change-log tab: newest first, limit + 1 rows (the extra one says there is more),
	// paged by cursor, the staff member named.
	page, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{Limit: oas.NewOptInt(3)})
	if err != nil || len(page.Response.Data) != 4 || !page.Response.NextCursor.Set {
		t.Fatalf("change logs: %+v %v", page, err)
	}
	if d := page.Response.Data[0]; d.Field.Or("") != "shirt_size" || d.Staff.Or("") != "Sam Staffer" || d.Entity != "account" {
		t.Errorf("newest row: %+v", d)
	}
	next, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{Limit: oas.NewOptInt(3), Cursor: page.Response.NextCursor})
	if err != nil || len(next.Response.Data) != 4 || next.Response.Data[0].ID != page.Response.Data[3].ID {
		t.Errorf("second page: %+v %v", next, err)
	}
	payouts, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{FilterEntityEq: oas.NewOptChangeLogEntity(oas.ChangeLogEntityPayoutAccount)})
	if err != nil || len(payouts.Response.Data) != 0 {
		t.Errorf("filtered to payout accounts (none yet): %+v %v", payouts, err)
	}
	phones, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{FilterFieldEq: oas.NewOptString("phone")})
	if err != nil || len(phones.Response.Data) != 1 || phones.Response.Data[0].NewValue.Value != "5125550199" {
		t.Errorf("filtered to the phone: %+v %v", phones, err)
	}

	// Bad input: each refused with its field, nothing changed, nothing logged.
	mark = lastLogID(t, env)
	for name, call := range map[string]func() error{
		"phone": func() error { _, err := agent.UpdateAccountPhone(ctx, &oas.PhoneInput{Phone: "555-0199"}); return err },
		"empty": func() error { _, err := agent.UpdateAccountPhone(ctx, &oas.PhoneInput{Phone: " "}); return err },
		"address": func() error {
			_, err := agent.UpdateAccountAddress(ctx, &oas.AccountAddressInput{Line1: "1 Rue", City: "Ottawa", State: oas.StateCodeON, PostalCode: "K1A 0B1"})
			return err
		},
		"zip": func() error {
			_, err := agent.UpdateAccountAddress(ctx, &oas.AccountAddressInput{Line1: "1 Main", City: "Austin", State: oas.StateCodeTX, PostalCode: "7870"})
			return err
		},
		"names": func() error {
			_, err := agent.UpdateAccountBasicInformation(ctx, &oas.AccountBasicInput{FirstName: " ", LastName: "Carter"})
			return err
		},
		"spouse": func() error {
			_, err := agent.UpdateAccountSpouse(ctx, &oas.SpouseInput{Email: oas.NewOptString("x@example.com")})
			return err
		},
	} {
		if err := call(); statusOf(err) != 422 {
			t.Errorf("%s: %v", name, err)
		}
	}
	if rows := changeRows(t, env, mark); len(rows) != 0 {
		t.Errorf("bad input logged %v", rows)
	}
	after, err := agent.GetAccount(ctx)
	if err != nil || after.Response.Phone.Or("") != "5125550199" || after.Response.Address.State.Or("") != oas.StateCodeTX {
		t.Errorf("bad input changed the account: %+v %v", after, err)
	}
	// Removing the alternative phone.
	got, err = agent.UpdateAccountAltPhone(ctx, &oas.AltPhoneInput{})
	if err != nil || got.Response.AltPhone.Set {
		t.Errorf("removing the alternative phone: %+v %v", got, err)
	}
}

// TestEmailChange: the link goes to the new address and a notice to the old; the change
// takes effect when the link is followed (once), and the old address is told again.
func TestEmailChange(t *testing.T) {
	env := servertest.Start(t)
	box := env.StartMail(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	if _, err := agent.RequestEmailChange(ctx, &oas.EmailChangeInput{Email: seed.DemoRMD}); statusOf(err) != 422 {
		t.Errorf("an address another account uses: %v", err)
	}
	res, err := agent.RequestEmailChange(ctx, &oas.EmailChangeInput{Email: " Alex.New@Example.com "})
	if err != nil || !strings.Contains(res.Response.Message, "alex.new@example.com") {
		t.Fatalf("request: %+v %v", res, err)
	}
	link := box.Wait(t, "alex.new@example.com", "Confirm your new email address").Link(t, env.URL, "account/email/confirm/")
	notice := box.Wait(t, seed.DemoAgent, "A change of your email address was requested")
	if strings.Contains(notice.Text, "alex.new@example.com") || !strings.Contains(notice.Text, "a***@example.com") {
		t.Errorf("the notice to the old address should show the new one masked:\n%s", notice.Text)
	}
	acc, err := agent.GetAccount(ctx)
	if err != nil || acc.Response.Email != seed.DemoAgent || acc.Response.PendingEmail.Or("") != "alex.new@example.com" {
		t.Fatalf("before confirming: %+v %v", acc, err)
	}
	r := do(t, env, "POST", "/api/account/email/confirm", "", map[string]string{"token": tokenOf(link)}, nil)
	if r.Status != 200 {
		t.Fatalf("confirm: %d %s", r.Status, r.Body)
	}
	box.Wait(t, seed.DemoAgent, "Your email address was changed")
	acc, err = agent.GetAccount(ctx)
	if err != nil || acc.Response.Email != "alex.new@example.com" || acc.Response.PendingEmail.Set {
		t.Errorf("after confirming: %+v %v", acc, err)
	}
	if _, err := client(t, env, "").Login(ctx, &oas.LoginRequest{Login: "alex.new@example.com", Password: seed.DemoPassword}); err != nil {
		t.Errorf("login with the new address: %v", err)
	}
	if r := do(t, env, "POST", "/api/account/email/confirm", "", map[string]string{"token": tokenOf(link)}, nil); r.Status != 422 || r.apiError(t).Code.Or("") != "link_invalid" {
		t.Errorf("the link twice: %d %s", r.Status, r.Body)
	}
	if rows := changeRows(t, env, 0); !cmp.Equal(rows[len(rows)-1], "email: agent@example.com → alex.new@example.com by self") {
		t.Errorf("change log: %v", rows)
	}
}

// TestSessionsAndPassword: the caller's sessions, the current one first; revoking one or
// all others; a password change that needs the current password, keeps to the policy and
// ends every other session; staff acting for an associate see none of it.
func TestSessionsAndPassword(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	mine := ready(t, env, seed.DemoAgent)
	other1, other2 := login(t, env, seed.DemoAgent), login(t, env, seed.DemoAgent)
	agent := client(t, env, mine)
	list, err := agent.ListLoginSessions(ctx)
	if err != nil || len(list.Response.Data) != 3 || !list.Response.Data[0].Current || list.Response.Data[1].Current {
		t.Fatalf("sessions: %+v %v", list, err)
	}
	if d := list.Response.Data[0].Device; d != "Go program" && d != "Unknown browser" {
		t.Errorf("device %q", d)
	}
	// The newest other session is other2.
	if err := agent.RevokeLoginSession(ctx, oas.RevokeLoginSessionParams{ID: list.Response.Data[1].ID}); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/access", other2, nil, nil); r.Status != 401 {
		t.Errorf("a revoked session still works: %d", r.Status)
	}
	if err := agent.RevokeLoginSession(ctx, oas.RevokeLoginSessionParams{ID: list.Response.Data[1].ID}); statusOf(err) != 404 {
		t.Errorf("revoking it again: %v", err)
	}
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	if err := rmd.RevokeLoginSession(ctx, oas.RevokeLoginSessionParams{ID: list.Response.Data[0].ID}); statusOf(err) != 404 {
		t.Errorf("another user's session: %v", err)
	}
	acting := actingClient(t, env, seed.DemoStaff, seed.DemoAgtCode)
	if _, err := acting.ListLoginSessions(ctx); statusOf(err) != 403 {
		t.Errorf("staff acting listing the sessions: %v", err)
	}

	// Password: the wrong current one, a common new one, then a good one.
	if err := changePassword(agent, "not it", "a brand new secret"); statusOf(err) != 422 {
		t.Errorf("wrong current password: %v", err)
	}
	if err := changePassword(agent, seed.DemoPassword, "iloveyou"); statusOf(err) != 422 {
		t.Errorf("a common password: %v", err)
	}
	if err := changePassword(agent, seed.DemoPassword, "agent@example.com"); statusOf(err) != 422 {
		t.Errorf("the email as password: %v", err)
	}
	if err := changePassword(agent, seed.DemoPassword, "a brand new secret"); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/access", other1, nil, nil); r.Status != 401 {
		t.Errorf("another session survived the password change: %d", r.Status)
	}
	if r := do(t, env, "GET", "/api/access", mine, nil, nil); r.Status != 200 {
		t.Errorf("the current session ended with the password change: %d", r.Status)
	}
	if _, err := client(t, env, "").Login(ctx, &oas.LoginRequest{Login: seed.DemoAgent, Password: "a brand new secret"}); err != nil {
		t.Errorf("login with the new password: %v", err)
	}
	// Revoke the others: the two logins with the new password are the others now.
	if _, err := client(t, env, "").Login(ctx, &oas.LoginRequest{Login: seed.DemoAgent, Password: "a brand new secret"}); err != nil {
		t.Fatal(err)
	}
	n, err := agent.RevokeOtherSessions(ctx)
	if err != nil || n.Response.Revoked != 2 {
		t.Errorf("revoke others: %+v %v", n, err)
	}
	list, err = agent.ListLoginSessions(ctx)
	if err != nil || len(list.Response.Data) != 1 {
		t.Errorf("after revoking the others: %+v %v", list, err)
	}
	if rows := changeRows(t, env, 0); rows[len(rows)-1] != "password:  → changed by self" {
		t.Errorf("change log: %v", rows)
	}
}

func changePassword(c *oas.Client, current, next string) error {
	_, err := c.ChangePassword(context.Background(), &oas.PasswordChange{CurrentPassword: current, NewPassword: next})
	return err
}
