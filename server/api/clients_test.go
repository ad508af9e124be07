package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/store"
)

// relatives finds associates around the demo agent: one of its downline, a sibling
// (same upline, not the agent) and a stranger (neither above nor below it).
func relatives(t testing.TB, env *servertest.Env) (downline, sibling, stranger string) {
	t.Helper()
	ctx := context.Background()
	q := func(sql string) string {
		var email string
		if err := env.Pool.QueryRow(ctx, sql, seed.DemoAgtCode).Scan(&email); err != nil {
			t.Fatalf("%v: %s", err, sql)
		}
		return email
	}
	downline = q(`SELECT d.email FROM associates d JOIN associates a ON d.path <@ a.path AND d.id <> a.id WHERE a.code = $1 ORDER BY d.id LIMIT 1`)
	sibling = q(`SELECT s.email FROM associates s JOIN associates a ON s.upline_id = a.upline_id AND s.id <> a.id WHERE a.code = $1 ORDER BY s.id LIMIT 1`)
	stranger = q(`SELECT s.email FROM associates s, associates a WHERE a.code = $1 AND NOT s.path <@ a.path AND NOT s.path @> a.path ORDER BY s.id DESC LIMIT 1`)
	return downline, sibling, stranger
}

func newClient(first string) *oas.ClientInput {
	return &oas.ClientInput{FirstName: first, LastName: "Testcase", Country: oas.CountryUSA,
		Email: oas.NewOptString("  " + strings.ToUpper(first) + "@Example.org "), Phone: oas.NewOptString("(555) 123-4567"),
		State: oas.NewOptStateCode(oas.StateCodeTX), AnnualIncome: oas.NewOptInt64(12_345_00)}
}

