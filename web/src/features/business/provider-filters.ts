import { filterText, type FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the filter form of the providers list edits. */
export interface ProviderFilterValues {
  name: string;
  /** '' for both countries. */
  country: string;
}

export const emptyProviderFilters: ProviderFilterValues = { name: '', country: '' };

export const providerFilterCodec: FilterCodec<ProviderFilterValues> = {
  empty: emptyProviderFilters,
  toValues: (filter: CleanFilter) => ({
    name: filterText(filter.name?.contains),
    country: filterText(filter.country?.eq),
  }),
  toFilter: (values): Filter => ({
    name: { contains: values.name },
    country: { eq: values.country },
  }),
};
