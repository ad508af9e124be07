package content

import (
	"strings"
	"testing"

	"github.com/associateportal/portal/server/errs"
)

func TestHTMLRemovesWhatCouldRunOrTrick(t *testing.T) {
	cases := []struct {
		name, src string
		gone      []string // must not appear in the output
		kept      []string // must appear
	}{
		{"script tag", "Hello\n\n<script>alert(1)</script>\n\nBye", []string{"<script", "alert(1)"}, []string{"<p>Hello</p>", "<p>Bye</p>"}},
		// Inline raw HTML is dropped tag by tag: what was between the tags is left as text.
		{"inline script", "Hi <script>alert(1)</script> there", []string{"<script", "</script"}, []string{"<p>Hi alert(1) there</p>"}},
		{"event handler", `<img src="x.png" onerror="alert(1)">` + "\n\n![ok](https://example.com/a.png)", []string{"onerror", "alert"}, []string{`<img src="https://example.com/a.png" alt="ok"`}},
		{"event handler in html block", `<div onclick="steal()">click</div>`, []string{"onclick", "steal"}, nil},
		{"javascript link", "[click](javascript:alert(1))", []string{"javascript:"}, []string{"click"}},
		{"javascript link, mixed case and entity", "[a](JaVaScRiPt:alert(1)) <a href=\"jav&#x09;ascript:alert(1)\">b</a>", []string{"avascript", "alert"}, nil},
		{"data url", "[x](data:text/html;base64,PHNjcmlwdD4=)", []string{"data:"}, nil},
		{"iframe and style", "<iframe src=\"https://evil.example\"></iframe><style>body{}</style>", []string{"<iframe", "<style"}, nil},
		{"safe link", "[Portal](https://example.com/help) and [mail](mailto:help@example.com) and [rel](/help/x)", nil,
			[]string{`href="https://example.com/help"`, `href="mailto:help@example.com"`, `href="/help/x"`}},
		{"formatting", "# Title\n\n**bold** _it_ `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done", nil,
			[]string{"<h1", "<strong>bold</strong>", "<em>it</em>", "<code>code</code>", "<table>", "<td>1</td>", `type="checkbox"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := HTML(c.src)
			for _, g := range c.gone {
				if strings.Contains(strings.ToLower(out), strings.ToLower(g)) {
					t.Errorf("HTML(%q) = %q still holds %q", c.src, out, g)
				}
			}
			for _, k := range c.kept {
				if !strings.Contains(out, k) {
					t.Errorf("HTML(%q) = %q lacks %q", c.src, out, k)
				}
			}
		})
	}
}

func TestPlainTextIsWhatAReaderSees(t *testing.T) {
	src := "# Getting paid\n\nYour **advance** is paid on [pay day](https://example.com/x).\n\n" +
		"<script>evil()</script>\n\n- one\n- two\n\n```\ncode line\n```\n\n![chart of escrow](a.png)"
	got := PlainText(src)
	want := "Getting paid\nYour advance is paid on pay day.\none\ntwo\ncode line\nchart of escrow"
	if got != want {
		t.Errorf("PlainText = %q, want %q", got, want)
	}
	// Control characters (the marks search puts around matches among them) are not text.
	if got := PlainText("a\x02b\x03c\x1bd\x7fe"); got != "a b c d e" {
		t.Errorf("PlainText with control characters = %q", got)
	}
}

func TestArticleInputCheck(t *testing.T) {
	in := ArticleInput{Title: "  ", Slug: "Bad Slug", Body: " "}
	in.Normalise()
	err := in.Check()
	e := errs.As(err)
	if e == nil || e.Kind != errs.Invalid {
		t.Fatalf("Check = %v, want a validation error", err)
	}
	got := map[string]string{}
	for _, f := range e.Fields {
		got[f.Field] = f.Message
	}
	want := map[string]string{
		"title":         "Title is required",
		"slug":          "Slug may hold only lower-case letters, digits and single hyphens (at most 100)",
		"category":      "Category is required",
		"body_markdown": "Body is required",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	ok := ArticleInput{Title: "T", Slug: "a-b-1", Category: "c", Body: "x"}
	ok.Normalise()
	if err := ok.Check(); err != nil || ok.Language != "en" {
		t.Errorf("valid input: %v, language %q", err, ok.Language)
	}
	for _, s := range []string{"a--b", "-a", "a-", "A", "a_b", strings.Repeat("a", 101)} {
		if ValidSlug(s) {
			t.Errorf("ValidSlug(%q) = true", s)
		}
	}
}

func TestTransitions(t *testing.T) {
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{Draft, Published, true}, {Draft, Draft, true}, {Published, Unpublished, true}, {Unpublished, Published, true},
		{Published, Draft, false}, {Unpublished, Draft, false}, {Draft, Unpublished, false},
	} {
		err := CheckTransition(c.from, c.to)
		if (err == nil) != c.ok {
			t.Errorf("%s → %s: %v", c.from, c.to, err)
		}
		if err != nil && errs.KindOf(err) != errs.Conflict {
			t.Errorf("%s → %s: kind %v, want Conflict", c.from, c.to, errs.KindOf(err))
		}
	}
}
