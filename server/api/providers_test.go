package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/api"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/store"
)

// seededProvider is a provider of the seed (ids 1..12).
const seededProvider = 3

// plainStaff is a staff user who may act for associates but lacks providers.manage; it
// answers a token.
func plainStaff(t *testing.T, env *servertest.Env) string {
	t.Helper()
	_, err := env.Pool.Exec(context.Background(), `INSERT INTO users (email, password_hash, is_staff, first_name, last_name, permissions)
		SELECT 'plain@staff.example.com', password_hash, true, 'Plain', 'Staff', '{clients.read,associates.act_as}' FROM users WHERE email = $1`, seed.DemoStaff)
	if err != nil {
		t.Fatal(err)
	}
	return login(t, env, "plain@staff.example.com")
}

func TestProviderReads(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	staff := login(t, env, seed.DemoStaff)
	if _, err := client(t, env, staff).CreateProviderContact(ctx, &oas.ProviderContactInput{Name: "Dana Whitfield", Role: "Agent Support"},
		oas.CreateProviderContactParams{ID: seededProvider}); err != nil {
		t.Fatal(err)
	}
	for _, who := range []struct{ name, token string }{
		{"agent", ready(t, env, seed.DemoAgent)}, {"staff", staff}, {"staff without providers.manage", plainStaff(t, env)},
	} {
		t.Run(who.name, func(t *testing.T) {
			c := client(t, env, who.token)
			list, err := c.ListProviders(ctx, oas.ListProvidersParams{})
			if err != nil {
				t.Fatal(err)
			}
			if len(list.Response.Data) < 10 || list.Response.NextCursor.Set {
				t.Errorf("providers: %d, next %v", len(list.Response.Data), list.Response.NextCursor)
			}
			p, err := c.GetProvider(ctx, oas.GetProviderParams{ID: seededProvider})
			if err != nil {
				t.Fatal(err)
			}
			if p.Response.Contacts < 1 || p.Response.Name == "" || len(p.Response.Countries) == 0 {
				t.Errorf("provider: %+v", p.Response)
			}
			contacts, err := c.ListProviderContacts(ctx, oas.ListProviderContactsParams{ID: seededProvider})
			if err != nil || !slices.ContainsFunc(contacts.Response.Data, func(c oas.ProviderContact) bool { return c.Name == "Dana Whitfield" }) {
				t.Errorf("contacts: %+v %v", contacts, err)
			}
			for _, k := range oas.ProviderListKind("").AllValues() {
				if _, err := c.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: seededProvider, Kind: k}); err != nil {
					t.Errorf("%s: %v", k, err)
				}
			}
			if _, err := c.ListProducts(ctx, oas.ListProductsParams{}); err != nil {
				t.Error(err)
			}
			if _, err := c.ListCompensationSchedule(ctx, oas.ListCompensationScheduleParams{}); err != nil {
				t.Error(err)
			}
		})
	}
	for path, want := range map[string]string{
		"/api/providers/999999":                   "Provider not found",
		"/api/providers/999999/contacts":          "Provider not found",
		"/api/providers/999999/videos":            "Provider not found",
		"/api/providers/1/attachments/signed-url": "",
	} {
		r := do(t, env, "GET", path, staff, nil, nil)
		if want == "" {
			if r.Status != 200 {
				t.Errorf("%s: %d %s", path, r.Status, r.Body)
			}
			continue
		}
		if e := r.apiError(t); r.Status != 404 || e.Message != want {
			t.Errorf("%s: %d %q, want 404 %q", path, r.Status, e.Message, want)
		}
	}
}

