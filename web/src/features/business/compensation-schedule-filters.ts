import { filterText, type FilterCodec } from '@/components/filter-form';
import { parsePositiveId } from '@/lib/ids';
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

export const scheduleFilterCodec: FilterCodec<ScheduleFilterValues> = {
  empty: emptyScheduleFilters,
  toValues: (filter: CleanFilter) => ({
    provider: filterText(filter.provider_id?.eq),
    category: filterText(filter.category?.eq),
    type: filterText(filter.type?.eq),
    name: filterText(filter.name?.contains),
  }),
  toFilter: (values): Filter => ({
    provider_id: { eq: parsePositiveId(values.provider) },
    category: { eq: values.category },
    type: { eq: values.type },
    name: { contains: values.name },
  }),
};
