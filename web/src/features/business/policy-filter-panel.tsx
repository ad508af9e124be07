import { TextField } from '@radix-ui/themes';
import { useListProviders } from '@/api/gen/endpoints/providers/providers';
import { PolicyStatus } from '@/api/gen/model/policyStatus';
import { ProductCategory } from '@/api/gen/model/productCategory';
import { ProductType } from '@/api/gen/model/productType';
import { AssociateLookup } from '@/components/associate-lookup';
import { ChoiceSelect } from '@/components/choice-select';
import { FilterForm, useFilterForm } from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import { MultiSelect } from '@/components/multi-select';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { policyFilterCodec } from './policy-filters';

const options = (values: readonly string[]) => [
  { options: values.map((value) => ({ value, label: value })) },
];

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export interface PolicyFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}

/** The filters of the business list; applied to the URL on submit. */
export function PolicyFilterPanel({ filter, onApply }: PolicyFilterPanelProps) {
  const { values, set, apply, reset } = useFilterForm(filter, policyFilterCodec, onApply);
  const providers = useListProviders({ limit: 1000 }, { query: { staleTime: 300_000 } });
  const providerOptions = [
    {
      options: (providers.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    },
  ];
  const text = (
    id: string,
    label: string,
    key: 'policy_number' | 'client_name' | 'submitted_from' | 'submitted_to',
    type?: 'date',
  ) => (
    <FormField id={id} label={label}>
      <TextField.Root
        id={id}
        type={type}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  );
  const multi = (
    id: string,
    label: string,
    key: 'statuses' | 'categories' | 'types' | 'providers',
    groups: Parameters<typeof MultiSelect>[0]['groups'],
    allLabel: string,
    noun: string,
  ) => (
    <FormField id={id} label={label}>
      <MultiSelect
        id={id}
        label={label}
        value={values[key]}
        onChange={(v) => set(key, v)}
        groups={groups}
        allLabel={allLabel}
        noun={noun}
      />
    </FormField>
  );
  const yesNo = (id: string, label: string, key: 'split' | 'lapsed') => (
    <FormField id={id} label={label}>
      <ChoiceSelect
        id={id}
        value={values[key]}
        onChange={(v) => set(key, v)}
        choices={YES_NO}
        allowEmpty
        emptyLabel="Any"
        placeholder="Any"
      />
    </FormField>
  );

  return (
    <FilterForm label="Filter business" onApply={apply} onReset={reset}>
      {text('policy-filter-number', 'Policy number starts with', 'policy_number')}
      {text('policy-filter-client', 'Client name contains', 'client_name')}
      {multi(
        'policy-filter-status',
        'Status',
        'statuses',
        options(Object.values(PolicyStatus)),
        'All statuses',
        'statuses',
      )}
      {multi(
        'policy-filter-provider',
        'Provider',
        'providers',
        providerOptions,
        'All providers',
        'providers',
      )}
      {multi(
        'policy-filter-category',
        'Category',
        'categories',
        options(Object.values(ProductCategory)),
        'All categories',
        'categories',
      )}
      {multi(
        'policy-filter-type',
        'Type',
        'types',
        options(Object.values(ProductType)),
        'All types',
        'types',
      )}
      <AssociateLookup
        label="Writer"
        value={values.writer_code}
        onChange={(code) => set('writer_code', code)}
      />
      {yesNo('policy-filter-split', 'Split', 'split')}
      {yesNo('policy-filter-lapsed', 'Lapsed', 'lapsed')}
      {text('policy-filter-from', 'Submitted from', 'submitted_from', 'date')}
      {text('policy-filter-to', 'Submitted to', 'submitted_to', 'date')}
    </FilterForm>
  );
}
