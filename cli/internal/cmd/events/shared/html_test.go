package shared

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/content"
)

func TestMarkdown(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{name: "paragraphs, a tight list, emphasis and entities",
			html: "<p>Join the region for a full day:</p>\n<ul>\n<li><strong>09:00</strong> Welcome and recognition</li>\n" +
				"<li><strong>10:30</strong> The year&#39;s plan, by the RMDs</li>\n</ul>\n<p>Business attire. Bring your <em>associate</em> code for check-in.</p>\n",
			want: "Join the region for a full day:\n\n- **09:00** Welcome and recognition\n- **10:30** The year's plan, by the RMDs\n\n" +
				"Business attire. Bring your *associate* code for check-in.\n"},
		{name: "headings", html: "<p>The summit.</p>\n<h2>Day one</h2>\n<p>Keynotes.</p>\n",
			want: "The summit.\n\n## Day one\n\nKeynotes.\n"},
		{name: "nested and numbered lists", html: "<ol start=\"3\">\n<li>three</li>\n<li>four\n<ul>\n<li>nested <code>code</code> &amp; more</li>\n</ul>\n</li>\n</ol>\n",
			want: "3. three\n4. four\n   - nested `code` & more\n"},
		{name: "a loose list", html: "<ul>\n<li>\n<p>one</p>\n</li>\n<li>\n<p>two</p>\n<p>more</p>\n</li>\n</ul>\n",
			want: "- one\n\n- two\n\n  more\n"},
		{name: "a quote, a code block, a rule", html: "<blockquote>\n<p>quoted</p>\n<p>again</p>\n</blockquote>\n<hr>\n" +
			"<pre><code class=\"language-sh\">portal events list &amp;&amp; echo &#34;ok&#34;\n</code></pre>\n",
			want: "> quoted\n>\n> again\n\n---\n\n```sh\nportal events list && echo \"ok\"\n```\n"},
		{name: "a table", html: "<table>\n<thead>\n<tr>\n<th>When</th>\n<th>What</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>09:00</td>\n<td>a | b</td>\n</tr>\n</tbody>\n</table>\n",
			want: "| When | What |\n| --- | --- |\n| 09:00 | a \\| b |\n"},
		{name: "links, images, line breaks, task lists",
			html: "<p>See <a href=\"https://example.com/a_b\" target=\"_blank\" rel=\"noopener\">the <em>site</em></a>.<br>\nNext line.</p>\n" +
				"<ul>\n<li><input checked=\"\" disabled=\"\" type=\"checkbox\"> done</li>\n<li><input disabled type=\"checkbox\"> todo</li>\n</ul>\n" +
				"<p><img src=\"https://img.example.com/x.png\" alt=\"A banner\"></p>\n",
			want: "See [the *site*](https://example.com/a_b).\\\nNext line.\n\n- [x] done\n- [ ] todo\n\n![A banner](https://img.example.com/x.png)\n"},
		{name: "Markdown characters in the text are escaped", html: "<p>5 * 3 = 15_000 [sic] `x` ~y~ &lt;b&gt;</p>\n<p># not a heading</p>\n<p>- not a list</p>\n",
			want: "5 \\* 3 = 15\\_000 \\[sic\\] \\`x\\` \\~y\\~ \\<b>\n\n\\# not a heading\n\n\\- not a list\n"},
		{name: "text outside any block", html: "Just text, <strong>bold</strong>.", want: "Just text, **bold**.\n"},
		{name: "nothing", html: "", want: "\n"},
		{name: "unreadable: the text without its tags", html: "<p>Unclosed <a href=\"x>and &amp; more", want: "Unclosed and & more\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Markdown(tt.html)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The Markdown read back from the server's HTML renders, on the server, to the same HTML:
// the description loses nothing on its way to the terminal but its soft line breaks.
func TestMarkdownRoundTrip(t *testing.T) {
	for _, md := range []string{
		"Join the region for a full day:\n\n- **09:00** Welcome and recognition\n- **10:30** The year's plan, by the RMDs\n\nBusiness attire. Bring your *associate* code.",
		"The summit of the year.\n\n## Day one\nKeynotes and recognition.\n\n## Day two\nWorkshops: building a base shop, developing leaders, compliance.",
		"1. one\n2. two\n   - nested `code` & <b>raw</b>\n\n> quoted\n\n```go\nfmt.Println(\"x < y\")\n```\n\n| a | b |\n|---|---|\n| 1 | 2 \\| 3 |\n",
		"- [x] done\n- [ ] todo\n\nSee [the site](https://example.com/a_b) and https://auto.example.com.\nA [link](https://example.com \"a \\\"title\\\"\") break\\\nhere ~~gone~~ 5 * 3 _x_ Q&A \"quotes\" [not a link]",
		"- loose one\n\n- loose two\n\n  second para\n\n---\n\n![alt text](https://img.example.com/x.png \"t\")\n\n# Top *level* heading\n\n5. five\n6. six",
	} {
		html := content.HTML(md)
		back := content.HTML(Markdown(html))
		if diff := cmp.Diff(softBreaks(html), softBreaks(back)); diff != "" {
			t.Errorf("%q (-server's HTML +HTML of the Markdown read back):\n%s", md, diff)
		}
	}
}

// softBreaks makes every line break inside a paragraph a space.
func softBreaks(html string) string {
	var b strings.Builder
	for i, line := range strings.Split(html, "\n") {
		if i > 0 {
			if strings.HasPrefix(line, "<") || strings.HasSuffix(b.String(), ">") {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(line)
	}
	return b.String()
}
