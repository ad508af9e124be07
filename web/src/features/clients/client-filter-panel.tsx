import { TextField } from '@radix-ui/themes';
import { AssociateLookup } from '@/components/associate-lookup';
import { FilterForm, useFilterForm } from '@/components/filter-form';
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
      <FormField id="filter-first-name" label="First name contains">
        <TextField.Root
          id="filter-first-name"
          value={values.first_name}
          onChange={(e) => set('first_name', e.target.value)}
        />
      </FormField>
      <FormField id="filter-last-name" label="Last name contains">
        <TextField.Root
          id="filter-last-name"
          value={values.last_name}
          onChange={(e) => set('last_name', e.target.value)}
        />
      </FormField>
      <FormField id="filter-email" label="Email contains">
        <TextField.Root
          id="filter-email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
        />
      </FormField>
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
      <FormField id="filter-created-from" label="Created from">
        <TextField.Root
          id="filter-created-from"
          type="date"
          value={values.created_from}
          onChange={(e) => set('created_from', e.target.value)}
        />
      </FormField>
      <FormField id="filter-created-to" label="Created to">
        <TextField.Root
          id="filter-created-to"
          type="date"
          value={values.created_to}
          onChange={(e) => set('created_to', e.target.value)}
        />
      </FormField>
    </FilterForm>
  );
}
