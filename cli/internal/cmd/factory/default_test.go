package factory

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/associateportal/portal/cli/internal/config"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// The client uses the token of the server's active account, and a renewed token replaces
// that account's alone.
func TestClientUsesTheActiveAccount(t *testing.T) {
	const srv = "http://portal.test"
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	t.Setenv(config.EnvServer, "")
	t.Setenv(config.EnvToken, "")
	cfg, err := config.LoadFile(filepath.Join(home, "portal", config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.Update(func(c *config.Config) error {
		c.Server = srv
		c.AddAccount(srv, config.Account{Login: "staff@example.com", Token: "t-staff"})
		c.AddAccount(srv, config.Account{Login: "agent@example.com", Token: "t-agent"})
		_, err := c.Switch(srv, "staff@example.com")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	ios, _, _, _ := iostreams.Test()
	f := New(context.Background(), "test", ios)
	c, err := f.Client()
	if err != nil {
		t.Fatal(err)
	}
	if c.Token() != "t-staff" {
		t.Fatalf("token %q, want the active account's", c.Token())
	}
	if err := c.Tokens().SetToken("t-renewed"); err != nil {
		t.Fatal(err)
	}
	saved, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	h := saved.Host(srv)
	if a := h.Find("staff@example.com"); a == nil || a.Token != "t-renewed" {
		t.Errorf("staff after the renewal: %+v", a)
	}
	if a := h.Find("agent@example.com"); a == nil || a.Token != "t-agent" {
		t.Errorf("agent after the renewal: %+v", a)
	}

	t.Setenv(config.EnvToken, "t-env")
	if c, err := New(context.Background(), "test", ios).Client(); err != nil || c.Token() != "t-env" {
		t.Errorf("PORTAL_TOKEN: %v, %v", c, err)
	}
}