func TestClientsVisibilityMatrix(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agentTok := ready(t, env, seed.DemoAgent)
	created, err := client(t, env, agentTok).CreateClient(ctx, newClient("Visible"))
	if err != nil {
		t.Fatal(err)
	}
	id := created.Response.ID
	path := fmt.Sprintf("/api/clients/%d", id)
	if !created.Response.CanEdit || created.Response.AssociateCode != seed.DemoAgtCode {
		t.Fatalf("created: %+v", created.Response)
	}
	down, sibling, stranger := relatives(t, env)
	staffTok := login(t, env, seed.DemoStaff)
	cases := []struct {
		who              string
		token            string
		get, put, delete int
		canEdit          bool
	}{
		{"owner", agentTok, 200, 200, 0, true},
		{"upline (RMD)", ready(t, env, seed.DemoRMD), 200, 403, 403, false},
		{"downline", ready(t, env, down), 404, 404, 404, false},
		{"sibling", ready(t, env, sibling), 404, 404, 404, false},
		{"stranger", ready(t, env, stranger), 404, 404, 404, false},
		{"staff (clients.read)", staffTok, 200, 403, 403, false},
		{"anonymous", "", 401, 401, 401, false},
	}
	body := map[string]any{"first_name": "Changed", "last_name": "Testcase", "country": "USA"}
	for _, tc := range cases {
		t.Run(tc.who, func(t *testing.T) {
			r := do(t, env, "GET", path, tc.token, nil, nil)
			if r.Status != tc.get {
				t.Fatalf("GET %d, want %d: %s", r.Status, tc.get, r.Body)
			}
			if r.Status == 200 {
				var c struct {
					CanEdit bool `json:"can_edit"`
				}
				r.json(t, &c)
				if c.CanEdit != tc.canEdit {
					t.Errorf("can_edit %v, want %v", c.CanEdit, tc.canEdit)
				}
			} else {
				r.apiError(t)
			}
			if r := do(t, env, "PUT", path, tc.token, body, nil); r.Status != tc.put {
				t.Errorf("PUT %d, want %d: %s", r.Status, tc.put, r.Body)
			}
			if tc.delete != 0 {
				if r := do(t, env, "DELETE", path, tc.token, nil, nil); r.Status != tc.delete {
					t.Errorf("DELETE %d, want %d: %s", r.Status, tc.delete, r.Body)
				}
			}
			// The list shows the client exactly to those who may read it.
			if tc.token != "" {
				r := do(t, env, "GET", fmt.Sprintf("/api/clients?filter[id][eq]=%d", id), tc.token, nil, nil)
				var list struct{ Data []struct{ ID int64 } }
				r.json(t, &list)
				if seen := len(list.Data) == 1; seen != (tc.get == 200) {
					t.Errorf("in the list: %v, want %v", seen, tc.get == 200)
				}
			}
		})
	}
	// Staff acting for the owner may edit, and the change log names the staff member.
	acting, err := oas.NewClient(env.URL+"/api", creds{token: staffTok, actAs: seed.DemoAgtCode})
	if err != nil {
		t.Fatal(err)
	}
	in := newClient("Visible")
	in.City = oas.NewOptString("Austin")
	if _, err := acting.UpdateClient(ctx, in, oas.UpdateClientParams{ID: id}); err != nil {
		t.Fatalf("staff acting for the owner: %v", err)
	}
	logs, err := env.Store.ChangeLogs(ctx, "client", id)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(logs, func(l store.ChangeLog) bool { return l.Field == "city" && l.New == "Austin" })
	if i < 0 || logs[i].Staff != "Sam Staffer" || logs[i].Actor != "Sam Staffer" {
		t.Errorf("change log of a staff edit names %+v; want the staff member", logs)
	}
	if logs[0].Staff != "" || logs[0].Actor == "" {
		t.Errorf("the owner's own change names %q and staff %q", logs[0].Actor, logs[0].Staff)
	}
	if r := do(t, env, "DELETE", path, agentTok, nil, nil); r.Status != 204 {
		t.Fatalf("owner delete: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "GET", path, agentTok, nil, nil); r.Status != 404 {
		t.Errorf("after delete: %d", r.Status)
	}
}

func TestClientCRUDAndChangeLog(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	c := client(t, env, ready(t, env, seed.DemoAgent))
	res, err := c.CreateClient(ctx, newClient("Casey"))
	if err != nil {
		t.Fatal(err)
	}
	got := res.Response
	if got.Email.Or("") != "casey@example.org" || got.Phone.Or("") != "5551234567" || got.AnnualIncome.Or(0) != 1234500 {
		t.Errorf("normalised fields: email %q phone %q income %d", got.Email.Or(""), got.Phone.Or(""), got.AnnualIncome.Or(0))
	}
	in := newClient("Casey")
	in.LastName = "Changed"
	in.State = oas.NewOptStateCode(oas.StateCodeCA)
	upd, err := c.UpdateClient(ctx, in, oas.UpdateClientParams{ID: got.ID})
	if err != nil {
		t.Fatal(err)
	}
	if upd.Response.LastName != "Changed" || upd.Response.State.Or("") != oas.StateCodeCA {
		t.Errorf("updated: %+v", upd.Response)
	}
	var touched bool
	if err := env.Pool.QueryRow(ctx, `SELECT updated_at > created_at FROM clients WHERE id = $1`, got.ID).Scan(&touched); err != nil || !touched {
		t.Errorf("updated_at not moved: %v %v", touched, err)
	}
	if _, err := c.UpdateClient(ctx, in, oas.UpdateClientParams{ID: got.ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.DeleteClient(ctx, oas.DeleteClientParams{ID: got.ID}); err != nil {
		t.Fatal(err)
	}
	logs, err := env.Store.ChangeLogs(ctx, "client", got.ID)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range logs {
		if l.Action == "delete" {
			lines = append(lines, "delete "+l.Field)
			continue
		}
		lines = append(lines, strings.TrimSpace(fmt.Sprintf("%s %s %s→%s", l.Action, l.Field, l.Old, l.New)))
	}
	want := []string{"create  →", "update last_name Testcase→Changed", "update state TX→CA"}
	if diff := cmp.Diff(want, lines[:3]); diff != "" {
		t.Errorf("change log (-want +got):\n%s", diff)
	}
	if !slices.Contains(lines, "delete email") || !slices.Contains(lines, "delete first_name") {
		t.Errorf("the deletion does not record the values it removed: %v", lines)
	}
	if statusOf(func() error { _, err := c.GetClient(ctx, oas.GetClientParams{ID: got.ID}); return err }()) != 404 {
		t.Error("deleted client still found")
	}
}

func TestClientValidation(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoAgent)
	cases := []struct {
		name   string
		body   string
		status int
		fields map[string]string
	}{
		{"missing required", `{}`, 422, map[string]string{"first_name": "First name is required", "last_name": "Last name is required", "country": "Country is required"}},
		{"blank names", `{"first_name":"  ","last_name":"","country":"USA"}`, 422, map[string]string{"first_name": "First name is required", "last_name": "Last name is required"}},
		{"negative income", `{"first_name":"A","last_name":"B","country":"USA","annual_income":-1}`, 422, map[string]string{"annual_income": "Annual income must be greater than or equal to 0"}},
		{"bad email and phone", `{"first_name":"A","last_name":"B","country":"USA","email":"nope","phone":"123"}`, 422, map[string]string{"email": "Email must be a valid email address", "phone": "Phone must have 10 digits"}},
		{"province in the USA", `{"first_name":"A","last_name":"B","country":"USA","state":"ON"}`, 422, map[string]string{"state": "State must be in USA"}},
		{"unknown enum", `{"first_name":"A","last_name":"B","country":"Mexico"}`, 422, map[string]string{"country": "Country is not one of the allowed values"}},
		{"wrong type", `{"first_name":"A","last_name":"B","country":"USA","annual_income":"lots"}`, 422, map[string]string{"annual_income": "Annual income has the wrong type"}},
		{"too long", `{"first_name":"` + strings.Repeat("x", 101) + `","last_name":"B","country":"USA"}`, 422, map[string]string{"first_name": "First name must be at most 100 characters"}},
		{"bad date", `{"first_name":"A","last_name":"B","country":"USA","date_of_birth":"yesterday"}`, 422, map[string]string{"date_of_birth": "Date of birth has the wrong type"}},
		{"not json", `{"first_name":`, 400, nil},
		{"array", `[]`, 400, nil},
	}
	before := countClients(t, env)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := do(t, env, "POST", "/api/clients", tok, tc.body, nil)
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.Status, tc.status, r.Body)
			}
			e := r.apiError(t)
			if tc.status == 422 && e.Message != "Validation error" {
				t.Errorf("message %q", e.Message)
			}
			got := map[string]string{}
			for _, f := range e.Errors {
				got[f.Field] = f.Message
			}
			if tc.fields != nil {
				if diff := cmp.Diff(tc.fields, got); diff != "" {
					t.Errorf("field errors (-want +got):\n%s", diff)
				}
			}
		})
	}
	if after := countClients(t, env); after != before {
		t.Errorf("bad input changed the data: %d clients before, %d after", before, after)
	}
}

