package api

import (
	"context"
	"strings"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/content"
	"github.com/associateportal/portal/server/store"
)

// The help centre and the public pages (issue 12).

var helpPages pagePool[oas.HelpArticleSummary]

// readsAllContent says whether the caller reads help articles in every state: staff who
// manage content; everyone else reads the Published ones.
func readsAllContent(p *auth.Principal) bool { return p.Can(auth.PermContentManage) }

// ListHelpCategories answers the categories with how many articles the caller may read.
func (h *Handler) ListHelpCategories(ctx context.Context) (*oas.HelpCategoryListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	cs, err := h.Store.HelpCategories(ctx, readsAllContent(p))
	if err != nil {
		return nil, err
	}
	out := oas.HelpCategoryList{Data: make([]oas.HelpCategory, len(cs))}
	for i, c := range cs {
		out.Data[i] = oas.HelpCategory{Slug: c.Slug, Name: c.Name, Articles: c.Articles}
	}
	return &oas.HelpCategoryListHeaders{Response: out}, nil
}

// ListHelpArticles answers a page of the articles the caller may read.
func (h *Handler) ListHelpArticles(ctx context.Context, _ oas.ListHelpArticlesParams) (*oas.HelpArticleListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.HelpListing)
	if err != nil {
		return nil, err
	}
	all := readsAllContent(p)
	data, next, err := listPage(ctx, &helpPages, q,
		func(each func(*store.HelpArticle)) error { return h.Store.ListHelpArticles(ctx, all, q, each) },
		helpSummaryOut, store.HelpSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.HelpArticleListHeaders{Response: oas.HelpArticleList{Data: data, NextCursor: next}}, nil
}

// GetHelpArticle answers an article with its text rendered.
func (h *Handler) GetHelpArticle(ctx context.Context, params oas.GetHelpArticleParams) (*oas.HelpArticleHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	a, err := h.Store.GetHelpArticle(ctx, params.Slug, readsAllContent(p))
	if err != nil {
		return nil, err
	}
	return &oas.HelpArticleHeaders{Response: helpArticleOut(&a)}, nil
}

// CreateHelpArticle writes a new article.
func (h *Handler) CreateHelpArticle(ctx context.Context, req *oas.HelpArticleInput) (*oas.HelpArticleHeaders, error) {
	return h.saveHelpArticle(ctx, "", req)
}

// UpdateHelpArticle changes an article.
func (h *Handler) UpdateHelpArticle(ctx context.Context, req *oas.HelpArticleInput, params oas.UpdateHelpArticleParams) (*oas.HelpArticleHeaders, error) {
	return h.saveHelpArticle(ctx, params.Slug, req)
}

func (h *Handler) saveHelpArticle(ctx context.Context, slug string, req *oas.HelpArticleInput) (*oas.HelpArticleHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	a, err := h.Store.SaveHelpArticle(ctx, p.UserID, slug, content.ArticleInput{
		Title: req.Title, Slug: req.Slug, Category: req.Category, Language: string(req.Language.Or("")),
		Status: string(req.Status.Or("")), Body: req.BodyMarkdown,
	})
	if err != nil {
		return nil, err
	}
	return &oas.HelpArticleHeaders{Response: helpArticleOut(&a)}, nil
}

// SearchHelp answers the best matches of the words among the articles the caller may read.
func (h *Handler) SearchHelp(ctx context.Context, params oas.SearchHelpParams) (*oas.HelpSearchResultsHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	hits, err := h.Store.SearchHelp(ctx, params.Q, readsAllContent(p), params.Limit.Or(20))
	if err != nil {
		return nil, err
	}
	out := oas.HelpSearchResults{Data: make([]oas.HelpSearchResult, len(hits))}
	for i, hit := range hits {
		out.Data[i] = oas.HelpSearchResult{Slug: hit.Slug, Title: hit.Title, Category: hit.Category,
			CategoryName: hit.CategoryName, Snippet: snippetParts(hit.Snippet)}
	}
	return &oas.HelpSearchResultsHeaders{Response: out}, nil
}

// snippetParts splits a snippet at its marks into plain-text parts, the marked ones matches.
func snippetParts(s string) []oas.HelpSnippetPart {
	parts := []oas.HelpSnippetPart{}
	for s != "" {
		start := strings.Index(s, store.SnippetStart)
		if start < 0 {
			parts = append(parts, oas.HelpSnippetPart{Text: s})
			break
		}
		if start > 0 {
			parts = append(parts, oas.HelpSnippetPart{Text: s[:start]})
		}
		s = s[start+len(store.SnippetStart):]
		stop := strings.Index(s, store.SnippetStop)
		if stop < 0 {
			stop = len(s)
		}
		parts = append(parts, oas.HelpSnippetPart{Text: s[:stop], Match: true})
		s = strings.TrimPrefix(s[stop:], store.SnippetStop)
	}
	return parts
}

// GetPage answers a public page.
func (h *Handler) GetPage(ctx context.Context, params oas.GetPageParams) (*oas.PublicPage, error) {
	pg, err := h.Store.GetPage(ctx, params.Slug)
	if err != nil {
		return nil, err
	}
	return &oas.PublicPage{Slug: pg.Slug, Title: pg.Title, BodyHTML: content.HTML(pg.Body), UpdatedAt: pg.UpdatedAt}, nil
}

func helpSummaryOut(a *store.HelpArticle) oas.HelpArticleSummary {
	s := oas.HelpArticleSummary{ID: a.ID, Slug: a.Slug, Title: a.Title, Category: a.Category, CategoryName: a.CategoryName,
		Status: oas.ContentStatus(a.Status), Language: oas.ContentLanguage(a.Language), UpdatedAt: a.UpdatedAt}
	if a.PublishedAt != nil {
		s.PublishedAt = oas.NewOptDateTime(*a.PublishedAt)
	}
	return s
}

func helpArticleOut(a *store.HelpArticle) oas.HelpArticle {
	s := helpSummaryOut(a)
	return oas.HelpArticle{ID: s.ID, Slug: s.Slug, Title: s.Title, Category: s.Category, CategoryName: s.CategoryName,
		Status: s.Status, Language: s.Language, UpdatedAt: s.UpdatedAt, PublishedAt: s.PublishedAt,
		BodyMarkdown: a.Body, BodyHTML: content.HTML(a.Body)}
}
