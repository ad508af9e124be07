package tui

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// actingBackend is the fake server seen by a staff member acting for code: /access answers
// that associate, and the calls through it are logged with the code. A code no associate
// has is refused, as the server does (403 with the code acting_code_unknown).
type actingBackend struct {
	*fakeBackend
	code string
}

func (a actingBackend) refused() error {
	if a.team.names[a.code] != "" {
		return nil
	}
	return &sdk.Error{Status: 403, Message: `No associate has the code "` + a.code + `"`, Code: sdk.CodeActingCodeUnknown}
}

func (a actingBackend) GetAccess(context.Context) (*oas.AccessHeaders, error) {
	if err := a.refused(); err != nil {
		return nil, err
	}
	return &oas.AccessHeaders{Response: oas.Access{User: oas.User{Name: a.team.names[a.code], Code: oas.NewOptString(a.code),
		ActingStaff: oas.NewOptString("Sam Staffer")}}}, nil
}

func (a actingBackend) ListClients(ctx context.Context, p oas.ListClientsParams) (*oas.ClientListHeaders, error) {
	a.actingCalls = append(a.actingCalls, a.code+" clients")
	if err := a.refused(); err != nil {
		return nil, err
	}
	return a.fakeBackend.ListClients(ctx, p)
}

func (a actingBackend) ListTeam(ctx context.Context, p oas.ListTeamParams) (*oas.TeamMemberListHeaders, error) {
	a.actingCalls = append(a.actingCalls, a.code+" team "+string(p.View))
	return a.fakeBackend.ListTeam(ctx, p)
}

func (a actingBackend) GetGenealogyNode(ctx context.Context, p oas.GetGenealogyNodeParams) (*oas.TreeNodeHeaders, error) {
	a.actingCalls = append(a.actingCalls, a.code+" node "+p.Code)
	return a.fakeBackend.GetGenealogyNode(ctx, p)
}

// staffTester is a staff member in the TUI, able to act for any associate of the fake.
func staffTester(t *testing.T, actingAs string) (*tester, *fakeBackend) {
	t.Helper()
	return staffTesterOver(t, actingAs, func(a actingBackend) Backend { return a })
}

// staffTesterOver is staffTester acting through the backend over returns for an associate.
func staffTesterOver(t *testing.T, actingAs string, over func(actingBackend) Backend) (*tester, *fakeBackend) {
	t.Helper()
	b := demoBackend()
	tt := newTesterWith(t, staffBackend{b}, Options{
		ActingAs: actingAs,
		ActAs:    func(code string) (Backend, error) { return over(actingBackend{b, code}), nil },
	})
	return tt, b
}

func TestStaffActsForAnAssociate(t *testing.T) {
	tt, b := staffTester(t, "")
	tt.keys("3")
	tt.golden("staff_team")
	if b.actingCalls != nil || len(b.team.teamCalls) != 0 {
		t.Fatalf("requests before acting: %v %v", b.actingCalls, b.team.teamCalls)
	}

	// a opens the picker over the staff member's own lookup.
	tt.keys("a")
	tt.typeText("smi")
	tt.keys("down")
	tt.golden("actas_picker")
	if tt.quit() || tt.root().active != screenTeam {
		t.Fatal("typing in the picker left it")
	}

	tt.keys("enter") // Cal Smithers, A2001
	if tt.root().picker != nil {
		t.Fatal("the picker is still open")
	}
	tt.golden("team_acting")
	want := []string{"A2001 clients", "A2001 team BaseShop", "A2001 node A2001"}
	if diff := cmp.Diff(want, b.actingCalls); diff != "" {
		t.Errorf("requests while acting (-want +got):\n%s", diff)
	}

	// The tree is the associate's.
	tt.keys("4")
	if s := tt.tree(); s.root == nil || s.root.Code != "A2001" {
		t.Errorf("the tree while acting for A2001: %+v", s.root)
	}
	if !strings.Contains(tt.view(), "Sam Staffer as Cal Smithers (A2001)") {
		t.Errorf("the header does not say who is acted for:\n%s", tt.view())
	}

	// a again, then ctrl+x: acting for nobody, the team screens say so again.
	tt.keys("a")
	if !strings.Contains(tt.view(), "Acting for A2001 · ctrl+x acts for nobody again") {
		t.Errorf("the picker does not say who is acted for:\n%s", tt.view())
	}
	tt.keys("ctrl+x")
	if tt.root().acting != nil || !strings.Contains(tt.view(), "press a to act for one") ||
		!strings.Contains(tt.view(), "Sam Staffer (staff)") {
		t.Errorf("after ctrl+x:\n%s", tt.view())
	}
	// At 100 columns the tabs shrink to make room for who the user is; wider, the server
	// shows beside it.
	tt.send(tea.WindowSizeMsg{Width: 160, Height: testHeight})
	if header, _, _ := strings.Cut(tt.view(), "\n"); !strings.HasSuffix(strings.TrimRight(header, " "), "Sam Staffer (staff) · http://portal.test") {
		t.Errorf("the header at 160 columns does not end with the user and the server:\n%s", header)
	}
}

