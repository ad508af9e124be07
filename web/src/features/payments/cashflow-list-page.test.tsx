import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashflowEntry } from '@/api/gen/model/cashflowEntry';
import { useAccess } from '@/lib/use-access';
import { NO_STAFF_PERMISSION } from '@/lib/errors';
import { accessAnswer, apiError, calls, fakeApi, held, type FakeRequest } from '@/test/fake-api';
import { mockMatchMedia } from '@/test/match-media';
import { renderWithProviders } from '@/test/render';
import { CashflowListPage } from './cashflow-list-page';

const server = {
  rows: [] as CashflowEntry[],
  fail: undefined as { status: number; message: string } | undefined,
  staff: false,
  permissions: [] as string[],
};

const entry = (id: number, over: Partial<CashflowEntry> = {}): CashflowEntry => ({
  id,
  associate_code: 'AGT100',
  associate_name: 'Alex Carter',
  policy_id: 31,
  policy_number: 'LF-1/7',
  category: 'Personal',
  bonus_type: 'Writing',
  status: 'Pending',
  direction: 'Compensation',
  kind: 'advance',
  amount_cents: 18_750,
  earning_cents: 25_000,
  period: '2026-10-01',
  occurred_on: '2026-10-20',
  settled: false,
  ...over,
});

function listCashflow({ params }: FakeRequest) {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  // As the server answers staff without payments.read.
  if (server.staff && !server.permissions.includes('payments.read')) {
    throw apiError(403, 'Missing permission payments.read', { code: 'staff_permission' });
  }
  const limit = Number(params.limit);
  const data = server.rows.slice(0, limit + 1);
  return data.length > limit ? { data, next_cursor: 'after-page' } : { data };
}

beforeEach(() => {
  server.rows = [];
  server.fail = undefined;
  server.staff = false;
  server.permissions = [];
  fakeApi({
    '/access': () => accessAnswer({ staff: server.staff, permissions: server.permissions }),
    '/payments/cashflow': listCashflow,
    '/payments/cashflow/download': { url: 'https://files.example.com/cashflow.csv' },
  });
});

const listCalls = () => calls('/payments/cashflow');

/** As the app's layout does: the page shows once the caller is known. */
function OnceSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAccess();
  return user ? children : null;
}

function renderList(path = '/payments/cashflow') {
  return renderWithProviders(
    <OnceSignedIn>
      <CashflowListPage />
    </OnceSignedIn>,
    {
      path,
      route: '/payments/cashflow',
      extraRoutes: [{ path: '/payments/cashflow/:id', element: <h1>Entry page</h1> }],
    },
  );
}

