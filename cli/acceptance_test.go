package cli_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/portalcmd"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/testdb"
)

// The acceptance test runs the portal command line, in process, against a real portald
// handler over a freshly seeded database, with the configuration in a temporary directory.

func TestMain(m *testing.M) { testdb.Main(m) }

const demoPassword = "portal-demo-pass"

type result struct {
	code   int
	stdout string
	stderr string
}

func portal(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(stdin)
	code := portalcmd.Run(context.Background(), args, ios)
	return result{code, out.String(), errOut.String()}
}

func mustPortal(t *testing.T, args ...string) string {
	t.Helper()
	r := portal(t, "", args...)
	if r.code != 0 {
		t.Fatalf("portal %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r.stdout
}

// isolated gives the test a configuration directory of its own, which it returns, and clears
// the environment variables that would choose a server, a token or an associate to act for.
func isolated(t *testing.T) string {
	t.Helper()
	cfgHome := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfgHome)
	for _, v := range []string{"PORTAL_SERVER", "PORTAL_TOKEN", "PORTAL_ACT_AS"} {
		t.Setenv(v, "")
	}
	return cfgHome
}

// login logs in to server as who with the demo password, which must succeed, and returns
// what the command printed.
func login(t *testing.T, server, who string) result {
	t.Helper()
	r := portal(t, demoPassword+"\n", "auth", "login", "--server", server, "--login", who, "--password-stdin")
	if r.code != 0 {
		t.Fatalf("login %s: exit %d: %s", who, r.code, r.stderr)
	}
	return r
}

// signatureSVG signs the acknowledgements that require a signature.
const signatureSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0L10 10"/></svg>`

// writeFile writes body to name in a temporary folder and returns its path.
func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// startAsAgent starts a portald over a freshly seeded database, isolates the configuration,
// logs the demo agent in and acknowledges the memos and W-9 documents waiting for it.
func startAsAgent(t *testing.T) *servertest.Env {
	t.Helper()
	env := servertest.Start(t)
	isolated(t)
	login(t, env.URL, "agent@example.com")
	mustPortal(t, "ack", "accept", "--yes", "--signature", writeFile(t, "signature.svg", signatureSVG))
	return env
}

func TestAcceptance(t *testing.T) {
	env := servertest.Start(t)
	cfgHome := isolated(t)
	t.Run("commands need a login", func(t *testing.T) {
		r := portal(t, "", "clients", "list")
		if r.code != cmdutil.ExitAuth || !strings.Contains(r.stderr, "portal auth login") {
			t.Errorf("exit %d, stderr %q; want 4 and a hint", r.code, r.stderr)
		}
	})

	t.Run("login needs a password source when piped", func(t *testing.T) {
		r := portal(t, "", "auth", "login", "--server", env.URL, "--login", "agent@example.com")
		if r.code != 1 || !strings.Contains(r.stderr, "--password-stdin") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("a wrong password fails", func(t *testing.T) {
		r := portal(t, "nope\n", "auth", "login", "--server", env.URL, "--login", "agent@example.com", "--password-stdin")
		if r.code != 1 || !strings.Contains(r.stderr, "login failed") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})

	if r := login(t, env.URL+"/", "agent@example.com"); !strings.Contains(r.stderr, "Logged in to "+env.URL+" as") {
		t.Errorf("login said %q", r.stderr)
	}

	t.Run("acknowledgements gate the rest", func(t *testing.T) {
		// A fresh associate must acknowledge memos and W-9s before anything else.
		r := portal(t, "", "clients", "list")
		if r.code != 1 || !strings.Contains(r.stderr, "HTTP 403") || !strings.Contains(r.stderr, "portal acknowledgements list") {
			t.Errorf("list before acknowledging: exit %d, stderr %q", r.code, r.stderr)
		}
		pending := mustPortal(t, "acknowledgements", "list")
		lines := strings.Split(strings.TrimSpace(pending), "\n")
		if len(lines) == 0 || !strings.HasPrefix(lines[0], "memos\t") {
			t.Errorf("pending items:\n%s", pending)
		}
		if strings.Contains(pending, "\ttrue\n") {
			r = portal(t, "", "ack", "accept", "--yes")
			if r.code != 1 || !strings.Contains(r.stderr, "--signature") {
				t.Errorf("accept without a signature: exit %d, stderr %q", r.code, r.stderr)
			}
		}
		mustPortal(t, "ack", "accept", "--yes", "--signature", writeFile(t, "signature.svg", signatureSVG))
		if out := mustPortal(t, "acknowledgements", "list", "--json"); strings.TrimSpace(out) != "[]" {
			t.Errorf("still pending: %s", out)
		}
	})

	t.Run("the configuration is private", func(t *testing.T) {
		dir := filepath.Join(cfgHome, "portal")
		for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, "config.json"): 0o600} {
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != want {
				t.Errorf("%s has mode %v, want %v", path, st.Mode().Perm(), want)
			}
		}
	})

	t.Run("status", func(t *testing.T) {
		out := mustPortal(t, "auth", "status")
		for _, s := range []string{"Server:  " + env.URL, "User:    ", "agent@example.com", "Code:    ", "Token:   valid"} {
			if !strings.Contains(out, s) {
				t.Errorf("status lacks %q:\n%s", s, out)
			}
		}
	})

	var clients []map[string]any
	t.Run("list as JSON", func(t *testing.T) {
		out := mustPortal(t, "clients", "list", "--json", "--limit", "1000")
		if err := json.Unmarshal([]byte(out), &clients); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if len(clients) == 0 {
			t.Fatal("no clients")
		}
		for _, f := range []string{"id", "first_name", "last_name", "associate_code", "annual_income", "can_edit"} {
			if _, ok := clients[0][f]; !ok {
				t.Errorf("field %s missing from %v", f, clients[0])
			}
		}
	})
	if len(clients) == 0 {
		t.FailNow()
	}

	t.Run("list piped is tab-separated, one line per client", func(t *testing.T) {
		out := mustPortal(t, "clients", "list", "--limit", "1000")
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) != len(clients) {
			t.Errorf("%d lines, want %d", len(lines), len(clients))
		}
		if n := len(strings.Split(lines[0], "\t")); n != 10 {
			t.Errorf("%d columns, want 10: %q", n, lines[0])
		}
	})

	t.Run("all pages equal one big page", func(t *testing.T) {
		out := mustPortal(t, "clients", "list", "--all", "--limit", "3", "--jq", ".[].id")
		if got := strings.Count(out, "\n"); got != len(clients) {
			t.Errorf("--all --limit 3 gave %d ids, want %d", got, len(clients))
		}
	})

	t.Run("filter and jq", func(t *testing.T) {
		last := clients[0]["last_name"].(string)
		out := mustPortal(t, "clients", "list", "--filter", "last_name=eq:"+last, "--jq", ".[].last_name")
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if l != last {
				t.Errorf("filtered on %q, got %q", last, l)
			}
		}
	})

	t.Run("an unknown filter fails before any request", func(t *testing.T) {
		r := portal(t, "", "clients", "list", "--filter", "shoe_size=eq:9")
		if r.code != 1 || !strings.Contains(r.stderr, `unknown filter field "shoe_size"`) {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})

	var id string
	t.Run("create", func(t *testing.T) {
		id = strings.TrimSpace(mustPortal(t, "clients", "create", "--first-name", "Accept", "--last-name", "Ancetest",
			"--email", "accept@example.com", "--phone", "(555) 010-0199", "--state", "ca", "--annual-income", "1234.56"))
		if _, err := strconv.ParseInt(id, 10, 64); err != nil {
			t.Fatalf("create printed %q, want the ID", id)
		}
	})

	t.Run("edit", func(t *testing.T) {
		out := mustPortal(t, "clients", "edit", id, "--city", "Reno", "--annual-income", "$2,000", "--json", "city,annual_income,phone,email")
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{"city": "Reno", "annual_income": float64(200000), "phone": "5550100199", "email": "accept@example.com"}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %v, want %v", k, got[k], v)
			}
		}
		view := mustPortal(t, "clients", "view", id)
		if !strings.Contains(view, "city:\tReno\n") || !strings.Contains(view, "first_name:\tAccept\n") {
			t.Errorf("view:\n%s", view)
		}
	})

	t.Run("a validation error names the field", func(t *testing.T) {
		r := portal(t, "", "clients", "edit", id, "--email", "not-an-email")
		if r.code != 1 || !strings.Contains(r.stderr, "email") || !strings.Contains(r.stderr, "HTTP 422") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("export to a file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "clients.csv")
		r := portal(t, "", "clients", "export", "-o", path)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if r.stdout != "" || r.stderr != "" {
			t.Errorf("export printed %q / %q when piped", r.stdout, r.stderr)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(rows)-1, len(clients)+1; got != want { // the client created above is in
			t.Errorf("%d rows, want %d", got, want)
		}
		matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*part"))
		if len(matches) != 0 {
			t.Errorf("temporary files left: %v", matches)
		}
	})

	t.Run("export filtered to stdout", func(t *testing.T) {
		out := mustPortal(t, "clients", "export", "--filter", "id=eq:"+id)
		if n := strings.Count(out, "\n"); n != 2 || !strings.Contains(out, "Ancetest") {
			t.Errorf("export of one client:\n%s", out)
		}
	})

	t.Run("delete needs --yes when piped", func(t *testing.T) {
		r := portal(t, "", "clients", "delete", id)
		if r.code != 1 || !strings.Contains(r.stderr, "--yes") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
		mustPortal(t, "clients", "delete", id, "--yes")
		r = portal(t, "", "clients", "view", id)
		if r.code != 1 || !strings.Contains(r.stderr, "HTTP 404") {
			t.Errorf("view after delete: exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("team", func(t *testing.T) { testTeam(t) })

	t.Run("PORTAL_TOKEN overrides the saved token", func(t *testing.T) {
		t.Setenv("PORTAL_TOKEN", "not-a-token")
		r := portal(t, "", "clients", "list")
		if r.code != cmdutil.ExitAuth {
			t.Errorf("exit %d, want 4: %s", r.code, r.stderr)
		}
		r = portal(t, "", "auth", "status")
		if r.code != cmdutil.ExitAuth || !strings.Contains(r.stdout, "invalid or expired") {
			t.Errorf("status: exit %d, stdout %q", r.code, r.stdout)
		}
	})

	t.Run("--server without a saved token", func(t *testing.T) {
		r := portal(t, "", "--server", "http://127.0.0.1:1", "clients", "list")
		if r.code != cmdutil.ExitAuth || !strings.Contains(r.stderr, "not logged in to http://127.0.0.1:1") {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("logout", func(t *testing.T) {
		r := portal(t, "", "auth", "logout")
		if r.code != 0 || !strings.Contains(r.stderr, "Logged out of "+env.URL) {
			t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
		}
		if r := portal(t, "", "clients", "list"); r.code != cmdutil.ExitAuth {
			t.Errorf("list after logout: exit %d, want 4", r.code)
		}
	})
}

func TestVersionAndCompletion(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	if out := mustPortal(t, "--version"); !strings.HasPrefix(out, "portal version ") {
		t.Errorf("--version = %q", out)
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		if out := mustPortal(t, "completion", shell); !strings.Contains(out, "portal") {
			t.Errorf("completion %s printed %d bytes", shell, len(out))
		}
	}
	if r := portal(t, "", "clients", "frobnicate"); r.code != 1 || !strings.Contains(r.stderr, `unknown command "frobnicate"`) {
		t.Errorf("unknown subcommand: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := portal(t, "", "clients", "list", "--no-such-flag"); r.code != 1 || !strings.Contains(r.stderr, "Run 'portal clients list --help' for usage.") {
		t.Errorf("unknown flag: exit %d, stderr %q", r.code, r.stderr)
	}
}

// testTeam runs the team and associates commands as the demo agent (AGT100, not senior).
func testTeam(t *testing.T) {
	var members []map[string]any
	t.Run("team list --view BaseShop", func(t *testing.T) {
		out := mustPortal(t, "team", "list", "--view", "BaseShop")
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) < 2 {
			t.Fatalf("the base shop has %d rows:\n%s", len(lines), out)
		}
		for _, l := range lines {
			if n := len(strings.Split(l, "\t")); n != 8 {
				t.Errorf("%d columns, want 8: %q", n, l)
			}
		}
		if err := json.Unmarshal([]byte(mustPortal(t, "team", "list", "--view", "baseshop", "--json", "--limit", "1000")), &members); err != nil {
			t.Fatal(err)
		}
		if len(members) != len(lines) {
			t.Errorf("--json has %d members, the table %d", len(members), len(lines))
		}
		found := false
		for _, m := range members {
			found = found || m["code"] == "AGT100"
		}
		if !found {
			t.Errorf("the agent is not in its own base shop")
		}
	})

	t.Run("team list --all walks next_cursor", func(t *testing.T) {
		out := mustPortal(t, "team", "list", "--view", "BaseShop", "--all", "--limit", "2", "--order", "code", "--jq", ".[].code")
		if got := strings.Count(out, "\n"); got != len(members) {
			t.Errorf("--all --limit 2 gave %d codes, want %d", got, len(members))
		}
		codes := strings.Fields(out)
		if !slices.IsSorted(codes) {
			t.Errorf("--order code is not followed: %v", codes)
		}
	})

	t.Run("team list filters", func(t *testing.T) {
		out := mustPortal(t, "team", "list", "--view", "BaseShop", "--filter", "code=eq:AGT100", "--filter", "status=in:active,suspended", "--jq", ".[].code")
		if strings.TrimSpace(out) != "AGT100" {
			t.Errorf("filtered on code AGT100: %q", out)
		}
		out = mustPortal(t, "team", "list", "--view", "BaseShop", "--filter", "level=in:TA,A", "--jq", ".[].level.code")
		for _, l := range strings.Fields(out) {
			if l != "TA" && l != "A" {
				t.Errorf("filtered on levels TA and A, got %s", l)
			}
		}
		r := portal(t, "", "team", "list", "--filter", "shoe_size=eq:9")
		if r.code != 1 || !strings.Contains(r.stderr, `unknown filter field "shoe_size"`) {
			t.Errorf("exit %d, stderr %q", r.code, r.stderr)
		}
		// Codes are case-insensitive; an unknown level is refused by the server, naming it.
		out = mustPortal(t, "team", "list", "--view", "BaseShop", "--filter", "code=eq:agt100", "--jq", ".[].code")
		if strings.TrimSpace(out) != "AGT100" {
			t.Errorf("filtered on code agt100: %q", out)
		}
		r = portal(t, "", "team", "list", "--view", "BaseShop", "--filter", "level=eq:XX")
		if r.code != 1 || !strings.Contains(r.stderr, "'XX' is not a level") {
			t.Errorf("level XX: exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("several --order keys apply in the order given", func(t *testing.T) {
		byKeys := func(order ...string) [][2]string {
			args := []string{"team", "list", "--view", "Infinity", "--all", "--limit", "3", "--jq", `.[] | [.status, .last_name] | @tsv`}
			for _, o := range order {
				args = append(args, "--order", o)
			}
			var rows [][2]string
			for _, l := range strings.Split(strings.TrimSpace(mustPortal(t, args...)), "\n") {
				status, last, _ := strings.Cut(l, "\t")
				rows = append(rows, [2]string{status, last})
			}
			return rows
		}
		statusFirst := byKeys("status", "last_name:desc")
		if !slices.IsSortedFunc(statusFirst, func(a, b [2]string) int {
			if c := strings.Compare(a[0], b[0]); c != 0 {
				return c
			}
			return strings.Compare(b[1], a[1])
		}) {
			t.Errorf("--order status --order last_name:desc is not by status first: %v", statusFirst)
		}
		nameFirst := byKeys("last_name:desc", "status")
		if !slices.IsSortedFunc(nameFirst, func(a, b [2]string) int {
			if c := strings.Compare(b[1], a[1]); c != 0 {
				return c
			}
			return strings.Compare(a[0], b[0])
		}) {
			t.Errorf("--order last_name:desc --order status is not by last name first: %v", nameFirst)
		}
	})

	t.Run("a view the agent is not offered", func(t *testing.T) {
		r := portal(t, "", "team", "list", "--view", "RmdSuperTeam")
		if r.code != 1 || !strings.Contains(r.stderr, "RmdSuperTeam is for senior associates") || !strings.Contains(r.stderr, "HTTP 403") {
			t.Errorf("exit %d, stderr %q; want 1 and the server's message", r.code, r.stderr)
		}
		if r.stdout != "" {
			t.Errorf("stdout %q", r.stdout)
		}
	})

	t.Run("team dashboard", func(t *testing.T) {
		out := mustPortal(t, "team", "dashboard")
		var views []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			views = append(views, strings.Split(l, "\t")[0])
		}
		if diff := cmp.Diff([]string{"Personal", "BaseShop", "Infinity"}, views); diff != "" {
			t.Errorf("views (-want +got):\n%s", diff)
		}
		out = mustPortal(t, "team", "summary", "--jq", `.[] | select(.view == "BaseShop") | .members`)
		if strings.TrimSpace(out) != strconv.Itoa(len(members)) {
			t.Errorf("the dashboard counts %s base shop members, the list %d", out, len(members))
		}
	})

	t.Run("team tree --depth 2", func(t *testing.T) {
		out := mustPortal(t, "team", "tree", "--depth", "2")
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if !strings.HasPrefix(lines[0], "0\tAGT100\t") {
			t.Errorf("the root is not the agent: %q", lines[0])
		}
		for _, l := range lines[1:] {
			if d := strings.Split(l, "\t")[0]; d != "1" && d != "2" {
				t.Errorf("depth %s beyond --depth 2: %q", d, l)
			}
		}
		var tree map[string]any
		if err := json.Unmarshal([]byte(mustPortal(t, "team", "tree", "agt100", "--depth", "1", "--json", "code,children,recruits")), &tree); err != nil {
			t.Fatal(err)
		}
		recruits, _ := tree["recruits"].([]any)
		if tree["code"] != "AGT100" || len(recruits) == 0 || float64(len(recruits)) != tree["children"] {
			t.Errorf("tree JSON = %v", tree)
		}
		for _, r := range recruits {
			if r.(map[string]any)["recruits"] != nil {
				t.Errorf("a node below --depth has recruits: %v", r)
			}
		}
	})

	t.Run("associates view", func(t *testing.T) {
		out := mustPortal(t, "associates", "view", "AGT100", "--licenses", "--json")
		var lic []map[string]any
		if err := json.Unmarshal([]byte(out), &lic); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if len(lic) == 0 {
			t.Fatal("the demo agent has no licenses")
		}
		for _, f := range []string{"id", "state", "number", "expires_on", "expiring_soon", "expired"} {
			if _, ok := lic[0][f]; !ok {
				t.Errorf("field %s missing from %v", f, lic[0])
			}
		}
		view := mustPortal(t, "associates", "view", "AGT100")
		if !strings.Contains(view, "relation:\tself\n") || !strings.Contains(view, "code:\tAGT100\n") {
			t.Errorf("overview:\n%s", view)
		}
		up := strings.TrimSpace(mustPortal(t, "associates", "view", "AGT100", "--jq", ".upline.code"))
		out = mustPortal(t, "associates", "view", up, "--json", "relation,email,status")
		if !strings.Contains(out, `"relation": "upline"`) || !strings.Contains(out, `"status": null`) {
			t.Errorf("the upline's overview shows more than contact fields:\n%s", out)
		}
		r := portal(t, "", "associates", "view", up, "--licenses")
		if r.code != 1 || !strings.Contains(r.stderr, "HTTP 404") {
			t.Errorf("an upline's licenses: exit %d, stderr %q", r.code, r.stderr)
		}
		for _, flag := range []string{"--appointments", "--levels"} {
			out := mustPortal(t, "associates", "view", "AGT100", flag, "--json")
			if !strings.HasPrefix(out, "[") {
				t.Errorf("%s --json: %s", flag, out)
			}
		}
	})

	t.Run("team export", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "team.csv")
		r := portal(t, "", "team", "export", "--view", "BaseShop", "-o", path)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if got := len(rows) - 1; got != len(members) {
			t.Errorf("%d rows, want %d", got, len(members))
		}
		out := mustPortal(t, "team", "export", "--view", "BaseShop", "--filter", "code=eq:AGT100")
		if n := strings.Count(out, "\n"); n != 2 || !strings.Contains(out, "AGT100") {
			t.Errorf("export of one member:\n%s", out)
		}
		r = portal(t, "", "team", "export", "--view", "RmdSuperBase", "-o", path)
		if r.code != 1 || !strings.Contains(r.stderr, "HTTP 403") {
			t.Errorf("export of a view not offered: exit %d, stderr %q", r.code, r.stderr)
		}
	})

	t.Run("list --csv and the download agree", func(t *testing.T) {
		for _, tt := range []struct {
			list, export []string
			sortedBy     string // a column the rows must be in ascending order of
		}{
			{list: []string{"team", "list", "--view", "Infinity", "--all", "--csv", "--order", "code"},
				export: []string{"team", "export", "--view", "Infinity", "--order", "code"}},
			// Two keys against the contract's field order (last_name before state): both
			// must sort by state first.
			{list: []string{"team", "list", "--view", "Infinity", "--all", "--csv", "--order", "state", "--order", "last_name:desc"},
				export:   []string{"team", "export", "--view", "Infinity", "--order", "state", "--order", "last_name:desc"},
				sortedBy: "state"},
			{list: []string{"clients", "list", "--all", "--csv", "--filter", "state=in:TX,CA"},
				export: []string{"clients", "export", "--filter", "state=in:TX,CA"}},
			// The agent's cashflow: money in cents, dates YYYY-MM-DD, newest first.
			{list: []string{"payments", "cashflow", "list", "--all", "--csv"},
				export: []string{"payments", "cashflow", "export"}},
		} {
			listed, err := csv.NewReader(strings.NewReader(mustPortal(t, tt.list...))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			exported, err := csv.NewReader(strings.NewReader(mustPortal(t, tt.export...))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(listed) < 3 {
				t.Fatalf("%v: only %d rows", tt.list, len(listed))
			}
			if diff := cmp.Diff(exported, listed); diff != "" {
				t.Errorf("%v (-download +list --csv):\n%s", tt.list, diff)
			}
			if tt.sortedBy != "" {
				col := slices.Index(listed[0], tt.sortedBy)
				if col < 0 {
					t.Fatalf("%v: no %s column in %v", tt.list, tt.sortedBy, listed[0])
				}
				if !slices.IsSortedFunc(listed[1:], func(a, b []string) int { return strings.Compare(a[col], b[col]) }) {
					t.Errorf("%v: the rows are not by %s first", tt.list, tt.sortedBy)
				}
			}
		}
	})
}
