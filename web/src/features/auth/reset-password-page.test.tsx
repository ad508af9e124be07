import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { getToken, setToken } from '@/lib/session';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

function renderPage() {
  return renderWithProviders(<ResetPasswordPage />, {
    path: '/reset-password/tok-123',
    route: '/reset-password/:token',
    extraRoutes: [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
    ],
  });
}

async function fill(
  user: ReturnType<typeof renderPage>['user'],
  password: string,
  confirm = password,
) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

const refusal = (status: number, message: string, code?: string) =>
  new ApiError(status, message, [], { status, message, code });

describe('ResetPasswordPage', () => {
  it('asks for eight characters and the same password twice', async () => {
    fakeApi({});
    const { user } = renderPage();
    expect(document.title).toBe('Reset password · Associate Portal');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password is required')).toBeInTheDocument();
    await fill(user, 'short', 'other');
    expect(
      await screen.findByText('New password must be at least 8 characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Confirm new password must match the new password'),
    ).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('sets the password, ends the session kept here and says so on the login page', async () => {
    setToken('old-session');
    fakeApi({ 'POST /auth/reset-password': undefined });
    const { user, router } = renderPage();
    await fill(user, 'a new password');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with the new one.',
    );
    expect(calls('/auth/reset-password').map((c) => c.data)).toEqual([
      { token: 'tok-123', password: 'a new password' },
    ]);
    expect(getToken()).toBeNull();
  });

  it('says a used or expired link is no longer valid, and offers a new one', async () => {
    fakeApi({
      'POST /auth/reset-password': () => {
        throw refusal(422, 'The reset token is unknown, used or expired', 'link_invalid');
      },
    });
    const { user } = renderPage();
    await fill(user, 'a new password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid');
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot password page' }),
    ).toBeInTheDocument();
  });

  it("puts the server's field error under the password, and shows the server message when throttled", async () => {
    let answer = () => {
      throw new ApiError(422, 'Validation error', [
        { field: 'password', message: 'Password is too common' },
      ]);
    };
    fakeApi({ 'POST /auth/reset-password': () => answer() });
    const { user } = renderPage();
    await fill(user, 'password1');
    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();

    answer = () => {
      throw refusal(429, 'Too many requests. Try again in 15 minutes.', 'throttled');
    };
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Too many requests. Try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeInTheDocument();
  });
});
