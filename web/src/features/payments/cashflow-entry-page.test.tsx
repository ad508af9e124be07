import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CashflowEntry } from '@/api/gen/model/cashflowEntry';
import type { CashflowEntryDetail } from '@/api/gen/model/cashflowEntryDetail';
import { NO_STAFF_PERMISSION } from '@/lib/errors';
import { useAccess } from '@/lib/use-access';
import { accessAnswer, apiError, calls, fakeApi, held } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { CashflowEntryPage } from './cashflow-entry-page';

const entry = (id: number, over: Partial<CashflowEntry> = {}): CashflowEntry => ({
  id,
  associate_code: 'U1',
  associate_name: 'Uma Upline',
  policy_id: 31,
  policy_number: 'LF-1/7',
  category: 'Override',
  bonus_type: 'Override Bonus',
  status: 'Paid',
  direction: 'Compensation',
  kind: 'advance',
  amount_cents: 15_000,
  earning_cents: 20_000,
  period: '2026-01-01',
  occurred_on: '2026-01-10',
  settled: true,
  ...over,
});

// The worked example of the domain rules: U1's override of 20 % on C = $1,000.00, approved on
// 01/10/2026 and lapsed in policy month 4.
const line: CashflowEntry[] = [
  entry(101),
  entry(102, { kind: 'escrow', status: 'Escrow', amount_cents: 5_000, settled: false }),
  entry(103, {
    kind: 'chargeback_escrow',
    status: 'Chargeback Escrow',
    direction: 'Chargeback',
    amount_cents: -5_000,
    period: '2026-04-01',
    occurred_on: '2026-04-20',
    settled: false,
  }),
  entry(104, {
    kind: 'chargeback',
    status: 'Chargeback',
    direction: 'Chargeback',
    amount_cents: -8_333,
    period: '2026-04-01',
    occurred_on: '2026-04-20',
    settled: false,
  }),
];

const detail = (current: CashflowEntry): CashflowEntryDetail => ({
  entry: current,
  explanation:
    'Override: U1 (Senior Associate) 45 % − 25 % already paid below = 20 % of $1,000.00 commissionable = $200.00 (writer W; chain W → U1).',
  line: {
    rule: 'Override',
    level: 'Senior Associate',
    earner_rate_bp: 4500,
    below_rate_bp: 2500,
    rate_bp: 2000,
    base_cents: 100_000,
    commissionable_cents: 100_000,
    share_bp: 10000,
    earning_cents: 20_000,
    chain: ['W', 'U2', 'U1'],
  },
  policy: {
    id: 31,
    policy_number: 'LF-1/7',
    provider_name: 'Acme Life',
    product_name: 'Term 20',
    submitted_on: '2025-12-20',
    approved_on: '2026-01-10',
    lapsed_on: '2026-04-20',
  },
  ...(current.direction === 'Chargeback' ? { lapse_month: 4 } : {}),
  line_entries: line,
});

const server = {
  fail: undefined as { status: number; message: string } | undefined,
  staff: false,
  permissions: [] as string[],
};

beforeEach(() => {
  server.fail = undefined;
  server.staff = false;
  server.permissions = [];
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff, permissions: server.permissions }),
    'GET /payments/cashflow/101': () => {
      if (server.fail) throw apiError(server.fail.status, server.fail.message);
      // As the server answers staff without payments.read.
      if (server.staff && !server.permissions.includes('payments.read')) {
        throw apiError(403, 'Missing permission payments.read', { code: 'staff_permission' });
      }
      return detail(line[0] as CashflowEntry);
    },
    'GET /payments/cashflow/104': () => detail(line[3] as CashflowEntry),
    'GET /payments/cashflow/9': {
      entry: entry(9, {
        kind: 'pool',
        category: 'Bonus',
        bonus_type: 'RMD Bonus Pool',
        status: 'Pending',
        policy_id: undefined,
        policy_number: undefined,
        amount_cents: 333_334,
        earning_cents: 333_334,
        settled: false,
      }),
      explanation: 'RMD Bonus Pool: a share of $10,000.00 by personal BV.',
      line_entries: [],
    } satisfies CashflowEntryDetail,
  });
});

