package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// testNow is the clock of the tests: licenses expire relative to it.
var testNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// fakeTeam answers the team part of the Backend like the server: views page by page (limit+1
// rows, next_cursor), a 403 for views not offered, the genealogy level by level, associates
// with an upline seeing contact fields only.
type fakeTeam struct {
	senior   bool
	members  map[oas.TeamView][]sdk.TeamMember
	children map[string][]string // the genealogy: code → recruits, by name
	names    map[string]string
	upline   string // the caller's upline: contact fields only
	licenses map[string][]oas.License
	teamErr  error
	nodeErr  map[string]error // GetGenealogyNode fails for these codes

	teamCalls  []oas.ListTeamParams
	teamOrders [][]sdk.OrderKey // the order keys each team request carried, in order
	dashCalls  int
	nodeCalls  []string // codes
	childCalls []string // "code page limit"
	assocCalls []string // "tab code"
}

var levelOf = []oas.Level{
	{Code: "TA", Name: "Training Associate", Rank: 1}, {Code: "A", Name: "Associate", Rank: 2},
	{Code: "SA", Name: "Senior Associate", Rank: 3}, {Code: "MD", Name: "Marketing Director", Rank: 4},
	{Code: "SMD", Name: "Senior Marketing Director", Rank: 5},
}

func member(i int, code string, gen bool) sdk.TeamMember {
	m := sdk.TeamMember{
		Code: code, FirstName: firstNames[i%10], LastName: lastNames[(i/10)%10],
		Level: levelOf[i%5], Status: []oas.AssociateStatus{oas.AssociateStatusActive, oas.AssociateStatusActive, oas.AssociateStatusSuspended}[i%3],
		Kind: oas.AssociateKindBuilder, Country: oas.CountryUSA, JoinedOn: day(2020, time.Month(1+i%12), 1+i%28),
		UplineCode: oas.NewOptString("A1001"), Licensed: i%4 != 3, DownlineSize: i % 7,
	}
	m.Name = m.FirstName + " " + m.LastName
	if gen {
		m.Generation = oas.NewOptInt(i % 3)
	}
	return m
}

func demoTeam() fakeTeam {
	f := fakeTeam{
		members: map[oas.TeamView][]sdk.TeamMember{},
		children: map[string][]string{
			"A1001": {"A2001", "A2002", "A2003"},
			"A2001": {"A3001", "A3002"},
			"A2003": {"A3003"},
			"A3003": {"A4001"},
		},
		names: map[string]string{
			"A1001": "Ann Agent", "A2001": "Cal Smithers", "A2002": "Dee Stone", "A2003": "Eli Moss",
			"A3001": "Fay Reyes", "A3002": "Gus Park", "A3003": "Hal Nash", "A4001": "Ida Cole", "R3000": "Rita Senior",
		},
		upline: "R3000",
		licenses: map[string][]oas.License{
			"A2001": {
				{ID: 1, State: "FL", Number: "FL-7477687", Residency: oas.LicenseResidencyResident, LinesOfAuthority: []string{"Life"},
					IssuedOn: day(2018, 11, 25), ExpiresOn: day(2026, 11, 1), Expired: true},
				{ID: 2, State: "TX", Number: "TX-1002", Residency: oas.LicenseResidencyNonResident, LinesOfAuthority: []string{"Life", "Health"},
					IssuedOn: day(2020, 1, 2), ExpiresOn: day(2026, 11, 27), ExpiringSoon: true},
				{ID: 3, State: "CA", Number: "CA-0001003", Residency: oas.LicenseResidencyNonResident, LinesOfAuthority: []string{"Annuity"},
					IssuedOn: day(2021, 3, 4), ExpiresOn: day(2027, 1, 21), ExpiringSoon: true},
				{ID: 4, State: "NC", Number: "NC-8447403", Residency: oas.LicenseResidencyNonResident, LinesOfAuthority: []string{"Life", "Annuity"},
					IssuedOn: day(2018, 10, 19), ExpiresOn: day(2029, 4, 1)},
			},
		},
	}
	self := member(0, "A1001", false)
	self.FirstName, self.LastName, self.Name, self.UplineCode = "Ann", "Agent", "Ann Agent", oas.NewOptString("R3000")
	base := []sdk.TeamMember{self}
	for i := 1; i < 60; i++ {
		m := member(i, fmt.Sprintf("A%04d", 2000+i), false)
		if n, ok := f.names[m.Code]; ok { // the recruits of the tree
			m.Name = n
			m.FirstName, m.LastName, _ = strings.Cut(n, " ")
		}
		base = append(base, m)
	}
	f.members[oas.TeamViewPersonal] = []sdk.TeamMember{self}
	f.members[oas.TeamViewBaseShop] = base
	f.members[oas.TeamViewInfinity] = append(slices.Clone(base), member(60, "A9060", false), member(61, "A9061", false))
	var super []sdk.TeamMember
	for i := 0; i < 12; i++ {
		super = append(super, member(i, fmt.Sprintf("S%04d", 100+i), true))
	}
	f.members[oas.TeamViewRmdSuperBase] = super
	f.members[oas.TeamViewRmdSuperTeam] = super
	return f
}

