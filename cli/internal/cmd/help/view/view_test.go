package view

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdView(t *testing.T) {
	tests := []struct {
		args       string
		wantSlug   string
		wantFields []string
		wantErr    string
	}{
		{args: "advances-and-escrow", wantSlug: "advances-and-escrow"},
		{args: "w9 --json title,body_markdown", wantSlug: "w9", wantFields: []string{"title", "body_markdown"}},
		{args: "w9 --jq .body_html", wantSlug: "w9"},
		{args: "", wantErr: "view takes one article slug, got 0 arguments"},
		{args: "advances escrow", wantErr: "takes one article slug, got 2 arguments"},
		{args: "Advances-And-Escrow", wantErr: `invalid help article slug "Advances-And-Escrow": lower-case letters and digits joined by single hyphens`},
		{args: "advances--escrow", wantErr: `invalid help article slug "advances--escrow"`},
		{args: "../account", wantErr: `invalid help article slug "../account"`},
		{args: strings.Repeat("a", 101), wantErr: "invalid help article slug"},
		{args: "w9 --json body", wantErr: `unknown JSON field "body"`},
		{args: "w9 --csv --jq .title", wantErr: "--csv cannot be combined with --json or --jq"},
	}
	for _, tt := range tests {
		ios, _, _, _ := iostreams.Test()
		got := cmdtest.Parse(t, ios, NewCmdView, cmdutil.ExpandJSONArgs(strings.Fields(tt.args)), tt.wantErr)
		if got == nil {
			continue
		}
		if got.Slug != tt.wantSlug {
			t.Errorf("%q: slug %q", tt.args, got.Slug)
		}
		if tt.wantFields != nil {
			if diff := cmp.Diff(tt.wantFields, got.Exporter.Fields()); diff != "" {
				t.Errorf("%q: fields (-want +got):\n%s", tt.args, diff)
			}
		}
	}
}

func sample() *oas.HelpArticle {
	return &oas.HelpArticle{
		ID: 12, Slug: "advances-and-escrow", Title: "Advances and escrow", Category: "payments", CategoryName: "Payments and commissions",
		Status: oas.ContentStatusPublished, Language: oas.ContentLanguageEn,
		UpdatedAt:   time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
		PublishedAt: oas.NewOptDateTime(time.Date(2026, 10, 30, 9, 0, 0, 0, time.UTC)),
		BodyMarkdown: "When a policy is approved, **75 %** of your commission is advanced and **25 %** is held in escrow.\n\n" +
			"## Releases\n\nMonths 10, 11 and 12.\n",
		BodyHTML: "<p>When a policy is approved, <strong>75 %</strong> …</p>",
	}
}

func TestPrint(t *testing.T) {
	t.Setenv("GLAMOUR_STYLE", "")
	draft := sample()
	draft.Status, draft.PublishedAt = oas.ContentStatusDraft, oas.OptDateTime{}
	tests := []struct {
		name       string
		a          *oas.HelpArticle
		tty, color bool
		args       []string
		want       string
	}{
		{
			name: "piped: the summary's fields, then the Markdown as written", a: sample(),
			want: "id:\t12\nslug:\tadvances-and-escrow\ntitle:\tAdvances and escrow\ncategory:\tpayments\n" +
				"category_name:\tPayments and commissions\nstatus:\tPublished\nlanguage:\ten\nupdated_at:\t2026-11-01T12:00:00Z\n" +
				"published_at:\t2026-10-30T09:00:00Z\n--\n" + sample().BodyMarkdown,
		},
		{
			name: "terminal without colour: the heading, then the article's layout", a: sample(), tty: true,
			want: `Advances and escrow
Payments and commissions · updated 11/01/2026

  When a policy is approved, **75 %** of your commission is advanced and **25 %** is
  held in escrow.

  ## Releases

  Months 10, 11 and 12.
`,
		},
		{
			name: "terminal, a Draft for content staff", a: draft, tty: true,
			want: `Advances and escrow
Payments and commissions · updated 11/01/2026 · Draft

  When a policy is approved, **75 %** of your commission is advanced and **25 %** is
  held in escrow.

  ## Releases

  Months 10, 11 and 12.
`,
		},
		{
			name: "json", a: sample(), args: []string{"--json", "slug,title,category_name,updated_at,body_markdown"}, tty: true, color: true,
			want: `{
  "slug": "advances-and-escrow",
  "title": "Advances and escrow",
  "category_name": "Payments and commissions",
  "updated_at": "2026-11-01T12:00:00Z",
  "body_markdown": "When a policy is approved, **75 %** of your commission is advanced and **25 %** is held in escrow.\n\n## Releases\n\nMonths 10, 11 and 12.\n"
}
`,
		},
		{name: "jq", a: sample(), args: []string{"--jq", ".body_html"}, want: "<p>When a policy is approved, <strong>75 %</strong> …</p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetColorEnabled(tt.color)
			ios.SetWidth(90)
			if err := Print(ios, cmdtest.Exporter(t, Fields, cmdutil.ExpandJSONArgs(tt.args)), tt.a); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// On a terminal in colour the title is bold, the byline grey and the article styled.
func TestPrintColour(t *testing.T) {
	t.Setenv("GLAMOUR_STYLE", "")
	ios, _, out, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetColorEnabled(true)
	if err := Print(ios, cmdtest.Exporter(t, Fields, nil), sample()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.HasPrefix(got, "\x1b[1mAdvances and escrow\x1b[0m\n\x1b[90mPayments and commissions · updated 11/01/2026\x1b[0m\n") {
		t.Errorf("heading: %q", got)
	}
	if !strings.Contains(got, "Releases") || !strings.Contains(got, "\x1b[38;") {
		t.Errorf("article not styled: %q", got)
	}
}

// The article is asked for by its slug; a 404 (an article that does not exist, or a Draft
// an associate may not read) names the slug.
func TestViewRun(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/help/articles/advances-and-escrow":
			_, _ = w.Write([]byte(`{"id":12,"slug":"advances-and-escrow","title":"Advances and escrow","category":"payments",` +
				`"category_name":"Payments and commissions","status":"Published","language":"en","updated_at":"2026-11-01T12:00:00Z",` +
				`"body_markdown":"Held in **escrow**.","body_html":"<p>Held in <strong>escrow</strong>.</p>"}`))
		case "/api/help/articles/forbidden":
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"status":403,"message":"Forbidden"}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Help article not found"}`))
		}
	}))
	t.Cleanup(ts.Close)
	run := func(slug string) (string, error) {
		ios, _, out, _ := iostreams.Test()
		opts := &Options{IO: ios, Slug: slug, Exporter: cmdtest.Exporter(t, Fields, []string{"--jq", ".body_markdown"}),
			Client: func() (*sdk.Client, error) {
				return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
			}}
		err := viewRun(context.Background(), opts)
		return out.String(), err
	}
	if got, err := run("advances-and-escrow"); err != nil || got != "Held in **escrow**.\n" {
		t.Errorf("view: %q, %v", got, err)
	}
	_, err := run("continuing-education-reminders")
	if !sdk.IsNotFound(err) || cmdutil.ExitCode(err) != cmdutil.ExitError {
		t.Fatalf("a 404: %v", err)
	}
	if got, want := cmdutil.Message(err), `Help article "continuing-education-reminders" not found (HTTP 404)`; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if _, err := run("forbidden"); cmdutil.Message(err) != "Forbidden (HTTP 403)" {
		t.Errorf("another error is the server's: %v", err)
	}
}
