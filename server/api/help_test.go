package api_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// slugsOf are the slugs of a list of articles.
func slugsOf(list []oas.HelpArticleSummary) []string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.Slug
	}
	return out
}

// TestHelpVisibility: associates read Published articles only (list, categories, article,
// search); staff who manage content read every state; staff without it read like associates.
func TestHelpVisibility(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	staff := client(t, env, login(t, env, seed.DemoStaff))
	if _, err := env.Pool.Exec(ctx, `INSERT INTO users (email, password_hash, is_staff, first_name, last_name, permissions)
		SELECT 'reader@example.com', password_hash, true, 'Rita', 'Reader', '{}' FROM users WHERE email = $1`, seed.DemoStaff); err != nil {
		t.Fatal(err)
	}
	reader := client(t, env, login(t, env, "reader@example.com"))

	const draft, unpublished = "continuing-education-reminders", "store-returns"
	for name, c := range map[string]*oas.Client{"agent": agent, "staff without content.manage": reader} {
		list, err := c.ListHelpArticles(ctx, oas.ListHelpArticlesParams{Limit: oas.NewOptInt(1000)})
		if err != nil {
			t.Fatal(err)
		}
		slugs := slugsOf(list.Response.Data)
		if len(slugs) != 36 || slices.Contains(slugs, draft) || slices.Contains(slugs, unpublished) {
			t.Errorf("%s: %d articles %v", name, len(slugs), slugs)
		}
		for _, a := range list.Response.Data {
			if a.Status != oas.ContentStatusPublished || !a.PublishedAt.Set {
				t.Errorf("%s: %s is %s", name, a.Slug, a.Status)
			}
		}
		for _, slug := range []string{draft, unpublished} {
			if _, err := c.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: slug}); statusOf(err) != 404 {
				t.Errorf("%s reads %s: %v", name, slug, err)
			}
		}
		cats, err := c.ListHelpCategories(ctx)
		if err != nil || len(cats.Response.Data) != 8 || cats.Response.Data[0].Slug != "getting-started" {
			t.Fatalf("%s categories: %+v %v", name, cats, err)
		}
		for _, cat := range cats.Response.Data {
			if cat.Slug == "licensing" && cat.Articles != 4 { // 5, one a Draft
				t.Errorf("%s: licensing counts %d", name, cat.Articles)
			}
		}
		// "Continuing" is only in the Draft's title.
		hits, err := c.SearchHelp(ctx, oas.SearchHelpParams{Q: "continuing education"})
		if err != nil || len(hits.Response.Data) != 0 {
			t.Errorf("%s finds the Draft: %+v %v", name, hits, err)
		}
	}

	all, err := staff.ListHelpArticles(ctx, oas.ListHelpArticlesParams{Limit: oas.NewOptInt(1000)})
	if err != nil || len(all.Response.Data) != 40 {
		t.Fatalf("content staff: %d articles %v", len(all.Response.Data), err)
	}
	states, err := staff.ListHelpArticles(ctx, oas.ListHelpArticlesParams{FilterStatusIn: []oas.ContentStatus{oas.ContentStatusDraft, oas.ContentStatusUnpublished}})
	if err != nil || len(states.Response.Data) != 4 {
		t.Errorf("content staff, Draft and Unpublished: %v %v", slugsOf(states.Response.Data), err)
	}
	if a, err := staff.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: draft}); err != nil || a.Response.Status != oas.ContentStatusDraft || a.Response.PublishedAt.Set {
		t.Errorf("content staff read the Draft: %+v %v", a, err)
	}
	if hits, err := staff.SearchHelp(ctx, oas.SearchHelpParams{Q: "continuing education"}); err != nil || len(hits.Response.Data) != 1 {
		t.Errorf("content staff search the Draft: %+v %v", hits, err)
	}
}

