import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { downloadTeam, listChargebacks, listClients, listTeam } from '@/api/lists.gen';
import { toQueryString } from '@/api/mutator';
import { renderWithProviders } from '@/test/render';
import {
  DEFAULT_LIMIT,
  activeFilterCount,
  cleanFilter,
  isListingParam,
  listingSearch,
  nextOrder,
  otherParams,
  pageRows,
  parseListingState,
  declaredOnly,
  sortableFields,
  toFilterParams,
  toQueryParams,
  useListingState,
} from './listing-state';

describe('cleanFilter', () => {
  it('drops undefined values, trims strings and removes empty filters', () => {
    expect(
      cleanFilter({
        first_name: { contains: '  Ann  ' },
        last_name: { contains: '   ' },
        email: { contains: undefined },
        state: { in: [' CA', '', 'NY '] },
        city: {},
        country: undefined,
        associate_code: { '': 'AGT100' },
        annual_income: { gte: 0, lte: null },
        phone: { null: false },
        id: { in: [] },
      }),
    ).toEqual({
      first_name: { contains: 'Ann' },
      state: { in: ['CA', 'NY'] },
      annual_income: { gte: 0 },
      phone: { null: false },
    });
  });
});

describe('URL round trip', () => {
  it('parses page, limit, filters and order from bracket-style query strings', () => {
    const state = parseListingState(
      '?page=3&limit=25&filter[state][in][]=CA&filter[state][in][]=NY&filter[last_name][contains]=Smi&order[created_at]=DESC',
      listClients,
    );
    expect(state).toEqual({
      page: 3,
      limit: 25,
      filter: { state: { in: ['CA', 'NY'] }, last_name: { contains: 'Smi' } },
      order: { created_at: 'DESC' },
    });
  });

  it('falls back to page 1, the default limit and the default order', () => {
    expect(parseListingState('?page=0&limit=abc', listClients)).toEqual({
      page: 1,
      limit: DEFAULT_LIMIT,
      filter: {},
      order: {},
    });
    expect(parseListingState('', listClients, { limit: 10, order: { id: 'ASC' } })).toMatchObject({
      limit: 10,
      order: { id: 'ASC' },
    });
    expect(parseListingState('?limit=5000', listClients).limit).toBe(1000);
    expect(parseListingState('?order[last_name]=sideways', listClients).order).toEqual({});
  });

  it('writes the state back without defaults and with readable brackets', () => {
    const search = listingSearch({
      page: 2,
      limit: 5,
      filter: { state: { in: ['CA', 'NY'] }, last_name: { contains: 'O Br' } },
      order: { last_name: 'ASC' },
    });
    expect(search).toBe(
      'page=2&limit=5&filter[state][in][]=CA&filter[state][in][]=NY&filter[last_name][contains]=O%20Br&order[last_name]=ASC',
    );
    expect(parseListingState(`?${search}`, listClients)).toEqual({
      page: 2,
      limit: 5,
      filter: { state: { in: ['CA', 'NY'] }, last_name: { contains: 'O Br' } },
      order: { last_name: 'ASC' },
    });
    expect(
      listingSearch(
        { page: 1, limit: DEFAULT_LIMIT, filter: {}, order: { id: 'DESC' } },
        { order: { id: 'DESC' } },
      ),
    ).toBe('');
  });
});

describe('toQueryParams', () => {
  it('gives one literal key per filter and order as a map, keys in the order given', () => {
    const params = toQueryParams(
      {
        page: 1,
        limit: 100,
        filter: { state: { in: ['CA'] }, email: { contains: 'x' } },
        order: { last_name: 'DESC', created_at: 'ASC' },
      },
      listClients,
    );
    expect(params).toEqual({
      page: 1,
      limit: 100,
      'filter[state][in][]': ['CA'],
      'filter[email][contains]': 'x',
      order: { last_name: 'DESC', created_at: 'ASC' },
    });
    expect(Object.keys(params.order ?? {})).toEqual(['last_name', 'created_at']);
  });

  it('sends only what the operation declares', () => {
    const state = {
      page: 1,
      limit: 100,
      // between is no operator of the contract; phone is not sortable; nope is no field
      filter: { annual_income: { between: ['1', '2'], gte: 5 }, nope: { eq: 'x' } },
      order: { phone: 'ASC' as const, city: 'DESC' as const },
    };
    expect(toQueryParams(state, listClients)).toEqual({
      page: 1,
      limit: 100,
      'filter[annual_income][gte]': 5,
      order: { city: 'DESC' },
    });
  });
});

