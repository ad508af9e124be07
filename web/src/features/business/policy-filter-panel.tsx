import { useListProviders } from '@/api/gen/endpoints/providers/providers';
import { PolicyStatus } from '@/api/gen/model/policyStatus';
import { ProductCategory } from '@/api/gen/model/productCategory';
import { ProductType } from '@/api/gen/model/productType';
import { AssociateLookup } from '@/components/associate-lookup';
import { ChoiceSelect } from '@/components/choice-select';
import {
  FilterForm,
  MultiFilter,
  TextFilter,
  enumOptions,
  useFilterForm,
} from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { policyFilterCodec } from './policy-filters';

const STATUS_OPTIONS = enumOptions(Object.values(PolicyStatus));
const CATEGORY_OPTIONS = enumOptions(Object.values(ProductCategory));
const TYPE_OPTIONS = enumOptions(Object.values(ProductType));

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
      <TextFilter
        id="policy-filter-number"
        label="Policy number starts with"
        value={values.policy_number}
        onChange={(v) => set('policy_number', v)}
      />
      <TextFilter
        id="policy-filter-client"
        label="Client name contains"
        value={values.client_name}
        onChange={(v) => set('client_name', v)}
      />
      <MultiFilter
        id="policy-filter-status"
        label="Status"
        value={values.statuses}
        onChange={(v) => set('statuses', v)}
        groups={STATUS_OPTIONS}
        allLabel="All statuses"
        noun="statuses"
      />
      <MultiFilter
        id="policy-filter-provider"
        label="Provider"
        value={values.providers}
        onChange={(v) => set('providers', v)}
        groups={providerOptions}
        allLabel="All providers"
        noun="providers"
      />
      <MultiFilter
        id="policy-filter-category"
        label="Category"
        value={values.categories}
        onChange={(v) => set('categories', v)}
        groups={CATEGORY_OPTIONS}
        allLabel="All categories"
        noun="categories"
      />
      <MultiFilter
        id="policy-filter-type"
        label="Type"
        value={values.types}
        onChange={(v) => set('types', v)}
        groups={TYPE_OPTIONS}
        allLabel="All types"
        noun="types"
      />
      <AssociateLookup
        label="Writer"
        value={values.writer_code}
        onChange={(code) => set('writer_code', code)}
      />
      {yesNo('policy-filter-split', 'Split', 'split')}
      {yesNo('policy-filter-lapsed', 'Lapsed', 'lapsed')}
      <TextFilter
        id="policy-filter-from"
        label="Submitted from"
        type="date"
        value={values.submitted_from}
        onChange={(v) => set('submitted_from', v)}
      />
      <TextFilter
        id="policy-filter-to"
        label="Submitted to"
        type="date"
        value={values.submitted_to}
        onChange={(v) => set('submitted_to', v)}
      />
    </FilterForm>
  );
}
