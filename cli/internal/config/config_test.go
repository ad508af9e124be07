package config

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

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
	c.Server = "http://a.example"
	c.AddAccount("http://a.example/", Account{Login: "ann", Token: "t1", UserID: 7, Name: "Ann Agent", Code: "A1001"})
	c.AddAccount("http://b.example", Account{Login: "bo", Token: "t2"})
	if err := c.Save(); err != nil {
		t.Fatal(err)
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

	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, st.Mode().Perm(), want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left files behind: %v", entries)
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
	c.AddAccount("http://a.example", Account{Login: "staff@example.com", Token: "t2"})
	if err := c.Save(); err != nil {
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
	// the first left; removing the last forgets the server.
	c.AddAccount(srv, Account{Login: "rmd@example.com", Token: "t5"})
	if _, next, err := c.RemoveAccount(srv, "AGT100"); err != nil || next.Login != "rmd@example.com" {
		t.Errorf("remove inactive: next %+v, %v", next, err)
	}
	if removed, next, err := c.RemoveAccount(srv, "rmd@example.com"); err != nil || removed.Token != "t5" || next.Login != "STAFF@example.com" {
		t.Errorf("remove active: %+v, next %+v, %v", removed, next, err)
	}
	if _, next, err := c.RemoveAccount(srv, "staff@example.com"); err != nil || next != nil || c.Host(srv) != nil {
		t.Errorf("remove last: next %+v, host %+v, %v", next, c.Host(srv), err)
	}
	if _, _, err := c.RemoveAccount(srv, "staff@example.com"); !errors.Is(err, ErrNoAccount) {
		t.Errorf("remove twice: %v", err)
	}
}

// A token renewal of one run keeps what another run saved meanwhile, and does not bring
// back an account logged out meanwhile.
func TestSetTokenRereadsTheFile(t *testing.T) {
	const srv = "http://a.example"
	path := filepath.Join(t.TempDir(), FileName)
	first, _ := LoadFile(path)
	first.Server = srv
	first.AddAccount(srv, Account{Login: "agent@example.com", Token: "t1"})
	if err := first.Save(); err != nil {
		t.Fatal(err)
	}

	other, _ := LoadFile(path) // another run logs in a second account
	other.AddAccount(srv, Account{Login: "staff@example.com", Token: "s1"})
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}

	if err := first.SetToken(srv, "agent@example.com", "t2"); err != nil {
		t.Fatal(err)
	}
	got, _ := LoadFile(path)
	want := &Host{Active: "staff@example.com", Accounts: []Account{{Login: "agent@example.com", Token: "t2"}, {Login: "staff@example.com", Token: "s1"}}}
	if diff := cmp.Diff(want, got.Host(srv)); diff != "" {
		t.Errorf("after the renewal (-want +got):\n%s", diff)
	}

	if _, _, err := other.RemoveAccount(srv, "agent@example.com"); err != nil {
		t.Fatal(err)
	}
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	if err := first.SetToken(srv, "agent@example.com", "t3"); err != nil {
		t.Fatal(err)
	}
	got, _ = LoadFile(path)
	if diff := cmp.Diff([]string{"staff@example.com"}, got.Host(srv).Logins()); diff != "" {
		t.Errorf("a logged-out account came back (-want +got):\n%s", diff)
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
