import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyRow } from '@/api/gen/model/policyRow';
import { useAccess } from '@/lib/use-access';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PoliciesListPage } from './policies-list-page';

// The server: the list answers `rows` (limit + 1 of them at most, with a next cursor when there
// are more) or fails; the caller is an associate (senior or not) or a staff user.
const server = {
  rows: [] as PolicyRow[],
  fail: undefined as { status: number; message: string } | undefined,
  staff: false,
  senior: false,
};

const row = (id: number, over: Partial<PolicyRow> = {}): PolicyRow => ({
  id,
  policy_number: `LF-${id}`,
  provider_id: 2,
  provider_name: 'Acme Life',
  product_id: 5,
  product_name: 'Term 20',
  category: 'Life Insurance',
  type: 'Term',
  client_id: 7,
  client_name: 'Ann Baker',
  writer_code: 'AGT100',
  writer_name: 'Alex Carter',
  split: false,
  status: 'Pending',
  face_amount_cents: 50_000_000,
  target_premium_cents: 100_000,
  bv_cents: 100_000,
  submitted_on: '2026-10-02',
  open_requirements: 0,
  updated_at: '2026-10-03T00:00:00Z',
  ...over,
});

function listPolicies({ params }: FakeRequest) {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const limit = Number(params.limit);
  const data = server.rows.slice(0, limit + 1);
  return data.length > limit ? { data, next_cursor: 'after-page' } : { data };
}

beforeEach(() => {
  server.rows = [];
  server.fail = undefined;
  server.staff = false;
  server.senior = false;
  fakeApi({
    '/access': () =>
      accessAnswer({
        staff: server.staff,
        senior: server.senior,
        permissions: server.staff ? ['policies.review'] : [],
      }),
    '/policies': listPolicies,
    '/policies/download': { url: 'https://files.example.com/policies.csv' },
    '/providers': { data: [] },
  });
});

const listCalls = () => calls('/policies');

/** As the app's layout does: the page shows once the caller is known. */
function OnceSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAccess();
  return user ? children : null;
}

function renderList(path = '/business') {
  return renderWithProviders(
    <OnceSignedIn>
      <PoliciesListPage />
    </OnceSignedIn>,
    {
      path,
      route: '/business',
      extraRoutes: [{ path: '/business/create', element: <h1>New policy form</h1> }],
    },
  );
}

const table = () => screen.getByRole('table', { name: 'Policies' });
/** The table, once the page shows (after GET /access). */
const findTable = () => screen.findByRole('table', { name: 'Policies' });
const viewSelect = () => screen.getByRole('combobox', { name: 'Team view' });

