import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@/api/gen/model/client';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ClientsListPage } from './clients-list-page';

// The server: the list answers `rows` (limit + 1 of them at most, with a next cursor when
// there are more), or waits, or fails.
const server = {
  rows: [] as Client[],
  fail: undefined as { status: number; message: string } | undefined,
  hold: undefined as Promise<void> | undefined,
  /** The caller is a staff user (no associate code). */
  staff: false,
};

const client = (id: number, over: Partial<Client> = {}): Client => ({
  id,
  associate_code: 'AGT100',
  associate_name: 'Alex Carter',
  first_name: `First${id}`,
  last_name: `Last${id}`,
  country: 'USA',
  can_edit: true,
  created_at: '2026-03-04T12:00:00Z',
  updated_at: '2026-03-04T12:00:00Z',
  ...over,
});

async function listClients({ params }: FakeRequest) {
  if (server.hold) await server.hold;
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const limit = Number(params.limit);
  const data = server.rows.slice(0, limit + 1);
  return data.length > limit ? { data, next_cursor: 'after-page' } : { data };
}

beforeEach(() => {
  server.rows = [];
  server.fail = undefined;
  server.hold = undefined;
  server.staff = false;
  fakeApi({
    '/clients': listClients,
    '/search/clients': { data: [] },
    '/access': () => accessAnswer({ staff: server.staff, permissions: ['clients.read'] }),
  });
});

const listCalls = () => calls('/clients');

function renderList(path = '/business/clients') {
  return renderWithProviders(<ClientsListPage />, { path, route: '/business/clients' });
}

const table = () => screen.getByRole('table', { name: 'Clients' });
/** Radix Themes puts the table's props (aria-busy) on the element around the <table>. */
const busy = () => table().closest('[aria-busy]')?.getAttribute('aria-busy');

