import { AssociateLookup } from '@/components/associate-lookup';
import { FilterForm, StateFilter, TextFilter, useFilterForm } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { clientFilterCodec } from './client-filters';

export interface ClientFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}

/** The filters of the client list; applied to the URL on submit. */
export function ClientFilterPanel({ filter, onApply }: ClientFilterPanelProps) {
  const { bind, apply, reset } = useFilterForm(filter, clientFilterCodec, onApply);

  return (
    <FilterForm label="Filter clients" onApply={apply} onReset={reset}>
      <TextFilter id="filter-first-name" label="First name contains" {...bind('first_name')} />
      <TextFilter id="filter-last-name" label="Last name contains" {...bind('last_name')} />
      <TextFilter id="filter-email" label="Email contains" {...bind('email')} />
      <StateFilter id="filter-states" label="State / province" {...bind('states')} />
      <AssociateLookup {...bind('associate_code')} />
      <TextFilter
        id="filter-created-from"
        label="Created from"
        type="date"
        {...bind('created_from')}
      />
      <TextFilter id="filter-created-to" label="Created to" type="date" {...bind('created_to')} />
    </FilterForm>
  );
}
