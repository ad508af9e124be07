import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Amounts } from '@/api/gen/model/amounts';
import type { BusinessDashboard } from '@/api/gen/model/businessDashboard';
import type { TeamView } from '@/api/gen/model/teamView';
import { useAccess } from '@/lib/use-access';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { BusinessDashboardPage } from './business-dashboard-page';

const amounts = (policies: number): Amounts => ({
  bv_cents: policies * 123_456,
  premium_cents: policies * 200_000,
  policies,
});

// The production of each view grows with its size: Personal 1, Base Shop 4, Infinity 9, …
const SIZE: Record<string, number> = {
  Personal: 1,
  BaseShop: 4,
  RmdSuperBase: 5,
  RmdSuperTeam: 7,
  Infinity: 9,
};

const server = {
  senior: false,
  fail: undefined as { status: number; message: string } | undefined,
  pending: true,
};

function dashboard({ params }: FakeRequest): BusinessDashboard {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const view = params.view as TeamView;
  const views = server.senior
    ? ['Personal', 'RmdSuperBase', 'RmdSuperTeam', 'Infinity']
    : ['Personal', 'BaseShop', 'Infinity'];
  return {
    period_start: '2026-11-01',
    period_end: '2026-11-22',
    view,
    totals: amounts(SIZE[view] ?? 0),
    by_status: [{ label: 'Pending', amounts: amounts(1) }],
    by_category: [{ label: 'Life Insurance', amounts: amounts(1) }],
    by_view: views.map((label) => ({ label, amounts: amounts(SIZE[label] ?? 0) })),
    by_month: [{ label: '2026-11', amounts: amounts(1) }],
    pending_requirements: server.pending
      ? [
          {
            policy_id: 31,
            policy_number: 'LF-1/7',
            client_name: 'Ann Baker',
            requirement_id: 4,
            name: 'Signed application',
            due_on: '2026-12-01',
          },
          {
            policy_id: 32,
            policy_number: 'LF-2',
            client_name: 'Cy Dunn',
            requirement_id: 5,
            name: 'Medical exam',
          },
        ]
      : [],
    scholarships: [
      {
        code: 'S1',
        name: 'Fast Start',
        recruits_target: 3,
        recruits: 3,
        bv_target_cents: 500_000,
        bv_cents: 600_000,
        award_cents: 100_000,
        window_start: '2026-09-01',
        window_end: '2026-11-30',
        reached: true,
      },
      {
        code: 'S2',
        name: 'Builder',
        recruits_target: 10,
        recruits: 4,
        bv_target_cents: 2_000_000,
        bv_cents: 500_000,
        award_cents: 250_000,
        window_start: '2026-07-01',
        window_end: '2026-12-31',
        reached: false,
      },
    ],
  };
}

beforeEach(() => {
  server.senior = false;
  server.fail = undefined;
  server.pending = true;
  fakeApi({
    '/access': () => accessAnswer({ senior: server.senior }),
    '/business/dashboard': dashboard,
  });
});

/** As the app's layout does: the page shows once the caller is known. */
function OnceSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAccess();
  return user ? children : null;
}

function renderDashboard(path = '/business/dashboard') {
  return renderWithProviders(
    <OnceSignedIn>
      <BusinessDashboardPage />
    </OnceSignedIn>,
    { path, route: '/business/dashboard' },
  );
}

const title = () => screen.findByRole('heading', { name: 'Business dashboard', level: 1 });
const dashboardCalls = () => calls('/business/dashboard');
const viewSelect = () => screen.getByRole('combobox', { name: 'Team view' });

/** The figure card whose heading links to `name`. */
function card(name: string) {
  return screen.getByRole('link', { name }).closest('.rt-Card') as HTMLElement;
}

