-- Help search's snippets (issue 12, benchmark (a)). ts_headline parses the whole text it is
-- given, in the article's language, for each result: on a page of twenty it cost more than
-- finding and ranking the results for a common word, and it grows with the article.
--
-- help_snippet gives ts_headline a window of the text around the first place a word of the
-- query appears: the earliest position of any of the query's lexemes in the lower-cased text
-- (a stem is the start of the words it stems, but for a final y stemmed to i: "policy" is
-- 'polici', so the i is left off), from 120 characters before it, 480 long, cut to whole
-- words. When the window does not match the query as the article does (a lexeme found inside
-- another word, a phrase whose first word stands alone earlier, words of the query far apart),
-- or the text is short, or no lexeme is found (a stem that is not the start of its word), the
-- whole text is used: the snippet shows a match whenever the article has one, as before.
-- Marks are \x02 and \x03 (the store splits the snippet on them).
CREATE FUNCTION help_snippet(cfg regconfig, body text, q tsquery) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    opts CONSTANT text := 'StartSel=' || chr(2) || ', StopSel=' || chr(3)
        || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
    first int;
    start int;
    part text;
BEGIN
    IF length(body) > 600 THEN
        SELECT min(nullif(strpos(lower(body), regexp_replace(m[1], 'i$', '')), 0)) INTO first
        FROM regexp_matches(querytree(q), '''([^'']+)''', 'g') AS m;
        IF first IS NOT NULL THEN
            start := greatest(1, first - 120);
            part := substr(body, start, 480);
            IF start > 1 THEN
                part := regexp_replace(part, '^\S*\s+', '');
            END IF;
            IF start + 480 <= length(body) THEN
                part := regexp_replace(part, '\s+\S*$', '');
            END IF;
            IF to_tsvector(cfg, part) @@ q THEN
                RETURN ts_headline(cfg, part, q, opts);
            END IF;
        END IF;
    END IF;
    RETURN ts_headline(cfg, body, q, opts);
END
$$;
