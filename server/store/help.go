package store

import (
	"cmp"
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/content"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

// The help centre (issue 12): associates read the Published articles; staff who manage
// content (all) read and write every state.

// HelpCategory is a category with how many articles of it the reader may read.
type HelpCategory struct {
	Slug, Name string
	Articles   int
}

// HelpArticle is an article; Body is its Markdown (the handlers render it).
type HelpArticle struct {
	ID                     int64
	Slug, Title            string
	Category, CategoryName string
	Status, Language       string
	Body                   string
	UpdatedAt              time.Time
	PublishedAt            *time.Time
}

// visibleTo is the condition on articles a of a reader: every state for staff who manage
// content, else the Published ones.
func visibleTo(all bool) string {
	if all {
		return "TRUE"
	}
	return "a.status = 'Published'"
}

// HelpCategories are the categories in their order, each with its readable articles.
func (s *Store) HelpCategories(ctx context.Context, all bool) ([]HelpCategory, error) {
	rows, err := s.db.Query(ctx, `SELECT c.slug, c.name,
			(SELECT count(*) FROM help_articles a WHERE a.category_id = c.id AND `+visibleTo(all)+`)
		FROM help_categories c ORDER BY c.position, c.name`)
	return collect(rows, err, func(r pgx.Rows, c *HelpCategory) error { return r.Scan(&c.Slug, &c.Name, &c.Articles) })
}

var helpColumns = map[string]listing.Column{
	"id":         {SQL: "a.id", Type: listing.Int},
	"title":      {SQL: "a.title"},
	"updated_at": {SQL: "a.updated_at", Type: listing.Time},
	"category":   {SQL: "c.slug"},
	"status":     {SQL: "a.status"},
	"language":   {SQL: "a.language"},
}

// HelpListing is the whitelist of the article list.
var HelpListing = listing.FromContract(lists.ListHelpArticles, helpColumns)

const helpSelect = `SELECT a.id, a.slug, a.title, c.slug, c.name, a.status, a.language, a.updated_at, a.published_at
	FROM help_articles a JOIN help_categories c ON c.id = a.category_id`

// ListHelpArticles calls each for every article of a page the reader may read (at most
// q.Limit+1 rows); the article passed is reused for the next row. The text is not read.
func (s *Store) ListHelpArticles(ctx context.Context, all bool, q listing.Query, each func(*HelpArticle)) error {
	var args listing.Args
	sql := helpSelect + ` WHERE ` + visibleTo(all) + ` AND ` + q.Where(&args) + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	var a HelpArticle
	for rows.Next() {
		if err := rows.Scan(&a.ID, &a.Slug, &a.Title, &a.Category, &a.CategoryName, &a.Status, &a.Language, &a.UpdatedAt, &a.PublishedAt); err != nil {
			return translate(err)
		}
		each(&a)
	}
	return translate(rows.Err())
}

// HelpSortValue is an article's value of a sortable field, for cursors.
func HelpSortValue(a *HelpArticle, field string) any {
	switch field {
	case "id":
		return a.ID
	case "title":
		return a.Title
	case "updated_at":
		return a.UpdatedAt
	}
	panic("store: no sort value for help article field " + field)
}

// GetHelpArticle is an article by slug with its text; NotFound when there is none the
// reader may read.
func (s *Store) GetHelpArticle(ctx context.Context, slug string, all bool) (HelpArticle, error) {
	var a HelpArticle
	err := s.db.QueryRow(ctx, `SELECT a.id, a.slug, a.title, c.slug, c.name, a.status, a.language, a.updated_at, a.published_at,
			a.body_markdown
		FROM help_articles a JOIN help_categories c ON c.id = a.category_id WHERE a.slug = $1 AND `+visibleTo(all), slug).
		Scan(&a.ID, &a.Slug, &a.Title, &a.Category, &a.CategoryName, &a.Status, &a.Language, &a.UpdatedAt, &a.PublishedAt, &a.Body)
	if errs.Is(translate(err), errs.NotFound) {
		return a, errs.NotFoundf("Help article not found")
	}
	return a, translate(err)
}

// SaveHelpArticle writes an article: a new one when slug is empty, else the article of
// that slug (which the input may rename). The category must exist, the new slug be free,
// and the state change be one the workflow allows; published_at is set the first time it
// is Published.
func (s *Store) SaveHelpArticle(ctx context.Context, userID int64, slug string, in content.ArticleInput) (HelpArticle, error) {
	in.Normalise()
	if err := in.Check(); err != nil {
		return HelpArticle{}, err
	}
	var saved string
	err := s.InTx(ctx, func(tx *Store) error {
		var category int64
		err := tx.db.QueryRow(ctx, `SELECT id FROM help_categories WHERE slug = $1`, in.Category).Scan(&category)
		if errs.Is(translate(err), errs.NotFound) {
			return errs.Validation(errs.Field("category", "Category does not exist"))
		}
		if err != nil {
			return translate(err)
		}
		from := ""
		if slug != "" {
			err := tx.db.QueryRow(ctx, `SELECT status FROM help_articles WHERE slug = $1 FOR UPDATE`, slug).Scan(&from)
			if errs.Is(translate(err), errs.NotFound) {
				return errs.NotFoundf("Help article not found")
			}
			if err != nil {
				return translate(err)
			}
		}
		to := in.Status
		if to == "" {
			to = cmp.Or(from, content.Draft)
		}
		if from != "" {
			if err := content.CheckTransition(from, to); err != nil {
				return err
			}
		}
		text := content.PlainText(in.Body)
		if slug == "" {
			_, err = tx.db.Exec(ctx, `INSERT INTO help_articles (slug, title, category_id, language, status, body_markdown, body_text,
					published_at, created_by, updated_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $5 = 'Draft' THEN NULL ELSE now() END, $8, $8)`,
				in.Slug, in.Title, category, in.Language, to, in.Body, text, userID)
		} else {
			_, err = tx.db.Exec(ctx, `UPDATE help_articles SET slug = $2, title = $3, category_id = $4, language = $5, status = $6,
					body_markdown = $7, body_text = $8, updated_by = $9, updated_at = now(),
					published_at = CASE WHEN $6 = 'Draft' THEN published_at ELSE coalesce(published_at, now()) END
				WHERE slug = $1`, slug, in.Slug, in.Title, category, in.Language, to, in.Body, text, userID)
		}
		if errs.Is(translate(err), errs.Conflict) {
			return errs.Validation(errs.Field("slug", "Slug is already used by another article"))
		}
		saved = in.Slug
		return translate(err)
	})
	if err != nil {
		return HelpArticle{}, err
	}
	return s.GetHelpArticle(ctx, saved, true)
}

// HelpHit is a search result; Snippet marks the matched words between snippetStart and
// snippetStop.
type HelpHit struct {
	Slug, Title, Category, CategoryName string
	Snippet                             string
}

// The marks around matched words in a snippet: control characters, which an article's
// searchable text never holds (content.PlainText drops them), so that the snippet splits
// into plain-text parts exactly where PostgreSQL marked it.
const (
	SnippetStart = "\x02"
	SnippetStop  = "\x03"
)

// searchCandidates bounds the articles a search ranks: every match of a word in most
// articles cannot be ranked within a request at 100,000 articles (the ranking reads each
// match's vector). The candidates are, in each language, up to this many articles whose title
// matches and up to this many whose text does; a query matching fewer is ranked exactly
// (docs/domain.md).
const searchCandidates = 500

// SearchHelp is the full-text search of the articles the reader may read, best first: the
// words as a web search takes them, stemmed in each article's language, title matches
// weighing more; with a passage of each where the words are marked.
func (s *Store) SearchHelp(ctx context.Context, words string, all bool, limit int) ([]HelpHit, error) {
	words = strings.NewReplacer(SnippetStart, " ", SnippetStop, " ").Replace(words)
	// Each language's articles match its own query, through its own indexes. The query is
	// written out where it is used rather than computed once, and the statement is planned
	// for its words (not prepared): a word in a third of the articles is found fastest by
	// reading the table until there are enough, a rare word or a phrase through the index,
	// and only the words tell which.
	const en, fr = `websearch_to_tsquery('english', $1)`, `websearch_to_tsquery('french', $1)`
	match := func(column, language, query string) string {
		cond := `a.` + column + ` @@ ` + query
		if column == "search" {
			// A query whose phrases every match holds finds the articles with their word
			// pairs first (migration 0031); the planner folds the NULL test away.
			cond += ` AND (tsquery_pairs(` + query + `) IS NULL OR tsvector_pairs(a.search) @@ tsquery_pairs(` + query + `))`
		}
		return `(SELECT a.id, ts_rank_cd(a.search, ` + query + `) AS rank FROM help_articles a
			WHERE a.language = '` + language + `' AND ` + cond + ` AND ` + visibleTo(all) + ` LIMIT $3)`
	}
	// Ranked where they are found, each candidate's row is read once; only the page of hits
	// is read again, for its text, whose snippet help_snippet (migration 0030) draws from the
	// part of it around the first match.
	rows, err := s.db.Query(ctx, `WITH candidates AS (
			`+match("title_search", "en", en)+` UNION `+match("title_search", "fr", fr)+`
			UNION `+match("search", "en", en)+` UNION `+match("search", "fr", fr)+`),
		hits AS (SELECT id, rank FROM candidates ORDER BY rank DESC, id LIMIT $2)
		SELECT a.slug, a.title, c.slug, c.name,
		       help_snippet(CASE a.language WHEN 'fr' THEN 'french' ELSE 'english' END::regconfig, a.body_text,
		                    CASE a.language WHEN 'fr' THEN `+fr+` ELSE `+en+` END)
		FROM hits h JOIN help_articles a ON a.id = h.id JOIN help_categories c ON c.id = a.category_id
		ORDER BY h.rank DESC, h.id`, pgx.QueryExecModeDescribeExec, words, limit, searchCandidates)
	return collect(rows, err, func(r pgx.Rows, h *HelpHit) error {
		return r.Scan(&h.Slug, &h.Title, &h.Category, &h.CategoryName, &h.Snippet)
	})
}

// PublicPage is a public page; Body is its Markdown.
type PublicPage struct {
	Slug, Title, Body string
	UpdatedAt         time.Time
}

// GetPage is a public page by slug.
func (s *Store) GetPage(ctx context.Context, slug string) (PublicPage, error) {
	var p PublicPage
	err := s.db.QueryRow(ctx, `SELECT slug, title, body_markdown, updated_at FROM pages WHERE slug = $1`, slug).
		Scan(&p.Slug, &p.Title, &p.Body, &p.UpdatedAt)
	if errs.Is(translate(err), errs.NotFound) {
		return p, errs.NotFoundf("Page not found")
	}
	return p, translate(err)
}
