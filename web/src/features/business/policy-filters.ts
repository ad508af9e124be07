import type { FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the filter panel of the business list edits. */
export interface PolicyFilterValues {
  policy_number: string;
  client_name: string;
  statuses: string[];
  categories: string[];
  types: string[];
  providers: string[];
  writer_code: string | undefined;
  /** '' (any), 'true' or 'false' */
  split: string;
  lapsed: string;
  /** YYYY-MM-DD */
  submitted_from: string;
  submitted_to: string;
}

export const emptyPolicyFilters: PolicyFilterValues = {
  policy_number: '',
  client_name: '',
  statuses: [],
  categories: [],
  types: [],
  providers: [],
  writer_code: undefined,
  split: '',
  lapsed: '',
  submitted_from: '',
  submitted_to: '',
};

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
const flag = (value: unknown) => {
  const v = str(value);
  return v === 'true' || v === 'false' ? v : '';
};

export function filterToValues(filter: CleanFilter): PolicyFilterValues {
  return {
    policy_number: str(filter.policy_number?.startswith),
    client_name: str(filter.client_name?.contains),
    statuses: list(filter.status?.in),
    categories: list(filter.category?.in),
    types: list(filter.type?.in),
    providers: list(filter.provider_id?.in),
    writer_code: str(filter.writer_code?.eq) || undefined,
    split: flag(filter.split?.eq),
    lapsed: flag(filter.lapsed?.eq),
    submitted_from: str(filter.submitted_on?.gte),
    submitted_to: str(filter.submitted_on?.lte),
  };
}

/** The API filters of the panel (the operators the contract offers for each field). */
export function valuesToFilter(values: PolicyFilterValues): Filter {
  return {
    policy_number: { startswith: values.policy_number },
    client_name: { contains: values.client_name },
    status: { in: values.statuses },
    category: { in: values.categories },
    type: { in: values.types },
    provider_id: { in: values.providers },
    writer_code: { eq: values.writer_code },
    split: { eq: values.split },
    lapsed: { eq: values.lapsed },
    submitted_on: { gte: values.submitted_from, lte: values.submitted_to },
  };
}

export const policyFilterCodec: FilterCodec<PolicyFilterValues> = {
  empty: emptyPolicyFilters,
  toValues: filterToValues,
  toFilter: valuesToFilter,
};