func (f *fakeBackend) ListTeam(ctx context.Context, p oas.ListTeamParams) (*oas.TeamMemberListHeaders, error) {
	t := &f.team
	t.teamCalls = append(t.teamCalls, p)
	t.teamOrders = append(t.teamOrders, sdk.OrderFrom(ctx))
	if t.teamErr != nil {
		return nil, t.teamErr
	}
	if !slices.Contains(sdk.OfferedTeamViews(t.senior), p.View) {
		return nil, &sdk.Error{Status: 403, Message: string(p.View) + " is for senior associates (RMD and up)"}
	}
	var rows []sdk.TeamMember
	for _, m := range t.members[p.View] {
		if v, ok := p.FilterNameContains.Get(); ok && !strings.Contains(strings.ToLower(m.Name), strings.ToLower(v)) {
			continue
		}
		rows = append(rows, m)
	}
	limit, page := p.Limit.Or(100), p.Page.Or(1)
	start := min((page-1)*limit, len(rows))
	end := min(start+limit+1, len(rows))
	res := oas.TeamMemberList{Data: rows[start:end]}
	if end-start > limit {
		res.NextCursor = oas.NewOptString("after-" + rows[start+limit-1].Code)
	}
	return &oas.TeamMemberListHeaders{Response: res}, nil
}

func (f *fakeBackend) node(code string) oas.TreeNode {
	t := &f.team
	size := 0
	var count func(string)
	count = func(c string) {
		for _, k := range t.children[c] {
			size++
			count(k)
		}
	}
	count(code)
	i := int(code[len(code)-1] - '0')
	st := []oas.AssociateStatus{oas.AssociateStatusActive, oas.AssociateStatusActive, oas.AssociateStatusTerminated}[i%3]
	return oas.TreeNode{Code: code, Name: t.names[code], Level: levelOf[(i+2)%5], Status: oas.NewOptAssociateStatus(st),
		DownlineSize: size, Children: len(t.children[code])}
}

func (f *fakeBackend) GetGenealogyNode(_ context.Context, p oas.GetGenealogyNodeParams) (*oas.TreeNodeHeaders, error) {
	f.team.nodeCalls = append(f.team.nodeCalls, p.Code)
	if err := f.team.nodeErr[p.Code]; err != nil {
		return nil, err
	}
	return &oas.TreeNodeHeaders{Response: f.node(p.Code)}, nil
}

func (f *fakeBackend) ListGenealogyChildren(_ context.Context, p oas.ListGenealogyChildrenParams) (*oas.TreeNodeListHeaders, error) {
	t := &f.team
	page, limit := p.Page.Or(1), p.Limit.Or(100)
	t.childCalls = append(t.childCalls, fmt.Sprintf("%s %d %d", p.Code, page, limit))
	kids := t.children[p.Code]
	start := min((page-1)*limit, len(kids))
	end := min(start+limit+1, len(kids))
	out := oas.TreeNodeList{Data: []oas.TreeNode{}}
	for _, k := range kids[start:end] {
		n := f.node(k)
		n.UplineCode = oas.NewOptString(p.Code)
		out.Data = append(out.Data, n)
	}
	return &oas.TreeNodeListHeaders{Response: out}, nil
}

func (f *fakeBackend) SearchGenealogy(_ context.Context, p oas.SearchGenealogyParams) (*oas.GenealogySearchResultHeaders, error) {
	t := &f.team
	kw := strings.ToLower(p.SearchKeyword)
	var hits []oas.GenealogyHit
	var walk func(code string, path []string)
	walk = func(code string, path []string) {
		path = append(slices.Clone(path), code)
		if len(path) > 1 && strings.Contains(strings.ToLower(code+" "+t.names[code]), kw) {
			hits = append(hits, oas.GenealogyHit{Node: f.node(code), Path: path})
		}
		for _, k := range t.children[code] {
			walk(k, path)
		}
	}
	walk(p.Code, nil)
	return &oas.GenealogySearchResultHeaders{Response: oas.GenealogySearchResult{Data: hits}}, nil
}

func (f *fakeBackend) visible(code string) error {
	if code == f.team.upline {
		return &sdk.Error{Status: 404, Message: "Associate " + code + " not found"}
	}
	if f.team.names[code] == "" && !strings.HasPrefix(code, "A") {
		return &sdk.Error{Status: 404, Message: "Associate " + code + " not found"}
	}
	return nil
}

