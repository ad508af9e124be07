package cli_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdutil"
)

// The acceptance test of the help centre commands: the portal command line, in process,
// against a real portald over a freshly seeded database (the setup of acceptance_test.go).
// The demo agent searches the help centre and reads articles, the Published ones only; staff
// who manage content read a Draft too.

// helpResult is a search result as --json prints it.
type helpResult struct {
	Slug         string `json:"slug"`
	Title        string `json:"title"`
	CategoryName string `json:"category_name"`
	Snippet      []struct {
		Text  string `json:"text"`
		Match bool   `json:"match"`
	} `json:"snippet"`
}

func TestHelpAcceptance(t *testing.T) {
	// Mistakes in the command line fail before any request: no server is configured yet.
	isolated(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "search"}, "give the words to look for"},
		{[]string{"help", "search", " "}, "give the words to look for"},
		{[]string{"help", "search", "escrow", "--limit", "101"}, "--limit must be between 1 and 100"},
		{[]string{"help", "view", "Advances-and-escrow"}, `invalid help article slug "Advances-and-escrow"`},
		{[]string{"help", "view"}, "takes one article slug, got 0 arguments"},
	} {
		r := portal(t, "", tt.args...)
		if r.code != cmdutil.ExitError || !strings.Contains(r.stderr, tt.want) || !strings.Contains(r.stderr, "--help' for usage") {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", strings.Join(tt.args, " "), r.code, r.stderr, tt.want)
		}
	}
	if r := portal(t, "", "help", "search", "escrow"); r.code != cmdutil.ExitAuth {
		t.Errorf("a search without a login: exit %d, stderr %q", r.code, r.stderr)
	}

	env := startAsAgent(t)

	t.Run("search piped: one line per result, the best first, no escape codes", func(t *testing.T) {
		out := mustPortal(t, "help", "search", "escrow")
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) < 3 || !strings.HasPrefix(lines[0], "advances-and-escrow\tAdvances and escrow\tpayments\tPayments and commissions\t") {
			t.Fatalf("search escrow:\n%s", out)
		}
		for _, l := range lines {
			if cols := strings.Split(l, "\t"); len(cols) != 5 || !strings.Contains(strings.ToLower(cols[4]), "escrow") {
				t.Errorf("line %q", l)
			}
		}
		if strings.Contains(out, "\x1b") {
			t.Errorf("escape codes when piped: %q", out)
		}
	})

	t.Run("search --json: the results with their marked snippets", func(t *testing.T) {
		var rs []helpResult
		if err := json.Unmarshal([]byte(mustPortal(t, "help", "search", "chargeback", "--json")), &rs); err != nil {
			t.Fatal(err)
		}
		if len(rs) == 0 || rs[0].Slug != "chargebacks" || rs[0].CategoryName != "Payments and commissions" {
			t.Fatalf("chargeback: %+v", rs)
		}
		marked := false
		for _, p := range rs[0].Snippet {
			marked = marked || p.Match && strings.HasPrefix(strings.ToLower(p.Text), "chargeback")
		}
		if !marked {
			t.Errorf("no word marked in %+v", rs[0].Snippet)
		}
	})

	t.Run("search: the words joined, the limit, -- before a minus", func(t *testing.T) {
		if out := mustPortal(t, "help", "search", "portal", "OR", "policy", "OR", "associate", "-L", "2", "--jq", ".[].slug"); len(strings.Fields(out)) != 2 {
			t.Errorf("limit 2: %q", out)
		}
		out := mustPortal(t, "help", "search", "--jq", ".[].slug", "--", `"target premium"`, "-lapses")
		if out == "" || strings.Contains(out, "advances-and-escrow") {
			t.Errorf("a phrase without lapses: %q", out)
		}
	})

	t.Run("search without a match says so and succeeds", func(t *testing.T) {
		r := portal(t, "", "help", "search", "zyxwvut")
		if r.code != 0 || r.stdout != "" || r.stderr != "No help articles match \"zyxwvut\".\n" {
			t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
		// A Draft is not found by an associate.
		if out := mustPortal(t, "help", "search", "continuing", "education", "--json"); strings.TrimSpace(out) != "[]" {
			t.Errorf("the Draft is found: %s", out)
		}
	})

	t.Run("view piped: the summary's fields, then the Markdown", func(t *testing.T) {
		out := mustPortal(t, "help", "view", "advances-and-escrow")
		for _, want := range []string{"slug:\tadvances-and-escrow\ntitle:\tAdvances and escrow\ncategory:\tpayments\ncategory_name:\tPayments and commissions\nstatus:\tPublished\nlanguage:\ten\nupdated_at:\t",
			"\n--\nWhen a policy is approved, **75 %** of your commission is advanced"} {
			if !strings.Contains(out, want) {
				t.Errorf("view lacks %q:\n%s", want, out)
			}
		}
	})

	t.Run("view --json: the article with its Markdown and HTML", func(t *testing.T) {
		var a map[string]any
		if err := json.Unmarshal([]byte(mustPortal(t, "help", "view", "advances-and-escrow", "--json")), &a); err != nil {
			t.Fatal(err)
		}
		if a["title"] != "Advances and escrow" || a["category_name"] != "Payments and commissions" ||
			!strings.Contains(a["body_html"].(string), "<strong>75 %</strong>") || !strings.HasPrefix(a["body_markdown"].(string), "When a policy") {
			t.Errorf("article: %v", a)
		}
	})

	t.Run("view of a Draft: not found for an associate", func(t *testing.T) {
		for _, slug := range []string{"continuing-education-reminders", "no-such-article"} {
			r := portal(t, "", "help", "view", slug)
			if want := `error: Help article "` + slug + `" not found (HTTP 404)`; r.code != cmdutil.ExitError || r.stdout != "" || !strings.Contains(r.stderr, want) {
				t.Errorf("%s: exit %d, stderr %q; want 1 and %q", slug, r.code, r.stderr, want)
			}
		}
	})

	t.Run("staff who manage content read the Draft", func(t *testing.T) {
		login(t, env.URL, "staff@example.com")
		out := mustPortal(t, "help", "view", "continuing-education-reminders")
		if !strings.Contains(out, "status:\tDraft\n") || !strings.Contains(out, "published_at:\t\n") {
			t.Errorf("the Draft for staff:\n%s", out)
		}
	})
}
