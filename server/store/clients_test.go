package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/client"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
)

func cents(n int64) *int64 { return &n }

// clientSeed is one client of the test organisation (see team_test.go), owned by owner.
type clientSeed struct {
	owner string
	in    client.Input
}

var clientSeeds = []clientSeed{
	{"RMD100", client.Input{FirstName: "Rhea", LastName: "Quinn", Country: "USA", State: "TX", Email: "rhea@example.com", AnnualIncome: cents(9_000_000)}},
	{"AAA100", client.Input{FirstName: "Ann", LastName: "Baker", Country: "USA", State: "FL", Email: "ann@example.com", AnnualIncome: cents(5_000_000)}},
	{"AAA100", client.Input{FirstName: "Al", LastName: "Baker", Country: "USA", State: "TX"}},
	{"AAA100", client.Input{FirstName: "Ava", LastName: "Cruz", Country: "Canada", State: "ON", Email: "ava@example.com", AnnualIncome: cents(5_000_000)}},
	{"AAA110", client.Input{FirstName: "Ben", LastName: "Diaz", Country: "USA", State: "FL", AnnualIncome: cents(1_200_000)}},
	{"CCC100", client.Input{FirstName: "Cy", LastName: "Evans", Country: "USA", Email: "cy@example.com"}},
	{"SIB100", client.Input{FirstName: "Sue", LastName: "Fox", Country: "USA", State: "GA", AnnualIncome: cents(7_500_000)}},
	{"XST100", client.Input{FirstName: "Xi", LastName: "Gray", Country: "USA", State: "TX", Email: "xi@example.com"}},
}

// withClients builds the organisation and gives its associates the clients above; it
// answers the client ids in the order of clientSeeds.
func withClients(t *testing.T) (*org, []int64) {
	t.Helper()
	o := newOrg(t)
	ids := make([]int64, len(clientSeeds))
	for i, c := range clientSeeds {
		got, err := o.st.CreateClient(context.Background(), o.as(t, c.owner), c.in)
		if err != nil {
			t.Fatalf("create client %d: %v", i, err)
		}
		ids[i] = got.ID
	}
	return o, ids
}

// visible lists every client a principal may see (ids ascending) and the ones it may edit.
func visibleClients(t *testing.T, o *org, p *auth.Principal) (seen, editable []int64, err error) {
	t.Helper()
	q, err := listing.Parse("limit=1000", store.ClientListing)
	if err != nil {
		t.Fatal(err)
	}
	err = o.st.ListClients(context.Background(), p, q, func(c *client.Client) {
		seen = append(seen, c.ID)
		if c.CanEdit {
			editable = append(editable, c.ID)
		}
	})
	return seen, editable, err
}