func (f *fakeBackend) GetAssociate(_ context.Context, p oas.GetAssociateParams) (*oas.AssociateOverviewHeaders, error) {
	t := &f.team
	t.assocCalls = append(t.assocCalls, "overview "+p.Code)
	n := f.node(p.Code)
	o := oas.AssociateOverview{Code: p.Code, Name: n.Name, FirstName: strings.Fields(n.Name)[0], LastName: strings.Fields(n.Name)[1],
		Email: strings.ToLower(strings.ReplaceAll(n.Name, " ", ".")) + "@example.com", Phone: oas.NewOptString("5550102030"), Level: n.Level}
	switch p.Code {
	case t.upline:
		o.Relation = oas.AssociateOverviewRelationUpline
		o.Level = oas.Level{Code: "RMD", Name: "Regional Marketing Director", Rank: 6, IsSeniorLevel: true}
		return &oas.AssociateOverviewHeaders{Response: o}, nil
	case "A1001":
		o.Relation = oas.AssociateOverviewRelationSelf
	default:
		o.Relation = oas.AssociateOverviewRelationDownline
	}
	o.Status, o.Kind, o.Country = n.Status, oas.NewOptAssociateKind(oas.AssociateKindBuilder), oas.NewOptCountry(oas.CountryUSA)
	o.State, o.City, o.JoinedOn = oas.NewOptString("FL"), oas.NewOptString("Miami"), oas.NewOptDate(day(2019, 5, 9))
	o.Upline = oas.NewOptPersonRef(oas.PersonRef{Code: "A1001", Name: "Ann Agent"})
	o.Leader = oas.NewOptPersonRef(oas.PersonRef{Code: t.upline, Name: t.names[t.upline]})
	o.DownlineSize, o.Recruits, o.Licensed = oas.NewOptInt(n.DownlineSize), oas.NewOptInt(n.Children), oas.NewOptBool(true)
	return &oas.AssociateOverviewHeaders{Response: o}, nil
}

func (f *fakeBackend) ListAssociateLicenses(_ context.Context, p oas.ListAssociateLicensesParams) (*oas.LicenseListHeaders, error) {
	f.team.assocCalls = append(f.team.assocCalls, "licenses "+p.Code)
	if err := f.visible(p.Code); err != nil {
		return nil, err
	}
	return &oas.LicenseListHeaders{Response: oas.LicenseList{Data: f.team.licenses[p.Code]}}, nil
}

func (f *fakeBackend) ListAssociateAppointments(_ context.Context, p oas.ListAssociateAppointmentsParams) (*oas.AppointmentListHeaders, error) {
	f.team.assocCalls = append(f.team.assocCalls, "appointments "+p.Code)
	if err := f.visible(p.Code); err != nil {
		return nil, err
	}
	return &oas.AppointmentListHeaders{Response: oas.AppointmentList{Data: []oas.Appointment{
		{ID: 7, ProviderCode: "HRB", ProviderName: "Harbor Rock Benefits", State: "FL", Status: oas.AppointmentStatusPending, RequestedOn: day(2019, 2, 9)},
		{ID: 8, ProviderCode: "NLG", ProviderName: "North Life Group", State: "TX", WritingNumber: oas.NewOptString("W-123"),
			Status: oas.AppointmentStatusAppointed, RequestedOn: day(2020, 1, 2), AppointedOn: oas.NewOptDate(day(2020, 2, 3))},
	}}}, nil
}

func (f *fakeBackend) ListAssociateLevelHistory(_ context.Context, p oas.ListAssociateLevelHistoryParams) (*oas.LevelHistoryListHeaders, error) {
	f.team.assocCalls = append(f.team.assocCalls, "levels "+p.Code)
	if err := f.visible(p.Code); err != nil {
		return nil, err
	}
	return &oas.LevelHistoryListHeaders{Response: oas.LevelHistoryList{Data: []oas.LevelChange{
		{ID: 3, Level: levelOf[2], EffectiveOn: day(2023, 7, 31), Points: 4240, Recruits: 4, ApprovedBy: oas.NewOptString("Dana Whitfield (Compliance)")},
		{ID: 2, Level: levelOf[1], EffectiveOn: day(2020, 4, 29), Points: 3850, Recruits: 6, ApprovedBy: oas.NewOptString("Marcus Lee (Field Support)")},
		{ID: 1, Level: levelOf[0], EffectiveOn: day(2019, 5, 9)},
	}}}, nil
}

// GetTeamDashboard counts the members of every offered view, as the server would.
func (f *fakeBackend) GetTeamDashboard(context.Context, oas.GetTeamDashboardParams) (*oas.TeamDashboardHeaders, error) {
	t := &f.team
	t.dashCalls++
	if t.teamErr != nil {
		return nil, t.teamErr
	}
	d := oas.TeamDashboard{PeriodStart: day(2026, 11, 1), PeriodEnd: day(2026, 11, 22)}
	for i, v := range sdk.OfferedTeamViews(t.senior) {
		sum := oas.TeamSummary{View: v, NewInPeriod: int64(i), Expiring: oas.TeamSummaryExpiring{Days30: int64(i), Days90: int64(2 * i)}}
		levels, statuses := map[string]int64{}, map[string]int64{}
		for _, m := range t.members[v] {
			sum.Members++
			if m.Licensed {
				sum.Licensed++
			}
			levels[m.Level.Code]++
			statuses[string(m.Status)]++
		}
		for _, l := range levelOf {
			if n := levels[l.Code]; n > 0 {
				sum.ByLevel = append(sum.ByLevel, oas.LabelCount{Label: l.Code, Count: n})
			}
		}
		for _, st := range []oas.AssociateStatus{oas.AssociateStatusActive, oas.AssociateStatusSuspended} {
			if n := statuses[string(st)]; n > 0 {
				sum.ByStatus = append(sum.ByStatus, oas.LabelCount{Label: string(st), Count: n})
			}
		}
		d.Views = append(d.Views, sum)
	}
	return &oas.TeamDashboardHeaders{Response: d}, nil
}

