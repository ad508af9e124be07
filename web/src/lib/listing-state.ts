import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { encodeKey, encodeSearch } from './search';
import { LIST_OPERATORS, type ListOperator, type ListSpec } from '@/api/list-spec';

// The listing state of every list (page, limit, filter, order), kept in the URL in the same
// bracket style the API takes: ?page=2&limit=25&filter[state][in][]=CA&order[created_at]=DESC
// Other query parameters of the page (a period, a tab) are kept as they are. The contract's
// keyset `cursor` (the `next_cursor` of the page before) rides in the history entry's state, not
// in the URL: Next uses it when the server gave one, while a reload or a shared link falls back
// to `page`.

export type SortDirection = 'ASC' | 'DESC';
export type FilterScalar = string | number | boolean;
export type FilterValue = FilterScalar | readonly FilterScalar[];
/** field → operator → value. Loose on input; `cleanFilter` makes it tidy. */
export type Filter = Record<string, Record<string, FilterValue | null | undefined> | undefined>;
export type CleanFilter = Record<string, Record<string, FilterValue>>;
export type Order = Record<string, SortDirection>;

export interface ListingState {
  page: number;
  limit: number;
  filter: CleanFilter;
  order: Order;
  /** The `next_cursor` of the page before this one, when the list was paged with Next. */
  cursor?: string;
}

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface ListingDefaults {
  limit?: number;
  order?: Order;
}

function cleanScalar(value: FilterScalar | null | undefined): FilterScalar | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  return value;
}

/**
 * Drops undefined values, trims strings, and removes a filter that has no operator or an
 * empty value (an empty string or an empty list).
 */
export function cleanFilter(filter: Filter | undefined): CleanFilter {
  const result: CleanFilter = {};
  for (const [field, operators] of Object.entries(filter ?? {})) {
    if (!field || !operators) continue;
    const kept: Record<string, FilterValue> = {};
    for (const [operator, raw] of Object.entries(operators)) {
      if (!operator) continue;
      if (Array.isArray(raw)) {
        const values = (raw as readonly FilterScalar[])
          .map(cleanScalar)
          .filter((v): v is FilterScalar => v !== undefined);
        if (values.length > 0) kept[operator] = values;
      } else {
        const value = cleanScalar(raw as FilterScalar | null | undefined);
        if (value !== undefined) kept[operator] = value;
      }
    }
    if (Object.keys(kept).length > 0) result[field] = kept;
  }
  return result;
}

function clampInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  if (n < 1) return fallback;
  return Math.min(n, max);
}

const FILTER_KEY = /^filter\[([^\][]+)\]\[([^\][]+)\](\[\])?$/;
const ORDER_KEY = /^order\[([^\][]+)\]$/;

/**
 * Reads a listing state from a query string (with or without the leading '?') for `spec`'s
 * operation. Only what the contract declares for it is kept: a filter or order it does not
 * know (an old shared link, a hand-edited URL) is dropped here, once, so the state, the filter
 * badge, the request and the next URL all agree.
 */
export function parseListingState<P>(
  search: string | URLSearchParams,
  spec: ListSpec<P>,
  defaults: ListingDefaults = {},
): ListingState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filter: Filter = {};
  const order: Order = {};
  for (const [key, value] of params) {
    const f = FILTER_KEY.exec(key);
    if (f) {
      const [, field, operator, list] = f as unknown as [string, string, string, string?];
      const operators = (filter[field] ??= {});
      if (list || LIST_OPERATORS.has(operator as ListOperator)) {
        const existing = operators[operator];
        operators[operator] = [...(Array.isArray(existing) ? existing : []), value];
      } else {
        operators[operator] = value;
      }
      continue;
    }
    const o = ORDER_KEY.exec(key);
    if (o) {
      const direction = value.toUpperCase();
      if (direction === 'ASC' || direction === 'DESC') order[o[1] as string] = direction;
    }
  }
  const declared = declaredOnly({ filter, order }, spec);
  return {
    page: clampInt(params.get('page'), DEFAULT_PAGE, Number.MAX_SAFE_INTEGER),
    limit: clampInt(params.get('limit'), defaults.limit ?? DEFAULT_LIMIT, MAX_LIMIT),
    filter: declared.filter,
    order: Object.keys(declared.order).length > 0 ? declared.order : { ...(defaults.order ?? {}) },
  };
}

/**
 * The filters and orders of a state that `spec` declares: a field with the operator (a list
 * operator, `in` or `nin`, always with a list; the others never with one), and an order only
 * by a sortable field.
 */
