import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { MembershipAgreementPage } from './agreement-page';

const AGREEMENT = {
  country: 'USA',
  plan: 'Builder',
  title: 'Associate Membership Agreement',
  body: 'You agree to the terms.\nThey bind you.\n\nThe company agrees too.\n\n',
  version: 'sha-1',
  published_on: '2026-02-03',
};

function renderPage(path: string) {
  return renderWithProviders(<MembershipAgreementPage />, {
    path,
    route: '/ama/:country/:plan',
    extraRoutes: [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/register/:upline', element: <h1>Builder registration</h1> },
      { path: '/register/direct/:upline', element: <h1>Direct registration</h1> },
    ],
  });
}

describe('MembershipAgreementPage', () => {
  it('shows the agreement, its paragraphs and its date, and leads to the login page', async () => {
    fakeApi({ '/agreements/USA/Builder': AGREEMENT });
    const { user } = renderPage('/ama/USA/Builder');
    expect(
      await screen.findByRole('heading', { name: 'Associate Membership Agreement' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Builder plan, USA · Published 02/03/2026')).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Associate Membership Agreement' });
    expect(Array.from(article.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'You agree to the terms.\nThey bind you.',
      'The company agrees too.',
    ]);
    expect(document.title).toBe('Associate Membership Agreement · Associate Portal');
    // No upline: registration is by a link from one, so the way on is the login page.
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('leads to the registration form of the plan under the upline given', async () => {
    fakeApi({ '/agreements/USA/Builder': AGREEMENT });
    const { user } = renderPage('/ama/USA/Builder?upline=AGT100');
    await user.click(await screen.findByRole('link', { name: 'Register' }));
    expect(
      await screen.findByRole('heading', { name: 'Builder registration' }),
    ).toBeInTheDocument();
  });

  it('leads a Direct visitor to the Direct form', async () => {
    fakeApi({ '/agreements/Canada/Direct': { ...AGREEMENT, country: 'Canada', plan: 'Direct' } });
    renderPage('/ama/Canada/Direct?upline=AGT100');
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register/direct/AGT100',
    );
  });

  it('says when no agreement is published (404), and asks nothing for an unknown plan', async () => {
    fakeApi({ '/agreements/Canada/Health': () => Promise.reject(apiError(404, 'Not found')) });
    renderPage('/ama/Canada/Health');
    expect(
      await screen.findByText(
        'No membership agreement is published for the Health plan in Canada.',
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Agreement not found · Associate Portal');

    fakeApi({});
    renderPage('/ama/Mexico/Gold');
    expect(
      await screen.findByText('No membership agreement is published for the Gold plan in Mexico.'),
    ).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('offers to try again when the agreement could not be loaded', async () => {
    fakeApi({ '/agreements/USA/Builder': () => Promise.reject(apiError(503, 'Unavailable')) });
    renderPage('/ama/USA/Builder');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The agreement could not be loaded: Unavailable',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