func TestProviderWritesAreForStaffWithPermission(t *testing.T) {
	env := servertest.Start(t)
	agent := ready(t, env, seed.DemoAgent)
	staff := login(t, env, seed.DemoStaff)
	plain := plainStaff(t, env)
	base := fmt.Sprintf("/api/providers/%d", seededProvider)
	video := map[string]any{"title": "Overview", "url": "https://www.youtube.com/watch?v=abcdefghijk"}
	contact := map[string]any{"name": "Al Baker", "role": "Underwriter"}

	var created oas.ProviderItem
	r := do(t, env, "POST", base+"/videos", staff, video, nil)
	if r.Status != 201 {
		t.Fatalf("staff create: %d %s", r.Status, r.Body)
	}
	r.json(t, &created)
	item := fmt.Sprintf("%s/videos/%d", base, created.ID)
	var c oas.ProviderContact
	r = do(t, env, "POST", base+"/contacts", staff, contact, nil)
	if r.Status != 201 {
		t.Fatalf("staff create contact: %d %s", r.Status, r.Body)
	}
	r.json(t, &c)
	contactPath := fmt.Sprintf("%s/contacts/%d", base, c.ID)

	writes := []struct {
		method, path string
		body         any
	}{
		{"POST", base + "/contacts", contact},
		{"PUT", contactPath, contact},
		{"DELETE", contactPath, nil},
		{"POST", base + "/videos", video},
		{"PUT", item, video},
		{"PATCH", item, map[string]any{"position": 1}},
		{"DELETE", item, nil},
		{"GET", base + "/attachments/signed-url", nil},
	}
	for _, who := range []struct {
		name, token string
		h           header
	}{
		{"associate", agent, nil},
		{"staff without providers.manage", plain, nil},
		{"staff without providers.manage acting for the agent", plain, header{"access-token": seed.DemoAgtCode}},
	} {
		for _, w := range writes {
			r := do(t, env, w.method, w.path, who.token, w.body, who.h)
			if e := r.apiError(t); r.Status != 403 || string(e.Code.Value) != errs.CodeStaffPermission {
				t.Errorf("%s %s %s: %d %s, want 403 %s", who.name, w.method, w.path, r.Status, r.Body, errs.CodeStaffPermission)
			}
		}
	}
	// Staff with the permission, acting for an associate or not, may.
	acting := header{"access-token": seed.DemoAgtCode}
	if r := do(t, env, "PUT", item, staff, map[string]any{"title": "Renamed", "url": "http://example.com/v"}, acting); r.Status != 200 {
		t.Errorf("acting staff update: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "PATCH", item, staff, map[string]any{"position": 1}, nil); r.Status != 200 {
		t.Errorf("staff move: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "DELETE", item, staff, nil, nil); r.Status != 204 {
		t.Errorf("staff delete: %d %s", r.Status, r.Body)
	}
	if r := do(t, env, "DELETE", contactPath, staff, nil, nil); r.Status != 204 {
		t.Errorf("staff delete contact: %d %s", r.Status, r.Body)
	}
	// Each write left its change-log rows, the acting staff member named.
	logs, err := env.Store.ChangeLogs(context.Background(), store.EntityProviderVideo, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, l := range logs {
		if l.Action == "update" && l.Field == "position" {
			continue // whether the move moved it depends on the seed's videos
		}
		actions = append(actions, l.Action+":"+l.Field+":"+l.Staff)
	}
	want := []string{"create::", "update:title:Sam Staffer", "update:url:Sam Staffer", "delete:title:", "delete:url:", "delete:position:"}
	if diff := cmp.Diff(want, actions); diff != "" {
		t.Errorf("change log (-want +got):\n%s", diff)
	}
}

func TestProviderContactValidation(t *testing.T) {
	env := servertest.Start(t)
	staff := login(t, env, seed.DemoStaff)
	base := fmt.Sprintf("/api/providers/%d/contacts", seededProvider)
	cases := []struct {
		body map[string]any
		want []oas.FieldError
	}{
		{map[string]any{"name": " ", "role": ""}, []oas.FieldError{{Field: "name", Message: "Name is required"}, {Field: "role", Message: "Role is required"}}},
		{map[string]any{"name": "A", "role": "B", "phone": "555-1234"}, []oas.FieldError{{Field: "phone", Message: "Phone must have 10 digits"}}},
		{map[string]any{"name": "A", "role": "B", "email": "a@"}, []oas.FieldError{{Field: "email", Message: "Email must be a valid email address"}}},
	}
	for _, tc := range cases {
		r := do(t, env, "POST", base, staff, tc.body, nil)
		if r.Status != 422 {
			t.Errorf("%v: %d %s", tc.body, r.Status, r.Body)
			continue
		}
		if diff := cmp.Diff(tc.want, r.apiError(t).Errors); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tc.body, diff)
		}
	}
	var c oas.ProviderContact
	r := do(t, env, "POST", base, staff, map[string]any{"name": " Lee Park ", "role": "Case Manager", "phone": "1 (800) 555-0199", "email": "Lee@Carrier.Example"}, nil)
	if r.Status != 201 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	r.json(t, &c)
	want := oas.ProviderContact{ID: c.ID, Name: "Lee Park", Role: "Case Manager", Phone: oas.NewOptString("8005550199"), Email: oas.NewOptString("lee@carrier.example")}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A contact of another provider is not found under this one.
	other := fmt.Sprintf("/api/providers/%d/contacts/%d", seededProvider+1, c.ID)
	if r := do(t, env, "PUT", other, staff, map[string]any{"name": "A", "role": "B"}, nil); r.Status != 404 || r.apiError(t).Message != "Contact not found" {
		t.Errorf("other provider's contact: %d %s", r.Status, r.Body)
	}
}

func TestProviderItemValidation(t *testing.T) {
	env := servertest.Start(t)
	staff := login(t, env, seed.DemoStaff)
	base := fmt.Sprintf("/api/providers/%d", seededProvider)
	cases := []struct {
		kind string
		body map[string]any
		want []oas.FieldError
	}{
		{"videos", map[string]any{"title": "", "url": "https://x.example"}, []oas.FieldError{{Field: "title", Message: "Title is required"}}},
		{"videos", map[string]any{"title": "A"}, []oas.FieldError{{Field: "url", Message: "URL is required"}}},
		{"links", map[string]any{"title": "A", "url": "ftp://files.example/guide.pdf"}, []oas.FieldError{{Field: "url", Message: "URL must start with http:// or https://"}}},
		{"links", map[string]any{"title": "A", "url": "javascript:alert(1)"}, []oas.FieldError{{Field: "url", Message: "URL must start with http:// or https://"}}},
		{"attachments", map[string]any{"title": "A"}, []oas.FieldError{{Field: "file_id", Message: "File is required"}}},
		{"attachments", map[string]any{"title": "A", "file_id": "no-such-file"}, []oas.FieldError{{Field: "file_id", Message: "File is not a document you uploaded"}}},
	}
	for _, tc := range cases {
		r := do(t, env, "POST", base+"/"+tc.kind, staff, tc.body, nil)
		if r.Status != 422 {
			t.Errorf("%s %v: %d %s", tc.kind, tc.body, r.Status, r.Body)
			continue
		}
		if diff := cmp.Diff(tc.want, r.apiError(t).Errors); diff != "" {
			t.Errorf("%s %v (-want +got):\n%s", tc.kind, tc.body, diff)
		}
	}
}

// addVideos adds n videos titled v1..vn to a provider and answers their ids.
func addVideos(t *testing.T, c *oas.Client, provider int64, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range n {
		res, err := c.CreateProviderItem(context.Background(), &oas.ProviderItemInput{Title: fmt.Sprintf("v%d", i+1),
			URL: oas.NewOptString(fmt.Sprintf("https://www.youtube.com/watch?v=%011d", i))},
			oas.CreateProviderItemParams{ID: provider, Kind: oas.ProviderListKindVideos})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = res.Response.ID
	}
	return ids
}

// itemTitles is the titles of a list in order; it fails unless the positions are 1..n.
func itemTitles(t *testing.T, items []oas.ProviderItem) []string {
	t.Helper()
	out := make([]string, len(items))
	for i, it := range items {
		if it.Position != i+1 {
			t.Errorf("position %d at index %d", it.Position, i)
		}
		out[i] = it.Title
	}
	return out
}

func TestProviderItemMove(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	c := client(t, env, login(t, env, seed.DemoStaff))
	const provider = seededProvider + 2
	// The seed's videos, if any, go first; ours follow.
	before, err := c.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: provider, Kind: oas.ProviderListKindVideos})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range before.Response.Data {
		if _, err := c.DeleteProviderItem(ctx, oas.DeleteProviderItemParams{ID: provider, Kind: oas.ProviderListKindVideos, ItemID: it.ID}); err != nil {
			t.Fatal(err)
		}
	}
	ids := addVideos(t, c, provider, 5)
	cases := []struct {
		name     string
		item     int
		position int
		want     []string
	}{
		{"first to last", 0, 5, []string{"v2", "v3", "v4", "v5", "v1"}},
		{"last to first", 0, 1, []string{"v1", "v2", "v3", "v4", "v5"}},
		{"middle", 2, 2, []string{"v1", "v3", "v2", "v4", "v5"}},
		{"beyond n clamps to n", 1, 100000, []string{"v1", "v3", "v4", "v5", "v2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := c.MoveProviderItem(ctx, &oas.ProviderItemPosition{Position: tc.position},
				oas.MoveProviderItemParams{ID: provider, Kind: oas.ProviderListKindVideos, ItemID: ids[tc.item]})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, itemTitles(t, res.Response.Data)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// The video is not a link, nor another provider's.
	for _, p := range []oas.MoveProviderItemParams{
		{ID: provider, Kind: oas.ProviderListKindLinks, ItemID: ids[0]},
		{ID: provider + 1, Kind: oas.ProviderListKindVideos, ItemID: ids[0]},
	} {
		if _, err := c.MoveProviderItem(ctx, &oas.ProviderItemPosition{Position: 1}, p); statusOf(err) != 404 {
			t.Errorf("%+v: %v", p, err)
		}
	}

	t.Run("delete closes the gap", func(t *testing.T) {
		if _, err := c.DeleteProviderItem(ctx, oas.DeleteProviderItemParams{ID: provider, Kind: oas.ProviderListKindVideos, ItemID: ids[2]}); err != nil {
			t.Fatal(err)
		}
		res, err := c.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: provider, Kind: oas.ProviderListKindVideos})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{"v1", "v4", "v5", "v2"}, itemTitles(t, res.Response.Data)); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		p, err := c.GetProvider(ctx, oas.GetProviderParams{ID: provider})
		if err != nil || p.Response.Videos != 4 {
			t.Errorf("provider counts %d videos: %v", p.Response.Videos, err)
		}
	})
}

