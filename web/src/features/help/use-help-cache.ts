import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { getGetHelpArticleQueryKey } from '@/api/gen/endpoints/help/help';
import type { HelpArticle } from '@/api/gen/model/helpArticle';

/** The keys of the help centre's queries: categories, lists, articles and searches. */
function isHelpKey(key: QueryKey): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('/help/');
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After an article was saved: the saved article is put in the cache under its slug, and the
 * rest of the help centre (categories and their counts, lists, searches) is refreshed. The
 * article under its former slug, still on screen while the form says it was saved, is only
 * marked stale: asked again now, a renamed one would answer 404.
 */
export function useHelpArticleSaved() {
  const queryClient = useQueryClient();
  return async (saved: HelpArticle, previousSlug?: string) => {
    const savedKey = getGetHelpArticleQueryKey(saved.slug);
    const previousKey = previousSlug ? getGetHelpArticleQueryKey(previousSlug) : undefined;
    queryClient.setQueryData(savedKey, saved);
    if (previousKey && !sameKey(previousKey, savedKey)) {
      await queryClient.invalidateQueries({
        queryKey: previousKey,
        exact: true,
        refetchType: 'none',
      });
    }
    await queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        isHelpKey(queryKey) &&
        !sameKey(queryKey, savedKey) &&
        !(previousKey && sameKey(queryKey, previousKey)),
    });
  };
}