export function declaredOnly<P>(
  state: { filter: Filter; order: Order },
  spec: ListSpec<P>,
): Pick<ListingState, 'filter' | 'order'> {
  const filter: CleanFilter = {};
  for (const [field, operators] of Object.entries(cleanFilter(state.filter))) {
    const declared = spec.fields[field]?.ops ?? [];
    const kept: Record<string, FilterValue> = {};
    for (const [operator, value] of Object.entries(operators)) {
      if (!declared.includes(operator as ListOperator)) continue;
      if (LIST_OPERATORS.has(operator as ListOperator)) {
        kept[operator] = Array.isArray(value) ? value : [value as FilterScalar];
      } else if (!Array.isArray(value)) {
        kept[operator] = value;
      }
    }
    if (Object.keys(kept).length > 0) filter[field] = kept;
  }
  const order = Object.fromEntries(
    Object.entries(state.order).filter(([field]) => spec.fields[field]?.sortable),
  );
  return { filter, order };
}

/** The fields `spec`'s operation sorts by (the columns that get a sort button). */
export function sortableFields<P>(spec: ListSpec<P>): ReadonlySet<string> {
  return new Set(
    Object.entries(spec.fields)
      .filter(([, f]) => f.sortable)
      .map(([name]) => name),
  );
}

function encodeValue(value: FilterScalar): string {
  return encodeURIComponent(String(value));
}

function sameOrder(a: Order, b: Order): boolean {
  const ak = Object.entries(a);
  const bk = Object.entries(b);
  return ak.length === bk.length && ak.every(([k, v], i) => bk[i]?.[0] === k && bk[i]?.[1] === v);
}

/** The query string (without '?') of a state; defaults are left out so URLs stay short. */
export function listingSearch(state: ListingState, defaults: ListingDefaults = {}): string {
  const parts: string[] = [];
  if (state.page !== DEFAULT_PAGE) parts.push(`page=${state.page}`);
  if (state.limit !== (defaults.limit ?? DEFAULT_LIMIT)) parts.push(`limit=${state.limit}`);
  for (const [field, operators] of Object.entries(cleanFilter(state.filter))) {
    for (const [operator, value] of Object.entries(operators)) {
      if (Array.isArray(value)) {
        for (const item of value) {
          parts.push(`${encodeKey(`filter[${field}][${operator}][]`)}=${encodeValue(item)}`);
        }
      } else {
        parts.push(
          `${encodeKey(`filter[${field}][${operator}]`)}=${encodeValue(value as FilterScalar)}`,
        );
      }
    }
  }
  if (!sameOrder(state.order, defaults.order ?? {})) {
    for (const [field, direction] of Object.entries(state.order)) {
      parts.push(`${encodeKey(`order[${field}]`)}=${direction}`);
    }
  }
  return parts.join('&');
}

/**
 * The filter and order of a state as the API parameters of `spec`'s operation (what a
 * download of the list takes). Only what that operation declares is sent (declaredOnly): the
 * state was read for the list, and a download is another operation.
 */
export function toFilterParams<P>(
  state: Pick<ListingState, 'filter' | 'order'>,
  spec: ListSpec<P>,
): P {
  const { filter, order } = declaredOnly(state, spec);
  const params: Record<string, unknown> = {};
  for (const [field, operators] of Object.entries(filter)) {
    for (const [operator, value] of Object.entries(operators)) {
      const list = Array.isArray(value);
      params[`filter[${field}][${operator}]${list ? '[]' : ''}`] = list ? [...value] : value;
    }
  }
  if (Object.keys(order).length > 0) params.order = order;
  // The one place a listing state becomes typed parameters: every key above is a parameter
  // `spec` (generated from the contract with `P`) declares.
  return params as P;
}

/**
 * The API parameters of a state for `spec`'s operation: one literal key per filter
 * (`filter[state][in][]`), `order` as a map in the order given, and the cursor when the page
 * was reached with Next.
 */
export function toQueryParams<P>(state: ListingState, spec: ListSpec<P>): P {
  const params: Record<string, unknown> = {
    page: state.page,
    limit: state.limit,
    ...toFilterParams(state, spec),
  };
  if (state.cursor) params.cursor = state.cursor;
  return params as P;
}

/** How many filters are on (for a filter button's badge). */
export function activeFilterCount(filter: CleanFilter): number {
  return Object.values(filter).reduce((n, ops) => n + Object.keys(ops).length, 0);
}

/** True for the query parameters a listing state owns. */
export function isListingParam(key: string): boolean {
  return key === 'page' || key === 'limit' || FILTER_KEY.test(key) || ORDER_KEY.test(key);
}