// Many staff reordering one list at once, round after round: the positions are always
// exactly 1..n, every item once.
func TestProviderConcurrentReorders(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := login(t, env, seed.DemoStaff)
	c := client(t, env, tok)
	const provider, n = seededProvider, 6
	existing, err := c.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: provider, Kind: oas.ProviderListKindLinks})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, it := range existing.Response.Data {
		ids = append(ids, it.ID)
	}
	for i := range n {
		res, err := c.CreateProviderItem(ctx, &oas.ProviderItemInput{Title: fmt.Sprintf("Link %d", i), URL: oas.NewOptString("https://carrier.example/" + strconv.Itoa(i))},
			oas.CreateProviderItemParams{ID: provider, Kind: oas.ProviderListKindLinks})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.Response.ID)
	}
	slices.Sort(ids)
	for round := range 3 {
		var wg sync.WaitGroup
		statuses := make(chan int, 24)
		for g := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(round), uint64(g)))
				path := fmt.Sprintf("/api/providers/%d/links/%d", provider, ids[r.IntN(len(ids))])
				statuses <- do(t, env, "PATCH", path, tok, map[string]any{"position": 1 + r.IntN(len(ids)+2)}, nil).Status
			}()
		}
		wg.Wait()
		close(statuses)
		for s := range statuses {
			if s != 200 {
				t.Errorf("round %d: a move answered %d", round, s)
			}
		}
		res, err := c.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: provider, Kind: oas.ProviderListKindLinks})
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for i, it := range res.Response.Data {
			if it.Position != i+1 {
				t.Fatalf("round %d: position %d at index %d", round, it.Position, i)
			}
			got = append(got, it.ID)
		}
		slices.Sort(got)
		if !slices.Equal(ids, got) {
			t.Fatalf("round %d: items %v, want %v", round, got, ids)
		}
	}
}

