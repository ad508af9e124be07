import { filterFlag, filterText, type FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the events lists filter by: words of the title, online events only, and (associates)
 *  the events the caller is registered for. An unticked box filters nothing. */
export interface EventFilterValues {
  title: string;
  online: boolean;
  registered: boolean;
}

export const emptyEventFilters: EventFilterValues = { title: '', online: false, registered: false };

export function filterToValues(filter: CleanFilter): EventFilterValues {
  return {
    title: filterText(filter.title?.contains),
    online: filterFlag(filter.online?.eq) === 'true',
    registered: filterFlag(filter.registered?.eq) === 'true',
  };
}

export function valuesToFilter(values: EventFilterValues): Filter {
  return {
    title: { contains: values.title },
    online: { eq: values.online || undefined },
    registered: { eq: values.registered || undefined },
  };
}

export const eventFilterCodec: FilterCodec<EventFilterValues> = {
  empty: emptyEventFilters,
  toValues: filterToValues,
  toFilter: valuesToFilter,
};