// TestHelpListFiltersAndPages: the category, language and title filters and a cursor walk.
func TestHelpListFiltersAndPages(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	fr, err := agent.ListHelpArticles(ctx, oas.ListHelpArticlesParams{FilterLanguageEq: oas.NewOptContentLanguage(oas.ContentLanguageFr)})
	if err != nil || len(fr.Response.Data) != 3 {
		t.Fatalf("French: %v %v", slugsOf(fr.Response.Data), err)
	}
	pay, err := agent.ListHelpArticles(ctx, oas.ListHelpArticlesParams{FilterCategoryEq: oas.NewOptString("payments")})
	if err != nil || len(pay.Response.Data) != 6 || pay.Response.Data[0].CategoryName != "Payments and commissions" {
		t.Fatalf("payments: %v %v", slugsOf(pay.Response.Data), err)
	}
	// Ordered by title by default.
	if !slices.IsSortedFunc(pay.Response.Data, func(a, b oas.HelpArticleSummary) int { return strings.Compare(a.Title, b.Title) }) {
		t.Errorf("not by title: %v", slugsOf(pay.Response.Data))
	}
	esc, err := agent.ListHelpArticles(ctx, oas.ListHelpArticlesParams{FilterTitleContains: oas.NewOptString("ESCROW")})
	if err != nil || len(esc.Response.Data) != 1 || esc.Response.Data[0].Slug != "advances-and-escrow" {
		t.Errorf("title contains: %v %v", slugsOf(esc.Response.Data), err)
	}
	// Pages of 7 walk all 36 once.
	var seen []string
	params := oas.ListHelpArticlesParams{Limit: oas.NewOptInt(7)}
	for range 10 {
		page, err := agent.ListHelpArticles(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, slugsOf(page.Response.Data)...)
		if !page.Response.NextCursor.Set {
			break
		}
		params.Cursor = page.Response.NextCursor
	}
	slices.Sort(seen)
	if len(slices.Compact(seen)) != 36 {
		t.Errorf("the walk saw %d distinct of %d", len(slices.Compact(seen)), len(seen))
	}
}

// TestHelpSearch: stemmed words in each article's language, title matches first, a snippet
// whose marked parts are the matched words, and text from the article never read as markup.
func TestHelpSearch(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	search := func(q string) []oas.HelpSearchResult {
		t.Helper()
		res, err := agent.SearchHelp(ctx, oas.SearchHelpParams{Q: q})
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		return res.Response.Data
	}
	hits := search("escrow")
	if len(hits) < 3 || hits[0].Slug != "advances-and-escrow" {
		t.Fatalf("escrow: %+v", hits)
	}
	marked := ""
	for _, p := range hits[0].Snippet {
		if p.Match {
			marked += p.Text + "|"
		}
	}
	if !strings.Contains(strings.ToLower(marked), "escrow") {
		t.Errorf("snippet marks %q in %+v", marked, hits[0].Snippet)
	}
	// English stemming: "chargeback" finds the article titled "Chargebacks" first.
	if hits := search("chargeback"); len(hits) == 0 || hits[0].Slug != "chargebacks" {
		t.Errorf("chargeback: %+v", hits)
	}
	// French stemming in French articles: "commissions" ~ "commission".
	if hits := search("commission fiducie"); len(hits) != 1 || hits[0].Slug != "comprendre-vos-commissions" {
		t.Errorf("French: %+v", hits)
	}
	// Web-search syntax: a quoted phrase, and a word left out.
	if hits := search(`"target premium" -lapses`); len(hits) == 0 || slices.ContainsFunc(hits, func(h oas.HelpSearchResult) bool { return h.Slug == "advances-and-escrow" }) {
		t.Errorf("phrase without lapses: %+v", hits)
	}
	if hits := search("zyxwvut"); len(hits) != 0 {
		t.Errorf("nonsense: %+v", hits)
	}
	// Only punctuation or stop words: nothing, not an error.
	if hits := search("!!! the"); len(hits) != 0 {
		t.Errorf("stop words: %+v", hits)
	}
	// The limit.
	res, err := agent.SearchHelp(ctx, oas.SearchHelpParams{Q: "portal OR policy OR associate", Limit: oas.NewOptInt(2)})
	if err != nil || len(res.Response.Data) != 2 {
		t.Errorf("limit 2: %+v %v", res, err)
	}
}

