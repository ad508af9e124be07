import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CashflowEntry } from '@/api/gen/model/cashflowEntry';
import { useAccess } from '@/lib/use-access';
import { NO_STAFF_PERMISSION } from '@/lib/errors';
import { accessAnswer, apiError, calls, fakeApi, held, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ChargebacksPage } from './chargebacks-page';

const server = {
  rows: [] as CashflowEntry[],
  fail: undefined as { status: number; message: string } | undefined,
  staff: false,
  permissions: [] as string[],
};

const chargeback = (id: number, over: Partial<CashflowEntry> = {}): CashflowEntry => ({
  id,
  associate_code: 'AGT100',
  associate_name: 'Alex Carter',
  policy_id: 31,
  policy_number: 'LF-1/7',
  category: 'Personal',
  bonus_type: 'Writing',
  status: 'Chargeback Escrow',
  direction: 'Chargeback',
  kind: 'chargeback_escrow',
  amount_cents: -6_250,
  earning_cents: 25_000,
  period: '2026-11-01',
  occurred_on: '2026-11-05',
  settled: false,
  ...over,
});

function listChargebacks({ params }: FakeRequest) {
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
    '/payments/chargebacks': listChargebacks,
  });
});

const listCalls = () => calls('/payments/chargebacks');

function OnceSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAccess();
  return user ? children : null;
}

function renderList(path = '/payments/chargebacks') {
  return renderWithProviders(
    <OnceSignedIn>
      <ChargebacksPage />
    </OnceSignedIn>,
    { path, route: '/payments/chargebacks' },
  );
}

const table = () => screen.getByRole('table', { name: 'Chargebacks' });
const findTable = () => screen.findByRole('table', { name: 'Chargebacks' });

describe('ChargebacksPage', () => {
  it('lists the chargebacks, each linking to its entry, taken back with a minus sign', async () => {
    server.rows = [
      chargeback(11),
      chargeback(12, { kind: 'chargeback', status: 'Chargeback', amount_cents: -10_417 }),
    ];
    renderList();
    const escrow = await within(await findTable()).findByRole('link', {
      name: 'Chargeback Escrow',
    });
    expect(escrow).toHaveAttribute('href', '/payments/cashflow/11');
    const debit = within(table()).getByRole('link', { name: 'Chargeback' });
    expect(debit).toHaveAttribute('href', '/payments/cashflow/12');
    expect(
      within(debit.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '−$104.17 (chargeback)',
      'Chargeback',
      'PersonalWriting',
      'LF-1/7',
      '11/05/2026November 2026',
    ]);
    expect(listCalls().map((c) => c.params)).toEqual([{ page: 1, limit: 100 }]);
    expect(document.title).toBe('Chargebacks · Payments · Associate Portal');
    // No download: the contract has none for chargebacks.
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('sorts only by what the contract sorts chargebacks by', async () => {
    server.rows = [chargeback(11)];
    const { user, router } = renderList();
    await within(await findTable()).findByRole('link', { name: 'Chargeback Escrow' });
    const sortable = screen
      .getAllByRole('columnheader')
      .filter((h) => within(h).queryByRole('button'))
      .map((h) => within(h).getByRole('button').textContent?.replace(/,.*$/, ''));
    expect(sortable).toEqual(['Amount', 'Occurred']);
    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?order[amount_cents]=ASC'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        order: { amount_cents: 'ASC' },
      }),
    );
  });

  it('applies its filters to the URL and the request', { timeout: 20_000 }, async () => {
    server.rows = [chargeback(11)];
    const { user, router } = renderList();
    await within(await findTable()).findByRole('link', { name: 'Chargeback Escrow' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    fireEvent.change(screen.getByLabelText('Period from (month)'), {
      target: { value: '2026-02' },
    });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Both',
      'Chargeback',
      'Chargeback Escrow',
    ]);
    await user.click(screen.getByRole('option', { name: 'Chargeback Escrow' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?filter[period][gte]=2026-02-01&filter[status][eq]=Chargeback%20Escrow',
      ),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        'filter[period][gte]': '2026-02-01',
        'filter[status][eq]': 'Chargeback Escrow',
      }),
    );
    expect(screen.queryByRole('combobox', { name: 'Associate' })).not.toBeInTheDocument();
  });

  it('drops from the URL what listChargebacks does not declare', async () => {
    renderList(
      '/payments/chargebacks?filter[direction][eq]=Chargeback&filter[category][in][]=Bonus&order[status]=ASC',
    );
    await within(await findTable()).findByText('No chargebacks found');
    expect(listCalls().map((c) => c.params)).toEqual([
      { page: 1, limit: 100, 'filter[category][in][]': ['Bonus'] },
    ]);
  });

  it('shows staff with payments.read the associates, and an associate filter', async () => {
    server.staff = true;
    server.permissions = ['payments.read'];
    server.rows = [chargeback(11, { associate_code: 'AGT200', associate_name: 'Bea Dunn' })];
    const { user } = renderList();
    expect(await screen.findByText('The chargebacks of every associate.')).toBeVisible();
    await within(await findTable()).findByText('AGT200');
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    expect(screen.getByRole('combobox', { name: 'Associate' })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, with Retry', async () => {
    server.fail = { status: 500, message: 'The ledger is unavailable' };
    renderList();
    const alert = await within(await findTable()).findByRole('alert');
    expect(alert).toHaveTextContent('The chargebacks could not be loaded');
    expect(alert).toHaveTextContent('The ledger is unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No chargebacks found')).not.toBeInTheDocument();
  });

  it('shows a loading row until the chargebacks come, never the empty state', async () => {
    const gate = held({ data: [chargeback(11)] });
    fakeApi({ '/access': () => accessAnswer(), '/payments/chargebacks': gate.answer });
    renderList();
    const loading = await within(await findTable()).findByText('Loading chargebacks…');
    expect(table().closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No chargebacks found')).not.toBeInTheDocument();
    gate.release();
    await within(table()).findByRole('link', { name: 'Chargeback Escrow' });
    expect(loading).not.toBeInTheDocument();
  });

  it('says there are none when no filter is on', async () => {
    renderList();
    const t = await findTable();
    expect(await within(t).findByText('No chargebacks found')).toBeInTheDocument();
    expect(within(t).getByText('There are no chargebacks to show.')).toBeInTheDocument();
    expect(within(t).queryByText(/matches these filters/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters/ })).not.toHaveTextContent(/\d/);
    expect(listCalls().map((c) => c.params)).toEqual([{ page: 1, limit: 100 }]);
  });

  it('says no chargeback matches when a filter is on', async () => {
    renderList('/payments/chargebacks?filter[status][eq]=Chargeback');
    const t = await findTable();
    expect(await within(t).findByText('No chargebacks found')).toBeInTheDocument();
    expect(within(t).getByText('No chargeback matches these filters.')).toBeInTheDocument();
  });

  it('shows staff without payments.read the refusal: no Retry, nothing of everyone', async () => {
    server.staff = true;
    server.permissions = ['clients.read'];
    renderList();
    const alert = await within(await findTable()).findByRole('alert');
    expect(alert).toHaveTextContent(`The chargebacks could not be loaded${NO_STAFF_PERMISSION}`);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('No chargebacks found')).not.toBeInTheDocument();
    expect(screen.queryByText(/What lapsed policies took back/)).not.toBeInTheDocument();
    expect(screen.queryByText(/every associate/)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Associate' })).not.toBeInTheDocument();
  });
});