func TestClientVisibility(t *testing.T) {
	o, ids := withClients(t)
	ctx := context.Background()
	// Clients by owner, as indexes into clientSeeds.
	of := func(owners ...string) []int64 {
		var out []int64
		for i, c := range clientSeeds {
			if slices.Contains(owners, c.owner) {
				out = append(out, ids[i])
			}
		}
		return out
	}
	all := of("RMD100", "AAA100", "AAA110", "CCC100", "SIB100", "XST100")

	staffActing, err := o.st.ActAs(ctx, o.staff(t, "acting", auth.PermActAs), "aaa100", "test", netip.Addr{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		p        *auth.Principal
		seen     []int64
		editable []int64
	}{
		// Own clients and the whole downline's, at every depth; never an upline's, a
		// sibling's or a stranger's.
		{"owner with a downline", o.as(t, "AAA100"), of("AAA100", "AAA110", "CCC100"), of("AAA100")},
		{"leader", o.as(t, "RMD100"), of("RMD100", "AAA100", "AAA110", "CCC100", "SIB100"), of("RMD100")},
		{"top", o.as(t, "TOP100"), all, nil},
		{"downline", o.as(t, "AAA110"), of("AAA110"), of("AAA110")},
		{"sibling", o.as(t, "SIB100"), of("SIB100"), of("SIB100")},
		{"stranger", o.as(t, "XST100"), of("XST100"), of("XST100")},
		{"deep downline", o.as(t, "CCC100"), of("CCC100"), of("CCC100")},
		{"no clients", o.as(t, "BBB100"), nil, nil},
		// Staff read everything with the permission, and change nothing.
		{"staff with clients.read", o.staff(t, "reader", auth.PermClientsRead), all, nil},
		// Staff acting for an associate see what the associate sees.
		{"staff acting for AAA100", staffActing, of("AAA100", "AAA110", "CCC100"), of("AAA100")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			seen, editable, err := visibleClients(t, o, tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.seen, seen); diff != "" {
				t.Errorf("listed (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.editable, editable); diff != "" {
				t.Errorf("editable (-want +got):\n%s", diff)
			}
			for _, id := range ids {
				c, err := o.st.GetClient(ctx, tc.p, id)
				switch {
				case slices.Contains(tc.seen, id):
					if err != nil || c.ID != id || c.CanEdit != slices.Contains(tc.editable, id) {
						t.Errorf("GetClient(%d) = id %d can edit %v, %v", id, c.ID, c.CanEdit, err)
					}
				case !errs.Is(err, errs.NotFound):
					t.Errorf("GetClient(%d) of an invisible client: %v, want NotFound", id, err)
				}
			}
			lookups, err := o.st.SearchClients(ctx, tc.p, "a", nil, 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range lookups {
				if !slices.Contains(tc.seen, l.ID) {
					t.Errorf("SearchClients found invisible client %d %q", l.ID, l.Name)
				}
			}
		})
	}

	t.Run("staff without clients.read", func(t *testing.T) {
		p := o.staff(t, "nobody")
		if _, _, err := visibleClients(t, o, p); !errs.Is(err, errs.Forbidden) {
			t.Errorf("ListClients: %v, want Forbidden", err)
		}
		if _, err := o.st.GetClient(ctx, p, ids[0]); !errs.Is(err, errs.Forbidden) {
			t.Errorf("GetClient: %v, want Forbidden", err)
		}
		if _, err := o.st.SearchClients(ctx, p, "a", nil, 10); !errs.Is(err, errs.Forbidden) {
			t.Errorf("SearchClients: %v, want Forbidden", err)
		}
		if _, _, err := store.ClientExportSQL(p, listing.Query{}); !errs.Is(err, errs.Forbidden) {
			t.Errorf("ClientExportSQL: %v, want Forbidden", err)
		}
	})

	t.Run("counts", func(t *testing.T) {
		v, own, err := o.st.ClientCounts(ctx, o.as(t, "AAA100"))
		if err != nil || v != 5 || own != 3 {
			t.Errorf("ClientCounts(AAA100) = %d visible, %d own, %v; want 5, 3", v, own, err)
		}
		v, own, err = o.st.ClientCounts(ctx, o.staff(t, "counter", auth.PermClientsRead))
		if err != nil || v != 0 || own != 0 {
			t.Errorf("ClientCounts(staff) = %d, %d, %v; want 0, 0", v, own, err)
		}
	})

	t.Run("search includes only visible ids", func(t *testing.T) {
		got, err := o.st.SearchClients(ctx, o.as(t, "AAA100"), "", []int64{ids[1], ids[6]}, 10)
		if err != nil {
			t.Fatal(err)
		}
		want := []store.Lookup{{ID: ids[1], Name: "Ann Baker", Email: "ann@example.com"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
}

// changeLog is a change-log row with who wrote it.
type changeLog struct {
	Action, Field, Old, New string
	Associate, Actor        int64
	ActingStaff             *int64
}

func changeLogs(t *testing.T, o *org, id int64) []changeLog {
	t.Helper()
	rows, err := o.pool.Query(context.Background(), `SELECT action, coalesce(field, ''), coalesce(old_value, ''), coalesce(new_value, ''),
		associate_id, actor_user_id, acting_staff_id FROM change_logs WHERE entity = 'client' AND entity_id = $1 ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []changeLog
	for rows.Next() {
		var c changeLog
		if err := rows.Scan(&c.Action, &c.Field, &c.Old, &c.New, &c.Associate, &c.Actor, &c.ActingStaff); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// The store's own reader agrees on what was logged.
	logged, err := o.st.ChangeLogs(context.Background(), "client", id)
	if err != nil {
		t.Fatal(err)
	}
	if len(logged) != len(out) {
		t.Fatalf("ChangeLogs answers %d rows, the table holds %d", len(logged), len(out))
	}
	for i, l := range logged {
		if l.Action != out[i].Action || l.Field != out[i].Field || l.Old != out[i].Old || l.New != out[i].New {
			t.Errorf("ChangeLogs row %d = %+v, table %+v", i, l, out[i])
		}
	}
	return out
}

func TestClientWritesAndChangeLogs(t *testing.T) {
	o := newOrg(t)
	ctx := context.Background()
	owner := o.as(t, "AAA100")
	aaa := o.ids["AAA100"]
	dob := time.Date(1980, 5, 17, 0, 0, 0, 0, time.UTC)

	in := client.Input{FirstName: "Ann", LastName: "Baker", Email: "ann@example.com", Phone: "5551234567", DateOfBirth: &dob,
		City: "Miami", State: "FL", PostalCode: "33101", Country: "USA", AnnualIncome: cents(5_000_000)}
	created, err := o.st.CreateClient(ctx, owner, in)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, created.Input); diff != "" {
		t.Errorf("created (-input +stored):\n%s", diff)
	}
	if created.AssociateID != aaa || created.AssociateCode != "AAA100" || created.AssociateName != "Amy Adams" || !created.CanEdit {
		t.Errorf("created owner = %d %s %q can edit %v", created.AssociateID, created.AssociateCode, created.AssociateName, created.CanEdit)
	}
	id := created.ID
	wantLogs := []changeLog{{Action: "create", Associate: aaa, Actor: o.users["AAA100"]}}
	if diff := cmp.Diff(wantLogs, changeLogs(t, o, id)); diff != "" {
		t.Fatalf("after create (-want +got):\n%s", diff)
	}

	// An update logs one row per changed field, old → new.
	upd := in
	upd.FirstName, upd.City, upd.AnnualIncome, upd.Phone = "Anne", "Tampa", cents(6_000_000), ""
	updated, err := o.st.UpdateClient(ctx, owner, id, upd)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(upd, updated.Input); diff != "" {
		t.Errorf("updated (-input +stored):\n%s", diff)
	}
	if !updated.UpdatedAt.After(created.UpdatedAt) {
		t.Errorf("updated_at %v not after %v", updated.UpdatedAt, created.UpdatedAt)
	}
	by := func(action, field, old, new string) changeLog {
		return changeLog{Action: action, Field: field, Old: old, New: new, Associate: aaa, Actor: o.users["AAA100"]}
	}
	wantLogs = append(wantLogs,
		by("update", "first_name", "Ann", "Anne"),
		by("update", "phone", "5551234567", ""),
		by("update", "city", "Miami", "Tampa"),
		by("update", "annual_income", "5000000", "6000000"))
	if diff := cmp.Diff(wantLogs, changeLogs(t, o, id)); diff != "" {
		t.Fatalf("after update (-want +got):\n%s", diff)
	}

	// An update that changes nothing logs nothing and leaves updated_at alone.
	same, err := o.st.UpdateClient(ctx, owner, id, upd)
	if err != nil {
		t.Fatal(err)
	}
	if !same.UpdatedAt.Equal(updated.UpdatedAt) {
		t.Errorf("a no-op update moved updated_at")
	}
	if got := changeLogs(t, o, id); len(got) != len(wantLogs) {
		t.Errorf("a no-op update logged %d rows", len(got)-len(wantLogs))
	}

	// Who may not change it: an upline sees it but does not own it; the others do not see it.
	refusals := []struct {
		name string
		p    *auth.Principal
		kind errs.Kind
	}{
		{"upline", o.as(t, "RMD100"), errs.Forbidden},
		{"top", o.as(t, "TOP100"), errs.Forbidden},
		{"sibling", o.as(t, "SIB100"), errs.NotFound},
		{"downline", o.as(t, "AAA110"), errs.NotFound},
		{"stranger", o.as(t, "XST100"), errs.NotFound},
		{"staff with clients.read", o.staff(t, "reader", auth.PermClientsRead), errs.Forbidden},
		{"staff without permissions", o.staff(t, "nobody"), errs.Forbidden},
	}
	for _, r := range refusals {
		other := upd
		other.Notes = "changed by " + r.name
		if _, err := o.st.UpdateClient(ctx, r.p, id, other); !errs.Is(err, r.kind) {
			t.Errorf("update by %s: %v, want kind %d", r.name, err, r.kind)
		}
		if err := o.st.DeleteClient(ctx, r.p, id); !errs.Is(err, r.kind) {
			t.Errorf("delete by %s: %v, want kind %d", r.name, err, r.kind)
		}
	}
	if _, err := o.st.UpdateClient(ctx, owner, 1<<40, upd); !errs.Is(err, errs.NotFound) {
		t.Errorf("update of a missing client: %v", err)
	}
	if got, err := o.st.GetClient(ctx, owner, id); err != nil || got.Notes != "" {
		t.Errorf("after refused writes: notes %q, %v", got.Notes, err)
	}
	if got := changeLogs(t, o, id); len(got) != len(wantLogs) {
		t.Errorf("refused writes logged %d rows", len(got)-len(wantLogs))
	}

	// Staff act for an associate: the client is the associate's, the log names the staff.
	staff := o.staff(t, "actor", auth.PermActAs)
	acting, err := o.st.ActAs(ctx, staff, "AAA100", "createClient", netip.Addr{})
	if err != nil {
		t.Fatal(err)
	}
	byStaff, err := o.st.CreateClient(ctx, acting, client.Input{FirstName: "Sal", LastName: "Stone", Country: "USA"})
	if err != nil {
		t.Fatal(err)
	}
	if byStaff.AssociateID != aaa || !byStaff.CanEdit {
		t.Errorf("created by acting staff: owner %d can edit %v", byStaff.AssociateID, byStaff.CanEdit)
	}
	staffID := staff.UserID
	if diff := cmp.Diff([]changeLog{{Action: "create", Associate: aaa, Actor: staffID, ActingStaff: &staffID}}, changeLogs(t, o, byStaff.ID)); diff != "" {
		t.Errorf("log of a client created by acting staff (-want +got):\n%s", diff)
	}
	if _, err := o.st.CreateClient(ctx, o.staff(t, "plain", auth.PermClientsRead), client.Input{FirstName: "No", LastName: "Owner", Country: "USA"}); !errs.Is(err, errs.Forbidden) {
		t.Errorf("create by staff acting for nobody: %v, want Forbidden", err)
	}

	// A delete logs the values the client had.
	if err := o.st.DeleteClient(ctx, owner, id); err != nil {
		t.Fatal(err)
	}
	if _, err := o.st.GetClient(ctx, owner, id); !errs.Is(err, errs.NotFound) {
		t.Errorf("GetClient after delete: %v", err)
	}
	if err := o.st.DeleteClient(ctx, owner, id); !errs.Is(err, errs.NotFound) {
		t.Errorf("second delete: %v", err)
	}
	wantLogs = append(wantLogs,
		by("delete", "first_name", "Anne", ""),
		by("delete", "last_name", "Baker", ""),
		by("delete", "email", "ann@example.com", ""),
		by("delete", "date_of_birth", "1980-05-17", ""),
		by("delete", "city", "Tampa", ""),
		by("delete", "state", "FL", ""),
		by("delete", "postal_code", "33101", ""),
		by("delete", "country", "USA", ""),
		by("delete", "annual_income", "6000000", ""))
	if diff := cmp.Diff(wantLogs, changeLogs(t, o, id)); diff != "" {
		t.Errorf("after delete (-want +got):\n%s", diff)
	}
}

// listPage runs ListClients for a raw query and answers the page's clients.
func listPage(t *testing.T, o *org, p *auth.Principal, raw string) ([]client.Client, listing.Query) {
	t.Helper()
	q, err := listing.Parse(raw, store.ClientListing)
	if err != nil {
		t.Fatalf("parse %q: %v", raw, err)
	}
	var out []client.Client
	if err := o.st.ListClients(context.Background(), p, q, func(c *client.Client) { out = append(out, *c) }); err != nil {
		t.Fatalf("list %q: %v", raw, err)
	}
	return out, q
}

func clientNames(cs []client.Client) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.FirstName + " " + c.LastName
	}
	return out
}

func TestClientListing(t *testing.T) {
	o, ids := withClients(t)
	rmd := o.as(t, "RMD100") // sees every client but XST100's Xi Gray

	cases := []struct {
		name, raw string
		want      []string
	}{
		{"default order is the id", "", []string{"Rhea Quinn", "Ann Baker", "Al Baker", "Ava Cruz", "Ben Diaz", "Cy Evans", "Sue Fox"}},
		{"state in", "filter[state][in][]=TX&filter[state][in][]=GA", []string{"Rhea Quinn", "Al Baker", "Sue Fox"}},
		{"state not in keeps the empty ones", "filter[state][nin][]=TX&filter[state][nin][]=FL&order[last_name]=ASC", []string{"Ava Cruz", "Cy Evans", "Sue Fox"}},
		{"last name starts with, any case", "filter[last_name][startswith]=bak&order[first_name]=ASC", []string{"Al Baker", "Ann Baker"}},
		{"income at least", "filter[annual_income][gte]=5000000&order[annual_income]=DESC&order[first_name]=ASC",
			[]string{"Rhea Quinn", "Sue Fox", "Ann Baker", "Ava Cruz"}},
		{"income between", "filter[annual_income][gte]=1000000&filter[annual_income][lte]=6000000", []string{"Ann Baker", "Ava Cruz", "Ben Diaz"}},
		{"no email", "filter[email][null]=true", []string{"Al Baker", "Ben Diaz", "Sue Fox"}},
		{"an email", "filter[email][null]=false&filter[email][contains]=@EXAMPLE", []string{"Rhea Quinn", "Ann Baker", "Ava Cruz", "Cy Evans"}},
		{"country", "filter[country][eq]=Canada", []string{"Ava Cruz"}},
		{"owner", "filter[associate_code][eq]=AAA110", []string{"Ben Diaz"}},
		{"owners", "filter[associate_code][in][]=RMD100&filter[associate_code][in][]=SIB100", []string{"Rhea Quinn", "Sue Fox"}},
		{"a filter cannot widen visibility", "filter[associate_code][eq]=XST100", []string{}},
		{"id in", "filter[id][in][]=" + itoa(ids[2]) + "&filter[id][in][]=" + itoa(ids[7]), []string{"Al Baker"}},
		// Descending puts the empty values last; ascending too.
		{"income descending, empty last", "order[annual_income]=DESC", []string{"Rhea Quinn", "Sue Fox", "Ann Baker", "Ava Cruz", "Ben Diaz", "Al Baker", "Cy Evans"}},
		{"state ascending, empty last", "order[state]=ASC&order[last_name]=DESC&order[first_name]=DESC", []string{"Ben Diaz", "Ann Baker", "Sue Fox", "Ava Cruz", "Rhea Quinn", "Al Baker", "Cy Evans"}},
		{"created before", "filter[created_at][lt]=2000-01-01T00:00:00Z", []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := listPage(t, o, rmd, tc.raw)
			if diff := cmp.Diff(tc.want, clientNames(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}

	t.Run("pages answer one row more than the limit", func(t *testing.T) {
		p1, _ := listPage(t, o, rmd, "limit=3&order[last_name]=ASC&order[first_name]=ASC")
		p2, _ := listPage(t, o, rmd, "limit=3&page=2&order[last_name]=ASC&order[first_name]=ASC")
		p3, _ := listPage(t, o, rmd, "limit=3&page=3&order[last_name]=ASC&order[first_name]=ASC")
		if diff := cmp.Diff([]string{"Al Baker", "Ann Baker", "Ava Cruz", "Ben Diaz"}, clientNames(p1)); diff != "" {
			t.Errorf("page 1 (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Ben Diaz", "Cy Evans", "Sue Fox", "Rhea Quinn"}, clientNames(p2)); diff != "" {
			t.Errorf("page 2 (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Rhea Quinn"}, clientNames(p3)); diff != "" {
			t.Errorf("page 3 (-want +got):\n%s", diff)
		}
	})

	// A cursor walk gives every visible client once, in the order of the full list, also
	// for orders on nullable fields with ties.
	for _, order := range []string{"", "order[last_name]=ASC", "order[annual_income]=DESC", "order[state]=ASC&order[email]=DESC", "order[created_at]=DESC"} {
		t.Run("cursor walk "+order, func(t *testing.T) {
			all, _ := listPage(t, o, rmd, order+"&limit=1000")
			var walked []string
			raw := order + "&limit=2"
			for range 20 {
				page, q := listPage(t, o, rmd, raw)
				if len(page) <= q.Limit {
					walked = append(walked, clientNames(page)...)
					break
				}
				walked = append(walked, clientNames(page[:q.Limit])...)
				last := page[q.Limit-1]
				raw = order + "&limit=2&cursor=" + q.NextCursor(func(f string) any { return store.ClientSortValue(&last, f) })
			}
			if diff := cmp.Diff(clientNames(all), walked); diff != "" {
				t.Errorf("walked (-all +walked):\n%s", diff)
			}
			if len(all) != 7 {
				t.Errorf("RMD100 sees %d clients, want 7", len(all))
			}
		})
	}

	t.Run("a cursor of another order is refused", func(t *testing.T) {
		page, q := listPage(t, o, rmd, "limit=2&order[last_name]=ASC")
		last := page[1]
		cur := q.NextCursor(func(f string) any { return store.ClientSortValue(&last, f) })
		if _, err := listing.Parse("limit=2&order[first_name]=ASC&cursor="+cur, store.ClientListing); !errs.Is(err, errs.Invalid) {
			t.Errorf("cursor of another order: %v, want a validation error", err)
		}
	})

	t.Run("the export holds the same rows as the list", func(t *testing.T) {
		raw := "filter[state][in][]=TX&filter[state][in][]=FL&order[last_name]=ASC"
		listed, q := listPage(t, o, rmd, raw)
		sql, args, err := store.ClientExportSQL(rmd, q)
		if err != nil {
			t.Fatal(err)
		}
		var exported []string
		err = o.st.StreamRows(context.Background(), sql, args, func(row [][]byte) error {
			exported = append(exported, string(row[3])+" "+string(row[4]))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(clientNames(listed), exported); diff != "" {
			t.Errorf("export (-list +export):\n%s", diff)
		}
		if len(listed) != 4 {
			t.Errorf("TX or FL clients = %v", clientNames(listed))
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestClientEqualityFiltersUseIndexes holds the text `eq` filters of the client list to a
// btree that serves them: on 30,000 clients, the first page of the top of the organisation
// filtered by a value one client has is planned with `column = …` as an index condition,
// both in the plan made for the value and in the generic plan a prepared statement settles
// on after five runs (what portald runs from then on). Without such an index PostgreSQL
// walks the primary key dropping rows, or the table: a million of them at the bench's size.
func TestClientEqualityFiltersUseIndexes(t *testing.T) {
	o, ids, traced, rec, conn := withManyClients(t, `UPDATE clients SET city = 'Austin' WHERE id = $1`)
	ctx := context.Background()
	top := o.as(t, "TOP100")

	type eqCase struct{ field, value string }
	cases := []eqCase{
		{"first_name", "Rhea"},
		{"last_name", "Quinn"},
		{"city", "Austin"},
		{"email", "rhea@example.com"},
	}
	// Every text field the contract filters with eq has a case, but the owner's code: it
	// names one associate (the unique index of codes), whose clients clients_associate holds.
	for _, f := range lists.ListClients.Fields {
		if f.Type == lists.String && f.Has(lists.Eq) && f.Name != "associate_code" &&
			!slices.ContainsFunc(cases, func(c eqCase) bool { return c.field == f.Name }) {
			t.Errorf("filter[%s][eq] has no case here: give it an index and a case", f.Name)
		}
	}
	for _, tc := range cases {
		t.Run(tc.field, func(t *testing.T) {
			q, err := listing.Parse("filter["+tc.field+"][eq]="+url.QueryEscape(tc.value), store.ClientListing)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			if err := store.New(traced).ListClients(ctx, top, q, func(c *client.Client) { got = append(got, c.ID) }); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]int64{ids[0]}, got); diff != "" {
				t.Errorf("clients (-want +got):\n%s", diff)
			}
			sql, args := rec.get()
			for _, generic := range []bool{false, true} {
				plan := explain(t, conn, sql, args, generic)
				if !servedByBtree(t, conn, plan, tc.field) {
					t.Errorf("generic plan %v: no btree index condition on %s:\n%s", generic, tc.field, plan)
				}
			}
		})
	}
}

// TestClientTextFiltersArePlannedForTheirValues: a statement with a prefix filter is sent
// unprepared (planned for its values at every run), and that plan reads the prefix's
// index; a generic plan, which a prepared statement settles on after five runs, walked the
// primary key instead (a prefix nobody has read every client). Statements without a text
// filter stay prepared.
func TestClientTextFiltersArePlannedForTheirValues(t *testing.T) {
	o, ids, traced, rec, conn := withManyClients(t, "")
	ctx := context.Background()
	top := o.as(t, "TOP100")
	for _, tc := range []struct {
		query, index string
		want         []int64
	}{
		{"filter[last_name][startswith]=quin", "clients_last_name_prefix", []int64{ids[0]}},
		{"filter[first_name][startswith]=Rhe", "clients_first_name_prefix", []int64{ids[0]}},
		{"filter[last_name][startswith]=Zzq", "clients_last_name_prefix", nil},
	} {
		t.Run(tc.query, func(t *testing.T) {
			q, err := listing.Parse(tc.query, store.ClientListing)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for range 7 { // past the five runs after which a prepared statement may go generic
				got = got[:0]
				if err := store.New(traced).ListClients(ctx, top, q, func(c *client.Client) { got = append(got, c.ID) }); err != nil {
					t.Fatal(err)
				}
			}
			if len(tc.want)+len(got) > 0 && !slices.Equal(tc.want, got) {
				t.Errorf("clients %v, want %v", got, tc.want)
			}
			sql, args := rec.get()
			if len(args) == 0 || args[0] != pgx.QueryExecModeDescribeExec {
				t.Fatalf("sent prepared (arguments %v): its plan goes generic after five runs", args)
			}
			if plan := explain(t, conn, sql, args[1:], false); !usesIndex(plan, tc.index) {
				t.Errorf("the plan for the value does not read %s:\n%s", tc.index, plan)
			}
		})
	}
	q, err := listing.Parse("filter[state][eq]=NY", store.ClientListing)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.New(traced).ListClients(ctx, top, q, func(*client.Client) {}); err != nil {
		t.Fatal(err)
	}
	if _, args := rec.get(); len(args) > 0 && args[0] == pgx.QueryExecModeDescribeExec {
		t.Error("a statement without a text filter is sent unprepared too")
	}
}

// usesIndex reports whether a plan reads the index anywhere.
func usesIndex(n planNode, index string) bool {
	return n.Index == index || slices.ContainsFunc(n.Plans, func(c planNode) bool { return usesIndex(c, index) })
}

// withManyClients is the test organisation with 30,000 more clients (one associate's, in
// NY), then the statement given (with the first client's id as $1, when not empty) and
// ANALYZE; a pool whose statements rec catches on their way to the database, and a
// connection to explain them on.
func withManyClients(t *testing.T, then string) (*org, []int64, *pgxpool.Pool, *lastQuery, *pgx.Conn) {
	t.Helper()
	o, ids := withClients(t)
	ctx := context.Background()
	if _, err := o.pool.Exec(ctx, `INSERT INTO clients (associate_id, first_name, last_name, email, city, state, country)
		SELECT $1, 'First' || i % 200, 'Last' || i % 400, 'bulk' || i || '@example.org', 'City' || i % 60, 'NY', 'USA'
		FROM generate_series(1, 30000) i`, o.ids["AAA110"]); err != nil {
		t.Fatal(err)
	}
	if then != "" {
		if _, err := o.pool.Exec(ctx, then, ids[0]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := o.pool.Exec(ctx, `ANALYZE clients`); err != nil {
		t.Fatal(err)
	}
	rec := &lastQuery{}
	cfg := o.pool.Config()
	cfg.ConnConfig.Tracer = rec
	traced, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(traced.Close)
	conn, err := pgx.ConnectConfig(ctx, o.pool.Config().ConnConfig)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return o, ids, traced, rec, conn
}

// lastQuery is a pgx tracer that keeps the last statement run and its arguments.
type lastQuery struct {
	mu   sync.Mutex
	sql  string
	args []any
}

func (l *lastQuery) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sql, l.args = d.SQL, d.Args
	return ctx
}

func (*lastQuery) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (l *lastQuery) get() (string, []any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sql, l.args
}

// planNode is a node of EXPLAIN (FORMAT JSON).
type planNode struct {
	NodeType  string     `json:"Node Type"`
	Relation  string     `json:"Relation Name"`
	Index     string     `json:"Index Name"`
	IndexCond string     `json:"Index Cond"`
	Plans     []planNode `json:"Plans"`
}

func (n planNode) String() string {
	var b strings.Builder
	var walk func(n planNode, depth int)
	walk = func(n planNode, depth int) {
		fmt.Fprintf(&b, "%s%s %s %s %s\n", strings.Repeat("  ", depth), n.NodeType, n.Relation, n.Index, n.IndexCond)
		for _, c := range n.Plans {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

// explain plans a statement with its arguments: the plan made for the values, or (generic)
// the one PostgreSQL makes for any value, as it may for a prepared statement.
func explain(t *testing.T, conn *pgx.Conn, sql string, args []any, generic bool) planNode {
	t.Helper()
	ctx := context.Background()
	var out string
	if !generic {
		if err := conn.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+sql, args...).Scan(&out); err != nil {
			t.Fatal(err)
		}
	} else {
		literals := make([]string, len(args))
		for i, a := range args {
			switch v := a.(type) {
			case string:
				literals[i] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
			case int, int64:
				literals[i] = fmt.Sprint(v)
			default:
				t.Fatalf("argument %d of type %T", i+1, a)
			}
		}
		for _, s := range []string{`SET plan_cache_mode = force_generic_plan`, `PREPARE planned AS ` + sql} {
			if _, err := conn.Exec(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		err := conn.QueryRow(ctx, "EXPLAIN (FORMAT JSON) EXECUTE planned("+strings.Join(literals, ", ")+")").Scan(&out)
		if _, err := conn.Exec(ctx, `DEALLOCATE planned; RESET plan_cache_mode`); err != nil {
			t.Fatal(err)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var plans []struct{ Plan planNode }
	if err := json.Unmarshal([]byte(out), &plans); err != nil || len(plans) != 1 {
		t.Fatalf("EXPLAIN answered %s (%v)", out, err)
	}
	return plans[0].Plan
}

// servedByBtree reports whether a btree index of the plan has `column = …` as its condition.
func servedByBtree(t *testing.T, conn *pgx.Conn, n planNode, column string) bool {
	t.Helper()
	cond := regexp.MustCompile(`(^|[^\w.])` + regexp.QuoteMeta(column) + ` = `)
	if n.Index != "" && cond.MatchString(n.IndexCond) {
		var am string
		if err := conn.QueryRow(context.Background(), `SELECT am.amname FROM pg_class c JOIN pg_am am ON am.oid = c.relam
			WHERE c.relname = $1`, n.Index).Scan(&am); err != nil {
			t.Fatal(err)
		}
		if am == "btree" {
			return true
		}
	}
	return slices.ContainsFunc(n.Plans, func(c planNode) bool { return servedByBtree(t, conn, c, column) })
}
