import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';

const NOTICE = 'If the address has an account, a link to set a new password is on its way.';

function renderPage() {
  return renderWithProviders(<ForgotPasswordPage />, {
    path: '/forgot-password',
    route: '/forgot-password',
    extraRoutes: [{ path: '/login', element: <h1>Login page</h1> }],
  });
}

describe('ForgotPasswordPage', () => {
  it('checks the address, then shows what the server says happens next', async () => {
    fakeApi({ 'POST /auth/forgot-password': { message: NOTICE } });
    const { user } = renderPage();
    expect(document.title).toBe('Forgot password · Associate Portal');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(calls()).toEqual([]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('heading', { name: 'Check your mail' })).toBeInTheDocument();
    expect(calls('/auth/forgot-password').map((c) => c.data)).toEqual([
      { email: 'ann@example.com' },
    ]);
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server message when too many resets were asked for (429 throttled)', async () => {
    fakeApi({
      'POST /auth/forgot-password': () => {
        const body = {
          status: 429,
          message: 'Too many requests. Try again in 15 minutes.',
          code: 'throttled',
        };
        throw new ApiError(429, body.message, [], body);
      },
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 15 minutes.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  it("puts the server's field error under the field", async () => {
    fakeApi({
      'POST /auth/forgot-password': () => {
        throw new ApiError(422, 'Validation error', [
          { field: 'email', message: 'Email is too long' },
        ]);
      },
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    // 'Validation error' is said by the field, not by a panel.
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
  });

  it('leads back to the login page', async () => {
    fakeApi({ 'POST /auth/forgot-password': () => Promise.reject(apiError(500, 'Down')) });
    const { user } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});
