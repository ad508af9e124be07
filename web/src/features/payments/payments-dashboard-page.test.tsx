import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentsDashboard } from '@/api/gen/model/paymentsDashboard';
import { useAccess } from '@/lib/use-access';
import { accessAnswer, apiError, calls, fakeApi, held, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PaymentsDashboardPage } from './payments-dashboard-page';

const server = {
  staff: false,
  permissions: [] as string[],
  fail: undefined as { status: number; message: string } | undefined,
  escrow: true,
};

/** Twelve months up to November 2026, given out of order as a server may. */
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const m = i + 12 - 1; // December 2025 … November 2026
  const year = 2025 + Math.floor(m / 12);
  const month = String((m % 12) + 1).padStart(2, '0');
  return `${year}-${month}-01`;
}).reverse();

function dashboard({ params }: FakeRequest): PaymentsDashboard {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const code = (params.associate_code as string | undefined) ?? 'AGT100';
  return {
    associate_code: code,
    associate_name: code === 'AGT100' ? 'Alex Carter' : 'Bea Dunn',
    period_start: (params.period_start as string | undefined) ?? '2026-11-01',
    period_end: (params.period_end as string | undefined) ?? '2026-11-22',
    // Generation is left out: the page shows every category, 0 when none.
    earnings: [
      { category: 'Override', amount_cents: 20_000 },
      { category: 'Personal', amount_cents: 18_750 },
      { category: 'Bonus', amount_cents: 333_334 },
    ],
    earnings_cents: 372_084,
    chargebacks_cents: -16_667,
    balances: {
      pending_cents: 18_750,
      escrow_cents: 6_250,
      paid_cents: 1_234_567,
      chargeback_debt_cents: -10_417,
    },
    escrow_calendar: server.escrow
      ? [
          { month: '2027-09-01', amount_cents: 2_084, lines: 1 },
          { month: '2027-07-01', amount_cents: 2_083, lines: 1 },
          { month: '2027-08-01', amount_cents: 2_083, lines: 1 },
        ]
      : [{ month: '2027-07-01', amount_cents: 0, lines: 0 }],
    exposure: { amount_cents: 16_667, from_escrow_cents: 6_250, debit_cents: 10_417, policies: 3 },
    months: MONTHS.map((month, i) => ({
      month,
      compensation_cents: i === 0 ? 25_000 : 0,
      chargeback_cents: i === 0 ? -4_167 : 0,
    })),
  };
}

beforeEach(() => {
  server.staff = false;
  server.permissions = [];
  server.fail = undefined;
  server.escrow = true;
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff, permissions: server.permissions }),
    '/payments/dashboard': dashboard,
    '/search/associates': {
      data: [
        { code: 'AGT100', name: 'Alex Carter' },
        { code: 'AGT200', name: 'Bea Dunn' },
      ],
    },
  });
});

/** As the app's layout does: the page shows once the caller is known. */
function OnceSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAccess();
  return user ? children : null;
}

function renderDashboard(path = '/payments') {
  return renderWithProviders(
    <OnceSignedIn>
      <PaymentsDashboardPage />
    </OnceSignedIn>,
    { path, route: '/payments' },
  );
}

const title = () => screen.findByRole('heading', { name: 'Payments dashboard', level: 1 });
/** The dashboard, once its figures show. */
const loaded = () => screen.findByRole('heading', { name: /^The period, /, level: 2 });
const dashboardCalls = () => calls('/payments/dashboard');

/** The figure card whose heading is `name`. */
function card(name: string) {
  return screen.getByRole('heading', { name, level: 3 }).closest('.rt-Card') as HTMLElement;
}