describe('only what the contract declares', () => {
  it('drops undeclared filters and orders once, when the URL is read', () => {
    const state = parseListingState(
      '?filter[nope][eq]=x&filter[annual_income][between]=1&filter[annual_income][gte]=5' +
        '&filter[state][eq][]=TX&filter[state][in]=CA&order[phone]=ASC&order[city]=DESC',
      listClients,
    );
    expect(state.filter).toEqual({ annual_income: { gte: '5' }, state: { in: ['CA'] } });
    expect(state.order).toEqual({ city: 'DESC' });
    // The badge counts what the request sends.
    expect(activeFilterCount(state.filter)).toBe(2);
    expect(toQueryParams(state, listClients)).toEqual({
      page: 1,
      limit: DEFAULT_LIMIT,
      'filter[annual_income][gte]': '5',
      'filter[state][in][]': ['CA'],
      order: { city: 'DESC' },
    });
    // An undeclared order alone leaves the default.
    expect(
      parseListingState('?order[phone]=ASC', listClients, { order: { created_at: 'DESC' } }).order,
    ).toEqual({ created_at: 'DESC' });
  });

  it('keeps a list operator with a list and the others with one value', () => {
    expect(
      declaredOnly(
        { filter: { state: { in: 'TX', eq: ['CA'], ne: 'NY' } }, order: { city: 'ASC' } },
        listClients,
      ),
    ).toEqual({ filter: { state: { in: ['TX'], ne: 'NY' } }, order: { city: 'ASC' } });
  });
});

describe('sortableFields', () => {
  it('names the fields the contract sorts by, filterable or not', () => {
    expect([...sortableFields(listChargebacks)].sort()).toEqual([
      'amount_cents',
      'id',
      'occurred_on',
    ]);
    expect(sortableFields(listClients).has('city')).toBe(true);
    expect(sortableFields(listClients).has('phone')).toBe(false);
  });
});

describe('paging by the limit + 1 rule', () => {
  it('shows limit rows and knows a next page exists only when the extra row came back', () => {
    expect(pageRows([1, 2, 3, 4, 5, 6], 5)).toEqual({ rows: [1, 2, 3, 4, 5], hasNext: true });
    expect(pageRows([1, 2, 3, 4, 5], 5)).toEqual({ rows: [1, 2, 3, 4, 5], hasNext: false });
    expect(pageRows(undefined, 5)).toEqual({ rows: [], hasNext: false });
  });
});

describe('nextOrder', () => {
  it('cycles none → ASC → DESC → none, one column at a time', () => {
    expect(nextOrder({}, 'email')).toEqual({ email: 'ASC' });
    expect(nextOrder({ email: 'ASC' }, 'email')).toEqual({ email: 'DESC' });
    expect(nextOrder({ email: 'DESC' }, 'email')).toEqual({});
    expect(nextOrder({ email: 'DESC' }, 'city')).toEqual({ city: 'ASC' });
    // Without Shift, a column that is one of several keys becomes the only one.
    expect(nextOrder({ state: 'DESC', city: 'ASC' }, 'city')).toEqual({ city: 'DESC' });
  });

  it('with Shift, appends a key and toggles it in its place', () => {
    const keys = (order: Record<string, string>) => Object.entries(order);
    expect(keys(nextOrder({ state: 'DESC' }, 'city', true))).toEqual([
      ['state', 'DESC'],
      ['city', 'ASC'],
    ]);
    const three = { state: 'DESC', city: 'ASC', last_name: 'ASC' } as const;
    expect(keys(nextOrder(three, 'city', true))).toEqual([
      ['state', 'DESC'],
      ['city', 'DESC'],
      ['last_name', 'ASC'],
    ]);
    expect(keys(nextOrder({ ...three, city: 'DESC' }, 'city', true))).toEqual([
      ['state', 'DESC'],
      ['last_name', 'ASC'],
    ]);
    expect(nextOrder({}, 'city', true)).toEqual({ city: 'ASC' });
  });

  it('sends two keys read from the URL in the order they came', () => {
    const sent = (search: string) =>
      toQueryString(toQueryParams(parseListingState(search, listClients), listClients));
    expect(sent('?order[state]=DESC&order[last_name]=ASC')).toBe(
      'page=1&limit=100&order[state]=DESC&order[last_name]=ASC',
    );
    expect(sent('?order[last_name]=ASC&order[state]=DESC')).toBe(
      'page=1&limit=100&order[last_name]=ASC&order[state]=DESC',
    );
  });
});

