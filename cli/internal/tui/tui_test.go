package tui

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const testWidth, testHeight = 100, 30

func TestMain(m *testing.M) {
	// Times show in the local zone: fix it so the goldens hold anywhere.
	time.Local = time.UTC
	flag.Parse()
	os.Exit(m.Run())
}

// The SDK client is what the TUI runs on.
var _ Backend = (*sdk.Client)(nil)

// fakeBackend answers like the server: limit+1 rows, a last-name filter, a lookup; the team
// part (views, genealogy, associates) is in team_test.go.
type fakeBackend struct {
	clients    []sdk.ClientRecord
	associates []oas.AssociateLookup
	listCalls  []oas.ListClientsParams
	listOrders [][]sdk.OrderKey // the order keys each list request carried, in order
	searches   []string
	listErr    error

	team        fakeTeam
	business    fakeBusiness
	payments    fakePayments
	actingCalls []string // "CODE what": the calls of a staff member acting for CODE
}

func (f *fakeBackend) GetAccess(context.Context) (*oas.AccessHeaders, error) {
	return &oas.AccessHeaders{Response: oas.Access{User: oas.User{Name: "Ann Agent", Code: oas.NewOptString("A1001"),
		Email: "agent@example.com", IsSeniorLevel: f.team.senior}}}, nil
}

func (f *fakeBackend) ListClients(ctx context.Context, p oas.ListClientsParams) (*oas.ClientListHeaders, error) {
	f.listCalls = append(f.listCalls, p)
	f.listOrders = append(f.listOrders, sdk.OrderFrom(ctx))
	if f.listErr != nil {
		return nil, f.listErr
	}
	var rows []sdk.ClientRecord
	for _, c := range f.clients {
		if v, ok := p.FilterLastNameContains.Get(); ok && !strings.Contains(strings.ToLower(c.LastName), strings.ToLower(v)) {
			continue
		}
		rows = append(rows, c)
	}
	limit, page := p.Limit.Or(100), p.Page.Or(1)
	start := min((page-1)*limit, len(rows))
	end := min(start+limit+1, len(rows))
	res := oas.ClientList{Data: rows[start:end]}
	if end-start > limit {
		res.NextCursor = oas.NewOptString(fmt.Sprintf("after-%d", rows[start+limit-1].ID))
	}
	return &oas.ClientListHeaders{Response: res}, nil
}

func (f *fakeBackend) SearchAssociates(_ context.Context, p oas.SearchAssociatesParams) (*oas.AssociateLookupListHeaders, error) {
	kw := strings.ToLower(p.SearchKeyword.Or(""))
	f.searches = append(f.searches, kw)
	var out []oas.AssociateLookup
	for _, a := range f.associates {
		if strings.Contains(strings.ToLower(a.Code+" "+a.Name), kw) {
			out = append(out, a)
		}
	}
	return &oas.AssociateLookupListHeaders{Response: oas.AssociateLookupList{Data: out}}, nil
}

var (
	firstNames = []string{"Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"}
	lastNames  = []string{"Lee", "Ray", "Smith", "Stone", "Moss", "Reyes", "Park", "Nash", "Cole", "Ward"}
)

func demoClients(n int) []sdk.ClientRecord {
	at := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	out := make([]sdk.ClientRecord, n)
	for i := range out {
		c := sdk.ClientRecord{
			ID: int64(1000 + i), AssociateCode: "A1001", AssociateName: "Ann Agent",
			FirstName: firstNames[i%10], LastName: lastNames[(i/10)%10],
			Country: oas.CountryUSA, CanEdit: i%3 != 0, CreatedAt: at, UpdatedAt: at,
		}
		if i%4 != 3 {
			c.Email = oas.NewOptString(strings.ToLower(c.FirstName+"."+c.LastName) + "@example.com")
			c.Phone = oas.NewOptString(fmt.Sprintf("555%07d", 1000+i))
			c.State = oas.NewOptStateCode(oas.StateCode([]string{"CA", "NY", "TX", "ON"}[i%4]))
		}
		out[i] = c
	}
	out[0].AddressLine1 = oas.NewOptString("1 Main St")
	out[0].City = oas.NewOptString("Oakland")
	out[0].PostalCode = oas.NewOptString("94601")
	out[0].DateOfBirth = oas.NewOptDate(time.Date(1980, 2, 3, 0, 0, 0, 0, time.UTC))
	out[0].Gender = oas.NewOptGender(oas.GenderFemale)
	out[0].MaritalStatus = oas.NewOptMaritalStatus(oas.MaritalStatusMarried)
	out[0].AnnualIncome = oas.NewOptInt64(8500000)
	out[0].Notes = oas.NewOptString("Prefers email. Renewal due in March.")
	return out
}

