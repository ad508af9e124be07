import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpArticleSummary } from '@/api/gen/model/helpArticleSummary';
import type { HelpSearchResult } from '@/api/gen/model/helpSearchResult';
import {
  accessAnswer,
  apiError,
  calls,
  fakeApi,
  type FakeRequest,
  type FakeRoute,
} from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { HelpIndexPage } from './help-index-page';

const CATEGORIES = {
  data: [
    { slug: 'getting-started', name: 'Getting started', articles: 2 },
    { slug: 'payments', name: 'Payments and commissions', articles: 1 },
    { slug: 'events-store', name: 'Events and the store', articles: 0 },
  ],
};

const article = (over: Partial<HelpArticleSummary>): HelpArticleSummary => ({
  id: 1,
  slug: 'welcome-to-the-associate-portal',
  title: 'Welcome to the Associate Portal',
  category: 'getting-started',
  category_name: 'Getting started',
  status: 'Published',
  language: 'en',
  updated_at: '2026-03-01T10:00:00Z',
  ...over,
});

// By title, as the server orders them.
const ARTICLES = [
  article({
    id: 12,
    slug: 'advances-and-escrow',
    title: 'Advances and escrow',
    category: 'payments',
    category_name: 'Payments and commissions',
  }),
  article({ id: 3, slug: 'finding-your-way-around', title: 'Finding your way around' }),
  article({ id: 1 }),
];

const ESCROW: HelpSearchResult = {
  slug: 'advances-and-escrow',
  title: 'Advances and escrow',
  category: 'payments',
  category_name: 'Payments and commissions',
  snippet: [
    { text: 'and ', match: false },
    { text: '25 %', match: false },
    { text: ' is held in ', match: false },
    { text: 'escrow', match: true },
    { text: '. ', match: false },
    { text: 'Escrow', match: true },
    { text: ' is released in three parts', match: false },
  ],
};

/** The list as the server answers it: a topic's articles, limit + 1 of them from the cursor. */
function articlesOf(all: readonly HelpArticleSummary[]): (req: FakeRequest) => unknown {
  return (req: FakeRequest) => {
    const limit = Number(req.params.limit);
    const mine = all.filter((a) => a.category === req.params['filter[category][eq]']);
    const from = req.params.cursor ? Number(req.params.cursor) : 0;
    const rows = mine.slice(from, from + limit + 1);
    return { data: rows, next_cursor: rows.length > limit ? String(from + limit) : undefined };
  };
}

function server(routes: Record<string, FakeRoute> = {}, permissions: string[] = []) {
  fakeApi({
    '/access': accessAnswer({ staff: permissions.length > 0, permissions }),
    '/help/categories': CATEGORIES,
    '/help/articles': articlesOf(ARTICLES),
    '/help/search': { data: [ESCROW] },
    ...routes,
  });
}

function renderPage(path = '/help') {
  return renderWithProviders(<HelpIndexPage />, {
    path,
    route: '/help',
    extraRoutes: [
      { path: '/help/:slug', element: <h1>Article page</h1> },
      { path: '/help/new', element: <h1>New article page</h1> },
    ],
  });
}

const topic = (name: string) => screen.getByRole('region', { name });