describe('PaymentsDashboardPage', () => {
  it("shows the period's earnings by category (every one) with the total and the chargebacks", async () => {
    renderDashboard();
    await screen.findByRole('heading', { name: 'The period, 11/01/2026 – 11/22/2026' });
    expect(await title()).toBeInTheDocument();
    expect(dashboardCalls().map((c) => c.params)).toEqual([{}]);
    expect(card('Earnings')).toHaveTextContent('$3,720.84');
    expect(card('Chargebacks')).toHaveTextContent('−$166.67');
    expect(card('Personal')).toHaveTextContent('$187.50');
    expect(card('Override')).toHaveTextContent('$200.00');
    expect(card('Generation')).toHaveTextContent('$0.00');
    expect(card('Bonus')).toHaveTextContent('$3,333.34');
    // Each category links to its compensation entries of the period.
    expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute(
      'href',
      '/payments/cashflow?filter[occurred_on][gte]=2026-11-01&filter[occurred_on][lte]=2026-11-22&filter[category][in][]=Personal&filter[direction][eq]=Compensation',
    );
    expect(screen.getByRole('link', { name: 'Chargebacks' })).toHaveAttribute(
      'href',
      '/payments/chargebacks',
    );
    expect(document.title).toBe('Payments dashboard · Payments · Associate Portal');
  });

  it('shows the balances, the chargeback debt with its minus sign', async () => {
    renderDashboard();
    await loaded();
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const figures = within(balances)
      .getAllByRole('heading', { level: 3 })
      .map((h) => (h.closest('.rt-Card') as HTMLElement).textContent);
    expect(figures).toEqual([
      'Pending$187.50Earned, not paid yet',
      'Escrow held$62.50Released in policy months 10 to 12',
      "Paid$12,345.67Paid or payable: the provider's money is in",
      'Chargeback debt−$104.17 (chargeback)Netted against later pay',
    ]);
  });

  it('draws 12 months of compensation against chargebacks, oldest first, described in words', async () => {
    renderDashboard();
    await loaded();
    const chart = screen.getByRole('img', { name: /^Compensation and chargebacks, 12 months\./ });
    const name = chart.getAttribute('aria-label') ?? '';
    expect(name).toMatch(
      /12 months\. December 2025: Compensation \$0\.00, Chargebacks \$0\.00; January 2026:/,
    );
    expect(name).toMatch(/November 2026: Compensation \$250\.00, Chargebacks −\$41\.67\.$/);
    const table = screen.getByRole('table', { name: 'Compensation and chargebacks, 12 months' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toHaveTextContent('MonthCompensationChargebacks');
    expect(rows[12]).toHaveTextContent('November 2026$250.00−$41.67');
  });

  it('lists the escrow due month by month with its total, and the chargeback exposure', async () => {
    renderDashboard();
    await loaded();
    const table = screen.getByRole('table', { name: 'Escrow due in the next 12 months' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MonthLinesReleased',
      'July 20271$20.83',
      'August 20271$20.83',
      'September 20271$20.84',
      'Total$62.50',
    ]);
    const exposure = screen
      .getByRole('heading', { name: 'Chargeback exposure' })
      .closest('.rt-Card') as HTMLElement;
    const terms = within(exposure)
      .getAllByRole('term')
      .map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      'Taken back: −$166.67 (chargeback)',
      'From escrow held: −$62.50 (chargeback)',
      'As a debit: −$104.17 (chargeback)',
      'Policies: 3 in their first 12 months',
    ]);
  });

  it('says when no escrow is due', async () => {
    server.escrow = false;
    renderDashboard();
    expect(
      await screen.findByText('No escrow is due to be released in the next 12 months.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Escrow due/ })).not.toBeInTheDocument();
  });

  it('shows an associate with nothing earned yet as zeros, never blanks', async () => {
    const nothing: PaymentsDashboard = {
      associate_code: 'AGT100',
      associate_name: 'Alex Carter',
      period_start: '2026-11-01',
      period_end: '2026-11-22',
      earnings: [],
      earnings_cents: 0,
      chargebacks_cents: 0,
      balances: { pending_cents: 0, escrow_cents: 0, paid_cents: 0, chargeback_debt_cents: 0 },
      escrow_calendar: [],
      exposure: { amount_cents: 0, from_escrow_cents: 0, debit_cents: 0, policies: 0 },
      months: MONTHS.map((month) => ({ month, compensation_cents: 0, chargeback_cents: 0 })),
    };
    fakeApi({ '/access': () => accessAnswer(), '/payments/dashboard': nothing });
    renderDashboard();
    await loaded();
    for (const name of ['Earnings', 'Personal', 'Override', 'Generation', 'Bonus', 'Pending']) {
      expect(card(name)).toHaveTextContent(/\$0\.00/);
    }
    // Nothing taken back: no minus sign on a zero.
    expect(card('Chargebacks')).toHaveTextContent('$0.00');
    expect(card('Chargebacks')).not.toHaveTextContent('−');
    expect(card('Chargeback debt')).not.toHaveTextContent('−');
    expect(
      screen.getByText('No escrow is due to be released in the next 12 months.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 in their first 12 months')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Compensation and chargebacks, 12 months\./ }),
    ).toBeInTheDocument();
  });

  it('reads the period from the URL and asks for it', async () => {
    renderDashboard('/payments?period_start=2026-01-01&period_end=2026-03-31');
    await screen.findByRole('heading', { name: 'The period, 01/01/2026 – 03/31/2026' });
    expect(dashboardCalls().map((c) => c.params)).toEqual([
      { period_start: '2026-01-01', period_end: '2026-03-31' },
    ]);
  });

  it('lets staff with payments.read choose the associate, kept in the URL', async () => {
    server.staff = true;
    server.permissions = ['payments.read'];
    const { user, router } = renderDashboard();
    expect(await screen.findByText('Choose an associate to see their payments.')).toBeVisible();
    expect(dashboardCalls()).toEqual([]);
    await user.type(screen.getByRole('combobox', { name: 'Associate' }), 'Bea');
    await user.click(await screen.findByRole('option', { name: 'Bea Dunn (AGT200)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?associate_code=AGT200'));
    await waitFor(() =>
      expect(dashboardCalls().map((c) => c.params)).toEqual([{ associate_code: 'AGT200' }]),
    );
    expect(await screen.findByText('Bea Dunn (AGT200)', { selector: 'span' })).toBeVisible();
    // The entries behind the figures are the associate's.
    expect(screen.getByRole('link', { name: 'Chargebacks' })).toHaveAttribute(
      'href',
      '/payments/chargebacks?filter[associate_code][eq]=AGT200',
    );
  });

  it('lets staff go back to choosing, keeping the period', async () => {
    server.staff = true;
    server.permissions = ['payments.read'];
    const { user, router } = renderDashboard(
      '/payments?period_start=2026-01-01&period_end=2026-03-31&associate_code=AGT200',
    );
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Clear Associate' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?period_start=2026-01-01&period_end=2026-03-31'),
    );
    expect(await screen.findByText('Choose an associate to see their payments.')).toBeVisible();
    expect(dashboardCalls()).toHaveLength(1);
  });

  it('shows a spinner until the figures come', async () => {
    const gate = held(dashboard({ method: 'GET', url: '', params: {}, data: undefined }));
    fakeApi({ '/access': () => accessAnswer(), '/payments/dashboard': gate.answer });
    renderDashboard();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading payments…');
    expect(await title()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Balances' })).not.toBeInTheDocument();
    gate.release();
    await loaded();
    expect(screen.queryByText('Loading payments…')).not.toBeInTheDocument();
  });

  it('tells staff without payments.read that they cannot see payments, asking nothing', async () => {
    server.staff = true;
    server.permissions = ['clients.read'];
    renderDashboard('/payments?associate_code=AGT200');
    expect(
      await screen.findByText('Your staff account does not have permission to open this.'),
    ).toBeInTheDocument();
    expect(dashboardCalls()).toEqual([]);
  });

  it('never sends an associate for an associate', async () => {
    renderDashboard('/payments?associate_code=AGT200');
    await loaded();
    await screen.findByText('Your earnings, balances and chargebacks');
    expect(dashboardCalls().map((c) => c.params)).toEqual([{}]);
  });

  it('shows staff an associate that names nobody as a 404, with the way back to choosing', async () => {
    server.staff = true;
    server.permissions = ['payments.read'];
    server.fail = { status: 404, message: 'Associate NOPE not found' };
    const { user, router } = renderDashboard(
      '/payments?period_start=2026-01-01&period_end=2026-03-31&associate_code=NOPE',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(within(alert).getByRole('heading', { name: 'Associate NOPE not found' })).toBeVisible();
    expect(document.title).toBe('404 Associate NOPE not found · Payments · Associate Portal');
    // Trying again cannot change the answer.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: /Choose another associate/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?period_start=2026-01-01&period_end=2026-03-31'),
    );
    expect(await screen.findByText('Choose an associate to see their payments.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Associate' })).toBeInTheDocument();
    expect(dashboardCalls()).toHaveLength(1);
  });

  it('shows the failure as the page', async () => {
    server.fail = { status: 500, message: 'The ledger is unavailable' };
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('500');
    expect(
      within(alert).getByRole('heading', { name: 'The ledger is unavailable' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('500 The ledger is unavailable · Payments · Associate Portal');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).queryByRole('link', { name: /Choose another/ })).not.toBeInTheDocument();
  });
});
