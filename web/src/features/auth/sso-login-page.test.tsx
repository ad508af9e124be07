import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { getSessionFlags, getToken, requireLogin } from '@/lib/session';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { SsoLoginPage } from './sso-login-page';

function renderPage() {
  return renderWithProviders(
    <StrictMode>
      <SsoLoginPage />
    </StrictMode>,
    {
      path: '/login/sso/sso-tok',
      route: '/login/sso/:token',
      extraRoutes: [
        { path: '/', element: <h1>Dashboard</h1> },
        { path: '/login', element: <h1>Login page</h1> },
      ],
    },
  );
}

const refusal = (status: number, message: string, code?: string) =>
  new ApiError(status, message, [], { status, message, code });

describe('SsoLoginPage', () => {
  it('exchanges the token once, keeps the session as the login does and opens the dashboard', async () => {
    requireLogin();
    fakeApi({ 'POST /auth/sso': { token: 'session-token', user: { id: 1, name: 'Alex' } } });
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBe('session-token');
    expect(getSessionFlags()).toEqual({ sessionExpired: false, loginRequired: false });
    // Single-use: asked once, even under StrictMode's second effect run.
    expect(calls('/auth/sso').map((c) => c.data)).toEqual([{ token: 'sso-tok' }]);
  });

  it('says plainly that a used or expired link is no longer valid, with the way to log in', async () => {
    fakeApi({
      'POST /auth/sso': () => {
        throw refusal(422, 'The SSO token is unknown, used or expired', 'link_invalid');
      },
    });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.getByRole('heading', { name: 'Single sign-on failed' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to log in' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it("shows any other failure's message (429 throttled)", async () => {
    fakeApi({
      'POST /auth/sso': () => {
        throw refusal(429, 'Too many requests. Try again in 15 minutes.', 'throttled');
      },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 15 minutes.',
    );
  });
});
