import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type RequestConfig } from '@/api/mutator';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AssociateLayout } from './associate-layout';
import { AssociateOverviewTab } from './associate-overview-tab';

const level = { code: 'SMD', name: 'Senior Marketing Director', rank: 5, is_senior_level: false };

beforeEach(() => {
  fakeApi(async (config: RequestConfig) => {
    const base = {
      name: 'Pat Doe',
      first_name: 'Pat',
      last_name: 'Doe',
      email: 'pat@example.com',
      phone: '5551234567',
      level,
    };
    if (config.url === '/associates/UP001') return { ...base, code: 'UP001', relation: 'upline' };
    if (config.url === '/associates/DOWN01') {
      return {
        ...base,
        code: 'DOWN01',
        relation: 'downline',
        status: 'Active',
        kind: 'Builder',
        country: 'USA',
        state: 'MI',
        city: 'Detroit',
        joined_on: '2020-03-04',
        upline: { code: 'AGT100', name: 'Alex Carter' },
        leader: { code: 'RMD100', name: 'Renee Mitchell' },
        downline_size: 12,
        recruits: 3,
        licensed: true,
        production: {
          period_start: '2025-12-01',
          period_end: '2026-11-22',
          totals: { bv_cents: 250_000, premium_cents: 400_000, policies: 2 },
          by_month: [
            { label: '2026-10', amounts: { bv_cents: 50_000, premium_cents: 0, policies: 1 } },
            { label: '2026-11', amounts: { bv_cents: 200_000, premium_cents: 0, policies: 1 } },
          ],
        },
      };
    }
    throw new ApiError(404, `Associate not found`);
  });
});

const tabs = [{ index: true, element: <AssociateOverviewTab /> }];

describe('AssociateLayout', () => {
  it('shows a downline member with every tab and the overview', async () => {
    renderWithProviders(<AssociateLayout code="DOWN01" base="/team/DOWN01" />, {
      path: '/team/DOWN01',
      route: '/team/:code',
      children: tabs,
    });
    expect(await screen.findByRole('heading', { name: 'Pat Doe', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pat Doe' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/team/DOWN01',
      '/team/DOWN01/licenses',
      '/team/DOWN01/provider-appointments',
      '/team/DOWN01/level-qualification-history',
      '/team/DOWN01/genealogy-tree',
      '/team/DOWN01/hierarchy',
    ]);
    expect(screen.getByText('(555) 123-4567')).toBeInTheDocument();
    expect(screen.getByText('03/04/2020')).toBeInTheDocument();
    // Personal production of the last twelve months, by month.
    expect(
      screen.getByRole('img', {
        name: 'Production, last 12 months. October 2026: $500, November 2026: $2K.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^\$2,500\.00 BV · \$4,000\.00 premium · 2 policies/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alex Carter (AGT100)' })).toHaveAttribute(
      'href',
      '/team/AGT100',
    );
    // The way back, and the title of the page.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
    expect(within(crumbs).getByText('Pat Doe')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Pat Doe · Associate Portal');
  });

  it('names the tab in the title and the breadcrumbs, and marks it current', async () => {
    renderWithProviders(<AssociateLayout code="DOWN01" base="/team/DOWN01" />, {
      path: '/team/DOWN01/licenses',
      route: '/team/:code',
      children: [{ path: 'licenses', element: <p>Licenses tab</p> }],
    });
    await screen.findByText('Licenses tab');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Pat Doe' })).toHaveAttribute(
      'href',
      '/team/DOWN01',
    );
    expect(within(crumbs).getByText('Licenses')).toHaveAttribute('aria-current', 'page');
    const tabs = screen.getByRole('navigation', { name: 'Pat Doe' });
    // (Radix draws a tab's text twice: the second copy reserves the width of its bold form.)
    expect(within(tabs).getByRole('link', { name: /^Licenses/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('Licenses · Pat Doe · Associate Portal');
  });

  it('shows an upline with contact fields only and no tabs', async () => {
    renderWithProviders(<AssociateLayout code="UP001" base="/team/UP001" />, {
      path: '/team/UP001',
      route: '/team/:code',
      children: tabs,
    });
    expect(await screen.findByText('Your upline', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pat Doe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pat@example.com' })).toBeInTheDocument();
    expect(screen.queryByText('Profile')).not.toBeInTheDocument();
  });

  it("offers the account's tabs: an associate's but the hierarchy, then its own", async () => {
    renderWithProviders(<AssociateLayout code="DOWN01" base="/account" account />, {
      path: '/account',
      route: '/account',
      children: tabs,
    });
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/account',
      '/account/licenses',
      '/account/provider-appointments',
      '/account/level-qualification-history',
      '/account/genealogy-tree',
      '/account/legal-documents',
      '/account/login-sessions',
      '/account/password',
      '/account/purchase-history',
      '/account/change-logs',
      '/account/payout-informations',
    ]);
    // The overview keeps the profile; the contact card is the account's own (features/account).
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it("names an account tab in the title and shows the account tab's page", async () => {
    renderWithProviders(<AssociateLayout code="DOWN01" base="/account" account />, {
      path: '/account/login-sessions',
      route: '/account',
      children: [{ path: 'login-sessions', element: <p>Sessions tab</p> }],
    });
    expect(await screen.findByText('Sessions tab')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Account' });
    expect(within(tabs).getByRole('link', { name: /^Login sessions/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('Login sessions · My account · Associate Portal');
  });

  it('answers an unknown associate with the error page', async () => {
    renderWithProviders(<AssociateLayout code="NOPE99" base="/team/NOPE99" />, {
      path: '/team/NOPE99',
      route: '/team/:code',
      children: tabs,
    });
    expect(await screen.findByRole('heading', { name: 'Associate not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    // A missing page offers a way back, not 'Try again'.
    expect(screen.getByRole('link', { name: /Back to the team/ })).toHaveAttribute('href', '/team');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(document.title).toBe('404 Associate not found · Associate Portal');
  });
});