/** As the app's layout does: the page shows once the caller is known. */
function OnceSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAccess();
  return user ? children : null;
}

function renderEntry(path = '/payments/cashflow/101') {
  return renderWithProviders(
    <OnceSignedIn>
      <CashflowEntryPage />
    </OnceSignedIn>,
    {
      path,
      route: '/payments/cashflow/:id',
      extraRoutes: [
        { path: '/payments/cashflow', element: <h1>Cashflow list</h1> },
        { path: '/business/:policyNumber', element: <h1>Policy page</h1> },
      ],
    },
  );
}

/** The label → value pairs of the data lists inside `root`. */
function fields(root: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of within(root).getAllByRole('term')) {
    out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return out;
}

const cardOf = (heading: string) =>
  screen.getByRole('heading', { name: heading, level: 2 }).closest('.rt-Card') as HTMLElement;

describe('CashflowEntryPage', () => {
  it('shows the entry: its kind in words, amount, status and why it is that amount', async () => {
    renderEntry();
    expect(
      await screen.findByRole('heading', { name: 'Advance · Override Bonus', level: 1 }),
    ).toBeInTheDocument();
    expect(calls().filter((c) => c.url.startsWith('/payments'))).toHaveLength(1);
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    for (const badge of ['Paid', 'Compensation', 'Override', 'On a pay statement']) {
      expect(within(header).getByText(badge)).toBeInTheDocument();
    }
    const why = screen.getByRole('region', { name: 'Why this amount' });
    expect(why).toHaveTextContent(
      'Override: U1 (Senior Associate) 45 % − 25 % already paid below = 20 % of $1,000.00 commissionable = $200.00 (writer W; chain W → U1).',
    );
    const top = why.closest('.rt-Card') as HTMLElement;
    expect(within(top).getByText('+$150.00')).toBeInTheDocument();
    expect(top).toHaveTextContent('of a line earning $200.00');
    expect(fields(top)).toEqual({
      Occurred: '01/10/2026',
      'Counts in': 'January 2026',
      Associate: 'Uma Upline (U1)',
    });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'PaymentsCashflowEntry 101',
    );
    expect(document.title).toBe('Cashflow entry 101 · Payments · Associate Portal');
  });

  it('explains the line as of the sale date: rates in percent, the chain writer to earner', async () => {
    renderEntry();
    await screen.findByRole('heading', { name: 'The line', level: 2 });
    const card = cardOf('The line');
    expect(card).toHaveTextContent(
      'Calculated with the hierarchy and levels as of the sale date, 12/20/2025.',
    );
    expect(fields(card)).toEqual({
      Rule: 'Override',
      Level: 'Senior Associate',
      'Level rate': '45%',
      'Already paid below': '25%',
      'Rate applied': '20%',
      Commissionable: '$1,000.00',
      "Writer's share": '100%',
      Base: '$1,000.00',
      'Line earning': '$200.00',
      Chain: 'W (writer)U2U1 (earner)',
    });
    const chain = within(card).getByRole('list', {
      name: 'Chain from the writer up to the earner',
    });
    expect(
      within(chain)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['W (writer)', 'U2', 'U1 (earner)']);
  });

  it('links the policy to its business page', async () => {
    const { user } = renderEntry();
    await screen.findByRole('heading', { name: 'Policy', level: 2 });
    expect(fields(cardOf('Policy'))).toEqual({
      'Policy number': 'LF-1/7',
      Provider: 'Acme Life',
      Product: 'Term 20',
      'Sale date': '12/20/2025',
      Approved: '01/10/2026',
      Lapsed: '04/20/2026',
    });
    const link = screen.getByRole('link', { name: 'LF-1/7' });
    expect(link).toHaveAttribute('href', '/business/LF-1%2F7?id=31');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Policy page' })).toBeInTheDocument();
  });

  it("lists the line's entries in order, this one marked, and what the line keeps", async () => {
    renderEntry();
    const list = await screen.findByRole('list', { name: "The line's entries" });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'AdvanceThis entry01/10/2026Paid+$150.00',
      'Escrow01/10/2026Escrow+$50.00',
      'Chargeback Escrow04/20/2026Chargeback Escrow−$50.00 (chargeback)',
      'Chargeback04/20/2026Chargeback−$83.33 (chargeback)',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
    expect(within(items[0] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(items[3] as HTMLElement).getByRole('link', { name: 'Chargeback' }),
    ).toHaveAttribute('href', '/payments/cashflow/104');
    // 15,000 + 5,000 − 5,000 − 8,333 cents: the 4/12 the line keeps after the lapse in month 4.
    expect(cardOf("The line's entries")).toHaveTextContent('The line keeps+$66.67');
  });

  it('says what a lapse took back on a chargeback entry', async () => {
    renderEntry('/payments/cashflow/104');
    expect(
      await screen.findByRole('heading', { name: 'Chargeback · Override Bonus', level: 1 }),
    ).toBeInTheDocument();
    const why = screen.getByRole('region', { name: 'Why this amount' });
    expect(why).toHaveTextContent(
      'The policy lapsed in policy month 4: each line keeps 4/12 of its earning.',
    );
    const top = why.closest('.rt-Card') as HTMLElement;
    expect(within(top).getByText('−$83.33')).toHaveAttribute('data-direction', 'Chargeback');
    // The status says it is a chargeback: no second badge for the direction.
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(header).getAllByText('Chargeback')).toHaveLength(1);
    expect(within(header).queryByText('Compensation')).not.toBeInTheDocument();
  });

  it('shows a bonus pool share without a line or a policy', async () => {
    renderEntry('/payments/cashflow/9');
    expect(
      await screen.findByRole('heading', { name: 'Bonus pool share · RMD Bonus Pool', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Why this amount' })).toHaveTextContent(
      'RMD Bonus Pool: a share of $10,000.00 by personal BV.',
    );
    expect(screen.queryByRole('heading', { name: 'The line' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: "The line's entries" })).not.toBeInTheDocument();
  });

  it('shows a missing entry as the page, with the way back to the list', async () => {
    server.fail = { status: 404, message: 'Cashflow entry not found' };
    const { user } = renderEntry();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(document.title).toBe('404 Cashflow entry not found · Associate Portal');
    await user.click(within(alert).getByRole('link', { name: /Back to cashflow/ }));
    expect(await screen.findByRole('heading', { name: 'Cashflow list' })).toBeInTheDocument();
  });

  it('shows a spinner under the breadcrumbs until the entry comes', async () => {
    const gate = held(detail(line[0] as CashflowEntry));
    fakeApi({ '/access': () => accessAnswer(), 'GET /payments/cashflow/101': gate.answer });
    renderEntry();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the entry…');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'PaymentsCashflowEntry 101',
    );
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    gate.release();
    expect(
      await screen.findByRole('heading', { name: 'Advance · Override Bonus', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers to try again when the server fails, not the way back', async () => {
    server.fail = { status: 500, message: 'The ledger is unavailable' };
    renderEntry();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('500');
    expect(
      within(alert).getByRole('heading', { name: 'The ledger is unavailable', level: 1 }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).queryByRole('link', { name: /Back to cashflow/ })).not.toBeInTheDocument();
    expect(document.title).toBe('500 The ledger is unavailable · Associate Portal');
  });

  it('tells staff without payments.read they may not, without a way back to the list', async () => {
    server.staff = true;
    server.permissions = ['clients.read'];
    renderEntry();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('403');
    expect(
      within(alert).getByRole('heading', { name: NO_STAFF_PERMISSION, level: 1 }),
    ).toBeInTheDocument();
    // A refusal: no "Try again", and not the list they may not read either.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(alert).queryByRole('link', { name: /Back to cashflow/ })).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(document.title).toBe(`403 ${NO_STAFF_PERMISSION} · Associate Portal`);
  });

  it('answers 404 for an id that is not one, asking nothing', async () => {
    renderEntry('/payments/cashflow/abc');
    expect(await screen.findByRole('heading', { name: 'Entry abc not found' })).toBeInTheDocument();
    expect(calls().filter((c) => c.url.startsWith('/payments'))).toEqual([]);
  });
});
