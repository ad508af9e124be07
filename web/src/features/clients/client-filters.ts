import { filterList, filterText, type FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the filter panel of the client list edits. */
export interface ClientFilterValues {
  first_name: string;
  last_name: string;
  email: string;
  states: string[];
  associate_code: string | undefined;
  /** YYYY-MM-DD, local dates. */
  created_from: string;
  created_to: string;
}

export const emptyClientFilters: ClientFilterValues = {
  first_name: '',
  last_name: '',
  email: '',
  states: [],
  associate_code: undefined,
  created_from: '',
  created_to: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

function localDate(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dayBoundary(day: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = end ? new Date(y, m, d, 23, 59, 59, 999) : new Date(y, m, d, 0, 0, 0, 0);
  return date.toISOString();
}

export function filterToValues(filter: CleanFilter): ClientFilterValues {
  return {
    first_name: filterText(filter.first_name?.contains),
    last_name: filterText(filter.last_name?.contains),
    email: filterText(filter.email?.contains),
    states: filterList(filter.state?.in),
    associate_code: filterText(filter.associate_code?.eq) || undefined,
    created_from: localDate(filter.created_at?.gte),
    created_to: localDate(filter.created_at?.lte),
  };
}

export function valuesToFilter(values: ClientFilterValues): Filter {
  return {
    first_name: { contains: values.first_name },
    last_name: { contains: values.last_name },
    email: { contains: values.email },
    state: { in: values.states },
    associate_code: { eq: values.associate_code },
    created_at: {
      gte: dayBoundary(values.created_from, false),
      lte: dayBoundary(values.created_to, true),
    },
  };
}

export const clientFilterCodec: FilterCodec<ClientFilterValues> = {
  empty: emptyClientFilters,
  toValues: filterToValues,
  toFilter: valuesToFilter,
};