describe('HelpIndexPage', () => {
  it('lists the categories in their order with their counts and their articles', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Help centre', level: 1 })).toBeVisible();
    await screen.findByRole('link', { name: 'Advances and escrow' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Getting started',
      'Payments and commissions',
      'Events and the store',
    ]);
    const started = topic('Getting started');
    expect(started).toHaveTextContent('2 articles');
    expect(
      within(started)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Finding your way around', 'Welcome to the Associate Portal']);
    expect(within(started).getByRole('link', { name: 'Finding your way around' })).toHaveAttribute(
      'href',
      '/help/finding-your-way-around',
    );
    expect(topic('Payments and commissions')).toHaveTextContent('1 article');
    expect(topic('Events and the store')).toHaveTextContent('No articles in this topic yet.');
    // Each topic's first articles, whatever the size of the help centre.
    expect(calls('/help/articles').map((c) => c.params)).toEqual(
      CATEGORIES.data.map((c) => ({ limit: 6, 'filter[category][eq]': c.slug })),
    );
    // No topic here has more than it shows.
    expect(screen.queryByRole('link', { name: /^All \d+ articles/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Help centre · Associate Portal');
    // Associates write nothing and see no states.
    expect(screen.queryByRole('link', { name: /New article/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
  });

  it('shows staff who manage content every state, marked, and the way to a new article', async () => {
    server(
      {
        '/help/articles': articlesOf([
          article({ id: 5, slug: 'a-draft', title: 'A draft', status: 'Draft' }),
          article({ id: 6, slug: 'taken-down', title: 'Taken down', status: 'Unpublished' }),
          article({ id: 1 }),
        ]),
      },
      ['content.manage'],
    );
    renderPage();
    const started = await screen.findByRole('region', { name: 'Getting started' });
    await within(started).findByRole('link', { name: 'A draft' });
    const items = within(started).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'A draftDraft',
      'Taken downUnpublished',
      'Welcome to the Associate Portal',
    ]);
    expect(await screen.findByRole('link', { name: 'New article' })).toHaveAttribute(
      'href',
      '/help/new',
    );
  });

  it('shows the search results with the matched words marked, as text', async () => {
    server();
    renderPage('/help?q=escrow');
    const result = await screen.findByRole('link', { name: 'Advances and escrow' });
    expect(result).toHaveAttribute('href', '/help/advances-and-escrow');
    expect(calls('/help/search')[0]!.params).toEqual({ q: 'escrow', limit: 20 });
    expect(screen.getByRole('heading', { name: 'Results for “escrow”' })).toBeInTheDocument();
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Payments and commissions');
    expect(item).toHaveTextContent('and 25 % is held in escrow. Escrow is released in three parts');
    expect(Array.from(item.querySelectorAll('mark')).map((m) => m.textContent)).toEqual([
      'escrow',
      'Escrow',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1 article found.');
    // The topics are not asked for while searching.
    expect(calls('/help/categories')).toHaveLength(0);
    expect(screen.getByRole('searchbox', { name: 'Search help' })).toHaveValue('escrow');
    expect(document.title).toBe('Results for escrow · Help centre · Associate Portal');
  });

  it('never reads a snippet as HTML', async () => {
    server({
      '/help/search': {
        data: [
          {
            ...ESCROW,
            snippet: [
              { text: '<img src=x onerror="alert(1)"> ', match: false },
              { text: '<b>escrow</b>', match: true },
            ],
          },
        ],
      },
    });
    renderPage('/help?q=escrow');
    const item = await screen.findByRole('listitem');
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('b')).toBeNull();
    expect(item.querySelector('mark')).toHaveTextContent('<b>escrow</b>');
  });

  it('says so when nothing matches', async () => {
    server({ '/help/search': { data: [] } });
    renderPage('/help?q=zebra');
    expect(await screen.findByText('No articles match “zebra”')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('puts the words in the URL, and none brings the topics back', async () => {
    server();
    const { user, router } = renderPage();
    await screen.findByRole('link', { name: 'Advances and escrow' });
    const box = screen.getByRole('searchbox', { name: 'Search help' });
    await user.type(box, '  advances escrow ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=advances%20escrow'));
    await screen.findByRole('heading', { name: 'Results for “advances escrow”' });
    expect(calls('/help/search').at(-1)!.params).toEqual({ q: 'advances escrow', limit: 20 });

    await user.clear(screen.getByRole('searchbox', { name: 'Search help' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('region', { name: 'Getting started' })).toBeInTheDocument();
  });

  it('links a topic with more articles than it shows to all of them, read a page at a time', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      article({ id: 100 + i, slug: `rule-${100 + i}`, title: `Rule ${100 + i}` }),
    );
    server({
      '/help/categories': {
        data: [{ slug: 'getting-started', name: 'Getting started', articles: 60 }],
      },
      '/help/articles': articlesOf(many),
    });
    const { user } = renderPage();
    const started = await screen.findByRole('region', { name: 'Getting started' });
    await within(started).findByRole('link', { name: 'Rule 100' });
    expect(within(started).getAllByRole('listitem')).toHaveLength(6);
    const all = within(started).getByRole('link', { name: 'All 60 articles in Getting started' });
    expect(all).toHaveAttribute('href', '/help?topic=getting-started');
    await user.click(all);
    const list = await screen.findByRole('region', { name: 'Getting started' });
    await within(list).findByRole('link', { name: 'Rule 149' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(document.title).toBe('Getting started · Help centre · Associate Portal');
    await user.click(within(list).getByRole('button', { name: 'Show more' }));
    await within(list).findByRole('link', { name: 'Rule 159' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(60);
    expect(within(list).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(
      calls('/help/articles')
        .slice(-2)
        .map((c) => c.params),
    ).toEqual([
      { limit: 50, 'filter[category][eq]': 'getting-started' },
      { limit: 50, 'filter[category][eq]': 'getting-started', cursor: '50' },
    ]);
    expect(within(list).getByRole('link', { name: 'All help topics' })).toHaveAttribute(
      'href',
      '/help',
    );
  });

  it("says so in a topic's card when its articles cannot be read, and when it has none", async () => {
    let fail = true;
    server({
      '/help/articles': (req: FakeRequest) => {
        if (fail && req.params['filter[category][eq]'] === 'payments')
          throw apiError(503, 'The service is unavailable');
        return articlesOf(ARTICLES)(req);
      },
    });
    const { user } = renderPage();
    const payments = await screen.findByRole('region', { name: 'Payments and commissions' });
    const alert = await within(payments).findByRole('alert');
    expect(alert).toHaveTextContent('The service is unavailable');
    // The other topics are shown all the same.
    await within(topic('Getting started')).findByRole('link', { name: 'Finding your way around' });
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(payments).findByRole('link', { name: 'Advances and escrow' });
    expect(topic('Events and the store')).toHaveTextContent('No articles in this topic yet.');
  });

  it("shows a topic's failure with Retry, and a topic without articles", async () => {
    server({ '/help/articles': () => Promise.reject(apiError(503, 'The service is unavailable')) });
    const first = renderPage('/help?topic=payments');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The topic could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    first.unmount();
    server();
    renderPage('/help?topic=events-store');
    expect(await screen.findByText('No articles in this topic yet')).toBeVisible();
  });

  it('says so when the topic in the URL does not exist', async () => {
    server();
    renderPage('/help?topic=gone');
    expect(await screen.findByText('No such help topic')).toBeVisible();
  });

  it('shows a failure with Retry, not an empty help centre', async () => {
    let fail = true;
    server({
      '/help/categories': () => {
        if (fail) throw apiError(503, 'The service is unavailable');
        return CATEGORIES;
      },
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The help topics could not be loaded');
    expect(alert).toHaveTextContent('The service is unavailable');
    expect(screen.queryByText('No help topics yet')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Getting started' })).toBeInTheDocument();
  });
});