func demoBackend() *fakeBackend {
	return &fakeBackend{
		clients: demoClients(120),
		associates: []oas.AssociateLookup{
			{Code: "A1001", Name: "Ann Agent"}, {Code: "A1002", Name: "Bea Smith"},
			{Code: "A2001", Name: "Cal Smithers"}, {Code: "R3000", Name: "Rita Senior"},
		},
		team:     demoTeam(),
		business: demoBusiness(),
		payments: demoPayments(),
	}
}

// tester drives a model: it runs every command a message returns and feeds the messages
// the commands produce back, as the Bubble Tea runtime would (all fakes answer at once).
type tester struct {
	t *testing.T
	m tea.Model
}

func newTester(t *testing.T, b Backend) *tester {
	t.Helper()
	return newTesterWith(t, b, Options{})
}

// newTesterWith is newTester with the options of New (acting for an associate).
func newTesterWith(t *testing.T, b Backend, opts Options) *tester {
	t.Helper()
	c := Common{Ctx: context.Background(), Backend: b, Styles: DefaultStyles(), KeyMap: DefaultKeyMap(), Debounce: 0,
		Now: func() time.Time { return testNow }}
	tt := &tester{t: t, m: newModel(c, "http://portal.test", opts)}
	tt.send(tea.WindowSizeMsg{Width: testWidth, Height: testHeight})
	tt.run(tt.m.Init())
	return tt
}

func (tt *tester) send(msgs ...tea.Msg) {
	tt.t.Helper()
	for _, msg := range msgs {
		var cmd tea.Cmd
		tt.m, cmd = tt.m.Update(msg)
		tt.run(cmd)
	}
}

// run delivers the messages cmd leads to, and those their commands lead to, until none is
// left or the TUI quits.
func (tt *tester) run(cmd tea.Cmd) {
	tt.t.Helper()
	tt.runHolding(cmd, nil)
}

// runHolding is run, but the messages hold picks are kept instead of delivered (hold nil
// keeps none); it returns them in the order they came.
func (tt *tester) runHolding(cmd tea.Cmd, hold func(tea.Msg) bool) []tea.Msg {
	tt.t.Helper()
	var held []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			tt.t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			tt.m = quitModel{tt.m}
			return held // a program that quits handles nothing more
		default:
			if hold != nil && hold(msg) {
				held = append(held, msg)
				continue
			}
			var next tea.Cmd
			tt.m, next = tt.m.Update(msg)
			queue = append(queue, next)
		}
	}
	return held
}

// quitModel marks a model that asked to quit.
type quitModel struct{ tea.Model }

func (tt *tester) quit() bool {
	_, ok := tt.m.(quitModel)
	return ok
}

// keys sends key presses: single runes, or names such as "enter", "esc", "tab".
func (tt *tester) keys(keys ...string) {
	tt.t.Helper()
	for _, k := range keys {
		tt.send(keyPress(k))
	}
}