const table = () => screen.getByRole('table', { name: 'Cashflow entries' });
const findTable = () => screen.findByRole('table', { name: 'Cashflow entries' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('CashflowListPage', () => {
  it('shows a row per entry, its kind linking to it, the amount signed', async () => {
    server.rows = [
      entry(7),
      entry(8, {
        kind: 'chargeback',
        status: 'Chargeback',
        direction: 'Chargeback',
        amount_cents: -10_417,
        period: '2026-11-01',
        occurred_on: '2026-11-05',
        settled: true,
      }),
      entry(9, {
        kind: 'pool',
        category: 'Bonus',
        bonus_type: 'RMD Bonus Pool',
        policy_id: undefined,
        policy_number: undefined,
        amount_cents: 333_334,
      }),
    ];
    const { user } = renderList();
    const advance = await within(await findTable()).findByRole('link', { name: 'Advance' });
    expect(advance).toHaveAttribute('href', '/payments/cashflow/7');
    expect(cellsOf(advance.closest('tr') as HTMLElement)).toEqual([
      '+$187.50',
      'Pending',
      'PersonalWriting',
      'LF-1/7',
      '10/20/2026October 2026',
    ]);
    const chargeback = within(table()).getByRole('link', { name: 'Chargeback' });
    const row = chargeback.closest('tr') as HTMLElement;
    // Not by colour alone: a minus sign, and the word for screen readers.
    expect(cellsOf(row)).toEqual([
      '−$104.17 (chargeback)',
      'ChargebackOn a statement',
      'PersonalWriting',
      'LF-1/7',
      '11/05/2026November 2026',
    ]);
    expect(within(row).getByText('−$104.17')).toHaveAttribute('data-direction', 'Chargeback');
    const pool = within(table()).getByRole('link', { name: 'Bonus pool share' }).closest('tr');
    expect(cellsOf(pool as HTMLElement).slice(2, 4)).toEqual(['BonusRMD Bonus Pool', '—']);
    // The policy links to its business page.
    expect(within(row).getByRole('link', { name: 'LF-1/7' })).toHaveAttribute(
      'href',
      '/business/LF-1%2F7?id=31',
    );
    expect(screen.queryByRole('columnheader', { name: 'Associate' })).not.toBeInTheDocument();
    expect(listCalls().map((c) => c.params)).toEqual([{ page: 1, limit: 100 }]);
    expect(document.title).toBe('Cashflow · Payments · Associate Portal');
    await user.click(advance);
    expect(await screen.findByRole('heading', { name: 'Entry page' })).toBeInTheDocument();
  });

  it('stacks each entry in one cell on a phone, its amount beside its kind', async () => {
    mockMatchMedia({ width: 390 });
    server.rows = [
      entry(8, {
        kind: 'chargeback',
        status: 'Chargeback',
        direction: 'Chargeback',
        amount_cents: -10_417,
      }),
    ];
    const { user, router } = renderList();
    const link = await within(await findTable()).findByRole('link', { name: 'Chargeback' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).queryAllByRole('cell')).toEqual([]);
    expect(within(row).getByRole('rowheader')).toHaveTextContent(
      'Chargeback−$104.17 (chargeback)Personal · Writing · LF-1/710/20/2026 · counts in October 2026Chargeback',
    );
    // The sorts stay at hand in the one header.
    const header = screen.getByRole('columnheader');
    expect(
      within(header)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/,.*$/, '')),
    ).toEqual(['Occurred', 'Amount', 'Period', 'Category', 'Bonus type', 'Status']);
    await user.click(within(header).getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?order[amount_cents]=ASC'));
  });

  it('reads the filters and order from the URL and sends them', async () => {
    server.rows = [entry(1)];
    renderList(
      '/payments/cashflow?filter[policy_id][eq]=31&filter[status][in][]=Escrow&filter[status][in][]=Paid&filter[period][gte]=2026-01-01&order[amount_cents]=DESC',
    );
    await within(await findTable()).findByRole('link', { name: 'Advance' });
    expect(listCalls().at(-1)?.params).toEqual({
      page: 1,
      limit: 100,
      'filter[policy_id][eq]': '31',
      'filter[status][in][]': ['Escrow', 'Paid'],
      'filter[period][gte]': '2026-01-01',
      order: { amount_cents: 'DESC' },
    });
    expect(
      screen.getByText(
        'The entries of one policy: its advance, escrow, releases and any chargebacks.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('3');
    expect(screen.getByText('One policy (id 31)')).toBeInTheDocument();
    expect(screen.getByLabelText('Period from (month)')).toHaveValue('2026-01');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('applies the filter panel to the URL and the request', { timeout: 20_000 }, async () => {
    server.rows = [entry(1)];
    const { user, router } = renderList('/payments/cashflow?filter[policy_id][eq]=31');
    await within(await findTable()).findByRole('link', { name: 'Advance' });
    fireEvent.change(screen.getByLabelText('Period to (month)'), { target: { value: '2026-03' } });
    await user.type(screen.getByLabelText('Occurred from'), '2026-01-15');
    await user.click(screen.getByRole('combobox', { name: 'Compensation or chargeback' }));
    await user.click(screen.getByRole('option', { name: 'Chargeback' }));
    await user.type(screen.getByLabelText('Policy number'), ' LF-9 ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?filter[period][lte]=2026-03-01&filter[direction][eq]=Chargeback&filter[occurred_on][gte]=2026-01-15&filter[policy_number][eq]=LF-9&filter[policy_id][eq]=31',
      ),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        'filter[period][lte]': '2026-03-01',
        'filter[occurred_on][gte]': '2026-01-15',
        'filter[direction][eq]': 'Chargeback',
        'filter[policy_number][eq]': 'LF-9',
        'filter[policy_id][eq]': '31',
      }),
    );
    // The policy of the link can be let go.
    await user.click(screen.getByRole('button', { name: 'Any policy' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('policy_id'));
  });

  it('sorts by a column, back on the first page', async () => {
    server.rows = [entry(1)];
    const { user, router } = renderList('/payments/cashflow?page=2');
    await within(await findTable()).findByRole('link', { name: 'Advance' });
    await user.click(screen.getByRole('button', { name: /^Occurred/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?order[occurred_on]=ASC'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        order: { occurred_on: 'ASC' },
      }),
    );
    // Policy is not a sort of the contract.
    expect(
      within(screen.getByRole('columnheader', { name: 'Policy' })).queryByRole('button'),
    ).not.toBeInTheDocument();
  });

  it('downloads the list with its filters and order, without its page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server.rows = [entry(1)];
    const { user } = renderList(
      '/payments/cashflow?page=3&filter[direction][eq]=Chargeback&order[period]=DESC',
    );
    await within(await findTable()).findByRole('link', { name: 'Advance' });
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(calls('/payments/cashflow/download')).toHaveLength(1));
    expect(calls('/payments/cashflow/download')[0]?.params).toEqual({
      'filter[direction][eq]': 'Chargeback',
      order: { period: 'DESC' },
      format: 'xlsx',
    });
    await waitFor(() =>
      expect(open).toHaveBeenLastCalledWith(
        'https://files.example.com/cashflow.csv',
        '_blank',
        'noopener',
      ),
    );
  });

  it('pages on with the cursor the server gave', async () => {
    server.rows = Array.from({ length: 11 }, (_, i) => entry(i + 1));
    const { user } = renderList('/payments/cashflow?limit=10');
    await within(await findTable()).findAllByRole('link', { name: 'Advance' });
    expect(within(table()).getAllByRole('link', { name: 'Advance' })).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({ page: 2, limit: 10, cursor: 'after-page' }),
    );
  });

  it('shows staff with payments.read whose entries they are, and filters by associate', async () => {
    server.staff = true;
    server.permissions = ['payments.read'];
    server.rows = [entry(1, { associate_code: 'AGT200', associate_name: 'Bea Dunn' })];
    const { user } = renderList();
    expect(await screen.findByText('The cashflow entries of every associate.')).toBeVisible();
    await within(await findTable()).findByRole('link', { name: 'Advance' });
    expect(screen.getByRole('columnheader', { name: 'Associate' })).toBeInTheDocument();
    expect(within(table()).getByText('AGT200')).toHaveAttribute('title', 'Bea Dunn');
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    expect(screen.getByRole('combobox', { name: 'Associate' })).toBeInTheDocument();
  });

  it('tells staff with nothing to show that entries come with approvals, not theirs', async () => {
    server.staff = true;
    server.permissions = ['payments.read'];
    renderList();
    await within(await findTable()).findByText('No cashflow entries found');
    expect(screen.getByText('Entries appear here once a policy is approved.')).toBeInTheDocument();
    expect(screen.queryByText(/a policy you earn on/)).not.toBeInTheDocument();
  });

  it('offers an associate no associate filter', async () => {
    renderList();
    await within(await findTable()).findByText('No cashflow entries found');
    expect(
      screen.getByText('Entries appear here once a policy you earn on is approved.'),
    ).toBeInTheDocument();
    await userClickFilters();
    expect(screen.queryByRole('combobox', { name: 'Associate' })).not.toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filter cashflow' })).toBeInTheDocument();
  });

  it('says no entry matches when a filter is on, not how entries come', async () => {
    renderList('/payments/cashflow?filter[direction][eq]=Chargeback');
    const t = await findTable();
    expect(await within(t).findByText('No cashflow entries found')).toBeInTheDocument();
    expect(within(t).getByText('No entry matches these filters.')).toBeInTheDocument();
    expect(within(t).queryByText(/once a policy you earn on/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('1');
  });

  it('shows a loading row until the entries come, never the empty state', async () => {
    const gate = held({ data: [entry(1)] });
    fakeApi({ '/access': () => accessAnswer(), '/payments/cashflow': gate.answer });
    renderList();
    const loading = await within(await findTable()).findByText('Loading cashflow entries…');
    expect(table().closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No cashflow entries found')).not.toBeInTheDocument();
    gate.release();
    await within(table()).findByRole('link', { name: 'Advance' });
    expect(loading).not.toBeInTheDocument();
    expect(table().closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  });

  it('says when the list cannot be loaded, with Retry while trying again may help', async () => {
    server.fail = { status: 503, message: 'The ledger is unavailable' };
    const { user } = renderList();
    const alert = await within(await findTable()).findByRole('alert');
    expect(alert).toHaveTextContent('The cashflow entries could not be loaded');
    expect(alert).toHaveTextContent('The ledger is unavailable');
    expect(screen.queryByText('No cashflow entries found')).not.toBeInTheDocument();
    server.fail = undefined;
    server.rows = [entry(1)];
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table()).findByRole('link', { name: 'Advance' })).toBeInTheDocument();
  });

  it('shows staff without payments.read the refusal: no Retry, nothing of everyone', async () => {
    server.staff = true;
    server.permissions = ['clients.read'];
    renderList();
    const alert = await within(await findTable()).findByRole('alert');
    expect(alert).toHaveTextContent(
      `The cashflow entries could not be loaded${NO_STAFF_PERMISSION}`,
    );
    // A refusal stays one: trying again cannot change it.
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('No cashflow entries found')).not.toBeInTheDocument();
    // Neither an associate's words nor everyone's.
    expect(screen.queryByText(/your earnings/)).not.toBeInTheDocument();
    expect(screen.queryByText(/every associate/)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Associate' })).not.toBeInTheDocument();
    await userClickFilters();
    expect(screen.queryByRole('combobox', { name: 'Associate' })).not.toBeInTheDocument();
    expect(listCalls()).toHaveLength(1);
  });
});

async function userClickFilters() {
  fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
  await screen.findByRole('search', { name: 'Filter cashflow' });
}
