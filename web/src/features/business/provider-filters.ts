import type { FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the filter form of the providers list edits. */
export interface ProviderFilterValues {
  name: string;
  /** '' for both countries. */
  country: string;
}

export const emptyProviderFilters: ProviderFilterValues = { name: '', country: '' };

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export const providerFilterCodec: FilterCodec<ProviderFilterValues> = {
  empty: emptyProviderFilters,
  toValues: (filter: CleanFilter) => ({
    name: str(filter.name?.contains),
    country: str(filter.country?.eq),
  }),
  toFilter: (values): Filter => ({
    name: { contains: values.name },
    country: { eq: values.country },
  }),
};