func (tt *tester) typeText(s string) {
	tt.t.Helper()
	for _, r := range s {
		tt.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// filter applies the terms of a list screen's / filter in place of those there.
func (tt *tester) filter(terms string) {
	tt.t.Helper()
	tt.keys("/", "ctrl+u")
	tt.typeText(terms)
	tt.keys("enter")
}

func keyPress(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+x":
		return tea.KeyPressMsg{Code: 'x', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// view renders the screen without colour, as a terminal without colour support shows it.
func (tt *tester) view() string {
	m := tt.m
	if q, ok := m.(quitModel); ok {
		m = q.Model
	}
	var buf bytes.Buffer
	w := colorprofile.NewWriter(&buf, nil)
	w.Profile = colorprofile.NoTTY
	if _, err := w.WriteString(m.View().Content); err != nil {
		tt.t.Fatal(err)
	}
	// Trailing spaces are invisible and make goldens brittle.
	lines := strings.Split(buf.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

func (tt *tester) golden(name string) {
	tt.t.Helper()
	got := tt.view()
	if n := strings.Count(got, "\n") + 1; n != testHeight {
		tt.t.Errorf("%s: the view has %d lines, want %d", name, n, testHeight)
	}
	for i, l := range strings.Split(got, "\n") {
		if w := len([]rune(l)); w > testWidth {
			tt.t.Errorf("%s: line %d is %d columns wide", name, i+1, w)
		}
	}
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			tt.t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tt.t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tt.t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		tt.t.Errorf("%s view (-want +got):\n%s", name, diff)
	}
}

func (tt *tester) root() Model {
	if q, ok := tt.m.(quitModel); ok {
		return q.Model.(Model)
	}
	return tt.m.(Model)
}

func TestClientsBrowser(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.golden("clients_page1")

	if got := b.listCalls[0]; got.Limit.Or(0) != clientsPageSize || got.Page.Or(0) != 1 || got.Cursor.Set {
		t.Errorf("first request = %+v", got)
	}

	tt.keys("j", "j", "down")
	tt.golden("clients_cursor_moved")

	tt.keys("n")
	if got := b.listCalls[len(b.listCalls)-1]; got.Page.Or(0) != 2 || got.Cursor.Or("") != "after-1049" {
		t.Errorf("next page request = %+v, want page 2 with the cursor", got)
	}
	tt.keys("n")
	tt.golden("clients_last_page")
	tt.keys("n") // no more pages: nothing happens
	if n := len(b.listCalls); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}

	tt.keys("p")
	if got := b.listCalls[len(b.listCalls)-1]; got.Page.Or(0) != 2 || got.Cursor.Or("") != "after-1049" {
		t.Errorf("previous page request = %+v", got)
	}
	tt.keys("p", "p") // back to the first page, then no further
	if got := b.listCalls[len(b.listCalls)-1]; got.Page.Or(0) != 1 || got.Cursor.Set {
		t.Errorf("first page request = %+v", got)
	}
}

func TestClientsFilterAndDetail(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)

	tt.keys("/")
	tt.typeText("smi")
	tt.golden("clients_filter_typing")
	// While typing, q and digits are text, not commands.
	if tt.quit() {
		t.Fatal("q quit while typing")
	}

	tt.keys("enter")
	last := b.listCalls[len(b.listCalls)-1]
	if last.FilterLastNameContains.Or("") != "smi" || last.Page.Or(0) != 1 {
		t.Errorf("filtered request = %+v", last)
	}
	tt.golden("clients_filtered")

	tt.keys("enter")
	tt.golden("clients_detail")
	tt.keys("backspace")
	tt.keys("esc") // clears the filter
	if last := b.listCalls[len(b.listCalls)-1]; last.FilterLastNameContains.Set {
		t.Errorf("esc did not clear the filter: %+v", last)
	}

	// The first client carries every field.
	tt.keys("enter")
	tt.golden("clients_detail_full")
	tt.keys("esc")
	if tt.root().screens[screenClients].(*clientsScreen).detail != nil {
		t.Error("esc did not close the detail")
	}
}

func TestClientsErrors(t *testing.T) {
	b := demoBackend()
	b.listErr = &sdk.Error{Status: 403, Message: "Acknowledge your pending memos and W-9 documents before using the rest of the portal"}
	tt := newTester(t, b)
	tt.golden("clients_error")
	if tt.root().Err() != nil {
		t.Errorf("a 403 is not the end of the TUI")
	}

	b.listErr = &sdk.Error{Status: 401, Message: "Session expired"}
	tt.keys("r")
	if err := tt.root().Err(); !sdk.IsUnauthorized(err) {
		t.Errorf("Err() = %v, want the 401 (portal tui exits 4)", err)
	}
	b.listErr = errors.New("dial tcp: connection refused")
	tt.keys("r")
	if !strings.Contains(tt.view(), "Error: dial tcp: connection refused") {
		t.Errorf("network error not shown:\n%s", tt.view())
	}
}

func TestAssociateLookup(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("2")
	tt.golden("lookup_empty")

	tt.typeText("smi")
	if diff := cmp.Diff([]string{"s", "sm", "smi"}, b.searches); diff != "" {
		t.Errorf("searches (-want +got):\n%s", diff)
	}
	tt.keys("down")
	tt.golden("lookup_results")

	// enter opens the associate's tabs; esc comes back to the lookup, typing again.
	tt.keys("enter")
	tt.golden("lookup_opened")
	if diff := cmp.Diff([]string{"overview A2001"}, b.team.assocCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	tt.keys("right")
	if !strings.Contains(tt.view(), "[Licenses]") {
		t.Errorf("→ did not switch tabs:\n%s", tt.view())
	}
	tt.keys("esc")
	if !strings.Contains(tt.view(), "› A2001      Cal Smithers") || !tt.root().screens[screenAssociates].Capturing() {
		t.Errorf("esc did not come back to the results, typing:\n%s", tt.view())
	}

	tt.typeText("thersx")
	if !strings.Contains(tt.view(), `No associates match "smithersx".`) {
		t.Errorf("no-match message missing:\n%s", tt.view())
	}
	// Typing 1 is text, not a screen switch, while the input has the focus.
	tt.typeText("1")
	if tt.root().active != screenAssociates {
		t.Error("a digit switched screens while typing")
	}
	tt.keys("esc", "1")
	if tt.root().active != screenClients {
		t.Error("1 did not switch to the clients screen once the input lost the focus")
	}
}

func TestDebouncedSearchDropsStaleTicks(t *testing.T) {
	b := demoBackend()
	c := Common{Ctx: context.Background(), Backend: b, Styles: DefaultStyles(), KeyMap: DefaultKeyMap(), Debounce: time.Hour}
	s := newLookupScreen(c)
	s.SetSize(testWidth, 20)
	for _, r := range "ann" {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	// Only the tick of the last key press searches.
	if _, cmd := s.Update(searchTickMsg{seq: 1}); cmd != nil {
		t.Error("a stale tick started a search")
	}
	_, cmd := s.Update(searchTickMsg{seq: 3})
	if cmd == nil {
		t.Fatal("the last tick did not search")
	}
	msg := cmd().(associatesFoundMsg)
	if msg.keyword != "ann" || len(msg.results) != 1 {
		t.Errorf("search = %+v", msg)
	}
	// A late answer to an older keyword is dropped.
	s.Update(associatesFoundMsg{seq: 2, keyword: "an", results: b.associates})
	if len(s.results) != 0 {
		t.Error("a stale answer was shown")
	}
}

func TestGlobalKeys(t *testing.T) {
	tt := newTester(t, demoBackend())
	tt.keys("?")
	tt.golden("help_full")
	tt.keys("?", "tab")
	if tt.root().active != screenAssociates {
		t.Error("tab did not switch screens")
	}
	tt.keys("shift+tab")
	if tt.root().active != screenClients {
		t.Error("shift+tab did not switch back")
	}
	tt.keys("q")
	if !tt.quit() {
		t.Error("q did not quit")
	}

	tt = newTester(t, demoBackend())
	tt.keys("2") // the lookup input has the focus: q is text, ctrl+c quits
	tt.keys("q")
	if tt.quit() {
		t.Error("q quit while typing")
	}
	tt.keys("ctrl+c")
	if !tt.quit() {
		t.Error("ctrl+c did not quit")
	}
}

// o on a client's details opens the associate who owns it; esc comes back to the client.
func TestClientOwner(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("enter", "o")
	if diff := cmp.Diff([]string{"overview A1001"}, b.team.assocCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	tt.golden("client_owner")
	tt.keys("right")
	if !strings.Contains(tt.view(), "[Licenses]") {
		t.Errorf("→ does not switch the owner's tabs:\n%s", tt.view())
	}
	tt.keys("esc")
	if s := tt.root().screens[screenClients].(*clientsScreen); s.owner != nil || s.detail == nil {
		t.Errorf("esc did not come back to the client")
	}
	tt.keys("esc")
	if s := tt.root().screens[screenClients].(*clientsScreen); s.detail != nil {
		t.Errorf("esc did not close the client")
	}
	tt.keys("o") // on the list, o does nothing
	if len(b.team.assocCalls) != 2 {
		t.Errorf("o on the list: %v", b.team.assocCalls)
	}
}

// The / filter takes the CLI's listing terms besides free text: field=op:value filters and
// sort:field[:desc] orders, checked against the contract, several keys kept in order.
func TestClientsFilterTerms(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.filter("state=in:tx,ca sort:state:desc sort:last_name smi")
	last := b.listCalls[len(b.listCalls)-1]
	if last.FilterLastNameContains.Or("") != "smi" || len(last.FilterStateIn) != 2 || last.FilterStateIn[0] != "TX" {
		t.Errorf("request = %+v", last)
	}
	want := []sdk.OrderKey{{Field: "state", Direction: "DESC"}, {Field: "last_name", Direction: "ASC"}}
	if got := b.listOrders[len(b.listOrders)-1]; !slices.Equal(got, want) {
		t.Errorf("order keys %v, want %v", got, want)
	}

	calls := len(b.listCalls)
	tt.filter("shoe_size=eq:9")
	if len(b.listCalls) != calls {
		t.Error("a filter the contract does not declare was sent")
	}
	if view := tt.view(); !strings.Contains(view, `unknown filter field "shoe_size"`) {
		t.Errorf("the refusal is not shown:\n%s", view)
	}
}