func TestProviderAttachments(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := login(t, env, seed.DemoStaff)
	base := fmt.Sprintf("/api/providers/%d", seededProvider)
	upload := func(body string) (string, int) {
		t.Helper()
		var su oas.SignedURL
		r := do(t, env, "GET", base+"/attachments/signed-url", tok, nil, nil)
		if r.Status != 200 {
			t.Fatalf("signed-url: %d %s", r.Status, r.Body)
		}
		r.json(t, &su)
		return su.ID, do(t, env, "PUT", su.URL, "", body, header{"Content-Type": "application/octet-stream"}).Status
	}
	pdf := "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
	id, status := upload(pdf)
	if status != 200 {
		t.Fatalf("upload: %d", status)
	}
	// A type the file host refuses never becomes a file.
	if _, status := upload("<html><body>hi</body></html>"); status != 422 {
		t.Errorf("html upload: %d, want 422", status)
	}
	// A file of a type attachments refuse (an SVG document row) is refused when attached.
	var staffID int64
	if err := env.Pool.QueryRow(ctx, `SELECT id FROM users WHERE email = $1`, seed.DemoStaff).Scan(&staffID); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, `INSERT INTO files (id, owner_user_id, purpose, content_type, size, uploaded_at)
		VALUES ('svg-document-01', $1, 'document', 'image/svg+xml', 10, now())`, staffID); err != nil {
		t.Fatal(err)
	}
	r := do(t, env, "POST", base+"/attachments", tok, map[string]any{"title": "Logo", "file_id": "svg-document-01"}, nil)
	if r.Status != 422 || r.apiError(t).Errors[0].Message != "File must be a pdf, xlsx, csv, jpg, png or webp file" {
		t.Errorf("svg attachment: %d %s", r.Status, r.Body)
	}

	var it oas.ProviderItem
	r = do(t, env, "POST", base+"/attachments", tok, map[string]any{"title": "Underwriting guide", "file_id": id}, nil)
	if r.Status != 201 {
		t.Fatalf("attach: %d %s", r.Status, r.Body)
	}
	r.json(t, &it)
	if it.FileID.Value != id || it.ContentType.Value != "application/pdf" || it.Size.Value != int64(len(pdf)) || !it.URL.Set {
		t.Fatalf("attachment: %+v", it)
	}
	// Its URL downloads the file, for an associate too.
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	list, err := agent.ListProviderItems(ctx, oas.ListProviderItemsParams{ID: seededProvider, Kind: oas.ProviderListKindAttachments})
	if err != nil {
		t.Fatal(err)
	}
	last := list.Response.Data[len(list.Response.Data)-1]
	res, err := http.Get(env.URL + last.URL.Value)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body) != pdf || res.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("download: %d %q %q", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
}

