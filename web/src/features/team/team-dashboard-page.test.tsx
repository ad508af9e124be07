import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type RequestConfig } from '@/api/mutator';
import type { TeamSummary } from '@/api/gen/model/teamSummary';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { TeamDashboardPage } from './team-dashboard-page';

const server = { calls: [] as { url: string; params: unknown }[] };

const summary = (view: TeamSummary['view'], members: number, licensed: number): TeamSummary => ({
  view,
  members,
  licensed,
  new_in_period: 2,
  by_level: [
    { label: 'TA', count: members - 1 },
    { label: 'SMD', count: 1 },
  ],
  by_status: [{ label: 'Active', count: members }],
  expiring: { days_7: 1, days_30: 3, days_90: 5 },
  growth: [
    { month: '2025-12', joined: 1 },
    { month: '2026-01', joined: 3 },
  ],
  production: { bv_cents: members * 123_450, premium_cents: members * 200_000, policies: members },
});

beforeEach(() => {
  fakeApi(async (config: RequestConfig) => {
    server.calls.push({ url: config.url, params: config.params });
    if (config.url === '/team') {
      return {
        period_start: '2026-11-01',
        period_end: '2026-11-22',
        views: [summary('Personal', 1, 1), summary('BaseShop', 10, 9), summary('Infinity', 12, 9)],
      };
    }
    throw new ApiError(404, 'Not found');
  });
});

beforeEach(() => {
  server.calls.length = 0;
});

describe('TeamDashboardPage', () => {
  it('shows every view offered and the details of one, chosen in the URL', async () => {
    const { user, router } = renderWithProviders(<TeamDashboardPage />, {
      path: '/team',
      route: '/team',
    });
    await screen.findByRole('heading', { name: 'Team dashboard' });
    expect(screen.getByText('Your team views, 11/01/2026 – 11/22/2026')).toBeInTheDocument();
    for (const name of ['Personal', 'Base Shop', 'Infinity']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('9 licensed (90%) · 2 new in period')).toBeInTheDocument();
    // Each view's production for the period: 10 members × $1,234.50 in the fixture.
    expect(screen.getByText('$12,345.00')).toBeInTheDocument();
    // Base Shop (the first view beyond Personal) is open by default.
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('90%')).toBeInTheDocument();
    expect(
      within(panel).getByRole('img', { name: 'Team by level. TA: 9, SMD: 1.' }),
    ).toBeInTheDocument();
    expect(
      within(panel).getByRole('img', {
        name: 'Growth over 12 months. December 2025: 1, January 2026: 3.',
      }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Open the Base Shop list/ })).toHaveAttribute(
      'href',
      '/team/BaseShop',
    );

    await user.click(screen.getByRole('tab', { name: /Infinity/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=Infinity'));
    expect(within(screen.getByRole('tabpanel')).getByText('75%')).toBeInTheDocument();
    expect(server.calls).toEqual([{ url: '/team', params: {} }]);
  });
});
