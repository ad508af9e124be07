package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
)

// withProviders adds two providers (and a few products) to the test organisation and
// answers their ids and a staff principal who manages them.
func withProviders(t *testing.T) (o *org, staff *auth.Principal, acme, other int64) {
	t.Helper()
	o = newOrg(t)
	ctx := context.Background()
	if err := o.pool.QueryRow(ctx, `INSERT INTO providers (code, name, countries) VALUES ('ACM', 'Acme Life', '{USA,Canada}') RETURNING id`).Scan(&acme); err != nil {
		t.Fatal(err)
	}
	if err := o.pool.QueryRow(ctx, `INSERT INTO providers (code, name) VALUES ('OTH', 'Other Mutual') RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	_, err := o.pool.Exec(ctx, `INSERT INTO products (provider_id, name, category, type, commission_rate_bp, bv_factor_bp, countries, active) VALUES
		($1, 'Acme IUL', 'Life Insurance', 'IUL', 11000, 10000, '{USA,Canada}', true),
		($1, 'Acme Term 20', 'Life Insurance', 'Term', 9333, 8000, '{USA}', true),
		($1, 'Acme Legacy Annuity', 'Annuity', 'Indexed Annuity', 650, 5000, '{USA}', false),
		($2, 'Other Final Expense', 'Life Insurance', 'Final Expense', 12001, 10000, '{Canada}', true)`, acme, other)
	if err != nil {
		t.Fatal(err)
	}
	return o, o.staff(t, "pat", auth.PermProvidersManage), acme, other
}

// fieldErrors are the field errors of a Validation error, or fails.
func fieldErrors(t *testing.T, err error) []errs.FieldError {
	t.Helper()
	e := errs.As(err)
	if e == nil || e.Kind != errs.Invalid {
		t.Fatalf("want a validation error, got %v", err)
	}
	return e.Fields
}

func wantNotFound(t *testing.T, err error, msg string) {
	t.Helper()
	e := errs.As(err)
	if e == nil || e.Kind != errs.NotFound || e.Message != msg {
		t.Errorf("got %v, want NotFound %q", err, msg)
	}
}

func TestProviderContacts(t *testing.T) {
	o, staff, acme, other := withProviders(t)
	ctx := context.Background()
	st := o.st

	c, err := st.CreateProviderContact(ctx, staff, acme, store.ContactInput{Name: " Dana Whitfield ", Role: "Agent Support",
		Phone: "+1 (555) 010-2030", Email: " Dana@Acme.Example "})
	if err != nil {
		t.Fatal(err)
	}
	want := store.ContactInput{Name: "Dana Whitfield", Role: "Agent Support", Phone: "5550102030", Email: "dana@acme.example"}
	if diff := cmp.Diff(want, c.ContactInput); diff != "" {
		t.Errorf("created (-want +got):\n%s", diff)
	}
	if _, err := st.CreateProviderContact(ctx, staff, acme, store.ContactInput{Name: "Al Baker", Role: "Underwriter"}); err != nil {
		t.Fatal(err)
	}

	t.Run("validation", func(t *testing.T) {
		got := fieldErrors(t, func() error {
			_, err := st.CreateProviderContact(ctx, staff, acme, store.ContactInput{Name: " ", Phone: "12", Email: "nope"})
			return err
		}())
		want := []errs.FieldError{{Field: "name", Message: "Name is required"}, {Field: "role", Message: "Role is required"},
			{Field: "phone", Message: "Phone must have 10 digits"}, {Field: "email", Message: "Email must be a valid email address"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})

	list, err := st.ListProviderContacts(ctx, acme)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Name != "Al Baker" || list[1].Name != "Dana Whitfield" {
		t.Errorf("contacts by name: %+v", list)
	}

	up, err := st.UpdateProviderContact(ctx, staff, acme, c.ID, store.ContactInput{Name: "Dana Whitfield", Role: "Regional Director", Phone: "5550102030"})
	if err != nil {
		t.Fatal(err)
	}
	if up.Role != "Regional Director" || up.Email != "" {
		t.Errorf("updated: %+v", up)
	}
	logs, err := st.ChangeLogs(ctx, store.EntityProviderContact, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range logs {
		got = append(got, l.Action+" "+l.Field+" "+l.Old+"→"+l.New)
	}
	wantLogs := []string{"create  →", "update role Agent Support→Regional Director", "update email dana@acme.example→"}
	if diff := cmp.Diff(wantLogs, got); diff != "" {
		t.Errorf("change log (-want +got):\n%s", diff)
	}

	// Another provider's contact, an unknown one, an unknown provider.
	_, err = st.UpdateProviderContact(ctx, staff, other, c.ID, store.ContactInput{Name: "X", Role: "Y"})
	wantNotFound(t, err, "Contact not found")
	wantNotFound(t, st.DeleteProviderContact(ctx, staff, other, c.ID), "Contact not found")
	wantNotFound(t, st.DeleteProviderContact(ctx, staff, acme, 999999), "Contact not found")
	_, err = st.ListProviderContacts(ctx, 999999)
	wantNotFound(t, err, "Provider not found")
	_, err = st.CreateProviderContact(ctx, staff, 999999, store.ContactInput{Name: "X", Role: "Y"})
	wantNotFound(t, err, "Provider not found")

	if err := st.DeleteProviderContact(ctx, staff, acme, c.ID); err != nil {
		t.Fatal(err)
	}
	logs, err = st.ChangeLogs(ctx, store.EntityProviderContact, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if last := logs[len(logs)-1]; last.Action != "delete" || last.Actor != "pat Staff" {
		t.Errorf("last log: %+v", last)
	}
	var owners int
	if err := o.pool.QueryRow(ctx, `SELECT count(*) FROM change_logs WHERE entity = 'provider_contact' AND associate_id IS NOT NULL`).Scan(&owners); err != nil || owners != 0 {
		t.Errorf("provider change logs with an owner: %d, %v", owners, err)
	}
}

// addItems adds n videos titled v1..vn and answers their ids in order.
func addItems(t *testing.T, st *store.Store, p *auth.Principal, provider int64, k store.ItemKind, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range n {
		it, err := st.CreateProviderItem(context.Background(), p, provider, k, store.ItemInput{
			Title: fmt.Sprintf("v%d", i+1), URL: fmt.Sprintf("https://www.youtube.com/watch?v=%011d", i)})
		if err != nil {
			t.Fatal(err)
		}
		if it.Position != i+1 {
			t.Fatalf("item %d created at %d", i+1, it.Position)
		}
		ids[i] = it.ID
	}
	return ids
}

// titles is the titles of a list in order; it fails unless the positions are 1..n.
func titles(t *testing.T, items []store.ProviderItem) []string {
	t.Helper()
	out := make([]string, len(items))
	for i, it := range items {
		if it.Position != i+1 {
			t.Errorf("position %d at index %d: %+v", it.Position, i, items)
		}
		out[i] = it.Title
	}
	return out
}

func TestProviderItemMoves(t *testing.T) {
	o, staff, acme, _ := withProviders(t)
	ctx := context.Background()
	ids := addItems(t, o.st, staff, acme, store.Videos, 5)
	cases := []struct {
		name     string
		item     int // index into ids
		position int
		want     []string
	}{
		{"first to last", 0, 5, []string{"v2", "v3", "v4", "v5", "v1"}},
		{"last to first", 0, 1, []string{"v1", "v2", "v3", "v4", "v5"}},
		{"middle down", 1, 4, []string{"v1", "v3", "v4", "v2", "v5"}},
		{"middle up", 1, 2, []string{"v1", "v2", "v3", "v4", "v5"}},
		{"to its own place", 2, 3, []string{"v1", "v2", "v3", "v4", "v5"}},
		{"beyond n clamps to n", 2, 1000, []string{"v1", "v2", "v4", "v5", "v3"}},
		{"below 1 clamps to 1", 4, -3, []string{"v5", "v1", "v2", "v4", "v3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := o.st.MoveProviderItem(ctx, staff, acme, store.Videos, ids[tc.item], tc.position)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, titles(t, got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	logs, err := o.st.ChangeLogs(ctx, store.EntityProviderVideo, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) != 3 || logs[1].Field != "position" || logs[1].Old != "1" || logs[1].New != "5" {
		t.Errorf("logs of v1: %+v", logs)
	}

	// Items of another list or provider are unknown here.
	_, err = o.st.MoveProviderItem(ctx, staff, acme, store.Links, ids[0], 1)
	wantNotFound(t, err, "Link not found")
	_, err = o.st.MoveProviderItem(ctx, staff, 999999, store.Videos, ids[0], 1)
	wantNotFound(t, err, "Provider not found")
}

func TestProviderItemDeleteClosesTheGap(t *testing.T) {
	o, staff, acme, other := withProviders(t)
	ctx := context.Background()
	ids := addItems(t, o.st, staff, acme, store.Links, 4)
	wantNotFound(t, o.st.DeleteProviderItem(ctx, staff, other, store.Links, ids[1]), "Link not found")
	if err := o.st.DeleteProviderItem(ctx, staff, acme, store.Links, ids[1]); err != nil {
		t.Fatal(err)
	}
	got, err := o.st.ListProviderItems(ctx, acme, store.Links)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"v1", "v3", "v4"}, titles(t, got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// The next one goes at the end again.
	it, err := o.st.CreateProviderItem(ctx, staff, acme, store.Links, store.ItemInput{Title: "v5", URL: "http://example.com/forms"})
	if err != nil || it.Position != 4 {
		t.Errorf("created at %d: %v", it.Position, err)
	}
}

// Many staff reordering one list at once: every move waits for the provider's lock, so
// the positions end as 1..n, each item once.
func TestProviderItemConcurrentMoves(t *testing.T) {
	o, staff, acme, _ := withProviders(t)
	ctx := context.Background()
	const n = 8
	ids := addItems(t, o.st, staff, acme, store.Videos, n)
	for round := range 4 {
		var wg sync.WaitGroup
		errc := make(chan error, 4*n)
		for g := range 4 * n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(round), uint64(g)))
				var err error
				switch g % 5 {
				case 4:
					_, err = o.st.UpdateProviderItem(ctx, staff, acme, store.Videos, ids[r.IntN(n)],
						store.ItemInput{Title: fmt.Sprintf("r%d", g), URL: "https://example.com"})
				default:
					_, err = o.st.MoveProviderItem(ctx, staff, acme, store.Videos, ids[r.IntN(n)], 1+r.IntN(n+2))
				}
				errc <- err
			}()
		}
		wg.Wait()
		close(errc)
		for err := range errc {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
		got, err := o.st.ListProviderItems(ctx, acme, store.Videos)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]int64, 0, n)
		for i, it := range got {
			if it.Position != i+1 {
				t.Fatalf("round %d: positions %v", round, got)
			}
			seen = append(seen, it.ID)
		}
		slices.Sort(seen)
		if !slices.Equal(seen, ids) {
			t.Fatalf("round %d: items %v, want %v", round, seen, ids)
		}
	}
}

func TestProviderItemValidation(t *testing.T) {
	o, staff, acme, _ := withProviders(t)
	ctx := context.Background()
	long := "https://example.com/" + strings.Repeat("a", 1990)
	cases := []struct {
		kind store.ItemKind
		in   store.ItemInput
		want []errs.FieldError
	}{
		{store.Videos, store.ItemInput{}, []errs.FieldError{{Field: "title", Message: "Title is required"}, {Field: "url", Message: "URL is required"}}},
		{store.Videos, store.ItemInput{Title: "a", URL: "ftp://example.com/x"}, []errs.FieldError{{Field: "url", Message: "URL must start with http:// or https://"}}},
		{store.Links, store.ItemInput{Title: "a", URL: "javascript:alert(1)"}, []errs.FieldError{{Field: "url", Message: "URL must start with http:// or https://"}}},
		{store.Links, store.ItemInput{Title: "a", URL: "example.com"}, []errs.FieldError{{Field: "url", Message: "URL must start with http:// or https://"}}},
		{store.Links, store.ItemInput{Title: "a", URL: "https://"}, []errs.FieldError{{Field: "url", Message: "URL must start with http:// or https://"}}},
		{store.Links, store.ItemInput{Title: "a", URL: long}, []errs.FieldError{{Field: "url", Message: "URL must be at most 2000 characters"}}},
		{store.Links, store.ItemInput{Title: "a", URL: "https://a.example", FileID: "f"}, []errs.FieldError{{Field: "file_id", Message: "Only attachments take a file"}}},
		{store.Attachments, store.ItemInput{Title: "a"}, []errs.FieldError{{Field: "file_id", Message: "File is required"}}},
		{store.Attachments, store.ItemInput{Title: "a", FileID: "f", URL: "https://a.example"}, []errs.FieldError{{Field: "url", Message: "An attachment takes a file, not a URL"}}},
	}
	for _, tc := range cases {
		_, err := o.st.CreateProviderItem(ctx, staff, acme, tc.kind, tc.in)
		if diff := cmp.Diff(tc.want, fieldErrors(t, err)); diff != "" {
			t.Errorf("%s %+v (-want +got):\n%s", tc.kind, tc.in, diff)
		}
	}
	if _, err := o.st.CreateProviderItem(ctx, staff, acme, store.Videos, store.ItemInput{Title: "ok", URL: "HTTPS://Example.com/watch?v=1"}); err != nil {
		t.Errorf("an upper-case scheme: %v", err)
	}
}

func TestProviderAttachments(t *testing.T) {
	o, staff, acme, other := withProviders(t)
	ctx := context.Background()
	colleague := o.staff(t, "lee", auth.PermProvidersManage)
	file := func(id, purpose, contentType string, owner int64, uploaded bool) string {
		t.Helper()
		_, err := o.pool.Exec(ctx, `INSERT INTO files (id, owner_user_id, purpose, content_type, size, uploaded_at)
			VALUES ($1, $2, $3, nullif($4, ''), 1234, CASE WHEN $5 THEN now() END)`, id, owner, purpose, contentType, uploaded)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	pdf := file("pdf-file-0001", "document", "application/pdf", staff.UserID, true)
	svg := file("svg-file-0001", "document", "image/svg+xml", staff.UserID, true)
	pending := file("pending-0001", "document", "", staff.UserID, false)
	signature := file("signature-001", "signature", "image/svg+xml", staff.UserID, true)
	theirs := file("theirs-00001", "document", "application/pdf", colleague.UserID, true)

	for _, tc := range []struct{ file, want string }{
		{svg, "File must be a pdf, xlsx, csv, jpg, png or webp file"},
		{pending, "File has not been uploaded yet"},
		{signature, "File is not a document you uploaded"},
		{theirs, "File is not a document you uploaded"},
		{"no-such-file", "File is not a document you uploaded"},
	} {
		_, err := o.st.CreateProviderItem(ctx, staff, acme, store.Attachments, store.ItemInput{Title: "Guide", FileID: tc.file})
		if diff := cmp.Diff([]errs.FieldError{{Field: "file_id", Message: tc.want}}, fieldErrors(t, err)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.file, diff)
		}
	}
	it, err := o.st.CreateProviderItem(ctx, staff, acme, store.Attachments, store.ItemInput{Title: "Underwriting guide", FileID: pdf})
	if err != nil {
		t.Fatal(err)
	}
	want := store.ProviderItem{ID: it.ID, Position: 1, Title: "Underwriting guide", FileID: pdf, ContentType: "application/pdf", Size: 1234}
	if diff := cmp.Diff(want, it); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A colleague renames it: the file stays, though someone else uploaded it.
	if _, err := o.st.UpdateProviderItem(ctx, colleague, acme, store.Attachments, it.ID, store.ItemInput{Title: "UW guide", FileID: pdf}); err != nil {
		t.Errorf("rename: %v", err)
	}
	_, err = o.st.UpdateProviderItem(ctx, colleague, other, store.Attachments, it.ID, store.ItemInput{Title: "x", FileID: pdf})
	wantNotFound(t, err, "Attachment not found")

	// Reserving an upload names a provider that exists.
	wantNotFound(t, o.st.ReserveAttachment(ctx, staff, 999999, "reserved-0001"), "Provider not found")
	if err := o.st.ReserveAttachment(ctx, staff, acme, "reserved-0002"); err != nil {
		t.Fatal(err)
	}
	f, err := o.st.GetFile(ctx, "reserved-0002")
	if err != nil || f.Purpose != "document" || *f.OwnerUserID != staff.UserID {
		t.Errorf("reserved: %+v %v", f, err)
	}
}

func TestProvidersListAndCounts(t *testing.T) {
	o, staff, acme, other := withProviders(t)
	ctx := context.Background()
	addItems(t, o.st, staff, acme, store.Videos, 3)
	addItems(t, o.st, staff, acme, store.Links, 2)
	if _, err := o.st.CreateProviderContact(ctx, staff, acme, store.ContactInput{Name: "A", Role: "B"}); err != nil {
		t.Fatal(err)
	}
	p, err := o.st.GetProvider(ctx, acme)
	if err != nil {
		t.Fatal(err)
	}
	want := store.Provider{ID: acme, Code: "ACM", Name: "Acme Life", Countries: []string{"USA", "Canada"},
		Contacts: 1, Videos: 3, Links: 2, Products: 2}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	_, err = o.st.GetProvider(ctx, 999999)
	wantNotFound(t, err, "Provider not found")

	list := func(raw string) []int64 {
		t.Helper()
		q, err := listing.Parse(raw, store.ProviderListing)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		if err := o.st.ListProviders(ctx, q, func(p *store.Provider) { ids = append(ids, p.ID) }); err != nil {
			t.Fatal(err)
		}
		return ids
	}
	for raw, want := range map[string][]int64{
		"":                                      {acme, other}, // by name
		"order[name]=DESC":                      {other, acme},
		"filter[country][eq]=Canada":            {acme},
		"filter[name][contains]=MUTUAL":         {other},
		"filter[id][in][]=" + fmt.Sprint(other): {other},
	} {
		if diff := cmp.Diff(want, list(raw)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", raw, diff)
		}
	}
}

func TestProductsAndSchedule(t *testing.T) {
	o, _, acme, other := withProviders(t)
	ctx := context.Background()
	products := func(raw string) []string {
		t.Helper()
		q, err := listing.Parse(raw, store.ProductListing)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		if err := o.st.ListProducts(ctx, q, func(p *store.Product) { names = append(names, p.Name) }); err != nil {
			t.Fatal(err)
		}
		return names
	}
	for raw, want := range map[string][]string{
		"":                           {"Acme IUL", "Acme Legacy Annuity", "Acme Term 20", "Other Final Expense"},
		"filter[country][eq]=Canada": {"Acme IUL", "Other Final Expense"},
		"filter[active][eq]=false":   {"Acme Legacy Annuity"},
		"filter[provider_id][eq]=" + fmt.Sprint(other): {"Other Final Expense"},
		"filter[category][in][]=Annuity":               {"Acme Legacy Annuity"},
		"filter[type][eq]=Term":                        {"Acme Term 20"},
		"order[commission_rate_bp]=DESC":               {"Other Final Expense", "Acme IUL", "Acme Term 20", "Acme Legacy Annuity"},
		"order[provider_name]=DESC&order[name]=ASC":    {"Other Final Expense", "Acme IUL", "Acme Legacy Annuity", "Acme Term 20"},
	} {
		if diff := cmp.Diff(want, products(raw)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", raw, diff)
		}
	}

	schedule := func(p *auth.Principal, raw string) []store.ScheduleRow {
		t.Helper()
		q, err := listing.Parse(raw, store.ScheduleListing)
		if err != nil {
			t.Fatal(err)
		}
		var rows []store.ScheduleRow
		err = o.st.ListSchedule(ctx, p, q, func(r *store.ScheduleRow) {
			c := *r
			c.Levels = slices.Clone(r.Levels)
			rows = append(rows, c)
		})
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	rows := schedule(o.as(t, "RMD100"), "")
	var names []string
	for _, r := range rows {
		names = append(names, r.Name)
	}
	// Active products only, by provider.
	if diff := cmp.Diff([]string{"Acme IUL", "Acme Term 20", "Other Final Expense"}, names); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	term := rows[1]
	if len(term.Levels) != 8 {
		t.Fatalf("levels: %+v", term.Levels)
	}
	// 9333 × 7500 / 10000 = 6999.75 → 7000; 9333 × 2500 / 10000 = 2333.25 → 2333.
	rmd, ta := term.Levels[5], term.Levels[0]
	if rmd.Level != "RMD" || rmd.EarningBP != 7000 || !rmd.Mine || ta.EarningBP != 2333 || ta.Mine {
		t.Errorf("levels: %+v", term.Levels)
	}
	var mine int
	for _, l := range rows[0].Levels {
		if l.Mine {
			mine++
		}
	}
	if mine != 1 || rows[0].Levels[5].EarningBP != 8250 {
		t.Errorf("IUL levels: %+v", rows[0].Levels)
	}
	for _, l := range schedule(o.staff(t, "sol"), "")[0].Levels {
		if l.Mine {
			t.Errorf("staff have no level: %+v", l)
		}
	}
	if got := schedule(o.as(t, "RMD100"), "filter[active][eq]=false"); len(got) != 1 || got[0].Name != "Acme Legacy Annuity" {
		t.Errorf("retired products: %+v", got)
	}
	_ = acme
}

func TestEarningRoundsHalfUp(t *testing.T) {
	for _, tc := range []struct{ commission, level, want int }{
		{10000, 7500, 7500}, {11000, 7500, 8250}, {9333, 7500, 7000}, {9333, 2500, 2333},
		{1, 5000, 1}, {1, 4999, 0}, {100000, 10000, 100000}, {0, 8500, 0},
	} {
		if got := store.EarningBP(tc.commission, tc.level); got != tc.want {
			t.Errorf("EarningBP(%d, %d) = %d, want %d", tc.commission, tc.level, got, tc.want)
		}
	}
}

func TestScheduleExportSQL(t *testing.T) {
	o, _, _, _ := withProviders(t)
	ctx := context.Background()
	q, err := listing.Parse("filter[type][eq]=Term", store.ScheduleListing)
	if err != nil {
		t.Fatal(err)
	}
	sql, args, err := store.ScheduleExportSQL(o.as(t, "RMD100"), q)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	err = o.st.StreamRows(ctx, sql, args, func(vals [][]byte) error {
		row := make([]string, len(vals))
		for i, v := range vals {
			row[i] = string(v)
		}
		got = append(got, row)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 8 {
		t.Fatalf("%d rows, want one per level: %v", len(got), got)
	}
	want := []string{got[0][0], "Acme Term 20", "Acme Life", "Life Insurance", "Term", "9333", "RMD", "Regional Marketing Director", "7500", "7000"}
	if diff := cmp.Diff(want, got[5]); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, r := range got {
		if len(r) != 10 {
			t.Fatalf("row of %d columns: %v", len(r), r)
		}
	}
}