// scheduleList is the JSON of a schedule page.
type scheduleList struct {
	Data       []oas.ScheduleRow `json:"data"`
	NextCursor string            `json:"next_cursor"`
}

func TestCompensationSchedule(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	rmd := ready(t, env, seed.DemoRMD)
	var page scheduleList
	r := do(t, env, "GET", "/api/compensation-schedule?limit=1000", rmd, nil, nil)
	if r.Status != 200 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	r.json(t, &page)
	var active int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM products WHERE active`).Scan(&active); err != nil {
		t.Fatal(err)
	}
	if len(page.Data) != active || active == 0 {
		t.Fatalf("%d rows, %d active products", len(page.Data), active)
	}
	for i, row := range page.Data {
		if i > 0 && page.Data[i-1].ProviderName > row.ProviderName {
			t.Errorf("not by provider: %s before %s", page.Data[i-1].ProviderName, row.ProviderName)
		}
		if len(row.Levels) != 8 {
			t.Fatalf("%s: %d levels", row.ProductName, len(row.Levels))
		}
		for _, l := range row.Levels {
			if want := store.EarningBP(row.CommissionRateBp, l.LevelRateBp); l.EarningBp != want {
				t.Errorf("%s %s: earning %d, want %d", row.ProductName, l.Level, l.EarningBp, want)
			}
			if l.Mine != (l.Level == "RMD") {
				t.Errorf("%s %s: mine %v for the demo RMD", row.ProductName, l.Level, l.Mine)
			}
			if l.Level == "RMD" && l.LevelRateBp != 7500 {
				t.Errorf("RMD rate %d", l.LevelRateBp)
			}
		}
	}
	// A product at 9,333 bp: the RMD earns 6,999.75 → 7,000 bp.
	var id int64
	if err := env.Pool.QueryRow(ctx, `INSERT INTO products (provider_id, name, category, type, commission_rate_bp, bv_factor_bp)
		VALUES (1, 'Odd Rate Term', 'Life Insurance', 'Term', 9333, 10000) RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	do(t, env, "GET", fmt.Sprintf("/api/compensation-schedule?filter[id][eq]=%d", id), rmd, nil, nil).json(t, &page)
	if len(page.Data) != 1 || page.Data[0].Levels[5].EarningBp != 7000 || page.Data[0].Levels[0].EarningBp != 2333 {
		t.Errorf("odd rate: %+v", page.Data)
	}
	// Staff acting for nobody have no level.
	do(t, env, "GET", "/api/compensation-schedule?limit=3", login(t, env, seed.DemoStaff), nil, nil).json(t, &page)
	for _, row := range page.Data {
		for _, l := range row.Levels {
			if l.Mine {
				t.Errorf("staff: %s %s marked mine", row.ProductName, l.Level)
			}
		}
	}
	// Retired products only when asked for.
	do(t, env, "GET", "/api/compensation-schedule?filter[active][eq]=false&limit=1000", rmd, nil, nil).json(t, &page)
	for _, row := range page.Data {
		var active bool
		if err := env.Pool.QueryRow(ctx, `SELECT active FROM products WHERE id = $1`, row.ProductID).Scan(&active); err != nil || active {
			t.Errorf("%s: active %v %v", row.ProductName, active, err)
		}
	}
}