func countClients(t testing.TB, env *servertest.Env) int {
	var n int
	if err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM clients`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

type clientList struct {
	Data []struct {
		ID        int64  `json:"id"`
		LastName  string `json:"last_name"`
		State     string `json:"state"`
		CreatedAt string `json:"created_at"`
	} `json:"data"`
	NextCursor string `json:"next_cursor"`
}

func TestClientListing(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoAgent)
	list := func(q string) (clientList, reply) {
		r := do(t, env, "GET", "/api/clients?"+q, tok, nil, nil)
		var l clientList
		if r.Status == 200 {
			r.json(t, &l)
		}
		return l, r
	}
	all, r := list("limit=1000")
	if r.Status != 200 || len(all.Data) < 20 || len(all.Data) > 1000 {
		t.Fatalf("all: %d rows, %d", len(all.Data), r.Status)
	}
	// limit + 1: the extra row says that there is another page.
	p1, _ := list("limit=5")
	if len(p1.Data) != 6 || p1.NextCursor == "" {
		t.Fatalf("page 1: %d rows, cursor %q", len(p1.Data), p1.NextCursor)
	}
	p2, _ := list("limit=5&page=2")
	c2, _ := list("limit=5&cursor=" + url.QueryEscape(p1.NextCursor))
	if p2.Data[0].ID != p1.Data[5].ID || c2.Data[0].ID != p2.Data[0].ID || len(c2.Data) != 6 {
		t.Errorf("page 2 by offset starts at %d, by cursor at %d; the extra row of page 1 was %d", p2.Data[0].ID, c2.Data[0].ID, p1.Data[5].ID)
	}
	last, _ := list(fmt.Sprintf("limit=5&page=%d", (len(all.Data)+4)/5))
	if len(last.Data) > 5 || last.NextCursor != "" {
		t.Errorf("last page: %d rows, cursor %q", len(last.Data), last.NextCursor)
	}
	// Order with the key last, in both directions, brackets raw or encoded.
	desc, _ := list("limit=1000&order[last_name]=DESC")
	enc, _ := list("limit=1000&order%5Blast_name%5D=DESC")
	if !slices.IsSortedFunc(desc.Data, func(a, b struct {
		ID        int64  `json:"id"`
		LastName  string `json:"last_name"`
		State     string `json:"state"`
		CreatedAt string `json:"created_at"`
	}) int {
		if c := strings.Compare(b.LastName, a.LastName); c != 0 {
			return c
		}
		return int(a.ID - b.ID)
	}) {
		t.Error("order[last_name]=DESC is not sorted by last name desc, id asc")
	}
	if len(enc.Data) != len(desc.Data) || enc.Data[0].ID != desc.Data[0].ID {
		t.Error("encoded brackets read differently")
	}
	// Walking by cursor one row at a time in a non-unique order meets every row once, in
	// the order of the full list.
	var walked []int64
	for q := "limit=1&order[last_name]=DESC"; ; {
		page, r := list(q)
		if r.Status != 200 || len(page.Data) == 0 {
			t.Fatalf("walk: %d, %d rows", r.Status, len(page.Data))
		}
		walked = append(walked, page.Data[0].ID)
		if page.NextCursor == "" {
			break
		}
		if len(page.Data) != 2 || len(walked) > len(desc.Data) {
			t.Fatalf("walk: %d rows with a cursor after %d steps", len(page.Data), len(walked))
		}
		q = "limit=1&order[last_name]=DESC&cursor=" + url.QueryEscape(page.NextCursor)
	}
	for i := range desc.Data {
		if i >= len(walked) || walked[i] != desc.Data[i].ID {
			t.Fatalf("walk by cursor differs from the full list at row %d (%d rows walked of %d)", i, len(walked), len(desc.Data))
		}
	}
	// Filters.
	tx, _ := list("limit=1000&filter[state][in][]=TX&filter[state][in][]=CA")
	for _, c := range tx.Data {
		if c.State != "TX" && c.State != "CA" {
			t.Fatalf("state filter let %q through", c.State)
		}
	}
	notTX, _ := list("limit=1000&filter[state][nin][]=TX&filter[state][nin][]=CA")
	if len(tx.Data)+len(notTX.Data) != len(all.Data) {
		t.Errorf("in (%d) + nin (%d) != all (%d)", len(tx.Data), len(notTX.Data), len(all.Data))
	}
	smith, _ := list("limit=1000&filter[last_name][contains]=mi")
	for _, c := range smith.Data {
		if !strings.Contains(strings.ToLower(c.LastName), "mi") {
			t.Fatalf("contains let %q through", c.LastName)
		}
	}
	mine, _ := list("limit=1000&filter[associate_code][eq]=" + seed.DemoAgtCode)
	if len(mine.Data) >= len(all.Data) {
		t.Errorf("associate_code filter: %d of %d", len(mine.Data), len(all.Data))
	}
	// Refusals name the parameter.
	for q, field := range map[string]string{
		"filter[nope][eq]=1":              "filter[nope][eq]",
		"filter[last_name][gt]=a":         "filter[last_name][gt]",
		"filter[state][in]=TX":            "filter[state][in]",
		"filter[id][eq]=abc":              "filter[id][eq]",
		"order[phone]=ASC":                "order[phone]",
		"order[last_name]=UP":             "order",
		"limit=0":                         "limit",
		"limit=1001":                      "limit",
		"page=0":                          "page",
		"cursor=garbage":                  "cursor",
		"filter[created_at][gte]=someday": "filter[created_at][gte]",
		"filter[state][eq]=ZZ":            "filter[state][eq]",
	} {
		_, r := list(q)
		if r.Status != 422 {
			t.Errorf("%s: %d, want 422", q, r.Status)
			continue
		}
		e := r.apiError(t)
		if len(e.Errors) == 0 || !strings.HasPrefix(e.Errors[0].Field, field) {
			t.Errorf("%s: errors %+v, want field %s", q, e.Errors, field)
		}
	}
}

func TestClientDownload(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	var listed clientList
	do(t, env, "GET", "/api/clients?limit=1000&filter[state][in][]=TX&filter[state][in][]=FL&order[last_name]=ASC", tok, nil, nil).json(t, &listed)
	var dl oas.Download
	r := do(t, env, "GET", "/api/clients/download?format=csv&filter[state][in][]=TX&filter[state][in][]=FL&order[last_name]=ASC", tok, nil, nil)
	if r.Status != 200 {
		t.Fatalf("download: %d %s", r.Status, r.Body)
	}
	r.json(t, &dl)
	// The URL needs no token: it is signed.
	res, err := http.Get(env.URL + dl.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("csv: %d %q %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"))
	}
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(lists.Names(lists.ClientExport), rows[0]); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	if len(rows)-1 != len(listed.Data) {
		t.Fatalf("csv has %d rows, the list %d", len(rows)-1, len(listed.Data))
	}
	for i, row := range rows[1:] {
		if row[0] != fmt.Sprint(listed.Data[i].ID) {
			t.Fatalf("row %d: id %s, list has %d (same order expected)", i, row[0], listed.Data[i].ID)
		}
	}
	// XLSX of the same list.
	do(t, env, "GET", "/api/clients/download?format=xlsx&filter[state][in][]=TX&filter[state][in][]=FL", tok, nil, nil).json(t, &dl)
	res, err = http.Get(env.URL + dl.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("xlsx is not a zip: %v", err)
	}
	var sheet []byte
	for _, f := range z.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			rc, _ := f.Open()
			sheet, _ = io.ReadAll(rc)
			rc.Close()
		}
	}
	if n := strings.Count(string(sheet), "<row "); n != len(listed.Data)+1 {
		t.Errorf("xlsx rows %d, want %d", n, len(listed.Data)+1)
	}
	// Bad filters are refused when the link is asked for, not when it is fetched.
	if r := do(t, env, "GET", "/api/clients/download?filter[nope][eq]=1", tok, nil, nil); r.Status != 422 {
		t.Errorf("bad filter: %d", r.Status)
	}
	if r := do(t, env, "GET", "/api/clients/download?format=pdf", tok, nil, nil); r.Status != 422 {
		t.Errorf("bad format: %d", r.Status)
	}
	// Links expire and cannot be altered.
	tampered := strings.Replace(dl.URL, ".xlsx", ".csv", 1)
	if r := do(t, env, "GET", tampered, "", nil, nil); r.Status != 403 {
		t.Errorf("tampered link: %d", r.Status)
	}
}

// Many requests at once, with pages larger than the response buffer: every answer is the
// same bytes as the one fetched alone. Page slices and response buffers are pooled and
// reused between requests; an answer encoded from memory already handed to another
// request would differ here (and -race would see it).
func TestClientListConcurrentPages(t *testing.T) {
	env := servertest.Start(t)
	tok := ready(t, env, seed.DemoRMD)
	paths := []string{"/api/clients?limit=1000", "/api/clients?limit=7&order[last_name]=ASC", "/api/clients?limit=300&order[created_at]=DESC"}
	want := map[string][]byte{}
	for _, p := range paths {
		r := do(t, env, "GET", p, tok, nil, nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d", p, r.Status)
		}
		want[p] = r.Body
	}
	if len(want[paths[0]]) < 64<<10 {
		t.Fatalf("the large page is only %d bytes; the test needs more than the 32 KB buffer", len(want[paths[0]]))
	}
	var wg sync.WaitGroup
	errc := make(chan error, 64)
	for g := range 8 {
		wg.Go(func() {
			for i := range 6 {
				p := paths[(g+i)%len(paths)]
				req, _ := http.NewRequest("GET", env.URL+p, nil)
				req.Header.Set("Authorization", "Bearer "+tok)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					errc <- err
					return
				}
				body, err := io.ReadAll(res.Body)
				res.Body.Close()
				if err != nil || res.StatusCode != 200 || !bytes.Equal(body, want[p]) {
					errc <- fmt.Errorf("%s: status %d, %d bytes (want %d), %v", p, res.StatusCode, len(body), len(want[p]), err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
}
