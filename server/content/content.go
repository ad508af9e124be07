// Package content holds the rules of the help centre's articles and the public pages:
// Markdown rendered to sanitised HTML, the plain text that search reads, slugs, and the
// publication states.
package content

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/associateportal/portal/server/errs"
)

// Publication states of an article (the spec's content publication).
const (
	Draft       = "Draft"
	Published   = "Published"
	Unpublished = "Unpublished"
)

// Statuses are the states in the spec's order.
var Statuses = []string{Draft, Published, Unpublished}

// markdown renders CommonMark with GitHub's tables, strikethrough, autolinks and task
// lists. Raw HTML in the source is never passed through (goldmark's default): it is
// dropped, and what is rendered is sanitised again below.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// policy keeps what user-written content may hold: text formatting, lists, tables, code,
// images and links whose scheme is http, https or mailto (or relative). Scripts, styles,
// frames, forms, event handlers and javascript: or data: URLs are removed.
var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireNoFollowOnLinks(false)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.AllowAttrs("type", "checked", "disabled").OnElements("input")
	return p
}()

// HTML renders Markdown to sanitised HTML.
func HTML(src string) string {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(src), &buf); err != nil {
		// goldmark's renderer fails only when its writer does; a bytes.Buffer does not.
		return ""
	}
	return policy.Sanitize(buf.String())
}

// PlainText is the text a reader of the rendered Markdown sees, blocks separated by line
// breaks: what search indexes and snippets quote. Link targets, image addresses and raw
// HTML are left out; an image's alternative text is kept.
func PlainText(src string) string {
	source := []byte(src)
	doc := markdown.Parser().Parse(text.NewReader(source))
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.Text:
			if entering {
				b.Write(n.Segment.Value(source))
				if n.SoftLineBreak() || n.HardLineBreak() {
					b.WriteByte(' ')
				}
			}
		case *ast.String:
			if entering {
				b.Write(n.Value)
			}
		case *ast.CodeSpan:
			// Its text children are walked.
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if entering {
				lines := n.Lines()
				for i := 0; i < lines.Len(); i++ {
					seg := lines.At(i)
					b.Write(seg.Value(source))
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		if !entering && n.Type() == ast.TypeBlock && b.Len() > 0 {
			b.WriteByte('\n')
		}
		return ast.WalkContinue, nil
	})
	return tidy(b.String())
}

var (
	blankRun = regexp.MustCompile(`[ \t]+`)
	lineRun  = regexp.MustCompile(`\s*\n\s*`)
	// Control characters but tab and line feed: never text a reader sees, and the marks
	// search puts around matched words must be the only ones in a snippet.
	control = regexp.MustCompile(`[\x00-\x08\x0b-\x1f\x7f]`)
)

// tidy drops control characters and collapses runs of spaces and of blank lines.
func tidy(s string) string {
	s = control.ReplaceAllString(s, " ")
	s = blankRun.ReplaceAllString(s, " ")
	s = lineRun.ReplaceAllString(s, "\n")
	return strings.TrimSpace(s)
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidSlug reports whether s is a slug: lower-case letters, digits and single hyphens,
// at most 100 characters.
func ValidSlug(s string) bool { return len(s) <= 100 && slugPattern.MatchString(s) }

// ArticleInput is what staff write: the editable part of an article.
type ArticleInput struct {
	Title    string
	Slug     string
	Category string // the category's slug
	Language string // en or fr; empty is en
	Status   string // empty keeps the current state (Draft for a new article)
	Body     string
}

// Normalise trims the input and fills the defaults.
func (in *ArticleInput) Normalise() {
	in.Title = strings.TrimSpace(in.Title)
	in.Slug = strings.TrimSpace(in.Slug)
	in.Category = strings.TrimSpace(in.Category)
	if in.Language == "" {
		in.Language = "en"
	}
}

// Check answers the input's field errors with the spec's messages (nil when it is valid).
func (in *ArticleInput) Check() error {
	var f errs.Fields
	switch {
	case in.Title == "":
		f.Add("title", "Title is required")
	case utf8.RuneCountInString(in.Title) > 200:
		f.Add("title", "Title must be at most 200 characters")
	}
	switch {
	case in.Slug == "":
		f.Add("slug", "Slug is required")
	case !ValidSlug(in.Slug):
		f.Add("slug", "Slug may hold only lower-case letters, digits and single hyphens (at most 100)")
	}
	if in.Category == "" {
		f.Add("category", "Category is required")
	}
	if strings.TrimSpace(in.Body) == "" {
		f.Add("body_markdown", "Body is required")
	}
	return f.Err()
}

// next are the states an article may move to from each state: a Published article is
// taken down as Unpublished, never sent back to Draft.
var next = map[string][]string{
	Draft:       {Published},
	Published:   {Unpublished},
	Unpublished: {Published},
}

// CheckTransition refuses a move the workflow does not allow (409); staying is allowed.
func CheckTransition(from, to string) error {
	if from == to || slices.Contains(next[from], to) {
		return nil
	}
	return errs.Transition("help article", from, to, next[from])
}