func TestCompensationScheduleDownload(t *testing.T) {
	env := servertest.Start(t)
	rmd := ready(t, env, seed.DemoRMD)
	if diff := cmp.Diff(lists.ScheduleExport, api.ExportColumns()[oas.DownloadCompensationScheduleOperation]); diff != "" {
		t.Errorf("exporter columns (-lists +exporter):\n%s", diff)
	}
	query := "filter[category][eq]=Life%20Insurance&order[commission_rate_bp]=DESC"
	var page scheduleList
	do(t, env, "GET", "/api/compensation-schedule?limit=1000&"+query, rmd, nil, nil).json(t, &page)
	var dl oas.Download
	r := do(t, env, "GET", "/api/compensation-schedule/download?format=csv&"+query, rmd, nil, nil)
	if r.Status != 200 {
		t.Fatalf("download: %d %s", r.Status, r.Body)
	}
	r.json(t, &dl)
	res, err := http.Get(env.URL + dl.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("csv: %d %s", res.StatusCode, body)
	}
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(lists.Names(lists.ScheduleExport), rows[0]); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	// One row per product and level, in the list's order, with the list's figures.
	var want [][]string
	for _, p := range page.Data {
		for _, l := range p.Levels {
			want = append(want, []string{fmt.Sprint(p.ProductID), p.ProductName, p.ProviderName, string(p.Category), string(p.Type),
				fmt.Sprint(p.CommissionRateBp), l.Level, l.Name, fmt.Sprint(l.LevelRateBp), fmt.Sprint(l.EarningBp)})
		}
	}
	if len(want) == 0 {
		t.Fatal("no life insurance products in the seed")
	}
	if diff := cmp.Diff(want, rows[1:]); diff != "" {
		t.Errorf("rows (-list +csv):\n%s", diff)
	}
}

func TestProductFilters(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := ready(t, env, seed.DemoAgent)
	type productList struct {
		Data []oas.Product `json:"data"`
	}
	get := func(q string) []oas.Product {
		t.Helper()
		var l productList
		r := do(t, env, "GET", "/api/products?limit=1000&"+q, tok, nil, nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
		r.json(t, &l)
		return l.Data
	}
	count := func(where string, args ...any) int {
		t.Helper()
		var n int
		if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM products WHERE `+where, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	all := get("")
	if len(all) != count("TRUE") || len(all) < 4 {
		t.Fatalf("%d products", len(all))
	}
	for i := 1; i < len(all); i++ {
		if all[i-1].Name > all[i].Name {
			t.Errorf("not by name: %s before %s", all[i-1].Name, all[i].Name)
		}
	}
	for _, tc := range []struct {
		query string
		keep  func(p oas.Product) bool
		where string
		args  []any
	}{
		{"filter[country][eq]=Canada", func(p oas.Product) bool { return slices.Contains(p.Countries, oas.CountryCanada) }, `'Canada' = ANY(countries)`, nil},
		{"filter[provider_id][eq]=2", func(p oas.Product) bool { return p.ProviderID == 2 }, `provider_id = 2`, nil},
		{"filter[category][in][]=Annuity&filter[category][in][]=Health%20Services",
			func(p oas.Product) bool { return p.Category == "Annuity" || p.Category == "Health Services" }, `category IN ('Annuity', 'Health Services')`, nil},
		{"filter[type][eq]=Term", func(p oas.Product) bool { return p.Type == "Term" }, `type = 'Term'`, nil},
		{"filter[active][eq]=false", func(p oas.Product) bool { return !p.Active }, `NOT active`, nil},
		{"filter[name][contains]=life", nil, `name ILIKE '%life%'`, nil},
	} {
		got := get(tc.query)
		if len(got) != count(tc.where, tc.args...) {
			t.Errorf("%s: %d products, want %d", tc.query, len(got), count(tc.where, tc.args...))
		}
		for _, p := range got {
			if tc.keep != nil && !tc.keep(p) {
				t.Errorf("%s: %+v", tc.query, p)
			}
		}
	}
	// Filters must name values of the contract.
	for _, q := range []string{"filter[country][eq]=Mexico", "filter[category][eq]=Crypto", "filter[active][eq]=maybe"} {
		if r := do(t, env, "GET", "/api/products?"+q, tok, nil, nil); r.Status != 422 {
			t.Errorf("%s: %d", q, r.Status)
		}
	}
}
