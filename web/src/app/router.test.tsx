import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import { setToken } from '@/lib/session';
import { ACCOUNT } from '@/test/account-fixture';
import { accessAnswer, fakeApi } from '@/test/fake-api';
import { createRoutes } from './router';

const linkInvalid = () => {
  const body = { status: 422, message: 'Unknown token', code: 'link_invalid' };
  throw new ApiError(422, body.message, [], body);
};

/** The server of a visitor, and of an associate with a memo waiting for acknowledgement. */
function server() {
  fakeApi({
    '/access': accessAnswer(),
    '/dashboard/acknowledgements': {
      memos: [{ id: 1, title: 'New rules', body: 'Read them.', requires_signature: false }],
      w9_documents: [],
    },
    '/dashboard': { greeting: 'Good morning' },
    '/account': ACCOUNT,
    '/registration/uplines/AGT100': { code: 'AGT100', name: 'Alex Carter', country: 'USA' },
    '/agreements/USA/Builder': {
      country: 'USA',
      plan: 'Builder',
      title: 'Associate Membership Agreement',
      body: 'Terms.',
      version: 'v1',
      published_on: '2026-01-15',
    },
    '/agreements/USA/Direct': {
      country: 'USA',
      plan: 'Direct',
      title: 'Associate Membership Agreement (Direct)',
      body: 'Terms.',
      version: 'v2',
      published_on: '2026-01-15',
    },
    '/pages/terms': {
      slug: 'terms',
      title: 'Terms of use',
      body_html: '<p>These terms govern your use of the portal.</p>',
      updated_at: '2026-01-10T09:00:00Z',
    },
    'POST /auth/sso': linkInvalid,
    'POST /account/email/confirm': linkInvalid,
  });
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <Theme>
        <RouterProvider router={router} />
      </Theme>
    </QueryClientProvider>,
  );
  return router;
}

const PUBLIC_PAGES: [string, string][] = [
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password/tok', 'Set a new password'],
  ['/login/sso/tok', 'Single sign-on failed'],
  ['/register/AGT100', 'Register as an associate'],
  ['/register/direct/AGT100', 'Register as a Direct associate'],
  ['/ama/USA/Builder', 'Associate Membership Agreement'],
  ['/account/email/confirm/tok', 'Email not confirmed'],
  ['/pages/terms', 'Terms of use'],
];

describe('public routes', () => {
  it.each(PUBLIC_PAGES)('%s loads without a session', async (path, heading) => {
    server();
    const router = renderAt(path);
    expect(
      await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(PUBLIC_PAGES)(
    '%s loads signed in while something waits for acknowledgement',
    async (path, heading) => {
      server();
      setToken('session');
      const router = renderAt(path);
      expect(
        await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it("keeps the account's edit forms for a session", async () => {
    server();
    const router = renderAt('/account/phone');
    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('account routes', () => {
  /** An associate with nothing to acknowledge. */
  function signedIn(routes: Record<string, unknown> = {}) {
    server();
    fakeApi({
      '/access': accessAnswer(),
      '/dashboard/acknowledgements': { memos: [], w9_documents: [] },
      '/account': { ...ACCOUNT, pending_email: 'new@example.com' },
      '/associates/AGT100': {
        code: 'AGT100',
        name: 'Alex Carter',
        level: ACCOUNT.level,
        relation: 'self',
        status: 'Active',
      },
      '/account/sessions': { data: [] },
      ...routes,
    });
    setToken('session');
  }

  it('shows the overview with the account details and the profile', async () => {
    signedIn();
    renderAt('/account');
    expect(
      await screen.findByText('waiting for confirmation', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit phone' })).toHaveAttribute(
      'href',
      '/account/phone',
    );
  });

  it('shows an account tab under the account header', async () => {
    signedIn();
    renderAt('/account/login-sessions');
    expect(
      await screen.findByRole('heading', { name: 'Login sessions', level: 2 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alex Carter', level: 1 })).toBeInTheDocument();
  });

  it('opens the help centre and its articles inside the portal', async () => {
    signedIn({
      '/help/categories': { data: [{ slug: 'payments', name: 'Payments', articles: 1 }] },
      '/help/articles': { data: [] },
      '/help/articles/advances-and-escrow': {
        id: 12,
        slug: 'advances-and-escrow',
        title: 'Advances and escrow',
        category: 'payments',
        category_name: 'Payments',
        status: 'Published',
        language: 'en',
        updated_at: '2026-03-01T10:00:00Z',
        body_markdown: 'Text.',
        body_html: '<p>Text.</p>',
      },
    });
    const router = renderAt('/help');
    expect(
      await screen.findByRole('heading', { name: 'Help centre', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    await router.navigate('/help/advances-and-escrow');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Advances and escrow', level: 1 },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('opens an edit form at its own route', async () => {
    signedIn();
    renderAt('/account/alt-phone');
    expect(
      await screen.findByRole('heading', { name: 'Edit alternative phone' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
