package shared

import (
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Markdown turns an event's description, the sanitised HTML the server renders from its
// Markdown (CommonMark with GitHub's tables, strikethrough, autolinks and task lists), back
// into Markdown, for the terminal's renderer (glamour) or to be read as it is when piped.
// The HTML is read leniently (unclosed and void elements, HTML entities); what cannot be
// read at all is shown as its text, the tags removed.
func Markdown(html string) string {
	root, err := parseHTML(html)
	if err != nil {
		return plainText(html)
	}
	var w mdWriter
	w.blocks(root.kids)
	return strings.TrimSpace(strings.Join(w.out, "\n\n")) + "\n"
}

// node is an element of the HTML (tag set) or a run of text.
type node struct {
	tag   string
	attrs map[string]string
	text  string
	kids  []*node
}

func parseHTML(html string) (*node, error) {
	d := xml.NewDecoder(strings.NewReader("<body>" + html + "</body>"))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	root := &node{tag: "root"}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return root, nil
		}
		if err != nil {
			return nil, err
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			n := &node{tag: strings.ToLower(t.Name.Local), attrs: map[string]string{}}
			for _, a := range t.Attr {
				n.attrs[strings.ToLower(a.Name.Local)] = a.Value
			}
			top.kids = append(top.kids, n)
			stack = append(stack, n)
		case xml.EndElement:
			// Close the nearest open element of that name, and those left open inside it.
			tag := strings.ToLower(t.Name.Local)
			for i := len(stack) - 1; i > 0; i-- {
				if stack[i].tag == tag {
					stack = stack[:i]
					break
				}
			}
		case xml.CharData:
			top.kids = append(top.kids, &node{text: string(t)})
		}
	}
}

var tags = regexp.MustCompile(`<[^>]*>`)

// plainText is html without its tags, its entities read.
func plainText(html string) string {
	s := tags.ReplaceAllString(html, "")
	var b strings.Builder
	d := xml.NewDecoder(strings.NewReader("<t>" + strings.ReplaceAll(s, "<", "&lt;") + "</t>"))
	d.Strict, d.Entity = false, xml.HTMLEntity
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if c, ok := tok.(xml.CharData); ok {
			b.Write(c)
		}
	}
	return strings.TrimSpace(b.String()) + "\n"
}

// blockTags are the elements written as blocks of their own.
var blockTags = map[string]bool{"p": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"ul": true, "ol": true, "li": true, "blockquote": true, "pre": true, "hr": true, "table": true, "div": true,
	"body": true, "thead": true, "tbody": true, "tr": true, "dl": true, "dt": true, "dd": true}

// mdWriter collects the Markdown blocks of a run of nodes.
type mdWriter struct{ out []string }

func (w *mdWriter) add(s string) {
	if strings.TrimSpace(s) != "" {
		w.out = append(w.out, s)
	}
}

// blocks writes nodes as blocks: block elements each as theirs, runs of inline nodes
// between them as a paragraph.
func (w *mdWriter) blocks(nodes []*node) {
	var run []*node
	flush := func() {
		if len(run) > 0 {
			w.add(paragraph(inline(run)))
			run = nil
		}
	}
	for _, n := range nodes {
		if n.tag == "" || !blockTags[n.tag] {
			run = append(run, n)
			continue
		}
		flush()
		w.block(n)
	}
	flush()
}

func (w *mdWriter) block(n *node) {
	switch n.tag {
	case "p", "dt", "dd":
		w.add(paragraph(inline(n.kids)))
	case "h1", "h2", "h3", "h4", "h5", "h6":
		level, _ := strconv.Atoi(n.tag[1:])
		w.add(strings.Repeat("#", level) + " " + oneLine(inline(n.kids)))
	case "hr":
		w.add("---")
	case "pre":
		w.add(codeBlock(n))
	case "blockquote":
		var inner mdWriter
		inner.blocks(n.kids)
		w.add(prefixLines(strings.Join(inner.out, "\n\n"), "> ", "> "))
	case "ul", "ol":
		w.add(list(n))
	case "table":
		w.add(table(n))
	default: // div, body, li out of a list…
		w.blocks(n.kids)
	}
}

// list writes a list's items, each's continuation lines indented under its marker.
func list(n *node) string {
	num := 1
	if s, err := strconv.Atoi(n.attrs["start"]); err == nil {
		num = s
	}
	var items []string
	spread := "\n" // between items: a blank line in a loose list
	for _, li := range n.kids {
		if li.tag != "li" {
			continue
		}
		marker := "- "
		if n.tag == "ol" {
			marker = strconv.Itoa(num) + ". "
			num++
		}
		var inner mdWriter
		inner.blocks(li.kids)
		sep := "\n"
		if loose(li) {
			sep, spread = "\n\n", "\n\n"
		}
		body := strings.Join(inner.out, sep)
		items = append(items, prefixLines(body, marker, strings.Repeat(" ", len(marker))))
	}
	return strings.Join(items, spread)
}

// loose reports an item whose paragraphs are written as <p> (a loose list).
func loose(li *node) bool {
	for _, k := range li.kids {
		if k.tag == "p" {
			return true
		}
	}
	return false
}

