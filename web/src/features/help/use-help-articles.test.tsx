import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { HelpArticleSummary } from '@/api/gen/model/helpArticleSummary';
import { apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { byCategory, useAllHelpArticles } from './use-help-articles';

vi.mock('@/api/mutator', async (original) =>
  (await import('@/test/fake-api')).fakeMutator(await original()),
);

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

// Five articles, two a page: each answer holds limit + 1 rows and the cursor of the next page.
const ALL = [1, 2, 3, 4, 5].map((id) => article(id, id % 2 ? 'odd' : 'even'));
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
  return renderHook(() => useAllHelpArticles(pageSize), { wrapper });
}

describe('useAllHelpArticles', () => {
  it('reads a help centre larger than a page to its end, by the cursors', async () => {
    fakeApi({
      '/help/articles': (req: FakeRequest) => PAGES[(req.params.cursor as string) ?? 'first'],
    });
    const { result } = render(2);
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.articles.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(calls('/help/articles').map((c) => c.params)).toEqual([
      { limit: 2 },
      { limit: 2, cursor: 'c2' },
      { limit: 2, cursor: 'c4' },
    ]);
    expect(
      [...byCategory(result.current.articles)].map(([k, v]) => [k, v.map((a) => a.id)]),
    ).toEqual([
      ['odd', [1, 3, 5]],
      ['even', [2, 4]],
    ]);
  });

  it('keeps the pages read when a later one fails, and does not ask again by itself', async () => {
    fakeApi({
      '/help/articles': (req: FakeRequest) => {
        if (req.params.cursor === 'c2') throw apiError(503, 'Unavailable');
        return PAGES.first;
      },
    });
    const { result } = render(2);
    await waitFor(() => expect(result.current.query.isFetchNextPageError).toBe(true));
    expect(result.current.articles.map((a) => a.id)).toEqual([1, 2]);
    expect(result.current.complete).toBe(false);
    expect(calls('/help/articles')).toHaveLength(2);
  });
});
