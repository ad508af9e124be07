package store_test

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"github.com/associateportal/portal/server/testdb"
)

// filler is n words of text that no query below matches.
func filler(n int) string {
	words := []string{"the", "agent", "reviews", "each", "month", "with", "their", "upline", "before", "filing"}
	out := make([]string, n)
	for i := range out {
		out[i] = words[i%len(words)]
	}
	return strings.Join(out, " ")
}

// marked is the words of a snippet between its marks.
func marked(snippet string) []string {
	var out []string
	for _, part := range strings.Split(snippet, "\x02")[1:] {
		word, _, _ := strings.Cut(part, "\x03")
		out = append(out, strings.ToLower(word))
	}
	return out
}

// help_snippet marks the match around the first place the query's words appear, from a
// window of a long text, cut to whole words; and falls back to the whole text whenever the
// window holds no match, so a snippet never misses a match the article has.
func TestHelpSnippet(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	snippet := func(config, body, q string) string {
		t.Helper()
		var s string
		if err := pool.QueryRow(ctx, `SELECT help_snippet($1::regconfig, $2, websearch_to_tsquery($1::regconfig, $3))`,
			config, body, q).Scan(&s); err != nil {
			t.Fatalf("help_snippet(%q): %v", q, err)
		}
		return s
	}
	wholeWords := func(s, body string) {
		t.Helper()
		plain := strings.NewReplacer("\x02", "", "\x03", "").Replace(s)
		padded := " " + body + " "
		for _, frag := range strings.Split(plain, " … ") {
			frag = strings.TrimSpace(frag)
			at := strings.Index(padded, " "+frag)
			if at < 0 || unicode.IsLetter(rune(padded[at+1+len(frag)])) {
				t.Errorf("fragment %q is not whole words of the text", frag)
			}
		}
	}
	far := filler(400) // about 2,500 characters

	cases := []struct {
		name, config, body, q string
		want                  []string // the words marked; nil: none
	}{
		{"a word far into a long text", "english", far + " escrow is held " + far, "escrow", []string{"escrow"}},
		{"a stem ending in i (policy)", "english", far + " the policy lapses " + far, "policy", []string{"policy"}},
		{"a plural the stem starts", "english", far + " two premiums " + far, "premium", []string{"premiums"}},
		{"the stem inside an earlier word", "english", "separate " + far + " the rate is fixed " + far, "rate", []string{"rate"}},
		{"a phrase whose first word stands alone earlier", "english",
			"target " + far + " a target premium of " + far, `"target premium"`, []string{"target", "premium"}},
		{"a short text", "english", "Escrow is released in months ten to twelve.", "escrow", []string{"escrow"}},
		{"French", "french", filler(300) + " la prochaine échéance " + filler(300), "échéances", []string{"échéance"}},
		{"words of the query far apart", "english", "escrow " + far + " the escrow release " + far, "escrow release",
			[]string{"escrow", "release"}},
		{"no match", "english", far, "chargeback", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := snippet(c.config, c.body, c.q)
			if got := marked(s); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("marked %q, want %q in %q", got, c.want, s)
			}
			if len(s) > 600 {
				t.Errorf("a snippet of %d characters: %q", len(s), s)
			}
			wholeWords(s, c.body)
		})
	}

	// The window gives the snippet ts_headline draws from the whole text when the match is
	// the only one: the same words around it.
	body := far + " escrow is held for a year " + far
	var whole string
	if err := pool.QueryRow(ctx, `SELECT ts_headline('english', $1, websearch_to_tsquery('english', 'escrow'),
		'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "')`,
		body).Scan(&whole); err != nil {
		t.Fatal(err)
	}
	if got := snippet("english", body, "escrow"); got != whole {
		t.Errorf("window %q, whole text %q", got, whole)
	}
}

// tsquery_pairs names the word pairs every match of a query holds (NULL when a match may
// hold none), and tsvector_pairs an article's: filtering by them first never changes which
// articles a query matches.
func TestHelpPhrasePairs(t *testing.T) {
	pool := testdb.New(t)
	ctx := context.Background()
	for q, want := range map[string]string{
		`"target premium"`:                  `'target premium'`,
		`"target premium" -lapses`:          `'target premium'`,
		`"the target premium" escrow`:       `'target premium'`,
		`"target premium" "escrow release"`: `'target premium' & 'escrow releas'`,
		`"face amount of the policy"`:       `'face amount'`,
		// A lexeme holding a quote (a URL's path) is quoted again in the pairs' query.
		`"http://x.com/a'b premium"`: `'x.com/a''b x.com' & 'x.com /a''b' & '/a''b premium'`,
		`"annual target premium"`:    `'annual target' & 'target premium'`,
		`commission`:                 ``,
		`target premium`:             ``,
		`"target premium" OR escrow`: ``,
		`-"target premium"`:          ``,
	} {
		var got *string
		if err := pool.QueryRow(ctx, `SELECT tsquery_pairs(websearch_to_tsquery('english', $1))::text`, q).Scan(&got); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if (got == nil) != (want == "") || (got != nil && *got != want) {
			t.Errorf("tsquery_pairs(%s) = %v, want %q", q, got, want)
		}
	}

	// Texts of words from a small vocabulary, so that phrases, their words apart and in the
	// other order all occur; a title and a text, as an article's vector is made.
	if _, err := pool.Exec(ctx, `CREATE TEMP TABLE docs AS
		SELECT i, setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B') AS v
		FROM (SELECT i,
			(SELECT string_agg((ARRAY['target','premium','annual','escrow','release','the','policy','face','amount','of'])[1 + (hashint4(i * 1000 + k) & 2147483647) % 10], ' ')
			 FROM generate_series(1, 3) k) AS title,
			(SELECT string_agg((ARRAY['target','premium','annual','escrow','release','the','policy','face','amount','of'])[1 + (hashint4(i * 1000 + k + 7) & 2147483647) % 10], ' ')
			 FROM generate_series(1, 12) k) AS body
		FROM generate_series(1, 3000) i) s`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`"target premium"`, `"annual target premium"`, `"target premium" -escrow`, `"premium target"`,
		`"escrow release" "face amount"`, `"face amount of the policy"`, `"target premium" OR escrow`, `policy premium`} {
		var plain, filtered, missing int
		if err := pool.QueryRow(ctx, `WITH q AS (SELECT websearch_to_tsquery('english', $1) AS q)
			SELECT count(*) FILTER (WHERE v @@ q),
			       count(*) FILTER (WHERE v @@ q AND (tsquery_pairs(q) IS NULL OR tsvector_pairs(v) @@ tsquery_pairs(q))),
			       count(*) FILTER (WHERE v @@ q AND tsquery_pairs(q) IS NOT NULL AND NOT tsvector_pairs(v) @@ tsquery_pairs(q))
			FROM docs, q`, q).Scan(&plain, &filtered, &missing); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if plain == 0 || filtered != plain || missing != 0 {
			t.Errorf("%s: %d matches, %d through the pairs, %d matches without the pairs", q, plain, filtered, missing)
		}
	}
}
