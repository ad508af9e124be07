-- Phrase search at 100,000 articles (issue 12, benchmark (a)). A phrase of two common words
-- ("target premium") was found by reading every article holding both words (6,000) for
-- their positions, 17 ms, to keep 22. Each article's adjacent word pairs are now indexed
-- (tsvector_pairs: one lexeme 'target premium' per pair of neighbouring positions of its
-- search vector), and a query whose phrases must all match (tsquery_pairs: no OR, no NOT)
-- first finds the articles holding every pair of its phrases through that index; the full
-- phrase is then checked in those alone (0.35 ms). The pairs come from the stored vector
-- itself, so they are exactly the neighbours the phrase operator sees.
CREATE FUNCTION tsvector_pairs(v tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme)), ''::tsvector)
    FROM (SELECT u.lexeme, p FROM unnest(v) AS u, unnest(u.positions) AS p) AS a
    JOIN (SELECT u.lexeme, p FROM unnest(v) AS u, unnest(u.positions) AS p) AS b ON b.p = a.p + 1
$$;

-- The pairs every match of q holds, as a query of tsvector_pairs (AND of them), or NULL when
-- q has none that every match must hold: no phrase of adjacent words, or an OR or a NOT
-- anywhere (a match may then hold none of them), or a distance other than one word.
CREATE FUNCTION tsquery_pairs(q tsquery) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    tree CONSTANT text := querytree(q);
    token text[];
    prev text;
    adjacent boolean := false;
    pairs text[] := '{}';
BEGIN
    IF tree ~ '[|!()]' THEN
        RETURN NULL;
    END IF;
    FOR token IN SELECT regexp_matches(tree, '''((?:[^'']|'''')*)''|(<[0-9-]+>)|(&)', 'g') LOOP
        IF token[1] IS NOT NULL THEN
            IF adjacent AND prev IS NOT NULL THEN
                pairs := pairs || (prev || ' ' || replace(token[1], '''''', ''''));
            END IF;
            prev := replace(token[1], '''''', '''');
            adjacent := false;
        ELSE
            adjacent := token[2] = '<->';
        END IF;
    END LOOP;
    IF cardinality(pairs) = 0 THEN
        RETURN NULL;
    END IF;
    RETURN (SELECT string_agg('''' || replace(replace(p, '\', '\\'), '''', '''''') || '''', ' & ') FROM unnest(pairs) AS p)::tsquery;
END
$$;

CREATE INDEX help_articles_pairs_en ON help_articles USING gin (tsvector_pairs(search)) WHERE language = 'en';
CREATE INDEX help_articles_pairs_fr ON help_articles USING gin (tsvector_pairs(search)) WHERE language = 'fr';
