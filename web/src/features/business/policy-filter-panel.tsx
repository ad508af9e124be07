import { useListProviders } from '@/api/gen/endpoints/providers/providers';
import { PolicyStatus } from '@/api/gen/model/policyStatus';
import { ProductCategory } from '@/api/gen/model/productCategory';
import { ProductType } from '@/api/gen/model/productType';
import { AssociateLookup } from '@/components/associate-lookup';
import {
  ChoiceFilter,
  FilterForm,
  MultiFilter,
  TextFilter,
  enumOptions,
  useFilterForm,
} from '@/components/filter-form';
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
  const { bind, apply, reset } = useFilterForm(filter, policyFilterCodec, onApply);
  const providers = useListProviders({ limit: 1000 }, { query: { staleTime: 300_000 } });
  const providerOptions = [
    {
      options: (providers.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    },
  ];

  return (
    <FilterForm label="Filter business" onApply={apply} onReset={reset}>
      <TextFilter
        id="policy-filter-number"
        label="Policy number starts with"
        {...bind('policy_number')}
      />
      <TextFilter id="policy-filter-client" label="Client name contains" {...bind('client_name')} />
      <MultiFilter
        id="policy-filter-status"
        label="Status"
        {...bind('statuses')}
        groups={STATUS_OPTIONS}
        allLabel="All statuses"
        noun="statuses"
      />
      <MultiFilter
        id="policy-filter-provider"
        label="Provider"
        {...bind('providers')}
        groups={providerOptions}
        allLabel="All providers"
        noun="providers"
      />
      <MultiFilter
        id="policy-filter-category"
        label="Category"
        {...bind('categories')}
        groups={CATEGORY_OPTIONS}
        allLabel="All categories"
        noun="categories"
      />
      <MultiFilter
        id="policy-filter-type"
        label="Type"
        {...bind('types')}
        groups={TYPE_OPTIONS}
        allLabel="All types"
        noun="types"
      />
      <AssociateLookup label="Writer" {...bind('writer_code')} />
      <ChoiceFilter
        id="policy-filter-split"
        label="Split"
        {...bind('split')}
        choices={YES_NO}
        anyLabel="Any"
      />
      <ChoiceFilter
        id="policy-filter-lapsed"
        label="Lapsed"
        {...bind('lapsed')}
        choices={YES_NO}
        anyLabel="Any"
      />
      <TextFilter
        id="policy-filter-from"
        label="Submitted from"
        type="date"
        {...bind('submitted_from')}
      />
      <TextFilter
        id="policy-filter-to"
        label="Submitted to"
        type="date"
        {...bind('submitted_to')}
      />
    </FilterForm>
  );
}