// The picker finds an associate by code as typed (any case, part of it) and acts for the
// code the answer names.
func TestActAsPickerSearchesByCode(t *testing.T) {
	tt, b := staffTester(t, "")
	tt.keys("3", "a")
	tt.typeText("r30")
	if got := b.searches[len(b.searches)-1]; got != "r30" {
		t.Errorf("searched for %q, want the code as typed", got)
	}
	view := tt.view()
	if !strings.Contains(view, "› R3000      Rita Senior") || !strings.Contains(view, "1 match") {
		t.Errorf("the picker does not show the associate of the code:\n%s", view)
	}
	tt.keys("enter")
	if a := tt.root().acting; a == nil || a.code != "R3000" || a.name != "Rita Senior" {
		t.Fatalf("acting for %+v, want R3000 (Rita Senior)", a)
	}
	if diff := cmp.Diff([]string{"R3000 clients", "R3000 team BaseShop", "R3000 node R3000"}, b.actingCalls); diff != "" {
		t.Errorf("requests while acting (-want +got):\n%s", diff)
	}
	if !strings.Contains(tt.view(), "Sam Staffer as Rita Senior (R3000)") {
		t.Errorf("header:\n%s", tt.view())
	}
}

func TestActAsPickerCancels(t *testing.T) {
	tt, b := staffTester(t, "")
	tt.keys("a", "esc")
	if tt.root().picker != nil || tt.root().acting != nil {
		t.Fatal("esc did not close the picker")
	}
	tt.keys("a")
	tt.typeText("q1") // text in the picker, not commands
	if tt.quit() || tt.root().active != screenClients {
		t.Fatal("keys of the picker acted as global keys")
	}
	tt.keys("esc", "a", "enter") // nothing found yet: enter does nothing
	if tt.root().acting != nil || b.actingCalls != nil {
		t.Errorf("acting without a choice: %v", b.actingCalls)
	}
}

