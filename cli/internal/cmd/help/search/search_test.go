package search

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdSearch(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		want       oas.SearchHelpParams
		wantFields []string
		wantErr    string
	}{
		{name: "one word, the default limit", args: []string{"escrow"}, want: oas.SearchHelpParams{Q: "escrow", Limit: oas.NewOptInt(20)}},
		{name: "the words joined by spaces", args: []string{"advance", " escrow ", "released"},
			want: oas.SearchHelpParams{Q: "advance  escrow  released", Limit: oas.NewOptInt(20)}},
		{name: "one quoted argument", args: []string{"  target premium  "}, want: oas.SearchHelpParams{Q: "target premium", Limit: oas.NewOptInt(20)}},
		{name: "a limit", args: []string{"escrow", "--limit", "5"}, want: oas.SearchHelpParams{Q: "escrow", Limit: oas.NewOptInt(5)}},
		{name: "-L before the words", args: []string{"-L", "100", "escrow"}, want: oas.SearchHelpParams{Q: "escrow", Limit: oas.NewOptInt(100)}},
		{name: "a word left out after --", args: []string{"--", `"target premium"`, "-lapses"},
			want: oas.SearchHelpParams{Q: `"target premium" -lapses`, Limit: oas.NewOptInt(20)}},
		{name: "json fields", args: []string{"escrow", "--json", "slug,title"}, want: oas.SearchHelpParams{Q: "escrow", Limit: oas.NewOptInt(20)},
			wantFields: []string{"slug", "title"}},
		{name: "no words", wantErr: "give the words to look for"},
		{name: "only spaces", args: []string{" ", "\t"}, wantErr: "give the words to look for"},
		{name: "too long", args: []string{strings.Repeat("é", 201)}, wantErr: "the search is 201 characters long; at most 200"},
		{name: "a limit of 0", args: []string{"escrow", "--limit", "0"}, wantErr: "--limit must be between 1 and 100"},
		{name: "a limit above 100", args: []string{"escrow", "-L", "101"}, wantErr: "--limit must be between 1 and 100"},
		{name: "a word that looks like a flag", args: []string{"escrow", "-lapses"}, wantErr: "unknown shorthand flag: 'l' in -lapses"},
		{name: "an unknown field", args: []string{"escrow", "--json", "body"}, wantErr: `unknown JSON field "body"`},
		{name: "csv and json", args: []string{"escrow", "--csv", "--json"}, wantErr: "--csv cannot be combined with --json or --jq"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdSearch, cmdutil.ExpandJSONArgs(tt.args), tt.wantErr)
			if got == nil {
				return
			}
			if diff := cmp.Diff(tt.want, got.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
			if tt.wantFields != nil {
				if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
					t.Errorf("fields (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func part(text string, match bool) oas.HelpSnippetPart {
	return oas.HelpSnippetPart{Text: text, Match: match}
}

func TestSnippet(t *testing.T) {
	mark := func(s string) string { return "[" + s + "]" }
	tests := []struct {
		name  string
		parts []oas.HelpSnippetPart
		want  string
	}{
		{name: "none"},
		{name: "a match inside", parts: []oas.HelpSnippetPart{part("held in ", false), part("escrow", true), part(". Released", false)},
			want: "held in [escrow]. Released"},
		{name: "white space runs and line breaks become one space, the ends trimmed",
			parts: []oas.HelpSnippetPart{part("\n  advanced and\n\n", false), part("escrow", true), part(" \t", false), part("Escrow", true), part(" is\n", false)},
			want:  "advanced and [escrow] [Escrow] is"},
		{name: "a phrase: each word marked", parts: []oas.HelpSnippetPart{part("its ", false), part("target premium", true), part("×", false)},
			want: "its [target] [premium]×"},
		{name: "a match first", parts: []oas.HelpSnippetPart{part("Chargebacks", true), part(" are", false)}, want: "[Chargebacks] are"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Snippet(tt.parts, mark); got != tt.want {
				t.Errorf("Snippet = %q, want %q", got, tt.want)
			}
			plain := strings.NewReplacer("[", "", "]", "").Replace(tt.want)
			if got := Snippet(tt.parts, nil); got != plain {
				t.Errorf("Snippet without highlight = %q, want %q", got, plain)
			}
		})
	}
}

func sample() []oas.HelpSearchResult {
	return []oas.HelpSearchResult{
		{Slug: "advances-and-escrow", Title: "Advances and escrow", Category: "payments", CategoryName: "Payments and commissions",
			Snippet: []oas.HelpSnippetPart{part("When a policy is approved, 75 % of your commission is advanced and 25 % is held in ", false),
				part("escrow", true), part(".\n\n", false), part("Escrow", true), part(" is released in three parts.", false)}},
		{Slug: "chargebacks", Title: "Chargebacks", Category: "payments", CategoryName: "Payments and commissions",
			Snippet: []oas.HelpSnippetPart{part("taken from ", false), part("escrow", true), part(" first\tthen", false)}},
	}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name       string
		rs         []oas.HelpSearchResult
		tty, color bool
		args       []string
		want       string
		wantErr    string
	}{
		{
			name: "piped: tab-separated, the passage plain", rs: sample(),
			want: "advances-and-escrow\tAdvances and escrow\tpayments\tPayments and commissions\t" +
				"When a policy is approved, 75 % of your commission is advanced and 25 % is held in escrow. Escrow is released in three parts.\n" +
				"chargebacks\tChargebacks\tpayments\tPayments and commissions\ttaken from escrow first then\n",
		},
		{
			name: "terminal without colour: the passage wrapped and indented", rs: sample(), tty: true,
			want: `Advances and escrow
advances-and-escrow · Payments and commissions
  When a policy is approved, 75 % of your commission is advanced and 25 % is held in
  escrow. Escrow is released in three parts.

Chargebacks
chargebacks · Payments and commissions
  taken from escrow first then
`,
			wantErr: "\n2 articles; read one with portal help view SLUG\n",
		},
		{
			name: "terminal in colour: the title bold, the matched words highlighted", rs: sample()[1:], tty: true, color: true,
			want: "\x1b[1mChargebacks\x1b[0m\n\x1b[90mchargebacks · Payments and commissions\x1b[0m\n" +
				"  taken from \x1b[1m\x1b[33mescrow\x1b[0m\x1b[0m first then\n",
			wantErr: "\x1b[90m\n1 article; read one with portal help view SLUG\x1b[0m\n",
		},
		{
			name: "json: the results as the server answered them", rs: sample()[1:], args: []string{"--json", "slug,snippet"},
			want: `[
  {
    "slug": "chargebacks",
    "snippet": [
      {
        "match": false,
        "text": "taken from "
      },
      {
        "match": true,
        "text": "escrow"
      },
      {
        "match": false,
        "text": " first\tthen"
      }
    ]
  }
]
`,
		},
		{name: "jq", rs: sample(), args: []string{"--jq", ".[].slug"}, tty: true, color: true, want: "advances-and-escrow\nchargebacks\n"},
		{name: "json, no results", args: []string{"--json"}, want: "[]\n"},
		{name: "no results on a terminal", tty: true, wantErr: "No help articles match \"zyxwvut\".\n"},
		{name: "no results piped", wantErr: "No help articles match \"zyxwvut\".\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, errOut := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetColorEnabled(tt.color)
			ios.SetWidth(84)
			q := "escrow"
			if len(tt.rs) == 0 {
				q = "zyxwvut"
			}
			if err := Print(ios, cmdtest.Exporter(t, Fields, cmdutil.ExpandJSONArgs(tt.args)), q, tt.rs); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantErr, errOut.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}

// The search sends the words as q and the limit, and prints what the server answers; an
// error answer is returned as the server's error.
func TestSearchRun(t *testing.T) {
	var query url.Values
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/help/search" {
			http.NotFound(w, r)
			return
		}
		query = r.URL.Query()
		w.Header().Set("Content-Type", "application/json")
		if query.Get("q") == "boom" {
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"status":422,"message":"Validation error","errors":[{"field":"q","message":"too long"}]}`))
			return
		}
		_, _ = w.Write([]byte(`{"data":[{"slug":"chargebacks","title":"Chargebacks","category":"payments","category_name":"Payments and commissions",` +
			`"snippet":[{"text":"Chargebacks","match":true},{"text":" come from escrow first","match":false}]}]}`))
	}))
	t.Cleanup(ts.Close)
	run := func(args ...string) (string, error) {
		t.Helper()
		ios, _, out, _ := iostreams.Test()
		opts := cmdtest.Parse(t, ios, NewCmdSearch, args, "")
		opts.Client = func() (*sdk.Client, error) {
			return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
		}
		err := searchRun(context.Background(), opts)
		return out.String(), err
	}

	got, err := run("chargeback", "escrow", "-L", "3")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(url.Values{"q": {"chargeback escrow"}, "limit": {"3"}}, query); diff != "" {
		t.Errorf("query (-want +got):\n%s", diff)
	}
	if want := "chargebacks\tChargebacks\tpayments\tPayments and commissions\tChargebacks come from escrow first\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}

	if _, err := run("boom"); err == nil || cmdutil.Message(err) != "Validation error (HTTP 422)\n  q: too long" {
		t.Errorf("an error answer: %v", err)
	}
}
