import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { getListHelpArticlesQueryKey, listHelpArticles } from '@/api/gen/endpoints/help/help';
import type { HelpArticleSummary } from '@/api/gen/model/helpArticleSummary';
import { MAX_LIMIT, pageRows } from '@/lib/listing-state';

/** Rows asked for at a time: the most a page holds. */
export const HELP_INDEX_PAGE_SIZE = MAX_LIMIT;

/**
 * Every article the caller may read, by title (the list's default order), for the index to
 * group under its categories. A help centre fits in one page; a larger one is read page after
 * page from each answer's next_cursor until the last, the index showing what has come so far
 * (`complete` false until then).
 */
export function useAllHelpArticles(pageSize: number = HELP_INDEX_PAGE_SIZE) {
  const params = { limit: pageSize };
  const query = useInfiniteQuery({
    // Under the operation's key, so that invalidating the articles reaches it too.
    queryKey: [...getListHelpArticlesQueryKey(params), 'all'],
    queryFn: ({ pageParam, signal }) =>
      listHelpArticles({ ...params, cursor: pageParam }, undefined, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor || undefined,
    meta: { toast: false },
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pages = query.data?.pages;
  // Once per page that came (a quick answer can come and go between two renders, so the pages
  // read, not the fetching flag, move it on).
  const read = pages?.length ?? 0;
  useEffect(() => {
    if (read > 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [read, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  // Each page holds up to limit + 1 rows: the extra one starts the next page.
  const articles = useMemo(
    () => pages?.flatMap((page) => pageRows(page.data, pageSize).rows) ?? [],
    [pages, pageSize],
  );
  return { query, articles, complete: query.isSuccess && !hasNextPage };
}

/** Articles by their category's slug, each category's in the order given. */
export function byCategory(
  articles: readonly HelpArticleSummary[],
): Map<string, HelpArticleSummary[]> {
  const groups = new Map<string, HelpArticleSummary[]>();
  for (const article of articles) {
    const group = groups.get(article.category);
    if (group) group.push(article);
    else groups.set(article.category, [article]);
  }
  return groups;
}
