import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMIT,
  cleanFilter,
  listingSearch,
  nextOrder,
  pageRows,
  parseListingState,
  toQueryParams,
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
    );
    expect(state).toEqual({
      page: 3,
      limit: 25,
      filter: { state: { in: ['CA', 'NY'] }, last_name: { contains: 'Smi' } },
      order: { created_at: 'DESC' },
    });
  });

  it('falls back to page 1, the default limit and the default order', () => {
    expect(parseListingState('?page=0&limit=abc')).toEqual({
      page: 1,
      limit: DEFAULT_LIMIT,
      filter: {},
      order: {},
    });
    expect(parseListingState('', { limit: 10, order: { id: 'ASC' } })).toMatchObject({
      limit: 10,
      order: { id: 'ASC' },
    });
    expect(parseListingState('?limit=5000').limit).toBe(1000);
    expect(parseListingState('?order[name]=sideways').order).toEqual({});
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
    expect(parseListingState(`?${search}`)).toEqual({
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
  it('gives one literal key per filter and order as a map', () => {
    expect(
      toQueryParams({
        page: 1,
        limit: 100,
        filter: { state: { in: ['CA'] }, email: { contains: 'x' } },
        order: { created_at: 'DESC' },
      }),
    ).toEqual({
      page: 1,
      limit: 100,
      'filter[state][in][]': ['CA'],
      'filter[email][contains]': 'x',
      order: { created_at: 'DESC' },
    });
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
  });
});