describe('ClientsListPage', () => {
  it('shows a loading row while the first page is on its way', async () => {
    let release!: () => void;
    server.hold = new Promise((resolve) => (release = resolve));
    server.rows = [client(1)];
    renderList();
    expect(await within(table()).findByText('Loading clients…')).toBeInTheDocument();
    expect(busy()).toBe('true');
    expect(within(table()).queryByRole('link')).not.toBeInTheDocument();
    release();
    expect(await within(table()).findByRole('link', { name: 'Last1, First1' })).toBeInTheDocument();
    expect(within(table()).queryByText('Loading clients…')).not.toBeInTheDocument();
    await waitFor(() => expect(busy()).toBe('false'));
  });

  it('shows a row per client with its fields formatted, and not the extra row', async () => {
    server.rows = [
      client(7, {
        first_name: 'Ann',
        last_name: 'Baker',
        email: 'ann@example.com',
        phone: '5551234567',
        city: 'Miami',
        state: 'FL',
        annual_income: 5_000_050,
        associate_code: 'AGT101',
        associate_name: 'Bo Dean',
      }),
      client(8),
      client(9),
    ];
    renderList('/business/clients?limit=2');
    const link = await within(table()).findByRole('link', { name: 'Baker, Ann' });
    expect(link).toHaveAttribute('href', '/business/clients/7');
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(3); // the header and 2 clients; the third only says there is more
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('ann@example.com');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['(555) 123-4567', 'Miami', 'FL', '$50,000.50', 'AGT101', '03/04/2026']);
    expect(within(row).getByText('AGT101')).toHaveAttribute('title', 'Bo Dean');
    // Missing values show a dash.
    const bare = within(table()).getByRole('link', { name: 'Last8, First8' }).closest('tr');
    expect(
      within(bare as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', '—', '—', '—', 'AGT100', '03/04/2026']);
    expect(within(table()).queryByRole('link', { name: 'Last9, First9' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
  });

  it('says there are no clients yet, or none for the filters', async () => {
    const { unmount } = renderList();
    expect(await within(table()).findByText('No clients found')).toBeInTheDocument();
    expect(within(table()).getByText('Add your first client to get started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    unmount();

    renderList('/business/clients?filter[last_name][contains]=Zed');
    expect(
      await within(table()).findByText('No client matches these filters.'),
    ).toBeInTheDocument();
  });

  it('reads page, limit, filters and order from the URL and sends them to the API', async () => {
    server.rows = [client(1)];
    renderList(
      '/business/clients?page=3&limit=25&filter[state][in][]=TX&filter[state][in][]=FL&filter[last_name][contains]=Ba&order[last_name]=ASC',
    );
    await within(table()).findByRole('link', { name: 'Last1, First1' });
    expect(listCalls().at(-1)?.params).toEqual({
      page: 3,
      limit: 25,
      'filter[state][in][]': ['TX', 'FL'],
      'filter[last_name][contains]': 'Ba',
      order: { last_name: 'ASC' },
    });
    // Filters in the URL open the panel with their values, and the button counts them.
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('2');
    expect(screen.getByLabelText('Last name contains')).toHaveValue('Ba');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByText('Page 3 · rows 51–51')).toBeInTheDocument();
  });

  it('starts newest first without putting the default in the URL', async () => {
    server.rows = [client(1)];
    const { router } = renderList();
    await within(table()).findByRole('link', { name: 'Last1, First1' });
    expect(listCalls().at(-1)?.params).toEqual({
      page: 1,
      limit: 100,
      order: { created_at: 'DESC' },
    });
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('puts a filter, a sort and the page in the URL', { timeout: 20_000 }, async () => {
    server.rows = Array.from({ length: 11 }, (_, i) => client(i + 1));
    const { user, router } = renderList('/business/clients?limit=10');
    await within(table()).findByRole('link', { name: 'Last1, First1' });
    expect(screen.queryByLabelText('Last name contains')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByLabelText('Last name contains'), ' Baker ');
    await user.type(screen.getByLabelText('Email contains'), 'example');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?limit=10&filter[last_name][contains]=Baker&filter[email][contains]=example',
      ),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toMatchObject({
        'filter[last_name][contains]': 'Baker',
        'filter[email][contains]': 'example',
      }),
    );

    await user.click(within(table()).getByRole('button', { name: /^City/ }));
    await waitFor(() => expect(router.state.location.search).toContain('order[city]=ASC'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toMatchObject({ order: { city: 'ASC' } }),
    );
    await user.click(within(table()).getByRole('button', { name: /^City/ }));
    await waitFor(() => expect(router.state.location.search).toContain('order[city]=DESC'));

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?page=2&limit=10&/));
    await waitFor(() =>
      expect(listCalls().at(-1)?.params).toMatchObject({
        page: 2,
        limit: 10,
        cursor: 'after-page',
        order: { city: 'DESC' },
        'filter[last_name][contains]': 'Baker',
      }),
    );

    // A new filter goes back to the first page.
    await user.clear(screen.getByLabelText('Email contains'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?limit=10&filter[last_name][contains]=Baker&order[city]=DESC',
      ),
    );
  });

  it('says when the list cannot be loaded, with Retry, and no empty state under it', async () => {
    server.fail = { status: 500, message: 'The database is unavailable' };
    const { user } = renderList();
    const alert = await within(table()).findByRole('alert');
    expect(alert).toHaveTextContent('The clients could not be loaded');
    expect(alert).toHaveTextContent('The database is unavailable');
    expect(within(table()).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('No clients found')).not.toBeInTheDocument();
    expect(screen.queryByText(/Add your first client/)).not.toBeInTheDocument();

    // Retry asks again; once the server answers, the rows show.
    server.fail = undefined;
    server.rows = [client(1)];
    const before = listCalls().length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table()).findByRole('link', { name: 'Last1, First1' })).toBeInTheDocument();
    expect(listCalls().length).toBe(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the rows when a refresh fails, and says so above them', async () => {
    server.rows = [client(1)];
    const { queryClient } = renderList();
    await within(table()).findByRole('link', { name: 'Last1, First1' });
    server.fail = { status: 503, message: 'The service is unavailable' };
    await act(() => queryClient.refetchQueries({ queryKey: ['/clients'] }));
    const callout = await screen.findByRole('alert');
    expect(callout).toHaveTextContent(
      'The clients could not be refreshed: The service is unavailable',
    );
    // Above the table, not in it; the rows stay.
    expect(within(table()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(table()).getByRole('link', { name: 'Last1, First1' })).toBeInTheDocument();
  });

  it('drops a filter or order the contract does not declare, from the badge and the request', async () => {
    server.rows = [client(1)];
    renderList(
      '/business/clients?filter[nope][eq]=x&filter[phone][eq]=5&filter[last_name][contains]=Ba&order[phone]=ASC',
    );
    await within(table()).findByRole('link', { name: 'Last1, First1' });
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('1');
    expect(listCalls().at(-1)?.params).toEqual({
      page: 1,
      limit: 100,
      'filter[last_name][contains]': 'Ba',
      order: { created_at: 'DESC' },
    });
  });

  it('links to the new client form, and sets the title', async () => {
    renderList();
    expect(await screen.findByRole('link', { name: /New client/ })).toHaveAttribute(
      'href',
      '/business/clients/create',
    );
    expect(document.title).toBe('Clients · Associate Portal');
  });

  it('offers staff no new client (only associates own clients)', async () => {
    server.staff = true;
    renderList();
    expect(await screen.findByText('The clients your staff account may see.')).toBeInTheDocument();
    expect(await within(table()).findByText('There are no clients to show.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New client/ })).not.toBeInTheDocument();
  });
});