describe('other parameters, downloads and cursors', () => {
  it('keeps the parameters a listing does not own', () => {
    expect(
      otherParams('?page=2&period_start=2026-01-01&filter[state][in][]=CA&order[x]=ASC&view=A B'),
    ).toBe('period_start=2026-01-01&view=A%20B');
    expect(isListingParam('limit')).toBe(true);
    expect(isListingParam('period_end')).toBe(false);
  });

  it('gives downloads the filter and order only, and lists the cursor when there is one', () => {
    const state = {
      page: 3,
      limit: 25,
      filter: { licensed: { eq: 'true' } },
      order: { code: 'ASC' as const },
    };
    expect(toFilterParams(state, downloadTeam)).toEqual({
      'filter[licensed][eq]': 'true',
      order: { code: 'ASC' },
    });
    expect(toQueryParams({ ...state, cursor: 'abc' }, listTeam)).toMatchObject({
      page: 3,
      cursor: 'abc',
    });
    expect(toQueryParams(state, listTeam)).not.toHaveProperty('cursor');
    expect(activeFilterCount({ a: { eq: 1, ne: 2 }, b: { in: ['x'] } })).toBe(3);
  });
});

describe('useListingState', () => {
  function Harness() {
    const listing = useListingState(listTeam);
    const location = useLocation();
    return (
      <>
        <output aria-label="search">{location.search}</output>
        <output aria-label="cursor">{listing.state.cursor ?? 'none'}</output>
        <button onClick={() => listing.setPage(listing.state.page + 1, 'next-2')}>Next</button>
        <button onClick={() => listing.setPage(listing.state.page - 1, 'ignored')}>Previous</button>
        <button onClick={() => listing.setFilter({ name: { contains: 'Ann' } })}>Filter</button>
        <button onClick={() => listing.toggleSort('state')}>Sort by state</button>
        <button onClick={() => listing.toggleSort('joined_on', true)}>Then by joined</button>
      </>
    );
  }

  it('adds a further sort key to the URL after the first, and a plain sort replaces both', async () => {
    const { user } = renderWithProviders(<Harness />, {
      path: '/team/Infinity?page=3&period_start=2026-01-01',
      route: '/team/:view',
    });
    const search = () => screen.getByRole('status', { name: 'search' });
    await user.click(screen.getByRole('button', { name: 'Sort by state' }));
    await user.click(screen.getByRole('button', { name: 'Then by joined' }));
    expect(search()).toHaveTextContent(
      '?order[state]=ASC&order[joined_on]=ASC&period_start=2026-01-01',
    );
    await user.click(screen.getByRole('button', { name: 'Then by joined' }));
    expect(search()).toHaveTextContent('?order[state]=ASC&order[joined_on]=DESC&period_start');
    await user.click(screen.getByRole('button', { name: 'Sort by state' }));
    expect(search()).toHaveTextContent('?order[state]=DESC&period_start=2026-01-01');
  });

  it('pages with the next cursor in the history entry, keeping other parameters', async () => {
    const { user, router } = renderWithProviders(<Harness />, {
      path: '/team/Infinity?period_start=2026-01-01&period_end=2026-01-31',
      route: '/team/:view',
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(
      '?page=2&period_start=2026-01-01&period_end=2026-01-31',
    );
    expect(screen.getByRole('status', { name: 'cursor' })).toHaveTextContent('next-2');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('status', { name: 'cursor' })).toHaveTextContent('none');
    // Back restores the entry that carries the cursor.
    await act(() => router.navigate(-1));
    expect(screen.getByRole('status', { name: 'cursor' })).toHaveTextContent('next-2');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(
      '?filter[name][contains]=Ann&period_start=2026-01-01&period_end=2026-01-31',
    );
    expect(screen.getByRole('status', { name: 'cursor' })).toHaveTextContent('none');
  });
});
