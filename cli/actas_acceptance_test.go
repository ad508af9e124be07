package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/server/servertest"
)

// The acceptance test of the accounts, of acting for an associate and of export files: the
// portal command line, in process, against a real portald over a freshly seeded database,
// with the configuration in a temporary directory (the setup of acceptance_test.go).

func TestActAsAcceptance(t *testing.T) {
	env := servertest.Start(t)
	cfgHome := isolated(t)
	login(t, env.URL, "agent@example.com")
	login(t, env.URL, "staff@example.com")

	t.Run("a second login adds an account", func(t *testing.T) {
		out := mustPortal(t, "auth", "status")
		for _, want := range []string{"User:    Sam Staffer <staff@example.com>", "Staff:   yes", "Accounts:\n",
			"    agent@example.com (Alex Carter, AGT100)\n", "  * staff@example.com (Sam Staffer) (active)"} {
			if !strings.Contains(out, want) {
				t.Errorf("status lacks %q:\n%s", want, out)
			}
		}
	})

	t.Run("staff are told about --as", func(t *testing.T) {
		for _, args := range [][]string{{"team", "list"}, {"team", "tree"}, {"associates", "view", "AGT100"}} {
			r := portal(t, "", args...)
			if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, "--as CODE or PORTAL_ACT_AS=CODE") || strings.Contains(r.stderr, "access-token") {
				t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
			}
		}
	})

	t.Run("--as acts for an associate", func(t *testing.T) {
		out := mustPortal(t, "team", "list", "--view", "Personal", "--json", "code", "--as", "agt100")
		if !strings.Contains(out, `"code": "AGT100"`) {
			t.Errorf("Personal view as AGT100: %s", out)
		}
		out = mustPortal(t, "--as", "AGT100", "auth", "status")
		if !strings.Contains(out, "Code:    AGT100") || !strings.Contains(out, "Acting:  Sam Staffer") {
			t.Errorf("status acting:\n%s", out)
		}
		if out := mustPortal(t, "--as", "AGT100", "team", "tree", "--depth", "0", "--json", "code"); !strings.Contains(out, `"code": "AGT100"`) {
			t.Errorf("tree as AGT100: %s", out)
		}
	})

	t.Run("PORTAL_ACT_AS, and --as over it", func(t *testing.T) {
		t.Setenv("PORTAL_ACT_AS", "rmd100")
		if out := mustPortal(t, "team", "list", "--view", "Personal", "--json", "code"); !strings.Contains(out, `"code": "RMD100"`) {
			t.Errorf("Personal view with PORTAL_ACT_AS: %s", out)
		}
		if out := mustPortal(t, "team", "list", "--view", "Personal", "--json", "code", "--as", "AGT100"); !strings.Contains(out, `"code": "AGT100"`) {
			t.Errorf("--as did not win: %s", out)
		}
	})

	t.Run("a code no associate has", func(t *testing.T) {
		r := portal(t, "", "team", "list", "--as", "ZZZ999")
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, `No associate has the code "ZZZ999" given with --as or PORTAL_ACT_AS`) {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
		r = portal(t, "", "team", "list", "--as", "no way")
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, `invalid --as "no way"`) {
			t.Errorf("a malformed code: exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("exports follow the file name and never overwrite by surprise", func(t *testing.T) {
		dir := t.TempDir()
		xlsx := filepath.Join(dir, "clients.xlsx")
		mustPortal(t, "--as", "AGT100", "clients", "export", "-o", xlsx)
		first, err := os.ReadFile(xlsx)
		if err != nil || !bytes.HasPrefix(first, []byte("PK\x03\x04")) {
			t.Fatalf("clients.xlsx is not an XLSX file (%v): %.20q", err, first)
		}

		r := portal(t, "", "--as", "AGT100", "clients", "export", "-o", xlsx)
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, xlsx+" exists; use --clobber to overwrite it") {
			t.Errorf("a second export: exit %d, stderr %q", r.code, r.stderr)
		}
		if again, _ := os.ReadFile(xlsx); !bytes.Equal(again, first) {
			t.Error("the refused export changed the file")
		}
		mustPortal(t, "--as", "AGT100", "clients", "export", "-o", xlsx, "--clobber")

		r = portal(t, "", "--as", "AGT100", "clients", "export", "--format", "csv", "-o", filepath.Join(dir, "other.xlsx"))
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, "--format csv does not match the file name other.xlsx") {
			t.Errorf("a contradicting --format: exit %d, stderr %q", r.code, r.stderr)
		}

		team := filepath.Join(dir, "team.XLSX")
		mustPortal(t, "team", "export", "--as", "AGT100", "--view", "BaseShop", "-o", team)
		if b, err := os.ReadFile(team); err != nil || !bytes.HasPrefix(b, []byte("PK\x03\x04")) {
			t.Errorf("team.XLSX is not an XLSX file (%v)", err)
		}
		csvFile := filepath.Join(dir, "team.csv")
		mustPortal(t, "team", "export", "--as", "AGT100", "--view", "BaseShop", "-o", csvFile)
		if b, err := os.ReadFile(csvFile); err != nil || !strings.HasPrefix(string(b), "code,") && !strings.Contains(strings.SplitN(string(b), "\n", 2)[0], "code") {
			t.Errorf("team.csv is not CSV (%v): %.60q", err, b)
		}
	})

	t.Run("switch between accounts", func(t *testing.T) {
		r := portal(t, "", "auth", "switch", "AGENT@example.com")
		if r.code != 0 || !strings.Contains(r.stderr, "Switched to agent@example.com") {
			t.Fatalf("switch: exit %d, stderr %q", r.code, r.stderr)
		}
		if out := mustPortal(t, "auth", "status"); !strings.Contains(out, "  * agent@example.com") || !strings.Contains(out, "Code:    AGT100") {
			t.Errorf("status after the switch:\n%s", out)
		}
		// An associate may not act for anyone.
		r = portal(t, "", "--as", "RMD100", "auth", "status")
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, "--as (or PORTAL_ACT_AS) is only for staff allowed to act for associates") {
			t.Errorf("an associate with --as: exit %d, stderr %q", r.code, r.stderr)
		}
		// Without a name, the other of two.
		if r := portal(t, "", "auth", "switch"); r.code != 0 || !strings.Contains(r.stderr, "Switched to staff@example.com") {
			t.Errorf("switch to the other: exit %d, stderr %q", r.code, r.stderr)
		}
		r = portal(t, "", "auth", "switch", "nobody@example.com")
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, "logged in: agent@example.com, staff@example.com") {
			t.Errorf("switch to an unknown login: exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("a configuration of one account still works", func(t *testing.T) {
		token := strings.TrimSpace(mustPortal(t, "auth", "token"))
		old := map[string]any{"server": env.URL, "hosts": map[string]any{env.URL: map[string]string{"login": "staff@example.com", "token": token}}}
		home := t.TempDir()
		writeJSON(t, filepath.Join(home, "portal", "config.json"), old)
		t.Setenv("XDG_CONFIG_HOME", home)
		out := mustPortal(t, "auth", "status")
		if !strings.Contains(out, "Token:   valid") || !strings.Contains(out, "  * staff@example.com (active)") {
			t.Errorf("status over an old file:\n%s", out)
		}
	})

	t.Run("logout removes the active account, then a named one", func(t *testing.T) {
		r := portal(t, "", "auth", "logout")
		if r.code != 0 || !strings.Contains(r.stderr, "Logged out of "+env.URL+" as staff@example.com") ||
			!strings.Contains(r.stderr, "Switched to agent@example.com") {
			t.Fatalf("logout: exit %d, stderr %q", r.code, r.stderr)
		}
		if out := mustPortal(t, "auth", "status"); !strings.Contains(out, "Code:    AGT100") || strings.Contains(out, "staff@example.com") {
			t.Errorf("status after the logout:\n%s", out)
		}
		if r := portal(t, "", "auth", "logout", "agent@example.com"); r.code != 0 {
			t.Fatalf("logout by name: exit %d, stderr %q", r.code, r.stderr)
		}
		if r := portal(t, "", "team", "list"); r.code != cmdutil.ExitAuth {
			t.Errorf("after the last logout: exit %d, want 4", r.code)
		}
		st, err := os.Stat(filepath.Join(cfgHome, "portal", "config.json"))
		if err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("configuration file: %v %v", st, err)
		}
	})
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
