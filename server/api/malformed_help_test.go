package api_test

import (
	"strings"

	"github.com/associateportal/portal/server/seed"
)

// The malformed-input cases of the help centre and the public pages.
func init() {
	nul, notUTF8 := `"a\u0000b"`, "\"a\xffb\""
	article := func(title, slug, category, body string) string {
		return `{"title":` + title + `,"slug":` + slug + `,"category":` + category + `,"body_markdown":` + body + `}`
	}
	valid := article(`"T"`, `"a-b"`, `"getting-started"`, `"x"`)
	bad := []string{
		`{}`,
		article(`""`, `"a-b"`, `"getting-started"`, `"x"`),
		article(`"T"`, `"A B"`, `"getting-started"`, `"x"`),
		article(`"T"`, `"a--b"`, `"getting-started"`, `"x"`),
		article(`"T"`, `"a-b"`, `"no-such-category"`, `"x"`),
		article(`"T"`, `"a-b"`, `"getting-started"`, `"  "`),
		article(nul, `"a-b"`, `"getting-started"`, `"x"`),
		article(`"T"`, `"a-b"`, `"getting-started"`, notUTF8),
		article(`"`+strings.Repeat("t", 201)+`"`, `"a-b"`, `"getting-started"`, `"x"`),
		article(`"T"`, `"`+strings.Repeat("s", 101)+`"`, `"getting-started"`, `"x"`),
		article(`5`, `"a-b"`, `"getting-started"`, `"x"`),
		`{"title":"T","slug":"a-b","category":"getting-started","body_markdown":"x","status":"Archived"}`,
		`{"title":"T","slug":"a-b","category":"getting-started","body_markdown":"x","language":"de"}`,
	}
	for op, cs := range map[string][]malformedCase{
		"listHelpCategories": {
			{byNobody, "GET", "/api/help/categories", ``, 401, "no session"},
			{caller{login: seed.DemoAgent, accessToken: seed.DemoAgtCode}, "GET", "/api/help/categories", ``, 403, "an associate cannot act for anyone"},
		},
		"listHelpArticles": {
			{byNobody, "GET", "/api/help/articles", ``, 401, "no session"},
			{byAgent, "GET", "/api/help/articles?filter[status][eq]=Gone", ``, 422, ""},
			{byAgent, "GET", "/api/help/articles?filter[language][eq]=de", ``, 422, ""},
			{byAgent, "GET", "/api/help/articles?filter[title][contains]=" + strings.Repeat("t", 101), ``, 422, ""},
			{byAgent, "GET", "/api/help/articles?filter[body][contains]=x", ``, 422, ""}, // not a filter of the list
			{byAgent, "GET", "/api/help/articles?order[category]=ASC", ``, 422, ""},      // not sortable
			{byAgent, "GET", "/api/help/articles?order[title]=UP", ``, 422, ""},
			{byAgent, "GET", "/api/help/articles?limit=0", ``, 422, ""},
			{byAgent, "GET", "/api/help/articles?cursor=" + forgedIDCursor, ``, 422, ""},
		},
		"getHelpArticle": {
			{byNobody, "GET", "/api/help/articles/welcome-to-the-associate-portal", ``, 401, "no session"},
			{byAgent, "GET", "/api/help/articles/Not%20A%20Slug", ``, 422, ""},
			{byAgent, "GET", "/api/help/articles/" + strings.Repeat("s", 101), ``, 422, ""},
			{byAgent, "GET", "/api/help/articles/no-such-article", ``, 404, ""},
			{byAgent, "GET", "/api/help/articles/continuing-education-reminders", ``, 404, ""}, // a Draft is not readable by associates
		},
		"createHelpArticle": append(bodyCases("POST", "/api/help/articles", byStaff, bad...),
			malformedCase{byAgent, "POST", "/api/help/articles", valid, 403, "associates do not write articles"},
			malformedCase{byStaff, "POST", "/api/help/articles",
				article(`"T"`, `"welcome-to-the-associate-portal"`, `"getting-started"`, `"x"`), 422, ""} /* the slug is taken */),
		"updateHelpArticle": append(bodyCases("PUT", "/api/help/articles/welcome-to-the-associate-portal", byStaff, bad...),
			malformedCase{byAgent, "PUT", "/api/help/articles/welcome-to-the-associate-portal", valid, 403, "associates do not write articles"},
			malformedCase{byStaff, "PUT", "/api/help/articles/no-such-article", valid, 404, ""},
			malformedCase{byStaff, "PUT", "/api/help/articles/Bad%20Slug", valid, 422, ""},
			malformedCase{byStaff, "PUT", "/api/help/articles/welcome-to-the-associate-portal",
				`{"title":"T","slug":"welcome-to-the-associate-portal","category":"getting-started","body_markdown":"x","status":"Draft"}`,
				409, ""} /* a Published article is never sent back to Draft */),
		"searchHelp": {
			{byNobody, "GET", "/api/help/search?q=escrow", ``, 401, "no session"},
			{byAgent, "GET", "/api/help/search", ``, 422, ""}, // q is required
			{byAgent, "GET", "/api/help/search?q=", ``, 422, ""},
			{byAgent, "GET", "/api/help/search?q=" + strings.Repeat("w", 201), ``, 422, ""},
			{byAgent, "GET", "/api/help/search?q=escrow&limit=0", ``, 422, ""},
			{byAgent, "GET", "/api/help/search?q=escrow&limit=101", ``, 422, ""},
			{byAgent, "GET", "/api/help/search?q=%00", ``, 422, ""},
		},
		"getPage": {
			{byNobody, "GET", "/api/pages/Not%20A%20Slug", ``, 422, ""},
			{byNobody, "GET", "/api/pages/no-such-page", ``, 404, ""},
		},
	} {
		malformed[op] = append(malformed[op], cs...)
	}
}