/** The options of the open select, by name. */
const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('PoliciesListPage', () => {
  it('shows a row per policy, linking to it by number and id, with money formatted', async () => {
    server.rows = [
      row(31, {
        policy_number: 'LF-1/7',
        provider_name: 'Beta Mutual',
        client_name: 'Cy Dunn',
        product_name: 'IUL Max',
        category: 'Life Insurance',
        type: 'IUL',
        split: true,
        split_code: 'AGT200',
        status: 'Approved',
        target_premium_cents: 123_456,
        bv_cents: 98_765,
        submitted_on: '2026-10-02',
      }),
      row(32),
    ];
    renderList();
    const link = await within(await findTable()).findByRole('link', { name: 'LF-1/7' });
    expect(link).toHaveAttribute('href', '/business/LF-1%2F7?id=31');
    expect(within(table()).getByRole('link', { name: 'LF-32' })).toHaveAttribute(
      'href',
      '/business/LF-32?id=32',
    );
    const tr = link.closest('tr') as HTMLElement;
    expect(within(tr).getByRole('rowheader')).toHaveTextContent('Beta Mutual');
    expect(
      within(tr)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Cy Dunn',
      'IUL MaxLife Insurance · IUL',
      'AGT100Split · AGT200',
      'Approved',
      '$1,234.56',
      '$987.65',
      '10/02/2026',
    ]);
    expect(within(tr).getByText('AGT100')).toHaveAttribute('title', 'Alex Carter');
  });

  it('shows Lapsed for a lapsed policy whatever its status, and the open requirements', async () => {
    server.rows = [
      row(1, { status: 'Approved', lapsed_on: '2026-11-01' }),
      row(2, { status: 'Action Required', open_requirements: 2 }),
    ];
    renderList();
    const lapsed = (await within(await findTable()).findByRole('link', { name: 'LF-1' })).closest(
      'tr',
    );
    expect(within(lapsed as HTMLElement).getByText('Lapsed')).toBeInTheDocument();
    expect(within(lapsed as HTMLElement).queryByText('Approved')).not.toBeInTheDocument();
    expect(within(lapsed as HTMLElement).queryByText(/open$/)).not.toBeInTheDocument();
    const open = within(table()).getByRole('link', { name: 'LF-2' }).closest('tr') as HTMLElement;
    expect(within(open).getByText('Action Required')).toBeInTheDocument();
    expect(within(open).getByText('2 open')).toBeInTheDocument();
    expect(within(open).queryByText('Lapsed')).not.toBeInTheDocument();
  });

  it('offers Personal, Base Shop and Infinity to an associate, Personal first', async () => {
    const { user } = renderList();
    await within(await findTable()).findByText('No policies found');
    expect(viewSelect()).toHaveTextContent('Personal');
    expect(screen.getByText('The policies you write.')).toBeInTheDocument();
    expect(listCalls().at(-1)?.params).toEqual({ page: 1, limit: 100, view: 'Personal' });
    await user.click(viewSelect());
    expect(optionNames()).toEqual(['Personal', 'Base Shop', 'Infinity']);
  });

  it('offers a senior associate the RMD views instead of Base Shop', async () => {
    server.senior = true;
    const { user } = renderList('/business?view=RmdSuperTeam');
    await waitFor(() => expect(viewSelect()).toHaveTextContent('RMD Super Team'));
    await waitFor(() => expect(listCalls().at(-1)?.params).toMatchObject({ view: 'RmdSuperTeam' }));
    expect(screen.getByText('The policies of your RMD Super Team.')).toBeInTheDocument();
    await user.click(viewSelect());
    expect(optionNames()).toEqual(['Personal', 'RMD Super Base', 'RMD Super Team', 'Infinity']);
  });

  it('falls back to Personal for a view not offered to the caller', async () => {
    server.senior = true;
    renderList('/business?view=BaseShop');
    await within(await findTable()).findByText('No policies found');
    expect(viewSelect()).toHaveTextContent('Personal');
    expect(listCalls().at(-1)?.params).toMatchObject({ view: 'Personal' });
    expect(listCalls().map((c) => c.params.view)).not.toContain('BaseShop');
  });

  it('puts the chosen view in the URL, back on the first page, and asks for it', async () => {
    server.rows = [row(1)];
    const { user, router } = renderList('/business?page=3&view=Personal&filter[lapsed][eq]=true');
    await within(await findTable()).findByRole('link', { name: 'LF-1' });
    await user.click(viewSelect());
    await user.click(screen.getByRole('option', { name: 'Infinity' }));
    // The filters stay, readable; the page goes.
    await waitFor(() =>
      expect(router.state.location.search).toBe('?view=Infinity&filter[lapsed][eq]=true'),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        view: 'Infinity',
        'filter[lapsed][eq]': 'true',
      }),
    );
    expect(screen.getByText('The policies of your whole organisation.')).toBeInTheDocument();
  });

  it('reads filters and order from the URL and sends them with the view', async () => {
    server.rows = [row(1)];
    renderList(
      '/business?view=BaseShop&filter[status][in][]=Pending&filter[status][in][]=Approved&filter[lapsed][eq]=false&filter[client_name][contains]=Bak&order[target_premium_cents]=DESC',
    );
    await within(await findTable()).findByRole('link', { name: 'LF-1' });
    expect(listCalls().at(-1)?.params).toEqual({
      page: 1,
      limit: 100,
      view: 'BaseShop',
      'filter[status][in][]': ['Pending', 'Approved'],
      'filter[lapsed][eq]': 'false',
      'filter[client_name][contains]': 'Bak',
      order: { target_premium_cents: 'DESC' },
    });
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('3');
    expect(screen.getByLabelText('Client name contains')).toHaveValue('Bak');
    expect(screen.getByRole('columnheader', { name: /Target premium/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('applies the filter panel to the URL and the request', { timeout: 20_000 }, async () => {
    server.rows = [row(1)];
    const { user, router } = renderList('/business?view=Infinity');
    await within(await findTable()).findByRole('link', { name: 'LF-1' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByLabelText('Policy number starts with'), ' LF- ');
    await user.type(screen.getByLabelText('Submitted from'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?filter[policy_number][startswith]=LF-&filter[submitted_on][gte]=2026-01-01&view=Infinity',
      ),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        view: 'Infinity',
        'filter[policy_number][startswith]': 'LF-',
        'filter[submitted_on][gte]': '2026-01-01',
      }),
    );
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('2');
  });

  it('downloads the list with its filters, order and view', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server.rows = [row(1)];
    const { user } = renderList(
      '/business?view=Infinity&page=2&filter[split][eq]=true&order[client_name]=ASC',
    );
    await within(await findTable()).findByRole('link', { name: 'LF-1' });
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(calls('/policies/download')).toHaveLength(1));
    // The filter and order of the list, without its page.
    expect(calls('/policies/download')[0]?.params).toEqual({
      'filter[split][eq]': 'true',
      order: { client_name: 'ASC' },
      view: 'Infinity',
      format: 'csv',
    });
    await waitFor(() =>
      expect(open).toHaveBeenLastCalledWith(
        'https://files.example.com/policies.csv',
        '_blank',
        'noopener',
      ),
    );
  });

  it('links to the new policy form, and sets the title', async () => {
    const { user } = renderList();
    const link = await screen.findByRole('link', { name: /New policy/ });
    expect(link).toHaveAttribute('href', '/business/create');
    expect(document.title).toBe('Business · Associate Portal');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'New policy form' })).toBeInTheDocument();
  });

  it('shows staff every policy: no view, no view select, no new policy', async () => {
    server.staff = true;
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderList('/business?view=Infinity');
    expect(await screen.findByText('Every policy, for review.')).toBeInTheDocument();
    expect(
      await within(await findTable()).findByText('There are no policies to show.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Team view' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New policy/ })).not.toBeInTheDocument();
    // Never a view: staff have none.
    expect(listCalls().map((c) => c.params)).toEqual([{ page: 1, limit: 100 }]);

    await user.click(screen.getByRole('button', { name: /Download/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(calls('/policies/download')).toHaveLength(1));
    expect(calls('/policies/download')[0]?.params).toEqual({ format: 'xlsx' });
    await waitFor(() => expect(open).toHaveBeenCalled());
  });

  it('says when the list cannot be loaded', async () => {
    server.fail = { status: 500, message: 'The database is unavailable' };
    renderList();
    const alert = await within(await findTable()).findByRole('alert');
    expect(alert).toHaveTextContent('The policies could not be loaded');
    expect(alert).toHaveTextContent('The database is unavailable');
    expect(screen.queryByText('No policies found')).not.toBeInTheDocument();
  });
});