func (tt *tester) team() *teamScreen { return tt.root().screens[screenTeam].(*teamScreen) }
func (tt *tester) tree() *treeScreen { return tt.root().screens[screenTree].(*treeScreen) }

func TestTeamBrowser(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("3")
	// A non-senior is offered Personal, BaseShop and Infinity, and starts on BaseShop.
	tt.golden("team_page1")
	first := b.team.teamCalls[0]
	if first.View != oas.TeamViewBaseShop || first.Limit.Or(0) != teamPageSize || first.Page.Or(0) != 1 || first.Cursor.Set {
		t.Errorf("first request = %+v", first)
	}

	tt.keys("n")
	if got := b.team.teamCalls[len(b.team.teamCalls)-1]; got.Page.Or(0) != 2 || got.Cursor.Or("") != "after-A2049" {
		t.Errorf("next page = %+v, want page 2 with the cursor", got)
	}
	if !strings.Contains(tt.view(), "Showing 51–60 · p for previous") {
		t.Errorf("second page:\n%s", tt.view())
	}

	// → switches to the next view, from its first page.
	tt.keys("right")
	if got := b.team.teamCalls[len(b.team.teamCalls)-1]; got.View != oas.TeamViewInfinity || got.Page.Or(0) != 1 || got.Cursor.Set {
		t.Errorf("Infinity request = %+v", got)
	}
	tt.keys("right") // the dashboard, after the last view
	if !tt.team().onDash || b.team.dashCalls != 1 {
		t.Errorf("→ after the last view: on the dashboard %v, %d dashboard requests", tt.team().onDash, b.team.dashCalls)
	}
	tt.keys("right") // wraps to Personal
	tt.golden("team_personal")
	tt.keys("right") // back to BaseShop
	if got := tt.team().currentView(); got != oas.TeamViewBaseShop {
		t.Errorf("view = %s", got)
	}

	// / filters by name; q is text while typing.
	tt.keys("/")
	tt.typeText("q")
	if tt.quit() {
		t.Fatal("q quit while typing")
	}
	tt.keys("backspace")
	tt.typeText("smith")
	tt.keys("enter")
	if got := b.team.teamCalls[len(b.team.teamCalls)-1]; got.FilterNameContains.Or("") != "smith" || got.View != oas.TeamViewBaseShop {
		t.Errorf("filtered request = %+v", got)
	}
	tt.golden("team_filtered")
	tt.keys("esc")
	if got := b.team.teamCalls[len(b.team.teamCalls)-1]; got.FilterNameContains.Set {
		t.Errorf("esc did not clear the filter: %+v", got)
	}
}

// The / filter of a team view takes the terms of the clients screen (TestClientsFilterTerms),
// checked against the team list's contract: field=op:value filters, sort: keys in the order
// given, and the other words for the name.
func TestTeamFilterTerms(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("3")
	tt.filter("status=in:suspended,active level=eq:md code=startswith:a20 sort:joined_on:desc sort:code smi")
	got := b.team.teamCalls[len(b.team.teamCalls)-1]
	want := oas.ListTeamParams{View: oas.TeamViewBaseShop, Limit: oas.NewOptInt(teamPageSize), Page: oas.NewOptInt(1),
		FilterStatusIn:       []oas.AssociateStatus{oas.AssociateStatusSuspended, oas.AssociateStatusActive},
		FilterLevelEq:        oas.NewOptString("MD"),
		FilterCodeStartswith: oas.NewOptString("A20"),
		FilterNameContains:   oas.NewOptString("smi"),
	}
	want.Order = got.Order // the keys' order is in the context: checked below
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("request (-want +got):\n%s", diff)
	}
	wantOrder := []sdk.OrderKey{{Field: "joined_on", Direction: "DESC"}, {Field: "code", Direction: "ASC"}}
	if diff := cmp.Diff(wantOrder, b.team.teamOrders[len(b.team.teamOrders)-1]); diff != "" {
		t.Errorf("order keys (-want +got):\n%s", diff)
	}
	if !got.Order.Value.JoinedOn.Set || !got.Order.Value.Code.Set {
		t.Errorf("order parameter = %+v", got.Order)
	}

	// What the team list does not take is refused on the screen, and nothing is sent.
	for _, tc := range []struct{ terms, refusal string }{
		{"city=eq:Austin", `unknown filter field "city"`},
		{"generation=gte:2", `unknown operator "gte" for filter field "generation"`},
		{"status=eq:asleep", `invalid value "asleep" for filter status=eq`},
		{"sort:name", `unknown order field "name"`},
	} {
		calls := len(b.team.teamCalls)
		tt.filter(tc.terms)
		if len(b.team.teamCalls) != calls {
			t.Errorf("%s: a request was sent", tc.terms)
		}
		if view := ansi.Strip(tt.view()); !strings.Contains(view, tc.refusal) {
			t.Errorf("%s: the refusal %q is not shown:\n%s", tc.terms, tc.refusal, view)
		}
	}
}

