package sdk_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/testdb"
)

// The tests in this file drive the SDK against a real portald handler over a freshly
// seeded PostgreSQL database (server/servertest).

func TestMain(m *testing.M) { testdb.Main(m) }

const demoPassword = "portal-demo-pass"

var signature = []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0L10 10"/></svg>`)

var tinyRetries = sdk.RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond, MaxDelay: 10 * time.Millisecond}

// login starts a server, logs in as login and acknowledges everything pending.
func login(t *testing.T, login string) (*servertest.Env, *sdk.Client) {
	t.Helper()
	env := servertest.Start(t)
	c, err := sdk.New(env.URL, sdk.WithRetryPolicy(tinyRetries), sdk.WithUserAgent("sdk-test"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.Login(ctx, login, demoPassword); err != nil {
		t.Fatalf("Login(%s): %v", login, err)
	}
	if _, err := c.AcknowledgeAll(ctx, signature); err != nil {
		t.Fatalf("AcknowledgeAll: %v", err)
	}
	return env, c
}

func TestLoginAccessLogout(t *testing.T) {
	env := servertest.Start(t)
	store := sdk.NewMemoryTokenStore("")
	c, err := sdk.New(env.URL, sdk.WithTokenStore(store), sdk.WithRetryPolicy(tinyRetries))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	if _, err := c.Access(ctx); !errors.Is(err, sdk.ErrNoToken) || !sdk.IsUnauthorized(err) {
		t.Fatalf("Access without a token: %v, want ErrNoToken", err)
	}
	if _, err := c.Login(ctx, "agent@example.com", "wrong password"); !sdk.IsUnauthorized(err) {
		t.Fatalf("Login with a wrong password: %v, want 401", err)
	}

	res, err := c.Login(ctx, "agent@example.com", demoPassword)
	if err != nil {
		t.Fatal(err)
	}
	if store.Token() == "" || store.Token() != res.Token {
		t.Fatalf("token not stored: %q vs %q", store.Token(), res.Token)
	}
	acc, err := c.Access(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if acc.User.Email != "agent@example.com" || !acc.User.Code.Set || acc.User.IsSeniorLevel {
		t.Errorf("access user = %+v", acc.User)
	}

	old := store.Token()
	if err := c.Logout(ctx); err != nil {
		t.Fatal(err)
	}
	if store.Token() != "" {
		t.Errorf("token kept after logout")
	}
	// The revoked token no longer works.
	c2, _ := sdk.New(env.URL, sdk.WithToken(old), sdk.WithRetryPolicy(tinyRetries))
	_, err = c2.Access(ctx)
	var e *sdk.Error
	if !sdk.IsUnauthorized(err) || !errors.As(sdk.Wrap(err), &e) || e.Status != 401 {
		t.Errorf("Access with a revoked token: %v, want 401", err)
	}
}

func TestAcknowledgementsGateAndAcknowledgeAll(t *testing.T) {
	env := servertest.Start(t)
	c, err := sdk.New(env.URL, sdk.WithRetryPolicy(tinyRetries))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := c.Login(ctx, "agent@example.com", demoPassword); err != nil {
		t.Fatal(err)
	}
	pending, err := c.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := len(pending.Memos) + len(pending.W9Documents)
	if n == 0 {
		t.Fatal("the demo associate has nothing to acknowledge; the gate cannot be tested")
	}
	_, err = c.ListClients(ctx, oas.ListClientsParams{})
	if !sdk.IsForbidden(err) {
		t.Fatalf("ListClients before acknowledging: %v, want 403", err)
	}

	done, err := c.AcknowledgeAll(ctx, signature)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != n {
		t.Errorf("acknowledged %d items, want %d", len(done), n)
	}
	for _, a := range done {
		if a.AcknowledgedAt.IsZero() {
			t.Errorf("acknowledgement without a time: %+v", a)
		}
	}
	pending, err = c.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending.Memos)+len(pending.W9Documents) != 0 {
		t.Errorf("still pending: %+v", pending)
	}
	if _, err := c.ListClients(ctx, oas.ListClientsParams{}); err != nil {
		t.Fatalf("ListClients after acknowledging: %v", err)
	}
}

func TestClientsAllPagesThroughEveryClient(t *testing.T) {
	_, c := login(t, "agent@example.com")
	ctx := context.Background()

	big, err := c.ListClients(ctx, oas.ListClientsParams{Limit: oas.NewOptInt(1000)})
	if err != nil {
		t.Fatal(err)
	}
	want := big.Response.Data
	if len(want) < 3 {
		t.Fatalf("the demo associate sees %d clients; need a few to page through", len(want))
	}
	if len(want) > 1000 {
		t.Fatalf("more than 1000 clients; the test needs a smaller seed")
	}

	for _, limit := range []int{1, 2, len(want) - 1, len(want), len(want) + 1} {
		var got []int64
		seen := map[int64]bool{}
		for cl, err := range c.ClientsAll(ctx, oas.ListClientsParams{Limit: oas.NewOptInt(limit)}) {
			if err != nil {
				t.Fatalf("limit %d: %v", limit, err)
			}
			if seen[cl.ID] {
				t.Fatalf("limit %d: client %d yielded twice", limit, cl.ID)
			}
			seen[cl.ID] = true
			got = append(got, cl.ID)
		}
		if len(got) != len(want) {
			t.Errorf("limit %d: %d clients, want %d", limit, len(got), len(want))
			continue
		}
		for i := range want {
			if got[i] != want[i].ID {
				t.Errorf("limit %d: row %d is %d, want %d (same order as one big page)", limit, i, got[i], want[i].ID)
				break
			}
		}
	}

	// Breaking out of the loop stops the paging.
	n := 0
	for _, err := range c.ClientsAll(ctx, oas.ListClientsParams{Limit: oas.NewOptInt(1)}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("broke after %d rows", n)
	}
}

func TestClientsCRUDAndErrors(t *testing.T) {
	_, c := login(t, "agent@example.com")
	ctx := context.Background()

	in := &oas.ClientInput{FirstName: "Zed", LastName: "Sdktest", Country: oas.CountryUSA,
		Email: oas.NewOptString("zed@example.com"), State: oas.NewOptStateCode(oas.StateCodeCA),
		AnnualIncome: oas.NewOptInt64(123456)}
	created, err := c.CreateClient(ctx, in)
	if err != nil {
		t.Fatal(sdk.Wrap(err))
	}
	id := created.Response.ID
	if !created.Response.CanEdit || created.Response.AnnualIncome.Or(0) != 123456 {
		t.Errorf("created = %+v", created.Response)
	}

	list, err := c.ListClients(ctx, oas.ListClientsParams{FilterLastNameContains: oas.NewOptString("sdktest")})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Response.Data) != 1 || list.Response.Data[0].ID != id {
		t.Errorf("filtered list = %+v", list.Response.Data)
	}

	in.City = oas.NewOptString("Oakland")
	upd, err := c.UpdateClient(ctx, in, oas.UpdateClientParams{ID: id})
	if err != nil {
		t.Fatal(sdk.Wrap(err))
	}
	if upd.Response.City.Or("") != "Oakland" {
		t.Errorf("updated city = %v", upd.Response.City)
	}

	bad := *in
	bad.Email = oas.NewOptString("not an email")
	_, err = c.UpdateClient(ctx, &bad, oas.UpdateClientParams{ID: id})
	e, ok := sdk.AsError(err)
	if !sdk.IsValidation(err) || !ok || len(e.Errors) == 0 || e.Errors[0].Field != "email" {
		t.Errorf("invalid email: %v, want 422 naming email", err)
	}

	if _, err := c.DeleteClient(ctx, oas.DeleteClientParams{ID: id}); err != nil {
		t.Fatal(sdk.Wrap(err))
	}
	if _, err := c.GetClient(ctx, oas.GetClientParams{ID: id}); !sdk.IsNotFound(err) {
		t.Errorf("GetClient after delete: %v, want 404", err)
	}
}

func TestDownloadExport(t *testing.T) {
	_, c := login(t, "agent@example.com")
	ctx := context.Background()

	all, err := c.ListClients(ctx, oas.ListClientsParams{Limit: oas.NewOptInt(1000)})
	if err != nil {
		t.Fatal(err)
	}
	d, err := c.DownloadClients(ctx, oas.DownloadClientsParams{Format: oas.NewOptDownloadFormat(oas.DownloadFormatCsv)})
	if err != nil {
		t.Fatal(sdk.Wrap(err))
	}
	var buf bytes.Buffer
	var lastDone int64
	info, err := c.DownloadWithInfo(ctx, d.Response.URL, &buf, func(done, total int64) { lastDone = done })
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != int64(buf.Len()) || lastDone != info.Size {
		t.Errorf("info %+v, buffer %d bytes, last progress %d", info, buf.Len(), lastDone)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("export is not CSV: %v", err)
	}
	if got, want := len(rows)-1, len(all.Response.Data); got != want {
		t.Errorf("export has %d rows, want %d (one per client)", got, want)
	}

	// A tampered URL is refused with a typed error.
	if err := c.Download(ctx, d.Response.URL+"0", &bytes.Buffer{}, nil); sdk.StatusOf(err) < 400 {
		t.Errorf("tampered download: %v, want an error answer", err)
	}
}

func TestSearchAssociates(t *testing.T) {
	_, c := login(t, "rmd@example.com")
	ctx := context.Background()
	acc, err := c.Access(ctx)
	if err != nil {
		t.Fatal(err)
	}
	code := acc.User.Code.Or("")
	res, err := c.SearchAssociates(ctx, oas.SearchAssociatesParams{SearchKeyword: oas.NewOptString(code)})
	if err != nil {
		t.Fatal(sdk.Wrap(err))
	}
	found := false
	for _, a := range res.Response.Data {
		found = found || a.Code == code
	}
	if !found {
		t.Errorf("searching %q did not find it: %+v", code, res.Response.Data)
	}
}