// --as (or PORTAL_ACT_AS) acts from the start, in any case.
func TestActAsFromTheStart(t *testing.T) {
	tt, b := staffTester(t, "a2003")
	tt.keys("3")
	if !strings.Contains(tt.view(), "Sam Staffer as Eli Moss (A2003)") {
		t.Errorf("header:\n%s", tt.view())
	}
	want := []string{"A2003 clients", "A2003 team BaseShop", "A2003 node A2003"}
	if diff := cmp.Diff(want, b.actingCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

// A code no associate has is told as such, and does not end the TUI like an expired session.
func TestActAsAnUnknownCode(t *testing.T) {
	tt, _ := staffTester(t, "ZZZ999")
	tt.keys("3")
	view := tt.view()
	if !strings.Contains(view, `No associate has the code "ZZZ999" (HTTP 403)`) || strings.Contains(view, "access-token") {
		t.Errorf("team screen:\n%s", view)
	}
	if err := tt.root().Err(); err != nil {
		t.Errorf("Err() = %v: an unknown code is not the end of the session", err)
	}
	tt.keys("1")
	if !strings.Contains(tt.view(), `No associate has the code "ZZZ999"`) {
		t.Errorf("clients screen:\n%s", tt.view())
	}
}

// Only staff are offered the picker.
func TestActAsIsForStaff(t *testing.T) {
	tt := newTesterWith(t, demoBackend(), Options{ActAs: func(string) (Backend, error) {
		t.Fatal("an associate acted for someone")
		return nil, nil
	}})
	tt.keys("a")
	if tt.root().picker != nil || strings.Contains(tt.view(), "act as") {
		t.Errorf("the picker is offered to an associate:\n%s", tt.view())
	}
}

// Answers to requests made as another identity are dropped: the screens started anew.
func TestAnswersOfAnotherIdentityAreDropped(t *testing.T) {
	tt, _ := staffTester(t, "")
	late := tt.root().epoch
	tt.keys("a")
	tt.typeText("A2001")
	tt.keys("enter")
	rows := len(tt.root().screens[screenClients].(*clientsScreen).rows)
	stale := clientsLoadedMsg{seq: 1, page: 1, rows: demoClients(3)}
	tt.send(epochMsg{epoch: late, msg: stale})
	if got := len(tt.root().screens[screenClients].(*clientsScreen).rows); got != rows {
		t.Errorf("a stale answer was shown: %d rows, want %d", got, rows)
	}
	tt.send(epochMsg{epoch: tt.root().epoch, msg: stale})
	if got := len(tt.root().screens[screenClients].(*clientsScreen).rows); got != 3 {
		t.Errorf("a current answer was dropped: %d rows", got)
	}
}

// Bubble Tea's own messages (quit) pass through the tagging untouched; ours are tagged.
func TestTagLeavesTheRuntimesMessages(t *testing.T) {
	if _, ok := tag(3, tea.Quit)().(tea.QuitMsg); !ok {
		t.Error("quit was wrapped")
	}
	batch := tag(3, tea.Batch(func() tea.Msg { return pickerClosedMsg{} }, tea.Quit))().(tea.BatchMsg)
	if e, ok := batch[0]().(epochMsg); !ok || e.epoch != 3 {
		t.Errorf("a message in a batch: %#v", batch[0]())
	}
	if _, ok := batch[1]().(tea.QuitMsg); !ok {
		t.Errorf("quit in a batch: %#v", batch[1]())
	}
}

// An associate's tabs opened by a staff member acting for nobody say how to act.
func TestTheAssociateTabsOfStaffActingForNobody(t *testing.T) {
	b := demoBackend()
	tt := newTesterWith(t, staffOnlyBackend{staffBackend{b}}, Options{})
	tt.keys("2")
	tt.typeText("cal")
	tt.keys("enter")
	if view := tt.view(); !strings.Contains(view, "Error: This is for associates: press a to act for an associate") {
		t.Errorf("tabs:\n%s", view)
	}
}

// staffOnlyBackend answers the associate operations as the server does to a staff member
// acting for nobody.
type staffOnlyBackend struct{ staffBackend }

func (staffOnlyBackend) GetAssociate(context.Context, oas.GetAssociateParams) (*oas.AssociateOverviewHeaders, error) {
	return nil, &sdk.Error{Status: 403, Message: "This is for associates", Code: sdk.CodeAssociatesOnly}
}

// The code of an act-as refusal, not its words, makes the TUI name its key.
func TestExplain(t *testing.T) {
	for _, tc := range []struct{ msg, code, want string }{
		{"This is for associates", sdk.CodeAssociatesOnly, "This is for associates: press a to act for an associate"},
		{"Staff need the clients.read permission for this", sdk.CodeStaffPermission,
			"Staff need the clients.read permission for this: press a to act for an associate"},
		{"Only staff allowed to act for associates can act for one", sdk.CodeActingNotAllowed,
			"Only staff allowed to act for associates can act for one (HTTP 403)"},
		{"This is for associates", "", "This is for associates (HTTP 403)"},
		{"Base Shop is for associates below RMD", "", "Base Shop is for associates below RMD (HTTP 403)"},
	} {
		err := explain(&sdk.Error{Status: 403, Message: tc.msg, Code: tc.code})
		if err.Error() != tc.want || !sdk.IsForbidden(err) {
			t.Errorf("explain(%q, %q) = %q, want %q", tc.msg, tc.code, err.Error(), tc.want)
		}
	}
}

// identityBackend is actingBackend whose answers are those of the associate acted for, as
// the server's are: its clients and cashflow entries, a team with it as the upline, policies
// it wrote, a payments dashboard that names it. Every call through it is logged with the
// code, so a screen that kept the identity before a switch shows in the requests and in the
// data alike.
type identityBackend struct{ actingBackend }

func (a identityBackend) log(what string) { a.actingCalls = append(a.actingCalls, a.code+" "+what) }

func (a identityBackend) name() string { return a.team.names[a.code] }

// own gives back rows made the associate's by set, cloned first: the fake's own rows are
// shared by every identity and stay as they are.
func own[T any](rows []T, set func(*T)) []T {
	rows = slices.Clone(rows)
	for i := range rows {
		set(&rows[i])
	}
	return rows
}

func (a identityBackend) GetAccess(ctx context.Context) (*oas.AccessHeaders, error) {
	a.log("access")
	return a.actingBackend.GetAccess(ctx)
}

func (a identityBackend) SearchAssociates(ctx context.Context, p oas.SearchAssociatesParams) (*oas.AssociateLookupListHeaders, error) {
	a.log("search " + p.SearchKeyword.Or(""))
	return a.fakeBackend.SearchAssociates(ctx, p)
}

func (a identityBackend) ListClients(ctx context.Context, p oas.ListClientsParams) (*oas.ClientListHeaders, error) {
	res, err := a.actingBackend.ListClients(ctx, p) // logs "CODE clients"
	if err != nil {
		return nil, err
	}
	res.Response.Data = own(res.Response.Data, func(c *oas.ClientRecord) { c.AssociateCode, c.AssociateName = a.code, a.name() })
	return res, nil
}

func (a identityBackend) ListTeam(ctx context.Context, p oas.ListTeamParams) (*oas.TeamMemberListHeaders, error) {
	res, err := a.actingBackend.ListTeam(ctx, p) // logs "CODE team VIEW"
	if err != nil {
		return nil, err
	}
	res.Response.Data = own(res.Response.Data, func(m *oas.TeamMember) { m.UplineCode = oas.NewOptString(a.code) })
	return res, nil
}

func (a identityBackend) ListGenealogyChildren(ctx context.Context, p oas.ListGenealogyChildrenParams) (*oas.TreeNodeListHeaders, error) {
	a.log("children " + p.Code)
	return a.fakeBackend.ListGenealogyChildren(ctx, p)
}

func (a identityBackend) GetTeamDashboard(ctx context.Context, p oas.GetTeamDashboardParams) (*oas.TeamDashboardHeaders, error) {
	a.log("team dashboard")
	return a.fakeBackend.GetTeamDashboard(ctx, p)
}

func (a identityBackend) ListPolicies(ctx context.Context, p oas.ListPoliciesParams) (*oas.PolicyListHeaders, error) {
	a.log("policies")
	res, err := a.fakeBackend.ListPolicies(ctx, p)
	if err != nil {
		return nil, err
	}
	res.Response.Data = own(res.Response.Data, func(r *oas.PolicyRow) { r.WriterCode, r.WriterName = a.code, a.name() })
	return res, nil
}

func (a identityBackend) GetPaymentsDashboard(ctx context.Context, p oas.GetPaymentsDashboardParams) (*oas.PaymentsDashboardHeaders, error) {
	a.log("payments dashboard")
	res, err := a.fakeBackend.GetPaymentsDashboard(ctx, p)
	if err != nil {
		return nil, err
	}
	res.Response.AssociateCode, res.Response.AssociateName = a.code, a.name()
	return res, nil
}

func (a identityBackend) ListCashflow(ctx context.Context, p oas.ListCashflowParams) (*oas.CashflowListHeaders, error) {
	a.log("cashflow")
	res, err := a.fakeBackend.ListCashflow(ctx, p)
	if err != nil {
		return nil, err
	}
	res.Response.Data = own(res.Response.Data, func(e *oas.CashflowEntry) { e.AssociateCode, e.AssociateName = a.code, a.name() })
	return res, nil
}

// identityTester is staffTester, acting for nobody at first, over identityBackend.
func identityTester(t *testing.T) (*tester, *fakeBackend) {
	t.Helper()
	return staffTesterOver(t, "", func(a actingBackend) Backend { return identityBackend{a} })
}

// isAnswer reports that msg answers a request for a screen's data (not the user's access,
// nor the picker's).
func isAnswer(msg tea.Msg) bool {
	if e, ok := msg.(epochMsg); ok {
		msg = e.msg
	}
	switch msg.(type) {
	case clientsLoadedMsg, teamLoadedMsg, dashboardLoadedMsg, treeRootMsg, treeChildrenMsg,
		policiesLoadedMsg, paymentsDashboardMsg, cashflowLoadedMsg:
		return true
	}
	return false
}

// sendHolding is send, but the messages late picks are kept instead of delivered: the answers
// still on their way. It returns them in the order they came, for a later send.
func (tt *tester) sendHolding(msg tea.Msg, late func(tea.Msg) bool) []tea.Msg {
	tt.t.Helper()
	var cmd tea.Cmd
	tt.m, cmd = tt.m.Update(msg)
	held := tt.runHolding(cmd, late)
	if tt.quit() {
		tt.t.Fatal("the TUI quit")
	}
	return held
}

// owners is whose data each screen showing an associate's holds: the codes of the associates
// its rows (its dashboard, its tree) belong to, each once.
func owners(m Model) map[string][]string {
	out := map[string][]string{}
	add := func(screen, code string) {
		if !slices.Contains(out[screen], code) {
			out[screen] = append(out[screen], code)
		}
	}
	for _, r := range m.screens[screenClients].(*clientsScreen).rows {
		add("clients", r.AssociateCode)
	}
	for _, r := range m.screens[screenTeam].(*teamScreen).rows {
		add("team", r.UplineCode.Or(""))
	}
	if root := m.screens[screenTree].(*treeScreen).root; root != nil {
		add("tree", root.Code)
	}
	for _, r := range m.screens[screenBusiness].(*businessScreen).rows {
		add("business", r.WriterCode)
	}
	pay := m.screens[screenPayments].(*paymentsScreen)
	if pay.dash != nil {
		add("payments", pay.dash.AssociateCode)
	}
	for _, r := range pay.rows {
		add("payments", r.AssociateCode)
	}
	return out
}

// everyScreen is owners when every screen holds the data of the associate code.
func everyScreen(code string) map[string][]string {
	return map[string][]string{"clients": {code}, "team": {code}, "tree": {code}, "business": {code}, "payments": {code}}
}

// Acting for one associate, staff switch straight to another through the picker: the header
// names the new one, every screen with an associate's data loads anew through the backend
// that acts for it, and the reloads asked as the one before, answered after the switch, are
// dropped.
func TestActAsSwitchesFromOneAssociateToAnother(t *testing.T) {
	tt, b := identityTester(t)
	tt.keys("3", "a")
	tt.typeText("cal") // by name
	tt.keys("enter")   // Cal Smithers, A2001
	tt.keys("left", "left", "6")
	if view := tt.view(); !strings.Contains(view, "Sam Staffer as Cal Smithers (A2001)") || !strings.Contains(view, "Payments · Cal Smithers (A2001)") {
		t.Fatalf("acting for A2001:\n%s", view)
	}
	if diff := cmp.Diff(everyScreen("A2001"), owners(tt.root())); diff != "" {
		t.Fatalf("the screens' data acting for A2001 (-want +got):\n%s", diff)
	}

	// Reloads asked as A2001 whose answers are still on their way at the switch.
	late := tt.sendHolding(keyPress("r"), isAnswer) // the payments dashboard and cashflow
	tt.keys("3")
	late = append(late, tt.sendHolding(keyPress("r"), isAnswer)...) // the team dashboard
	tt.keys("1")
	late = append(late, tt.sendHolding(keyPress("r"), isAnswer)...) // the clients
	if len(late) != 4 {
		t.Fatalf("%d answers held, want 4: %v", len(late), late)
	}

	// The picker searches through the staff member's own backend, not as A2001.
	before := len(b.actingCalls)
	tt.keys("a")
	tt.typeText("r30") // by code
	if got := b.actingCalls[before:]; len(got) != 0 || b.searches[len(b.searches)-1] != "r30" {
		t.Errorf("the picker searched as the associate acted for: %v (searches %v)", got, b.searches)
	}
	tt.keys("enter") // Rita Senior, R3000
	if a := tt.root().acting; a == nil || a.code != "R3000" || a.name != "Rita Senior" {
		t.Fatalf("acting for %+v, want R3000 (Rita Senior)", a)
	}
	switched := b.actingCalls[before:]
	slices.Sort(switched)
	want := []string{"R3000 access", "R3000 cashflow", "R3000 clients", "R3000 node R3000", "R3000 payments dashboard",
		"R3000 policies", "R3000 team BaseShop"}
	if diff := cmp.Diff(want, switched); diff != "" {
		t.Errorf("requests after the switch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(everyScreen("R3000"), owners(tt.root())); diff != "" {
		t.Errorf("the screens' data after the switch (-want +got):\n%s", diff)
	}
	for _, k := range []string{"1", "4", "6"} {
		tt.keys(k)
		view := tt.view()
		if !strings.Contains(view, "Sam Staffer as Rita Senior (R3000)") || strings.Contains(view, "A2001") || strings.Contains(view, "Cal Smithers") {
			t.Errorf("screen %s after the switch:\n%s", k, view)
		}
	}
	if view := tt.view(); !strings.Contains(view, "Payments · Rita Senior (R3000)") {
		t.Errorf("the payments after the switch:\n%s", view)
	}
	tt.keys("3", "left", "left") // the team dashboard, asked anew
	if got := b.actingCalls[len(b.actingCalls)-1]; got != "R3000 team dashboard" {
		t.Errorf("the team dashboard after the switch: last request %q", got)
	}

	// A2001's late answers change nothing.
	tt.keys("6")
	view := tt.view()
	tt.send(late...)
	if diff := cmp.Diff(everyScreen("R3000"), owners(tt.root())); diff != "" {
		t.Errorf("the screens' data once A2001's reloads answered (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(view, tt.view()); diff != "" {
		t.Errorf("the payments once A2001's reloads answered (-want +got):\n%s", diff)
	}
}

// The first answers for an associate may still be on their way when staff switch to another:
// they are dropped, though the new screens ask with the same sequence numbers, so only the
// identity they were asked as tells them apart.
func TestActAsSwitchDropsTheFirstAnswersForTheAssociateBefore(t *testing.T) {
	tt, _ := identityTester(t)
	tt.keys("a")
	tt.typeText("a2001")
	late := tt.sendHolding(keyPress("enter"), isAnswer) // Cal Smithers: every screen asks, none is answered
	if len(late) != 6 {
		t.Fatalf("%d answers held, want one for each of the clients, team, tree, business, payments and cashflow: %v", len(late), late)
	}
	if view := tt.view(); !strings.Contains(view, "Sam Staffer as Cal Smithers (A2001)") {
		t.Fatalf("acting for A2001:\n%s", view)
	}

	tt.keys("a")
	tt.typeText("rita")
	tt.keys("enter") // Rita Senior, R3000
	tt.send(late...)
	if diff := cmp.Diff(everyScreen("R3000"), owners(tt.root())); diff != "" {
		t.Errorf("the screens' data once A2001's answers arrived (-want +got):\n%s", diff)
	}
	if view := tt.view(); !strings.Contains(view, "Sam Staffer as Rita Senior (R3000)") || strings.Contains(view, "A2001") || strings.Contains(view, "Cal Smithers") {
		t.Errorf("once A2001's answers arrived:\n%s", view)
	}

	// The same answers, as of the identity now, would be taken: the sequence numbers match.
	for _, msg := range late {
		tt.send(epochMsg{epoch: tt.root().epoch, msg: msg.(epochMsg).msg})
	}
	if diff := cmp.Diff(everyScreen("A2001"), owners(tt.root())); diff != "" {
		t.Errorf("the answers retagged as now were not taken (-want +got):\n%s", diff)
	}
}