func TestTeamViewsOfASenior(t *testing.T) {
	b := demoBackend()
	b.team.senior = true
	tt := newTester(t, b)
	tt.keys("3")
	// Seniors start on RmdSuperBase; its members have a generation, shown in a column.
	tt.golden("team_senior")
	if got := tt.team().views; !cmp.Equal(got, sdk.OfferedTeamViews(true)) {
		t.Errorf("views = %v", got)
	}
}

func TestTeamErrors(t *testing.T) {
	b := demoBackend()
	b.team.teamErr = &sdk.Error{Status: 403, Message: "Base Shop is for associates below RMD; use RMD Super Base or RMD Super Team"}
	tt := newTester(t, b)
	tt.keys("3")
	tt.golden("team_error")
	b.team.teamErr = &sdk.Error{Status: 401, Message: "Session expired"}
	tt.keys("r")
	if err := tt.root().Err(); !sdk.IsUnauthorized(err) {
		t.Errorf("Err() = %v, want the 401", err)
	}
}

func TestAssociateTabs(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("3", "down", "enter") // the second member: A2001
	if diff := cmp.Diff([]string{"overview A2001"}, b.team.assocCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	tt.golden("associate_overview")

	tt.keys("right")
	tt.golden("associate_licenses")
	tt.keys("l")
	tt.golden("associate_appointments")
	tt.keys("right")
	tt.golden("associate_levels")
	tt.keys("right", "left", "left") // wraps; tabs already loaded are not asked again
	want := []string{"overview A2001", "licenses A2001", "appointments A2001", "levels A2001"}
	if diff := cmp.Diff(want, b.team.assocCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
	tt.keys("?")
	tt.golden("associate_help")
	tt.keys("?", "esc")
	if tt.team().detail != nil {
		t.Fatal("esc did not close the associate")
	}
	if !strings.Contains(tt.view(), "Team · BaseShop · page 1") {
		t.Errorf("not back on the list:\n%s", tt.view())
	}
}

func TestAssociateUpline(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("3")
	// Open the upline directly: the tabs other than the overview are not asked for.
	s := tt.team()
	v, load := newAssociateView(s.Common, screenTeam, "R3000", "")
	s.detail = v
	v.SetSize(s.Width, s.Height)
	tt.run(load)
	tt.golden("associate_upline")
	tt.keys("right")
	if !strings.Contains(tt.view(), "Only the contact details of an upline are shown.") {
		t.Errorf("licenses of an upline:\n%s", tt.view())
	}
	if diff := cmp.Diff([]string{"overview R3000"}, b.team.assocCalls); diff != "" {
		t.Errorf("requests (-want +got):\n%s", diff)
	}
}

func TestGenealogyTree(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("4")
	// The root is the caller, open on its recruits.
	tt.golden("tree_root")
	if diff := cmp.Diff([]string{"A1001 1 200"}, b.team.childCalls); diff != "" {
		t.Errorf("children requests (-want +got):\n%s", diff)
	}

	tt.keys("down", "right")                         // open A2001: its recruits load
	tt.keys("down", "down", "down", "down", "enter") // to A2003, and open it
	tt.golden("tree_expanded")
	if diff := cmp.Diff([]string{"A1001 1 200", "A2001 1 200", "A2003 1 200"}, b.team.childCalls); diff != "" {
		t.Errorf("children requests (-want +got):\n%s", diff)
	}

	// ← on a recruit goes to its parent and closes it; → again opens it without a request.
	tt.keys("down", "left")
	if n := tt.tree().selected(); n.Code != "A2003" || n.expanded {
		t.Errorf("after ← on a recruit: %s expanded %v", n.Code, n.expanded)
	}
	tt.keys("space")
	if n := tt.tree().selected(); !n.expanded || len(b.team.childCalls) != 3 {
		t.Errorf("space did not reopen %s from what was loaded (%v)", n.Code, b.team.childCalls)
	}
	tt.keys("space", "up", "up", "up", "left") // close A2003; up to A2001's first recruit, ← to A2001
	tt.golden("tree_collapsed")

	// o opens the associate's tabs, esc comes back to the tree as it was.
	tt.keys("o")
	if !strings.Contains(tt.view(), "[Overview]") || !strings.Contains(tt.view(), "Cal Smithers  A2001") {
		t.Errorf("the tabs of A2001:\n%s", tt.view())
	}
	tt.keys("esc")
	if n := tt.tree().selected(); n.Code != "A2001" {
		t.Errorf("back on %s", n.Code)
	}
}

func TestGenealogySearch(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("4", "/")
	tt.typeText("cole")
	if tt.root().active != screenTree {
		t.Fatal("typing switched screens")
	}
	tt.keys("enter")
	tt.golden("tree_search")
	tt.keys("enter") // open the tree down to A4001 (A1001 › A2003 › A3003 › A4001)
	if n := tt.tree().selected(); n == nil || n.Code != "A4001" {
		t.Fatalf("the cursor is not on the match: %v", n)
	}
	if diff := cmp.Diff([]string{"A1001 1 200", "A2003 1 200", "A3003 1 200"}, b.team.childCalls); diff != "" {
		t.Errorf("children requests (-want +got):\n%s", diff)
	}
	tt.golden("tree_revealed")
}

func TestGenealogyReroot(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("4")
	s := tt.tree()

	// R on the root does nothing.
	tt.keys("R")
	if len(s.roots) != 0 || len(b.team.nodeCalls) != 1 {
		t.Fatalf("R on the root: roots %v, node requests %v", s.roots, b.team.nodeCalls)
	}

	// R makes the selected node the root, loaded like the first one: the node, then its
	// recruits, open.
	tt.keys("down", "down", "down", "R") // A2003
	if s.root == nil || s.root.Code != "A2003" || s.root.parent != nil || s.root.depth != 0 || !s.root.expanded {
		t.Fatalf("root after R on A2003: %+v", s.root)
	}
	if n := s.selected(); n != s.root {
		t.Errorf("the cursor is on %s, want the new root", n.Code)
	}
	if diff := cmp.Diff([]string{"A1001", "A2003"}, b.team.nodeCalls); diff != "" {
		t.Errorf("node requests (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"A1001 1 200", "A2003 1 200"}, b.team.childCalls); diff != "" {
		t.Errorf("children requests (-want +got):\n%s", diff)
	}
	if !strings.Contains(tt.view(), "Genealogy · A1001 › A2003 Eli Moss · 2 below") {
		t.Errorf("no breadcrumb:\n%s", tt.view())
	}

	// r reloads the current root, not the first one; / searches below it.
	tt.keys("r")
	if s.root.Code != "A2003" || len(s.roots) != 1 {
		t.Errorf("after r: root %s, roots %v", s.root.Code, s.roots)
	}
	tt.keys("/")
	tt.typeText("cole")
	tt.keys("enter")
	if !strings.Contains(tt.view(), `Matches of "cole" below A2003`) {
		t.Errorf("search below the new root:\n%s", tt.view())
	}
	tt.keys("esc")

	tt.keys("down", "R") // A3003: two roots back
	if s.root.Code != "A3003" {
		t.Fatalf("root after R on A3003: %s", s.root.Code)
	}
	tt.golden("tree_rerooted")

	// u goes back to the root before, open down to the node that was made the root.
	tt.keys("u")
	if s.root == nil || s.root.Code != "A2003" {
		t.Fatalf("root after u: %v", s.root)
	}
	if n := s.selected(); n.Code != "A3003" {
		t.Errorf("after u the cursor is on %s, want A3003", n.Code)
	}
	tt.keys("u")
	if s.root == nil || s.root.Code != "A1001" || len(s.roots) != 0 {
		t.Fatalf("root after u, u: %v (roots %v)", s.root, s.roots)
	}
	if n := s.selected(); n.Code != "A2003" {
		t.Errorf("after u, u the cursor is on %s, want A2003", n.Code)
	}
	if !strings.Contains(tt.view(), "Genealogy · A1001 Ann Agent · 7 below\n") {
		t.Errorf("the first root still shows a breadcrumb:\n%s", tt.view())
	}

	// At the first root u does nothing: no request, the tree as it was.
	nodes, children := len(b.team.nodeCalls), len(b.team.childCalls)
	tt.keys("u")
	if s.root.Code != "A1001" || s.selected().Code != "A2003" || len(b.team.nodeCalls) != nodes || len(b.team.childCalls) != children {
		t.Errorf("u at the first root: root %s, cursor %s, requests %v %v", s.root.Code, s.selected().Code, b.team.nodeCalls, b.team.childCalls)
	}
}

func TestGenealogyRerootFails(t *testing.T) {
	b := demoBackend()
	b.team.nodeErr = map[string]error{"A2001": &sdk.Error{Status: 503, Message: "Service unavailable"}}
	tt := newTester(t, b)
	tt.keys("4", "down", "R")
	s := tt.tree()
	view := tt.view()
	if !strings.Contains(view, "Service unavailable (HTTP 503)") || !strings.Contains(view, "u back to the previous root") ||
		!strings.Contains(view, "Genealogy · A1001 › A2001\n") {
		t.Errorf("the failed re-root:\n%s", view)
	}
	// r tries the new root again; u goes back even though it never loaded.
	tt.keys("r")
	if diff := cmp.Diff([]string{"A1001", "A2001", "A2001"}, b.team.nodeCalls); diff != "" {
		t.Errorf("node requests (-want +got):\n%s", diff)
	}
	tt.keys("u")
	if s.root == nil || s.root.Code != "A1001" || s.err != nil || s.selected().Code != "A2001" {
		t.Errorf("after u: root %v, err %v", s.root, s.err)
	}

	b.team.nodeErr["A2001"] = &sdk.Error{Status: 401, Message: "Session expired"}
	tt.keys("R")
	if err := tt.root().Err(); !sdk.IsUnauthorized(err) {
		t.Errorf("Err() = %v, want the 401", err)
	}
}

func TestBreadcrumb(t *testing.T) {
	codes := []string{"A1001", "A2003", "A3003", "A4001"}
	for _, tc := range []struct {
		width int
		want  string
	}{
		{100, "A1001 › A2003 › A3003 › A4001"},
		{29, "A1001 › A2003 › A3003 › A4001"},
		{28, "A1001 › … › A3003 › A4001"},
		{10, "A1001 › … › A4001"}, // the first and the current root always show
	} {
		t.Run(fmt.Sprint(tc.width), func(t *testing.T) {
			if got := breadcrumb(codes, tc.width); got != tc.want {
				t.Errorf("breadcrumb(%d) = %q, want %q", tc.width, got, tc.want)
			}
		})
	}
}

// The keys of the tree itself (not those of its search input, results or an associate's tabs,
// which take the keys first) are not taken twice, nor by the global keys.
func TestTreeKeysDoNotClash(t *testing.T) {
	k, g := DefaultTreeKeyMap(), DefaultKeyMap()
	owner := map[string]string{}
	for name, b := range map[string]key.Binding{
		"Up": k.Up, "Down": k.Down, "Expand": k.Expand, "Collapse": k.Collapse, "Toggle": k.Toggle, "Open": k.Open,
		"Search": k.Search, "Reload": k.Reload, "Reroot": k.Reroot, "PrevRoot": k.PrevRoot,
		"Quit": g.Quit, "ForceQuit": g.ForceQuit, "Help": g.Help, "NextScreen": g.NextScreen, "PrevScreen": g.PrevScreen,
		"Screen1": g.Screen1, "Screen2": g.Screen2, "Screen3": g.Screen3, "Screen4": g.Screen4, "ActAs": g.ActAs,
	} {
		for _, s := range b.Keys() {
			if o, ok := owner[s]; ok {
				t.Errorf("%q is both %s and %s", s, o, name)
			}
			owner[s] = name
		}
	}
}

func TestScreensWrap(t *testing.T) {
	tt := newTester(t, demoBackend())
	for _, k := range []string{"tab", "tab", "tab", "tab"} {
		tt.keys(k)
	}
	if tt.root().active != screenBusiness {
		t.Errorf("four tabs lead to %d", tt.root().active)
	}
	tt.keys("tab")
	if tt.root().active != screenPayments {
		t.Errorf("five tabs lead to %d", tt.root().active)
	}
	tt.keys("tab")
	if tt.root().active != screenClients {
		t.Errorf("tab does not wrap")
	}
	tt.keys("4", "?")
	tt.golden("tree_help")
}

func TestTreeScrollsWithTheCursor(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("4")
	s := tt.tree()
	s.SetSize(testWidth, 4) // two rows of the tree between the title and the status
	tt.keys("down", "down", "down")
	if s.top != 2 || s.cursor != 3 {
		t.Errorf("top %d cursor %d, want 2 and 3", s.top, s.cursor)
	}
	view := s.View()
	if !strings.Contains(view, "› ") || !strings.Contains(view, "A2003") || strings.Contains(view, "A1001 Ann Agent (MD") {
		t.Errorf("the cursor row is not in view:\n%s", view)
	}
	tt.keys("up", "up", "up")
	if s.top != 0 {
		t.Errorf("top %d after going back up", s.top)
	}
}

// staffBackend is a staff member: no associate code, so no team.
type staffBackend struct{ *fakeBackend }

func (staffBackend) GetAccess(context.Context) (*oas.AccessHeaders, error) {
	return &oas.AccessHeaders{Response: oas.Access{User: oas.User{Name: "Sam Staffer", Email: "staff@example.com", IsStaff: true}}}, nil
}

func TestTeamScreensForStaff(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, staffBackend{b})
	for _, k := range []string{"3", "4"} {
		tt.keys(k)
		if !strings.Contains(tt.view(), "you are not an associate") {
			t.Errorf("screen %s:\n%s", k, tt.view())
		}
	}
	if len(b.team.teamCalls)+len(b.team.childCalls) != 0 {
		t.Errorf("requests were made for a staff member")
	}
}

// noAccessBackend fails /access.
type noAccessBackend struct{ *fakeBackend }

func (noAccessBackend) GetAccess(context.Context) (*oas.AccessHeaders, error) {
	return nil, &sdk.Error{Status: 503, Message: "Service unavailable"}
}

func TestTeamScreensWithoutTheUser(t *testing.T) {
	tt := newTester(t, noAccessBackend{demoBackend()})
	for _, k := range []string{"3", "4"} {
		tt.keys(k)
		if !strings.Contains(tt.view(), "Service unavailable (HTTP 503)") {
			t.Errorf("screen %s:\n%s", k, tt.view())
		}
	}
}

func TestTeamDashboard(t *testing.T) {
	b := demoBackend()
	tt := newTester(t, b)
	tt.keys("3", "left", "left") // BaseShop, Personal, the dashboard
	if b.team.dashCalls != 1 {
		t.Fatalf("%d dashboard requests", b.team.dashCalls)
	}
	tt.golden("team_dashboard")

	// Back to the view it left without asking for it again; r reloads the dashboard.
	calls := len(b.team.teamCalls)
	tt.keys("right")
	if tt.team().onDash || tt.team().currentView() != oas.TeamViewPersonal || len(b.team.teamCalls) != calls {
		t.Errorf("→ from the dashboard: view %s, %d requests (want %d)", tt.team().currentView(), len(b.team.teamCalls), calls)
	}
	tt.keys("left", "left") // the dashboard, then the last view
	if b.team.dashCalls != 1 || tt.team().currentView() != oas.TeamViewInfinity {
		t.Errorf("the dashboard was asked again (%d), or ← went to %s", b.team.dashCalls, tt.team().currentView())
	}
	tt.keys("right", "r")
	if b.team.dashCalls != 2 {
		t.Errorf("r did not reload the dashboard: %d requests", b.team.dashCalls)
	}

	b.team.teamErr = &sdk.Error{Status: 503, Message: "Service unavailable"}
	tt.keys("r")
	if view := tt.view(); !strings.Contains(view, "Error: Service unavailable (HTTP 503)") || !strings.Contains(view, "Members") {
		t.Errorf("a failed reload keeps the dashboard and says why:\n%s", view)
	}
}

func TestTeamDashboardOfASenior(t *testing.T) {
	b := demoBackend()
	b.team.senior = true
	tt := newTester(t, b)
	tt.keys("3", "left", "left")
	view := tt.view()
	for _, want := range []string{"[Dashboard]", "RmdSuperTeam", "By level", "By status"} {
		if !strings.Contains(view, want) {
			t.Errorf("%q missing:\n%s", want, view)
		}
	}
}

// Long lines of authority wrap within their column, between lines; wide characters and
// combining marks are never cut in two.
func TestLicensesWrap(t *testing.T) {
	b := demoBackend()
	b.team.licenses["A2001"] = append(b.team.licenses["A2001"], oas.License{
		ID: 5, State: "NY", Number: "NY-ÉTÉ-0000000000042", Residency: oas.LicenseResidencyResident,
		LinesOfAuthority: []string{"Life", "Accident & Health", "Property & Casualty", "Variable Life & Variable Annuity", "Crédit"},
		IssuedOn:         day(2022, 5, 6), ExpiresOn: day(2030, 1, 1),
	})
	tt := newTester(t, b)
	tt.keys("3", "down", "enter", "right")
	tt.golden("associate_licenses_wrapped")
}

func TestWrapList(t *testing.T) {
	tests := []struct {
		items []string
		width int
		want  []string
	}{
		{nil, 18, []string{""}},
		{[]string{"Life", "Health"}, 18, []string{"Life, Health"}},
		{[]string{"Life", "Accident & Health", "Annuity"}, 30, []string{"Life, Accident & Health,", "Annuity"}},
		{[]string{"Life", "Accident & Health", "Annuity"}, 18, []string{"Life,", "Accident & Health,", "Annuity"}},
		{[]string{"Life", "Accident & Health", "Annuity"}, 12, []string{"Life,", "Accident &", "Health,", "Annuity"}},
		{[]string{"Supercalifragilistic"}, 10, []string{"Supercali…"}},
		{[]string{"生命保険と健康保険"}, 9, []string{"生命保険…"}},
	}
	for _, tt := range tests {
		if got := wrapList(tt.items, tt.width); !cmp.Equal(got, tt.want) {
			t.Errorf("wrapList(%q, %d) = %q, want %q", tt.items, tt.width, got, tt.want)
		}
	}
}

func TestTruncateKeepsCharactersWhole(t *testing.T) {
	decomposed := "Cre\u0300me bru\u0302le\u0301e" // combining accents
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"Life, Health, Property", 18, "Life, Health, Pro…"},
		{decomposed, 4, "Cre\u0300…"},
		{"生命保険", 5, "生命…"},
		{"short", 10, "short"},
	} {
		if got := truncate(tc.s, tc.n); got != tc.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
		if got := cell(tc.s, tc.n); ansi.StringWidth(got) != tc.n {
			t.Errorf("cell(%q, %d) is %d columns wide", tc.s, tc.n, ansi.StringWidth(got))
		}
	}
}
