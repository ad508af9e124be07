import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpArticle } from '@/api/gen/model/helpArticle';
import { ApiError } from '@/api/mutator';
import { accessAnswer, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { HelpArticleCreatePage, HelpArticleEditPage } from './help-article-editor-pages';

const CATEGORIES = {
  data: [
    { slug: 'getting-started', name: 'Getting started', articles: 5 },
    { slug: 'payments', name: 'Payments and commissions', articles: 6 },
  ],
};

const ARTICLE: HelpArticle = {
  id: 12,
  slug: 'advances-and-escrow',
  title: 'Advances and escrow',
  category: 'payments',
  category_name: 'Payments and commissions',
  status: 'Published',
  language: 'en',
  updated_at: '2026-03-01T10:00:00Z',
  body_markdown: 'When a policy is approved, **75 %** is advanced.',
  body_html: '<p>When a policy is approved, <strong>75 %</strong> is advanced.</p>',
};

function server(routes: Record<string, FakeRoute> = {}, permissions = ['content.manage']) {
  fakeApi({
    '/access': accessAnswer({ staff: true, permissions }),
    '/help/categories': CATEGORIES,
    '/help/articles/advances-and-escrow': ARTICLE,
    ...routes,
  });
}

const extraRoutes = [
  { path: '/help', element: <h1>Help index</h1> },
  { path: '/help/:slug', element: <h1>Article page</h1> },
];

function renderCreate() {
  return renderWithProviders(<HelpArticleCreatePage />, {
    path: '/help/new',
    route: '/help/new',
    extraRoutes,
  });
}

function renderEdit(slug = 'advances-and-escrow') {
  return renderWithProviders(<HelpArticleEditPage />, {
    path: `/help/${slug}/edit`,
    route: '/help/:slug/edit',
    extraRoutes,
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const combobox = (name: RegExp) => screen.getByRole('combobox', { name });

async function choose(user: ReturnType<typeof renderCreate>['user'], name: RegExp, option: string) {
  await user.click(combobox(name));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('HelpArticleCreatePage', () => {
  it("says '{Label} is required' for each required field and sends nothing", async () => {
    server();
    const { user } = renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Create article' }));
    for (const message of [
      'Title is required',
      'Slug is required',
      'Category is required',
      'Body is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field(/^Title/)).toHaveAccessibleDescription('Title is required');
    expect(calls('/help/articles')).toEqual([]);
  });

  it(
    'suggests the slug from the title until one is typed, and checks it',
    { timeout: 20_000 },
    async () => {
      server();
      const { user } = renderCreate();
      await user.type(
        await screen.findByRole('textbox', { name: /^Title/ }),
        'Comprendre vos été!',
      );
      expect(field(/^Slug/)).toHaveValue('comprendre-vos-ete');
      await user.clear(field(/^Slug/));
      await user.type(field(/^Slug/), 'Bad--Slug');
      await user.type(field(/^Title/), ' 2');
      // Typed: the title no longer moves it.
      expect(field(/^Slug/)).toHaveValue('Bad--Slug');
      await user.click(screen.getByRole('button', { name: 'Create article' }));
      expect(
        await screen.findByText(
          'Slug may hold only lower-case letters, digits and single hyphens (at most 100)',
        ),
      ).toBeInTheDocument();
    },
  );

  it(
    'offers Draft and Published for a new article and sends the body',
    { timeout: 20_000 },
    async () => {
      let sent: unknown;
      server({
        'POST /help/articles': (req: { data: unknown }) => {
          sent = req.data;
          return { ...ARTICLE, slug: 'new-rules', title: 'New rules', status: 'Draft' };
        },
      });
      const { user } = renderCreate();
      await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'New rules');
      await choose(user, /^Category/, 'Getting started');
      await user.click(combobox(/^Status/));
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Draft',
        'Published',
      ]);
      await user.keyboard('{Escape}');
      await user.type(field(/^Body/), '## Heading{Enter}{Enter}Text.');
      await user.click(screen.getByRole('button', { name: 'Create article' }));
      expect(await screen.findByText('Article created successfully')).toBeInTheDocument();
      expect(sent).toEqual({
        title: 'New rules',
        slug: 'new-rules',
        category: 'getting-started',
        language: 'en',
        status: 'Draft',
        body_markdown: '## Heading\n\nText.',
      });
      // A second later, the article's page.
      expect(
        await screen.findByRole('heading', { name: 'Article page' }, { timeout: 3000 }),
      ).toBeInTheDocument();
    },
  );

  it("puts the server's field errors (422) under the fields", async () => {
    server({
      'POST /help/articles': () => {
        throw new ApiError(422, 'Validation error', [
          { field: 'slug', message: 'Slug is already used by another article' },
          { field: 'category', message: 'Category does not exist' },
        ]);
      },
    });
    const { user } = renderCreate();
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Chargebacks');
    await choose(user, /^Category/, 'Payments and commissions');
    await user.type(field(/^Body/), 'Text.');
    await user.click(screen.getByRole('button', { name: 'Create article' }));
    expect(await screen.findByText('Slug is already used by another article')).toBeInTheDocument();
    expect(field(/^Slug/)).toHaveAccessibleDescription('Slug is already used by another article');
    expect(screen.getByText('Category does not exist')).toBeInTheDocument();
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
  });

  it('refuses readers who do not manage content before they write', async () => {
    server({}, ['clients.read']);
    renderCreate();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('403');
    expect(alert).toHaveTextContent('Only staff who manage the help centre write articles');
    expect(screen.queryByRole('button', { name: 'Create article' })).not.toBeInTheDocument();
  });
});

describe('HelpArticleEditPage', () => {
  it('hides Draft for a Published article and saves the changes', { timeout: 20_000 }, async () => {
    let sent: unknown;
    server({
      'PUT /help/articles/advances-and-escrow': (req: { data: unknown }) => {
        sent = req.data;
        return { ...ARTICLE, status: 'Unpublished' };
      },
    });
    const { user } = renderEdit();
    expect(
      await screen.findByRole('heading', { name: 'Edit Advances and escrow', level: 1 }),
    ).toBeInTheDocument();
    expect(field(/^Title/)).toHaveValue('Advances and escrow');
    expect(field(/^Slug/)).toHaveValue('advances-and-escrow');
    expect(field(/^Body/)).toHaveValue(ARTICLE.body_markdown);
    expect(combobox(/^Category/)).toHaveTextContent('Payments and commissions');
    expect(combobox(/^Language/)).toHaveTextContent('English');
    // The title does not move an existing article's slug.
    await user.type(field(/^Title/), '!');
    expect(field(/^Slug/)).toHaveValue('advances-and-escrow');

    await user.click(combobox(/^Status/));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Published',
      'Unpublished',
    ]);
    await user.click(screen.getByRole('option', { name: 'Unpublished' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Article updated successfully')).toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Advances and escrow!',
      slug: 'advances-and-escrow',
      category: 'payments',
      language: 'en',
      status: 'Unpublished',
      body_markdown: ARTICLE.body_markdown,
    });
  });

  it('offers Draft while the article is a Draft', async () => {
    server({ '/help/articles/advances-and-escrow': { ...ARTICLE, status: 'Draft' } });
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'Edit Advances and escrow' });
    await user.click(combobox(/^Status/));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Draft', 'Published']);
  });

  it('shows a 409 above the form in its words', async () => {
    server({
      'PUT /help/articles/advances-and-escrow': () => {
        throw new ApiError(409, 'A help article cannot move from Published to Draft');
      },
    });
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'Edit Advances and escrow' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A help article cannot move from Published to Draft');
    expect(screen.queryByText(/updated successfully/)).not.toBeInTheDocument();
    // The form stays open to try again.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('shows the not-found page for a missing article', async () => {
    server({
      '/help/articles/gone': () => {
        throw new ApiError(404, 'Help article not found');
      },
    });
    renderEdit('gone');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(within(alert).getByRole('link', { name: /Back to the help centre/ })).toHaveAttribute(
      'href',
      '/help',
    );
    await waitFor(() =>
      expect(document.title).toBe('404 Help article not found · Associate Portal'),
    );
  });
});
