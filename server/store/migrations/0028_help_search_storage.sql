-- Help search at 100,000 articles (issue 12, benchmark (a)). Two changes:
--
-- The search vectors stay in the row (STORAGE MAIN): a phrase is rechecked in every article
-- holding all its words, and a vector stored out of line cost four more page reads each
-- (the TOAST index and chunks); the article's text columns, read only for the page of
-- results, go out of line first instead. Rewriting the rows applies it to those written before.
--
-- One index per language (partial): a search matches English articles with the English
-- query and French ones with the French query, and each scan now reads only its own
-- language's postings; before, both queries scanned every article's.
ALTER TABLE help_articles
    ALTER COLUMN search SET STORAGE MAIN,
    ALTER COLUMN title_search SET STORAGE MAIN;
UPDATE help_articles SET body_text = body_text;

DROP INDEX help_articles_search;
DROP INDEX help_articles_title_search;
CREATE INDEX help_articles_search_en ON help_articles USING gin (search) WHERE language = 'en';
CREATE INDEX help_articles_search_fr ON help_articles USING gin (search) WHERE language = 'fr';
CREATE INDEX help_articles_title_search_en ON help_articles USING gin (title_search) WHERE language = 'en';
CREATE INDEX help_articles_title_search_fr ON help_articles USING gin (title_search) WHERE language = 'fr';