// TestHelpWriting: staff write a Draft, publish it (published_at set once), rename it,
// take it down; the text is sanitised on the way out; associates see it only while
// Published; a slug already taken and a category that does not exist are field errors.
func TestHelpWriting(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	staff := client(t, env, login(t, env, seed.DemoStaff))
	body := "# Quarterly bonus\n\nPaid on [the pay day](https://example.com/pay).\n\n<script>alert('x')</script>\n\n" +
		"[trap](javascript:alert(1)) <img src=x onerror=alert(2)>\n\nQuarterlybonusword appears here."
	created, err := staff.CreateHelpArticle(ctx, &oas.HelpArticleInput{Title: "Quarterly bonus", Slug: "quarterly-bonus",
		Category: "payments", BodyMarkdown: body})
	if err != nil {
		t.Fatal(err)
	}
	a := created.Response
	if a.Status != oas.ContentStatusDraft || a.PublishedAt.Set || a.Language != oas.ContentLanguageEn || a.CategoryName != "Payments and commissions" {
		t.Errorf("created: %+v", a)
	}
	for _, bad := range []string{"<script", "javascript:", "onerror", "alert(2)"} {
		if strings.Contains(a.BodyHTML, bad) {
			t.Errorf("body_html holds %q: %s", bad, a.BodyHTML)
		}
	}
	if !strings.Contains(a.BodyHTML, `<a href="https://example.com/pay"`) || a.BodyMarkdown != body {
		t.Errorf("body: %s", a.BodyHTML)
	}
	if _, err := agent.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: "quarterly-bonus"}); statusOf(err) != 404 {
		t.Errorf("agent reads the Draft: %v", err)
	}
	// Script text is not searchable text; the article's words are.
	var text string
	if err := env.Pool.QueryRow(ctx, `SELECT body_text FROM help_articles WHERE slug = 'quarterly-bonus'`).Scan(&text); err != nil || strings.Contains(text, "alert") {
		t.Errorf("body_text %q %v", text, err)
	}

	publish := oas.HelpArticleInput{Title: "Quarterly bonus", Slug: "quarterly-bonus", Category: "payments", BodyMarkdown: body,
		Status: oas.NewOptContentStatus(oas.ContentStatusPublished)}
	pub, err := staff.UpdateHelpArticle(ctx, &publish, oas.UpdateHelpArticleParams{Slug: "quarterly-bonus"})
	if err != nil || pub.Response.Status != oas.ContentStatusPublished || !pub.Response.PublishedAt.Set {
		t.Fatalf("publish: %+v %v", pub, err)
	}
	first := pub.Response.PublishedAt.Value
	if hits, err := agent.SearchHelp(ctx, oas.SearchHelpParams{Q: "quarterlybonusword"}); err != nil || len(hits.Response.Data) != 1 {
		t.Errorf("the agent finds it once Published: %+v %v", hits, err)
	}
	// Renamed and taken down: the old slug is gone, published_at kept.
	down := publish
	down.Slug, down.Status = "quarterly-bonus-pool", oas.NewOptContentStatus(oas.ContentStatusUnpublished)
	got, err := staff.UpdateHelpArticle(ctx, &down, oas.UpdateHelpArticleParams{Slug: "quarterly-bonus"})
	if err != nil || got.Response.Slug != "quarterly-bonus-pool" || !got.Response.PublishedAt.Value.Equal(first) {
		t.Fatalf("take down: %+v %v", got, err)
	}
	if _, err := staff.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: "quarterly-bonus"}); statusOf(err) != 404 {
		t.Errorf("old slug: %v", err)
	}
	if _, err := agent.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: "quarterly-bonus-pool"}); statusOf(err) != 404 {
		t.Errorf("agent reads the Unpublished: %v", err)
	}
	// Never back to Draft; nothing changes on a refusal.
	back := down
	back.Status, back.Title = oas.NewOptContentStatus(oas.ContentStatusDraft), "Changed"
	if _, err := staff.UpdateHelpArticle(ctx, &back, oas.UpdateHelpArticleParams{Slug: "quarterly-bonus-pool"}); statusOf(err) != 409 {
		t.Errorf("back to Draft: %v", err)
	}
	if a, _ := staff.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: "quarterly-bonus-pool"}); a.Response.Title != "Quarterly bonus" {
		t.Errorf("changed on refusal: %+v", a.Response)
	}
	// Field errors.
	taken := down
	taken.Slug = "chargebacks"
	if _, err := staff.UpdateHelpArticle(ctx, &taken, oas.UpdateHelpArticleParams{Slug: "quarterly-bonus-pool"}); fieldOf(err) != "slug" {
		t.Errorf("slug taken: %v", err)
	}
	nocat := down
	nocat.Category = "nowhere"
	if _, err := staff.UpdateHelpArticle(ctx, &nocat, oas.UpdateHelpArticleParams{Slug: "quarterly-bonus-pool"}); fieldOf(err) != "category" {
		t.Errorf("no category: %v", err)
	}
}

// fieldOf is the first field a 422 names ("" otherwise).
func fieldOf(err error) string {
	var e *oas.ErrorStatusCode
	if !asError(err, &e) || e.StatusCode != 422 || len(e.Response.Errors) == 0 {
		return ""
	}
	return e.Response.Errors[0].Field
}

// TestPublicPages: readable without a session, rendered.
func TestPublicPages(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	anon := client(t, env, "")
	for _, slug := range []string{"terms", "privacy", "opportunity"} {
		p, err := anon.GetPage(ctx, oas.GetPageParams{Slug: slug})
		if err != nil || p.Title == "" || !strings.Contains(p.BodyHTML, "<p>") {
			t.Errorf("%s: %+v %v", slug, p, err)
		}
	}
	r := do(t, env, "GET", "/api/pages/terms", "", nil, header{})
	if r.Status != 200 || !strings.Contains(string(r.Body), `"title":"Terms of use"`) {
		t.Errorf("without a token: %d %s", r.Status, r.Body)
	}
}
