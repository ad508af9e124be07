import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpArticle } from '@/api/gen/model/helpArticle';
import { formatDate } from '@/lib/format';
import { accessAnswer, apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { HelpArticlePage } from './help-article-page';

const ESCROW_ARTICLE: HelpArticle = {
  id: 12,
  slug: 'advances-and-escrow',
  title: 'Advances and escrow',
  category: 'payments',
  category_name: 'Payments and commissions',
  status: 'Published',
  language: 'en',
  updated_at: '2026-03-01T10:00:00Z',
  published_at: '2026-02-01T10:00:00Z',
  body_markdown: '## When it is released\n\nIn months 10, 11 and 12.',
  body_html:
    '<h2>When it is released</h2>\n<p>In months <strong>10, 11 and 12</strong>.</p>\n<table><thead><tr><th>Month</th></tr></thead><tbody><tr><td>10</td></tr></tbody></table>',
};

function renderPage(path = '/help/advances-and-escrow') {
  return renderWithProviders(<HelpArticlePage />, {
    path,
    route: '/help/:slug',
    extraRoutes: [
      { path: '/help', element: <h1>Help index</h1> },
      { path: '/help/:slug/edit', element: <h1>Editor</h1> },
    ],
  });
}

describe('HelpArticlePage', () => {
  it('shows the title, category, date and the rendered body', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/help/articles/advances-and-escrow': ESCROW_ARTICLE,
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Advances and escrow', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Payments and commissions')).toBeInTheDocument();
    expect(screen.getByText(`Updated ${formatDate('2026-03-01T10:00:00Z')}`)).toBeInTheDocument();
    // The server's HTML, as rendered.
    expect(
      screen.getByRole('heading', { name: 'When it is released', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText('10, 11 and 12').tagName).toBe('STRONG');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/help');
    expect(document.title).toBe('Advances and escrow · Help centre · Associate Portal');
    // Associates neither edit nor see the state.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
  });

  it('gives staff who manage content the state and Edit', async () => {
    fakeApi({
      '/access': accessAnswer({ staff: true, permissions: ['content.manage'] }),
      '/help/articles/advances-and-escrow': { ...ESCROW_ARTICLE, status: 'Unpublished' },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Advances and escrow', level: 1 });
    expect(await screen.findByText('Unpublished')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });

  it('marks a French article as French', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/help/articles/travailler-au-canada': {
        ...ESCROW_ARTICLE,
        slug: 'travailler-au-canada',
        title: 'Travailler au Canada',
        language: 'fr',
      },
    });
    renderPage('/help/travailler-au-canada');
    const title = await screen.findByText('Travailler au Canada', { selector: 'h1 span' });
    expect(title).toHaveAttribute('lang', 'fr');
    expect(screen.getByText('French')).toBeInTheDocument();
    expect(document.querySelector('.prose')).toHaveAttribute('lang', 'fr');
  });

  it('shows the not-found page for a missing article, with the way back', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/help/articles/gone': () => {
        throw apiError(404, 'Help article not found');
      },
    });
    const { user } = renderPage('/help/gone');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(alert).toHaveTextContent('Help article not found');
    expect(document.title).toBe('404 Help article not found · Associate Portal');
    await user.click(screen.getByRole('link', { name: /Back to the help centre/ }));
    expect(await screen.findByRole('heading', { name: 'Help index' })).toBeInTheDocument();
  });

  it('asks nothing for a slug no article can have', async () => {
    fakeApi({ '/access': accessAnswer() });
    renderPage('/help/Not%20A%20Slug');
    expect(await screen.findByRole('alert')).toHaveTextContent('Article not found');
    expect(calls().filter((c) => c.url.startsWith('/help/'))).toEqual([]);
  });
});
