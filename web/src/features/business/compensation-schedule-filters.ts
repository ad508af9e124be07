import type { FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the filter panel of the compensation schedule edits ('' for any). */
export interface ScheduleFilterValues {
  /** A provider id, as the select holds it. */
  provider: string;
  category: string;
  type: string;
  name: string;
}

export const emptyScheduleFilters: ScheduleFilterValues = {
  provider: '',
  category: '',
  type: '',
  name: '',
};

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export const scheduleFilterCodec: FilterCodec<ScheduleFilterValues> = {
  empty: emptyScheduleFilters,
  toValues: (filter: CleanFilter) => ({
    provider: str(filter.provider_id?.eq),
    category: str(filter.category?.eq),
    type: str(filter.type?.eq),
    name: str(filter.name?.contains),
  }),
  toFilter: (values): Filter => ({
    provider_id: { eq: /^\d+$/.test(values.provider) ? Number(values.provider) : undefined },
    category: { eq: values.category },
    type: { eq: values.type },
    name: { contains: values.name },
  }),
};
