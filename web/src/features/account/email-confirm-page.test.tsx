import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { setToken } from '@/lib/session';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { EmailConfirmPage } from './email-confirm-page';

const NOTICE = 'Your email is now new@example.com.';

function renderPage() {
  return renderWithProviders(
    <StrictMode>
      <EmailConfirmPage />
    </StrictMode>,
    {
      path: '/account/email/confirm/mail-tok',
      route: '/account/email/confirm/:token',
      extraRoutes: [
        { path: '/login', element: <h1>Login page</h1> },
        { path: '/account/email', element: <h1>Email form</h1> },
      ],
    },
  );
}

describe('EmailConfirmPage', () => {
  it('confirms once without a session, and leads to the login page', async () => {
    fakeApi({ 'POST /account/email/confirm': { message: NOTICE } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
    expect(calls().map((c) => [c.method, c.url, c.data])).toEqual([
      ['POST', '/account/email/confirm', { token: 'mail-tok' }],
    ]);
    expect(document.title).toBe('Confirm email · Associate Portal');
  });

  it('leads a signed-in associate back to the account', async () => {
    setToken('session');
    fakeApi({ 'POST /account/email/confirm': { message: NOTICE } });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Go to my account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('says a used or expired link is no longer valid, and how to ask again', async () => {
    fakeApi({
      'POST /account/email/confirm': () => {
        const body = { status: 422, message: 'The token is unknown', code: 'link_invalid' };
        throw new ApiError(422, body.message, [], body);
      },
    });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.getByRole('heading', { name: 'Email not confirmed' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Change email again' }));
    expect(await screen.findByRole('heading', { name: 'Email form' })).toBeInTheDocument();
  });

  it('says why the server refused the token otherwise (the address taken since)', async () => {
    fakeApi({
      'POST /account/email/confirm': () => {
        throw new ApiError(422, 'Validation error', [
          {
            field: 'token',
            message: 'Another account has taken this email since the link was sent',
          },
        ]);
      },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another account has taken this email since the link was sent',
    );
    expect(screen.queryByRole('link', { name: 'Change email again' })).not.toBeInTheDocument();
  });

  it('shows the server message when confirmations are throttled (429)', async () => {
    fakeApi({
      'POST /account/email/confirm': () => {
        const body = {
          status: 429,
          message: 'Too many requests. Try again in 15 minutes.',
          code: 'throttled',
        };
        throw new ApiError(429, body.message, [], body);
      },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 15 minutes.',
    );
    expect(screen.getByRole('link', { name: 'Go to log in' })).toBeInTheDocument();
  });
});
