import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Provider } from '@/api/gen/model/provider';
import { accessAnswer, apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ProvidersListPage } from './providers-list-page';

const server = {
  rows: [] as Provider[],
  fail: undefined as { status: number; message: string } | undefined,
};

const provider = (id: number, over: Partial<Provider> = {}): Provider => ({
  id,
  code: `P${id}`,
  name: `Provider ${id}`,
  countries: ['USA'],
  contacts: 1,
  videos: 2,
  links: 3,
  attachments: 4,
  products: 5,
  ...over,
});

async function listProviders({ params }: FakeRequest) {
  if (server.fail) throw apiError(server.fail.status, server.fail.message);
  const limit = Number(params.limit);
  const data = server.rows.slice(0, limit + 1);
  return data.length > limit ? { data, next_cursor: 'after-page' } : { data };
}

beforeEach(() => {
  server.rows = [];
  server.fail = undefined;
  fakeApi({ '/providers': listProviders, '/access': accessAnswer() });
});

function renderList(path = '/business/product-providers') {
  return renderWithProviders(<ProvidersListPage />, {
    path,
    route: '/business/product-providers',
  });
}

const table = () => screen.getByRole('table', { name: 'Product providers' });

describe('ProvidersListPage', () => {
  it('shows a row per provider with its countries and counts, and not the extra row', async () => {
    server.rows = [
      provider(1, {
        name: 'Acme Life',
        code: 'ACME',
        countries: ['USA', 'Canada'],
        contacts: 2,
        videos: 0,
        links: 1_234,
        attachments: 3,
        products: 7,
      }),
      provider(2),
      provider(3),
    ];
    renderList('/business/product-providers?limit=2');
    const link = await within(table()).findByRole('link', { name: 'Acme Life' });
    expect(link).toHaveAttribute('href', '/business/product-providers/1');
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    const row = link.closest('tr') as HTMLElement;
    // The code and the countries under the name, then the counts.
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Acme LifeACMEUSACanada');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '0', '1,234', '3', '7']);
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    expect(document.title).toBe('Product providers · Associate Portal');
  });

  it('starts by name without putting the default in the URL, and sorts by name', async () => {
    server.rows = [provider(1)];
    const { user, router } = renderList();
    await within(table()).findByRole('link', { name: 'Provider 1' });
    expect(calls('/providers').at(-1)?.params).toEqual({
      page: 1,
      limit: 100,
      order: { name: 'ASC' },
    });
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('columnheader', { name: /Provider/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(within(table()).getByRole('button', { name: /^Provider/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?order[name]=DESC'));
    await waitFor(() =>
      expect(calls('/providers').at(-1)?.params).toMatchObject({ order: { name: 'DESC' } }),
    );
  });

  it('filters by name and country through the URL', async () => {
    server.rows = [provider(1)];
    const { user, router } = renderList();
    await within(table()).findByRole('link', { name: 'Provider 1' });
    await user.type(screen.getByLabelText('Name contains'), ' Acme ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter[name][contains]=Acme'));
    await waitFor(() =>
      expect(calls('/providers').at(-1)?.params).toEqual({
        page: 1,
        limit: 100,
        'filter[name][contains]': 'Acme',
        order: { name: 'ASC' },
      }),
    );
  });

  it('reads a country filter from the URL and says when nothing matches', async () => {
    renderList('/business/product-providers?filter[country][eq]=Canada');
    expect(
      await within(table()).findByText('No provider matches these filters.'),
    ).toBeInTheDocument();
    expect(calls('/providers').at(-1)?.params).toMatchObject({ 'filter[country][eq]': 'Canada' });
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Canada');
  });

  it('says when the list cannot be loaded, with Retry', async () => {
    server.fail = { status: 500, message: 'The database is unavailable' };
    renderList();
    const alert = await within(table()).findByRole('alert');
    expect(alert).toHaveTextContent('The providers could not be loaded');
    expect(alert).toHaveTextContent('The database is unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
