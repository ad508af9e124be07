import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { getToken, setToken } from '@/lib/session';
import { apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PublicContentPage } from './public-page';

const TERMS = {
  slug: 'terms',
  title: 'Terms of use',
  body_html:
    '<p>These terms govern your use of the Associate Portal.</p>\n<h2>Who may use the portal</h2>\n<p>Licensed associates.</p>',
  updated_at: '2026-01-10T09:00:00Z',
};

function renderPage(path = '/pages/terms') {
  return renderWithProviders(<PublicContentPage />, {
    path,
    route: '/pages/:slug',
    extraRoutes: [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/pages/privacy', element: <h1>Privacy page</h1> },
    ],
  });
}

describe('PublicContentPage', () => {
  it('shows the page without a session: its title, text and date, and the way to log in', async () => {
    fakeApi({ '/pages/terms': TERMS });
    expect(getToken()).toBeNull();
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Terms of use', level: 1 }),
    ).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Terms of use' });
    expect(article).toHaveTextContent('These terms govern your use of the Associate Portal.');
    expect(
      screen.getByRole('heading', { name: 'Who may use the portal', level: 2 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Last updated ${formatDate('2026-01-10T09:00:00Z')}`),
    ).toBeInTheDocument();
    expect(document.title).toBe('Terms of use · Associate Portal');
    // Only the page was asked for: no session, no access.
    expect(calls().map((c) => c.url)).toEqual(['/pages/terms']);
    // The other public pages are linked; this one is marked.
    const about = screen.getByRole('navigation', { name: 'About the portal' });
    expect(about).toHaveTextContent('TermsPrivacyThe opportunity');
    expect(screen.queryByRole('link', { name: 'Terms' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Privacy' }));
    expect(await screen.findByRole('heading', { name: 'Privacy page' })).toBeInTheDocument();
  });

  it('leads to the login page, or back to the portal for a signed-in reader', async () => {
    fakeApi({ '/pages/terms': TERMS });
    const { user } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();

    setToken('session');
    renderPage();
    expect(await screen.findByRole('link', { name: 'Go to the portal' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('says so when the page does not exist (404)', async () => {
    fakeApi({
      '/pages/nothing': () => {
        throw apiError(404, 'Page not found');
      },
    });
    renderPage('/pages/nothing');
    expect(
      await screen.findByRole('heading', { name: 'Page not found', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The page you are looking for does not exist or has moved.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Associate Portal');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('asks nothing for a slug no page can have', async () => {
    fakeApi({});
    renderPage('/pages/Terms%20Of%20Use');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});
