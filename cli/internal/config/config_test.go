package config

import (
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
	c.SetHost("http://a.example/", Host{Login: "ann", Token: "t1"})
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if err := c.SetToken("http://b.example", "t2"); err != nil {
		t.Fatal(err)
	}

	got, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Host{Login: "ann", Token: "t1"}, got.Host("http://a.example")); diff != "" {
		t.Errorf("host a (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&Host{Token: "t2"}, got.Host(" http://b.example/ ")); diff != "" {
		t.Errorf("host b (-want +got):\n%s", diff)
	}
	if got.Host("http://c.example") != nil {
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

func TestLoadRejectsGarbage(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(path, []byte("{nope"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(path); err == nil {
		t.Error("a broken file loaded")
	}
}