describe('BusinessDashboardPage', () => {
  it("shows the caller's Personal production first, and every view's, each linking to its list", async () => {
    renderDashboard();
    await title();
    expect(screen.getByText('Personal production, 11/01/2026 – 11/22/2026')).toBeInTheDocument();
    expect(dashboardCalls().map((c) => c.params)).toEqual([{ view: 'Personal' }]);
    expect(viewSelect()).toHaveTextContent('Personal');
    for (const [name, view] of [
      ['Personal', 'Personal'],
      ['Base Shop', 'BaseShop'],
      ['Infinity', 'Infinity'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/business?view=${view}`);
    }
    expect(card('Personal')).toHaveTextContent('$1,234.56');
    expect(card('Personal')).toHaveTextContent('BV · $2,000.00 premium · 1 policy');
    expect(card('Base Shop')).toHaveTextContent('$4,938.24');
    expect(card('Base Shop')).toHaveTextContent('BV · $8,000.00 premium · 4 policies');
    expect(document.title).toBe('Business dashboard · Business · Associate Portal');
  });

  it('reads the view and the period from the URL', async () => {
    renderDashboard(
      '/business/dashboard?view=Infinity&period_start=2026-01-01&period_end=2026-03-31',
    );
    await title();
    expect(dashboardCalls().map((c) => c.params)).toEqual([
      { view: 'Infinity', period_start: '2026-01-01', period_end: '2026-03-31' },
    ]);
    expect(viewSelect()).toHaveTextContent('Infinity');
    expect(screen.getByText(/^Infinity production, /)).toBeInTheDocument();
  });

  it('asks only for a view the caller is offered', async () => {
    const { unmount } = renderDashboard('/business/dashboard?view=RmdSuperTeam');
    await title();
    expect(dashboardCalls().map((c) => c.params.view)).toEqual(['Personal']);
    expect(viewSelect()).toHaveTextContent('Personal');
    unmount();

    server.senior = true;
    fakeApi({
      '/access': () => accessAnswer({ senior: true }),
      '/business/dashboard': dashboard,
    });
    const { user } = renderDashboard('/business/dashboard?view=RmdSuperTeam');
    await title();
    expect(dashboardCalls().map((c) => c.params.view)).toEqual(['RmdSuperTeam']);
    expect(screen.getByRole('link', { name: 'RMD Super Base' })).toHaveAttribute(
      'href',
      '/business?view=RmdSuperBase',
    );
    await user.click(viewSelect());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Personal',
      'RMD Super Base',
      'RMD Super Team',
      'Infinity',
    ]);
  });

  it('puts the chosen view in the URL and shows its figures', async () => {
    const { user, router } = renderDashboard(
      '/business/dashboard?period_start=2026-01-01&period_end=2026-03-31',
    );
    await title();
    await user.click(viewSelect());
    await user.click(screen.getByRole('option', { name: 'Base Shop' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?period_start=2026-01-01&period_end=2026-03-31&view=BaseShop',
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(dashboardCalls().at(-1)?.params).toEqual({
        view: 'BaseShop',
        period_start: '2026-01-01',
        period_end: '2026-03-31',
      }),
    );
    expect(await screen.findByText(/^Base Shop production, /)).toBeInTheDocument();
    // The totals of the view chosen: 4 policies' BV.
    expect(screen.getByRole('img', { name: /BV by category/ })).toBeInTheDocument();
    expect(screen.getByText('$4,938.24 in force or under way')).toBeInTheDocument();
  });

  it('lists the open requirements, each linking to its policy', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Open requirements on your policies' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'LF-1/7Ann BakerSigned application12/01/2026',
      'LF-2Cy DunnMedical exam—',
    ]);
    expect(within(table).getByRole('link', { name: 'LF-1/7' })).toHaveAttribute(
      'href',
      '/business/LF-1%2F7?id=31',
    );
    expect(within(table).getByRole('link', { name: 'LF-2' })).toHaveAttribute(
      'href',
      '/business/LF-2?id=32',
    );
  });

  it('says when no requirement is open', async () => {
    server.pending = false;
    renderDashboard();
    expect(await screen.findByText('No open requirements on your policies.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Open requirements/ })).not.toBeInTheDocument();
  });

  it('shows the scholarships: Reached, or the award still to win, with the progress', async () => {
    renderDashboard();
    await title();
    const section = screen.getByRole('region', { name: 'Scholarship programs' });
    const reached = within(section)
      .getByRole('heading', { name: 'Fast Start' })
      .closest('.rt-Card') as HTMLElement;
    expect(within(reached).getByText('Reached')).toBeInTheDocument();
    expect(reached).toHaveTextContent('09/01/2026 – 11/30/2026');
    expect(reached).toHaveTextContent('Recruits 3 of 3');
    expect(reached).toHaveTextContent('BV $6,000.00 of $5,000.00');
    const open = within(section)
      .getByRole('heading', { name: 'Builder' })
      .closest('.rt-Card') as HTMLElement;
    expect(within(open).queryByText('Reached')).not.toBeInTheDocument();
    expect(within(open).getByText('$2,500.00')).toBeInTheDocument();
    expect(within(open).getByRole('progressbar', { name: 'Builder recruits' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(open).getByRole('progressbar', { name: 'Builder BV' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('shows the failure as the page', async () => {
    server.fail = { status: 500, message: 'The database is unavailable' };
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('500');
    expect(
      within(alert).getByRole('heading', { name: 'The database is unavailable' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('500 The database is unavailable · Business · Associate Portal');
  });
});
