import { filterFlag, filterList, filterText, type FilterCodec } from '@/components/filter-form';
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

export function filterToValues(filter: CleanFilter): PolicyFilterValues {
  return {
    policy_number: filterText(filter.policy_number?.startswith),
    client_name: filterText(filter.client_name?.contains),
    statuses: filterList(filter.status?.in),
    categories: filterList(filter.category?.in),
    types: filterList(filter.type?.in),
    providers: filterList(filter.provider_id?.in),
    writer_code: filterText(filter.writer_code?.eq) || undefined,
    split: filterFlag(filter.split?.eq),
    lapsed: filterFlag(filter.lapsed?.eq),
    submitted_from: filterText(filter.submitted_on?.gte),
    submitted_to: filterText(filter.submitted_on?.lte),
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
