package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestDir(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/x/y")
	if d, _ := Dir(); d != "/x/y/portal" {
		t.Errorf("Dir() = %q", d)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "/home/ann")
	if d, _ := Dir(); d != "/home/ann/.config/portal" {
		t.Errorf("Dir() without XDG_CONFIG_HOME = %q", d)
	}
}

func TestSaveAndLoad(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "portal")
	path := filepath.Join(dir, FileName)

	c, err := LoadFile(path)
	if err != nil {
		t.Fatalf("a missing file is an empty configuration: %v", err)
	}
	err = c.Update(func(c *Config) error {
		c.Server = "http://a.example"
		c.AddAccount("http://a.example/", Account{Login: "ann", Token: "t1", UserID: 7, Name: "Ann Agent", Code: "A1001"})
		c.AddAccount("http://b.example", Account{Login: "bo", Token: "t2"})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Active("http://a.example") == nil {
		t.Error("after Update the configuration does not hold what was saved")
	}
	if err := c.SetToken("http://b.example", "BO", "t3"); err != nil {
		t.Fatal(err)
	}

	got, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Account{Login: "ann", Token: "t1", UserID: 7, Name: "Ann Agent", Code: "A1001"}, got.Active("http://a.example")); diff != "" {
		t.Errorf("host a (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&Account{Login: "bo", Token: "t3"}, got.Active(" http://b.example/ ")); diff != "" {
		t.Errorf("host b (-want +got):\n%s", diff)
	}
	if got.Host("http://c.example") != nil || got.Active("http://c.example") != nil {
		t.Error("unknown host found")
	}

	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600, path + ".lock": 0o600} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, st.Mode().Perm(), want)
		}
	}
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{FileName, FileName + ".lock"}, names); diff != "" {
		t.Errorf("files in the directory (-want +got):\n%s", diff)
	}

	// A failing change writes nothing.
	err = c.Update(func(c *Config) error {
		c.Server = "http://z.example"
		return errors.New("changed my mind")
	})
	if err == nil || c.Server != "http://a.example" {
		t.Errorf("a failed update: %v, server %s", err, c.Server)
	}
	if got, _ := LoadFile(path); got.Server != "http://a.example" {
		t.Errorf("a failed update was saved: server %s", got.Server)
	}
}

// A file of the single-account days reads as one active account, and is written back in
// the new shape.
func TestMigratesASingleAccount(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	old := `{"server": "http://a.example", "hosts": {"http://a.example": {"login": "agent@example.com", "token": "t1"}}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := &Host{Active: "agent@example.com", Accounts: []Account{{Login: "agent@example.com", Token: "t1"}}}
	if diff := cmp.Diff(want, c.Host("http://a.example")); diff != "" {
		t.Errorf("migrated host (-want +got):\n%s", diff)
	}
	// What the logout of those days left, a login without a token, is no account.
	loggedOut := `{"server": "http://b.example", "hosts": {"http://b.example": {"login": "agent@example.com"}}}`
	var out Config
	if err := json.Unmarshal([]byte(loggedOut), &out); err != nil {
		t.Fatal(err)
	}
	if h := out.Host("http://b.example"); h != nil && (len(h.Accounts) != 0 || h.Active != "") {
		t.Errorf("a logged-out host migrated to %+v, want no account", h)
	}
	err = c.Update(func(c *Config) error {
		c.AddAccount("http://a.example", Account{Login: "staff@example.com", Token: "t2"})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Hosts map[string]map[string]any `json:"hosts"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	h := raw.Hosts["http://a.example"]
	if _, ok := h["token"]; ok || h["active"] != "staff@example.com" || len(h["accounts"].([]any)) != 2 {
		t.Errorf("saved host: %s", b)
	}
}

func TestAccounts(t *testing.T) {
	const srv = "http://a.example"
	c := &Config{}
	c.AddAccount(srv, Account{Login: "agent@example.com", Token: "t1", UserID: 1, Code: "AGT100"})
	c.AddAccount(srv, Account{Login: "staff@example.com", Token: "t2", UserID: 9})
	if got := c.Active(srv).Login; got != "staff@example.com" {
		t.Errorf("the last login is not active: %s", got)
	}
	// The same login in another case, or the same user by another login, replaces the account.
	c.AddAccount(srv, Account{Login: "STAFF@example.com", Token: "t3", UserID: 9})
	c.AddAccount(srv, Account{Login: "AGT100", Token: "t4", UserID: 1, Code: "AGT100"})
	if diff := cmp.Diff([]string{"AGT100", "STAFF@example.com"}, c.Host(srv).Logins()); diff != "" {
		t.Errorf("logins (-want +got):\n%s", diff)
	}

	// Switch by login in any case or by associate code.
	if a, err := c.Switch(srv, "staff@EXAMPLE.com"); err != nil || a.Token != "t3" || c.Active(srv).Login != "STAFF@example.com" {
		t.Errorf("switch to staff: %+v, %v", a, err)
	}
	if a, err := c.Switch(srv, "agt100"); err != nil || a.Token != "t4" {
		t.Errorf("switch by code: %+v, %v", a, err)
	}
	if _, err := c.Switch(srv, "nobody"); !errors.Is(err, ErrNoAccount) {
		t.Errorf("switch to an unknown login: %v", err)
	}
	if _, err := c.Switch("http://b.example", "agt100"); !errors.Is(err, ErrNoAccount) {
		t.Errorf("switch on an unknown server: %v", err)
	}

	// Removing an inactive account keeps the active one; removing the active one activates
	// the first left, which is returned; removing the last forgets the server.
	c.AddAccount(srv, Account{Login: "rmd@example.com", Token: "t5"})
	if next, err := c.RemoveAccount(srv, "AGT100"); err != nil || next != nil || c.Active(srv).Login != "rmd@example.com" {
		t.Errorf("remove inactive: next %+v, %v", next, err)
	}
	if next, err := c.RemoveAccount(srv, "rmd@example.com"); err != nil || next == nil || next.Login != "STAFF@example.com" || c.Active(srv).Login != "STAFF@example.com" {
		t.Errorf("remove active: next %+v, %v", next, err)
	}
	if next, err := c.RemoveAccount(srv, "staff@example.com"); err != nil || next != nil || c.Host(srv) != nil {
		t.Errorf("remove last: next %+v, host %+v, %v", next, c.Host(srv), err)
	}
	if _, err := c.RemoveAccount(srv, "staff@example.com"); !errors.Is(err, ErrNoAccount) {
		t.Errorf("remove twice: %v", err)
	}
}