func codeBlock(pre *node) string {
	lang := ""
	var text strings.Builder
	var walk func(*node)
	walk = func(n *node) {
		if n.tag == "code" {
			for _, c := range strings.Fields(n.attrs["class"]) {
				if l, ok := strings.CutPrefix(c, "language-"); ok {
					lang = l
				}
			}
		}
		text.WriteString(n.text)
		for _, k := range n.kids {
			walk(k)
		}
	}
	for _, k := range pre.kids {
		walk(k)
	}
	fence := "```"
	for strings.Contains(text.String(), fence) {
		fence += "`"
	}
	return fence + lang + "\n" + strings.TrimRight(text.String(), "\n") + "\n" + fence
}

func table(n *node) string {
	var rows [][]string
	var walk func(*node)
	walk = func(n *node) {
		if n.tag == "tr" {
			var cells []string
			for _, c := range n.kids {
				if c.tag == "th" || c.tag == "td" {
					cells = append(cells, strings.ReplaceAll(oneLine(inline(c.kids)), "|", `\|`))
				}
			}
			rows = append(rows, cells)
			return
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(n)
	if len(rows) == 0 {
		return ""
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	line := func(cells []string) string {
		for len(cells) < width {
			cells = append(cells, "")
		}
		return "| " + strings.Join(cells, " | ") + " |"
	}
	out := []string{line(rows[0]), line(slicesRepeat("---", width))}
	for _, r := range rows[1:] {
		out = append(out, line(r))
	}
	return strings.Join(out, "\n")
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// inline writes inline nodes as Markdown: emphasis, code, links, images, line breaks and
// the text, its Markdown characters escaped and its runs of white space made one space.
func inline(nodes []*node) string {
	var b strings.Builder
	for _, n := range nodes {
		switch n.tag {
		case "":
			b.WriteString(escape(collapse(n.text)))
		case "strong", "b":
			b.WriteString(wrapped("**", inline(n.kids)))
		case "em", "i":
			b.WriteString(wrapped("*", inline(n.kids)))
		case "del", "s":
			b.WriteString(wrapped("~~", inline(n.kids)))
		case "code":
			b.WriteString(codeSpan(textOf(n)))
		case "br":
			b.WriteString("\\\n")
		case "a":
			label, href := inline(n.kids), n.attrs["href"]
			if href == "" {
				b.WriteString(label)
			} else {
				b.WriteString("[" + label + "](" + linkTarget(href) + title(n) + ")")
			}
		case "img":
			b.WriteString("![" + escape(n.attrs["alt"]) + "](" + linkTarget(n.attrs["src"]) + title(n) + ")")
		case "input":
			if n.attrs["type"] == "checkbox" {
				if _, checked := n.attrs["checked"]; checked {
					b.WriteString("[x]")
				} else {
					b.WriteString("[ ]")
				}
			}
		default:
			b.WriteString(inline(n.kids))
		}
	}
	return strings.ReplaceAll(b.String(), "\\\n ", "\\\n")
}

// wrapped puts an emphasis marker around s, outside its spaces (Markdown needs the marker
// against the text).
func wrapped(marker, s string) string {
	core := strings.TrimSpace(s)
	if core == "" {
		return s
	}
	lead := s[:strings.Index(s, core)]
	trail := s[len(lead)+len(core):]
	return lead + marker + core + marker + trail
}

func textOf(n *node) string {
	var b strings.Builder
	b.WriteString(n.text)
	for _, k := range n.kids {
		b.WriteString(textOf(k))
	}
	return b.String()
}

func codeSpan(s string) string {
	s = collapse(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// linkTarget is a URL as a link's destination: in angle brackets when it holds a space or
// a parenthesis.
func linkTarget(u string) string {
	if strings.ContainsAny(u, " ()<>") {
		return "<" + strings.NewReplacer("<", "%3C", ">", "%3E").Replace(u) + ">"
	}
	return u
}

// title is the title of a link or image as its Markdown writes it: ` "…"`, or "".
func title(n *node) string {
	t, ok := n.attrs["title"]
	if !ok {
		return ""
	}
	return ` "` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t) + `"`
}

var space = regexp.MustCompile(`\s+`)

func collapse(s string) string { return space.ReplaceAllString(s, " ") }

// mdEscaper escapes the characters that mean something inline in Markdown.
var mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", `\<`, "~", `\~`)

func escape(s string) string { return mdEscaper.Replace(s) }

// paragraph is inline Markdown as a paragraph: trimmed, and a first character that would
// start a heading, a quote or a list escaped.
func paragraph(s string) string {
	s = strings.Trim(s, " ")
	if s != "" && strings.ContainsRune("#>-+", rune(s[0])) {
		s = `\` + s
	}
	return s
}

// oneLine is inline Markdown on one line (a heading, a table cell).
func oneLine(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "\\\n", " "))
}

// prefixLines puts first before the first line of s and rest before the others (empty
// lines stay empty, but for a quote's marker).
func prefixLines(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		if l == "" && strings.TrimSpace(p) == "" {
			continue
		}
		lines[i] = strings.TrimRight(p+l, " ")
		if l == "" {
			lines[i] = strings.TrimRight(p, " ")
		}
	}
	return strings.Join(lines, "\n")
}
