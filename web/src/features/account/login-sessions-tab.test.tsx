import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginSession } from '@/api/gen/model/loginSession';
import { formatDateTime } from '@/lib/format';
import { getToken, setToken } from '@/lib/session';
import { apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LoginSessionsTab } from './login-sessions-tab';

const THIS: LoginSession = {
  id: 11,
  device: 'Chrome on Windows',
  ip: '203.0.113.5',
  created_at: '2026-11-20T08:00:00Z',
  last_seen_at: '2026-11-22T09:30:00Z',
  current: true,
};
const PHONE: LoginSession = {
  id: 12,
  device: 'Safari on iPhone',
  ip: '198.51.100.7',
  created_at: '2026-11-01T10:00:00Z',
  last_seen_at: '2026-11-21T18:45:12Z',
  current: false,
};
const TABLET: LoginSession = { ...PHONE, id: 13, device: 'Safari on iPad', ip: undefined };

function server(sessions: LoginSession[]) {
  let live = sessions;
  fakeApi({
    '/account/sessions': () => ({ data: live }),
    'DELETE /account/sessions/12': () => {
      live = live.filter((s) => s.id !== 12);
    },
    'DELETE /account/sessions/11': () => {
      live = live.filter((s) => s.id !== 11);
    },
    'POST /account/sessions/revoke-others': () => {
      const revoked = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return { revoked };
    },
  });
}

function renderTab() {
  return renderWithProviders(<LoginSessionsTab />, {
    path: '/account/login-sessions',
    route: '/account/login-sessions',
  });
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('LoginSessionsTab', () => {
  it('lists the sessions, this device first and marked', async () => {
    server([THIS, PHONE, TABLET]);
    renderTab();
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
    const [first, second, third] = rows();
    expect(within(first!).getByText('This device')).toBeInTheDocument();
    expect(within(first!).getByText('203.0.113.5')).toBeInTheDocument();
    expect(within(first!).getByText(formatDateTime(THIS.created_at))).toBeInTheDocument();
    expect(within(first!).getByText(formatDateTime(THIS.last_seen_at))).toBeInTheDocument();
    expect(formatDateTime(THIS.created_at)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(within(second!).queryByText('This device')).not.toBeInTheDocument();
    expect(within(third!).getByText('—')).toBeInTheDocument();
  });

  it('revokes another session after the confirmation', async () => {
    server([THIS, PHONE]);
    const { user } = renderTab();
    await user.click(
      await screen.findByRole('button', { name: /^Revoke the session on Safari on iPhone/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The session on Safari on iPhone (198.51.100.7) ends');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls('/account/sessions/12').map((c) => c.method)).toEqual(['DELETE']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    server([THIS, PHONE]);
    const { user } = renderTab();
    await user.click(
      await screen.findByRole('button', { name: /^Revoke the session on Safari on iPhone/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls('/account/sessions/12')).toEqual([]);
    expect(screen.getByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('signs this device out when its own session is revoked', async () => {
    setToken('this-session');
    server([THIS, PHONE]);
    const { user } = renderTab();
    await user.click(
      await screen.findByRole('button', { name: 'Sign out of this device (Chrome on Windows)' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(calls('/account/sessions/11').map((c) => c.method)).toEqual(['DELETE']);
  });

  it('signs out every other session at once', async () => {
    server([THIS, PHONE, TABLET]);
    const { user } = renderTab();
    await screen.findByText('Safari on iPad');
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls('/account/sessions/revoke-others')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it('keeps the dialog open when the revocation fails', async () => {
    fakeApi({
      '/account/sessions': { data: [THIS, PHONE] },
      'DELETE /account/sessions/12': () => Promise.reject(apiError(500, 'Down')),
    });
    const { user } = renderTab();
    await user.click(
      await screen.findByRole('button', { name: /^Revoke the session on Safari on iPhone/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeEnabled(),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('says when the sessions could not be loaded', async () => {
    fakeApi({ '/account/sessions': () => Promise.reject(apiError(503, 'Unavailable')) });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The login sessions could not be loaded',
    );
  });
});
