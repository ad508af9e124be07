import { AssociateLookup } from '@/components/associate-lookup';
import { FilterForm, TextFilter, useFilterForm } from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import { StateMultiSelect } from '@/components/state-multi-select';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { clientFilterCodec } from './client-filters';

export interface ClientFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}

/** The filters of the client list; applied to the URL on submit. */
export function ClientFilterPanel({ filter, onApply }: ClientFilterPanelProps) {
  const { values, set, apply, reset } = useFilterForm(filter, clientFilterCodec, onApply);

  return (
    <FilterForm label="Filter clients" onApply={apply} onReset={reset}>
      <TextFilter
        id="filter-first-name"
        label="First name contains"
        value={values.first_name}
        onChange={(v) => set('first_name', v)}
      />
      <TextFilter
        id="filter-last-name"
        label="Last name contains"
        value={values.last_name}
        onChange={(v) => set('last_name', v)}
      />
      <TextFilter
        id="filter-email"
        label="Email contains"
        value={values.email}
        onChange={(v) => set('email', v)}
      />
      <FormField id="filter-states" label="State / province">
        <StateMultiSelect
          id="filter-states"
          label="State / province"
          value={values.states}
          onChange={(v) => set('states', v)}
        />
      </FormField>
      <AssociateLookup
        value={values.associate_code}
        onChange={(code) => set('associate_code', code)}
      />
      <TextFilter
        id="filter-created-from"
        label="Created from"
        type="date"
        value={values.created_from}
        onChange={(v) => set('created_from', v)}
      />
      <TextFilter
        id="filter-created-to"
        label="Created to"
        type="date"
        value={values.created_to}
        onChange={(v) => set('created_to', v)}
      />
    </FilterForm>
  );
}
