import { useListProviders } from '@/api/gen/endpoints/providers/providers';
import { ProductCategory } from '@/api/gen/model/productCategory';
import { ProductType } from '@/api/gen/model/productType';
import { enumChoices } from '@/components/choice-select';
import { ChoiceFilter, FilterForm, TextFilter, useFilterForm } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { scheduleFilterCodec } from './compensation-schedule-filters';

const CATEGORY_CHOICES = enumChoices(Object.values(ProductCategory));
const TYPE_CHOICES = enumChoices(Object.values(ProductType));

/** Every provider, by name, for the provider filter. */
const ALL_PROVIDERS = { limit: 1000, order: { name: 'ASC' as const } };

export interface ScheduleFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}

/** The filters of the compensation schedule; applied to the URL on submit. */
export function ScheduleFilterPanel({ filter, onApply }: ScheduleFilterPanelProps) {
  const { values, bind, apply, reset } = useFilterForm(filter, scheduleFilterCodec, onApply);
  const providers = useListProviders(ALL_PROVIDERS, { query: { staleTime: 60_000 } });
  const providerChoices = (providers.data?.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.name,
  }));
  // A provider in the URL shows while the names load.
  if (values.provider && !providerChoices.some((c) => c.value === values.provider)) {
    providerChoices.push({ value: values.provider, label: `Provider ${values.provider}` });
  }

  return (
    <FilterForm label="Filter the compensation schedule" onApply={apply} onReset={reset}>
      <ChoiceFilter
        id="schedule-filter-provider"
        label="Provider"
        {...bind('provider')}
        choices={providerChoices}
        anyLabel="All providers"
      />
      <ChoiceFilter
        id="schedule-filter-category"
        label="Category"
        {...bind('category')}
        choices={CATEGORY_CHOICES}
        anyLabel="All categories"
      />
      <ChoiceFilter
        id="schedule-filter-type"
        label="Type"
        {...bind('type')}
        choices={TYPE_CHOICES}
        anyLabel="All types"
      />
      <TextFilter id="schedule-filter-name" label="Product name contains" {...bind('name')} />
    </FilterForm>
  );
}
