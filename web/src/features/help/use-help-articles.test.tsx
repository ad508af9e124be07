import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { HelpArticleSummary } from '@/api/gen/model/helpArticleSummary';
import { apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { useTopicArticles } from './use-help-articles';

const article = (id: number, category: string): HelpArticleSummary => ({
  id,
  slug: `article-${id}`,
  title: `Article ${id}`,
  category,
  category_name: category,
  status: 'Published',
  language: 'en',
  updated_at: '2026-03-01T10:00:00Z',
});

// Five articles of one topic, two a page: each answer holds limit + 1 rows and the cursor of
// the next page.
const ALL = [1, 3, 5, 7, 9].map((id) => article(id, 'odd'));
const PAGES: Record<string, { data: HelpArticleSummary[]; next_cursor?: string }> = {
  first: { data: ALL.slice(0, 3), next_cursor: 'c2' },
  c2: { data: ALL.slice(2, 5), next_cursor: 'c4' },
  c4: { data: ALL.slice(4) },
};

function render(pageSize: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTopicArticles('odd', pageSize), { wrapper });
}

const FILTER = { 'filter[category][eq]': 'odd' };

describe('useTopicArticles', () => {
  it("reads one page of the topic's articles, and the next only when asked, by the cursor", async () => {
    fakeApi({
      '/help/articles': (req: FakeRequest) => PAGES[(req.params.cursor as string) ?? 'first'],
    });
    const { result } = render(2);
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    // The extra row of each answer starts the next page: it is not shown twice.
    expect(result.current.articles.map((a) => a.id)).toEqual([1, 3]);
    expect(result.current.hasMore).toBe(true);
    expect(calls('/help/articles').map((c) => c.params)).toEqual([{ limit: 2, ...FILTER }]);
    act(() => result.current.more());
    await waitFor(() => expect(result.current.articles.map((a) => a.id)).toEqual([1, 3, 5, 7]));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.articles.map((a) => a.id)).toEqual([1, 3, 5, 7, 9]);
    expect(calls('/help/articles').map((c) => c.params)).toEqual([
      { limit: 2, ...FILTER },
      { limit: 2, ...FILTER, cursor: 'c2' },
      { limit: 2, ...FILTER, cursor: 'c4' },
    ]);
  });

  it('keeps the pages read when a later one fails', async () => {
    fakeApi({
      '/help/articles': (req: FakeRequest) => {
        if (req.params.cursor === 'c2') throw apiError(503, 'Unavailable');
        return PAGES.first;
      },
    });
    const { result } = render(2);
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.query.isFetchNextPageError).toBe(true));
    expect(result.current.articles.map((a) => a.id)).toEqual([1, 3]);
    expect(result.current.hasMore).toBe(true);
  });
});
