import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PasswordTab } from './password-tab';

function renderTab() {
  return renderWithProviders(<PasswordTab />, {
    path: '/account/password',
    route: '/account/password',
  });
}

type User = ReturnType<typeof renderTab>['user'];

async function fill(user: User, current: string, next: string, confirm = next) {
  for (const [label, value] of [
    [/Current password/, current],
    [/^New password/, next],
    [/Confirm new password/, confirm],
  ] as const) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

const change = () => calls('/account/password');

describe('PasswordTab', () => {
  it('checks the fields before sending: eight characters, the same new password twice', async () => {
    fakeApi({});
    const { user } = renderTab();
    await fill(user, '', '', '');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password is required')).toBeInTheDocument();
    await fill(user, 'old secret', 'short', 'shorter');
    expect(
      await screen.findByText('New password must be at least 8 characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Confirm new password must match the new password'),
    ).toBeInTheDocument();
    expect(change()).toEqual([]);
  });

  it('changes the password, empties the form and says the other sessions ended', async () => {
    fakeApi({ 'PUT /account/password': undefined });
    const { user } = renderTab();
    await fill(user, 'old secret', 'a new secret');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password changed; your other sessions have ended',
    );
    expect(change().map((c) => c.data)).toEqual([
      { current_password: 'old secret', new_password: 'a new secret' },
    ]);
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });

  it("puts the server's field errors by the fields", async () => {
    fakeApi({
      'PUT /account/password': () => {
        throw new ApiError(422, 'Validation error', [
          { field: 'current_password', message: 'Current password is not correct' },
        ]);
      },
    });
    const { user } = renderTab();
    await fill(user, 'wrong one', 'a new secret');
    expect(await screen.findByText('Current password is not correct')).toBeInTheDocument();
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the server message when too many wrong current passwords were tried (429 login_throttled)', async () => {
    fakeApi({
      'PUT /account/password': () => {
        const body = {
          status: 429,
          message: 'Too many failed login attempts. Try again in 15 minutes.',
          code: 'login_throttled',
        };
        throw new ApiError(429, body.message, [], body);
      },
    });
    const { user } = renderTab();
    await fill(user, 'old secret', 'a new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed login attempts. Try again in 15 minutes.',
    );
  });
});