// A token renewal of one run keeps what another run saved meanwhile, and does not bring
// back an account logged out meanwhile.
func TestSetTokenRereadsTheFile(t *testing.T) {
	const srv = "http://a.example"
	path := filepath.Join(t.TempDir(), FileName)
	first := load(t, path)
	update(t, first, func(c *Config) {
		c.Server = srv
		c.AddAccount(srv, Account{Login: "agent@example.com", Token: "t1"})
	})

	other := load(t, path) // another run logs in a second account
	update(t, other, func(c *Config) { c.AddAccount(srv, Account{Login: "staff@example.com", Token: "s1"}) })

	if err := first.SetToken(srv, "agent@example.com", "t2"); err != nil {
		t.Fatal(err)
	}
	want := &Host{Active: "staff@example.com", Accounts: []Account{{Login: "agent@example.com", Token: "t2"}, {Login: "staff@example.com", Token: "s1"}}}
	if diff := cmp.Diff(want, load(t, path).Host(srv)); diff != "" {
		t.Errorf("after the renewal (-want +got):\n%s", diff)
	}

	update(t, other, func(c *Config) {
		if _, err := c.RemoveAccount(srv, "agent@example.com"); err != nil {
			t.Fatal(err)
		}
	})
	if err := first.SetToken(srv, "agent@example.com", "t3"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"staff@example.com"}, load(t, path).Host(srv).Logins()); diff != "" {
		t.Errorf("a logged-out account came back (-want +got):\n%s", diff)
	}
}

// An update waits for another one in progress (another run holding the lock), then works
// on what that one saved: neither change is lost.
func TestUpdateWaitsForTheLock(t *testing.T) {
	const srv = "http://a.example"
	path := filepath.Join(t.TempDir(), FileName)
	first, second := load(t, path), load(t, path) // two runs, each with its own Config
	update(t, first, func(c *Config) { c.AddAccount(srv, Account{Login: "agent@example.com", Token: "t1"}) })
	if _, err := second.Switch(srv, "agent@example.com"); err == nil {
		t.Fatal("the second run saw the first one's account without reading the file")
	}

	inside, release := make(chan struct{}), make(chan struct{})
	firstDone := make(chan error, 1)
	go func() {
		firstDone <- first.Update(func(c *Config) error {
			c.AddAccount(srv, Account{Login: "staff@example.com", Token: "s1"})
			close(inside)
			<-release // hold the lock
			return nil
		})
	}()
	<-inside
	secondDone := make(chan error, 1)
	go func() { secondDone <- second.SetToken(srv, "agent@example.com", "t2") }()
	select {
	case err := <-secondDone:
		t.Errorf("an update went through while another held the lock (err %v)", err)
		secondDone <- err
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-firstDone; err != nil {
		t.Fatal(err)
	}
	if err := <-secondDone; err != nil {
		t.Fatal(err)
	}
	want := &Host{Active: "staff@example.com", Accounts: []Account{{Login: "agent@example.com", Token: "t2"}, {Login: "staff@example.com", Token: "s1"}}}
	if diff := cmp.Diff(want, load(t, path).Host(srv)); diff != "" {
		t.Errorf("saved (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, second.Host(srv)); diff != "" {
		t.Errorf("the second run holds (-want +got):\n%s", diff)
	}
}

// Two runs adding accounts and renewing tokens at once lose nothing.
func TestConcurrentUpdatesLoseNothing(t *testing.T) {
	const srv, n = "http://a.example", 20
	path := filepath.Join(t.TempDir(), FileName)
	logins, renewing := load(t, path), load(t, path)
	update(t, logins, func(c *Config) { c.AddAccount(srv, Account{Login: "agent@example.com", Token: "t0"}) })

	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			errs <- logins.Update(func(c *Config) error {
				c.AddAccount(srv, Account{Login: fmt.Sprintf("user%02d@example.com", i), Token: "u"})
				return nil
			})
		}()
		go func() {
			defer wg.Done()
			errs <- renewing.SetToken(srv, "agent@example.com", fmt.Sprintf("t%02d", i+1))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	h := load(t, path).Host(srv)
	if len(h.Accounts) != n+1 {
		t.Errorf("%d accounts saved, want %d: %v", len(h.Accounts), n+1, h.Logins())
	}
	if a := h.Find("agent@example.com"); a == nil || a.Token == "t0" {
		t.Errorf("the renewals were lost: %+v", a)
	}
}

func load(t *testing.T, path string) *Config {
	t.Helper()
	c, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func update(t *testing.T, c *Config, fn func(*Config)) {
	t.Helper()
	if err := c.Update(func(c *Config) error { fn(c); return nil }); err != nil {
		t.Fatal(err)
	}
}

func TestLoadRejectsGarbage(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, []byte("{nope"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(path); err == nil {
		t.Error("a broken file loaded")
	}
}
