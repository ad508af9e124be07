import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type RequestConfig } from '@/api/mutator';
import { expireSession, getSessionFlags, getToken, requireLogin, setToken } from '@/lib/session';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LoginPage } from './login-page';

// The login endpoint: AGT100 with the demo password logs in; 'too-long' is refused field by field.
beforeEach(() =>
  fakeApi((config: RequestConfig) => {
    const body = config.data as { login: string; password: string };
    if (body.login === 'too-long')
      throw new ApiError(422, 'Validation error', [
        { field: 'login', message: 'Email or associate code is too long' },
      ]);
    if (body.login === 'AGT100' && body.password === 'portal-demo-pass')
      return { token: 'new-token', user: { id: 1, name: 'Alex' } };
    throw new ApiError(401, 'The login or password is not correct');
  }),
);

function renderLogin() {
  return renderWithProviders(<LoginPage />, {
    path: '/login',
    route: '/login',
    extraRoutes: [
      { path: '/', element: <p>home page</p> },
      { path: '/forgot-password', element: <p>forgot password page</p> },
    ],
  });
}

describe('LoginPage', () => {
  it('shows the session-expired notice after a 401 with a token', () => {
    setToken('stale');
    expireSession();
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
  });

  it('links to the terms, the privacy notice and the opportunity, readable signed out', () => {
    renderLogin();
    const about = screen.getByRole('navigation', { name: 'About the portal' });
    expect(
      Array.from(about.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Terms', '/pages/terms'],
      ['Privacy', '/pages/privacy'],
      ['The opportunity', '/pages/opportunity'],
    ]);
  });

  it('shows the login-required notice after visiting a protected page without a token', () => {
    requireLogin();
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent('Please log in to continue.');
  });

  it('leads to the forgot-password page', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByText('forgot password page')).toBeInTheDocument();
  });

  it('shows what the page that sent the visitor here has to say', async () => {
    const { router } = renderLogin();
    await router.navigate('/login', { state: { notice: 'Your password has been changed.' } });
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
  });

  it('validates, shows server errors, and logs in by email or code', async () => {
    const { user } = renderLogin();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email or associate code is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email or associate code'), 'AGT100');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The login or password is not correct',
    );

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'portal-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(getToken()).toBe('new-token');
    expect(getSessionFlags()).toEqual({ sessionExpired: false, loginRequired: false });
  });

  it('focuses the first invalid field, checks fields again as they change, sends the login trimmed', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Password'), 'portal-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const login = screen.getByLabelText('Email or associate code');
    expect(await screen.findByText('Email or associate code is required')).toBeInTheDocument();
    expect(login).toHaveFocus();
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await user.type(login, '  too-long ');
    expect(screen.queryByText('Email or associate code is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email or associate code is too long')).toBeInTheDocument();
    expect(login).toHaveFocus();
    expect(screen.queryByRole('alert', { name: /Validation error/ })).not.toBeInTheDocument();

    await user.clear(login);
    await user.type(login, ' AGT100 ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
