import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getListHelpArticlesQueryKey, listHelpArticles } from '@/api/gen/endpoints/help/help';
import { pageRows } from '@/lib/listing-state';

/**
 * How many of a topic's articles the index shows, the first by title; a topic with more links
 * to its own list. The index asks for this many per topic, whatever the help centre's size.
 */
export const TOPIC_PREVIEW = 6;
/** Rows a topic's own list reads at a time. */
export const TOPIC_PAGE_SIZE = 50;

/**
 * The articles of one topic the caller may read, by title (the list's default order), a page
 * of `pageSize` at a time: `more()` reads the next page from the last answer's next_cursor,
 * `hasMore` tells whether there is one.
 */
export function useTopicArticles(category: string, pageSize: number) {
  const params = { limit: pageSize, 'filter[category][eq]': category };
  const query = useInfiniteQuery({
    // Under the operation's key, so that invalidating the articles reaches it too.
    queryKey: [...getListHelpArticlesQueryKey(params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listHelpArticles({ ...params, cursor: pageParam }, undefined, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor || undefined,
    meta: { toast: false },
  });
  const pages = query.data?.pages;
  // Each page holds up to limit + 1 rows: the extra one starts the next page.
  const articles = useMemo(
    () => pages?.flatMap((page) => pageRows(page.data, pageSize).rows) ?? [],
    [pages, pageSize],
  );
  return {
    query,
    articles,
    hasMore: query.hasNextPage,
    more: () => void query.fetchNextPage(),
  };
}