/** The query parameters of `search` that are not part of the listing state, re-encoded. */
export function otherParams(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return encodeSearch([...params].filter(([key]) => !isListingParam(key)));
}

/** The history state that carries the cursor of a page reached with Next. */
interface CursorState {
  listingCursor?: { page: number; cursor: string };
}

function cursorOf(historyState: unknown, page: number): string | undefined {
  if (typeof historyState !== 'object' || historyState === null) return undefined;
  const saved = (historyState as CursorState).listingCursor;
  return saved && saved.page === page && typeof saved.cursor === 'string'
    ? saved.cursor
    : undefined;
}

/** The API answers up to limit + 1 rows; the extra row only says that a next page exists. */
export function pageRows<T>(rows: readonly T[] | undefined, limit: number) {
  const all = rows ?? [];
  return { rows: all.slice(0, limit), hasNext: all.length > limit };
}

/**
 * Next order after a column's sort button was pressed. Alone, it sorts by that column only:
 * none → ASC → DESC → none. With `add` (Shift held), the column is a further sort key after
 * those there: added ASC at the end, turned DESC in its place, then dropped, the other keys
 * keeping their places. The keys apply in the order they were added (the URL and the request
 * keep it).
 */
export function nextOrder(order: Order, field: string, add = false): Order {
  const current = order[field];
  if (add) {
    if (current !== 'DESC') return { ...order, [field]: current === 'ASC' ? 'DESC' : 'ASC' };
    return Object.fromEntries(Object.entries(order).filter(([f]) => f !== field));
  }
  if (current === undefined) return { [field]: 'ASC' };
  if (current === 'ASC') return { [field]: 'DESC' };
  return {};
}

/** The listing state of the current URL for `spec`'s operation, and setters that push a new URL. */
export function useListingState<P>(spec: ListSpec<P>, defaults: ListingDefaults = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { limit: defaultLimit, order: defaultOrder } = defaults;
  // The order default is compared by value so callers may pass a literal.
  const orderKey = JSON.stringify(defaultOrder ?? {});
  const stableDefaults = useMemo<ListingDefaults>(
    () => ({ limit: defaultLimit, order: JSON.parse(orderKey) as Order }),
    [defaultLimit, orderKey],
  );
  const historyState: unknown = location.state;
  const state = useMemo<ListingState>(() => {
    const parsed = parseListingState(location.search, spec, stableDefaults);
    const cursor = cursorOf(historyState, parsed.page);
    return cursor ? { ...parsed, cursor } : parsed;
  }, [location.search, historyState, spec, stableDefaults]);

  const update = useCallback(
    (next: ListingState) => {
      const declared = { ...next, ...declaredOnly(next, spec) };
      const search = [listingSearch(declared, stableDefaults), otherParams(location.search)]
        .filter(Boolean)
        .join('&');
      const historyEntry: CursorState | undefined = next.cursor
        ? { listingCursor: { page: next.page, cursor: next.cursor } }
        : undefined;
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        { state: historyEntry },
      );
    },
    [navigate, location.pathname, location.search, spec, stableDefaults],
  );

  return {
    state,
    /** Goes to `page`; `nextCursor` (the answer's `next_cursor`) is used when it is the next one. */
    setPage: (page: number, nextCursor?: string) => {
      const target = Math.max(DEFAULT_PAGE, page);
      const cursor = target === state.page + 1 && nextCursor ? nextCursor : undefined;
      update({ ...state, page: target, cursor });
    },
    setLimit: (limit: number) =>
      update({
        ...state,
        limit: Math.min(Math.max(1, limit), MAX_LIMIT),
        page: DEFAULT_PAGE,
        cursor: undefined,
      }),
    setFilter: (filter: Filter) =>
      update({ ...state, filter: cleanFilter(filter), page: DEFAULT_PAGE, cursor: undefined }),
    setOrder: (order: Order) => update({ ...state, order, page: DEFAULT_PAGE, cursor: undefined }),
    /** Sorts by `field` alone, or with `add` as a further key (see nextOrder). */
    toggleSort: (field: string, add = false) =>
      update({
        ...state,
        order: nextOrder(state.order, field, add),
        page: DEFAULT_PAGE,
        cursor: undefined,
      }),
    reset: () =>
      update({
        page: DEFAULT_PAGE,
        limit: stableDefaults.limit ?? DEFAULT_LIMIT,
        filter: {},
        order: { ...(stableDefaults.order ?? {}) },
      }),
  };
}

/** The listing state of a page and its setters. */
export type Listing = ReturnType<typeof useListingState>;
