import { useListProviders } from '@/api/gen/endpoints/providers/providers';
import { ProductCategory } from '@/api/gen/model/productCategory';
import { ProductType } from '@/api/gen/model/productType';
import { ChoiceSelect } from '@/components/choice-select';
import { FilterForm, TextFilter, useFilterForm } from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { scheduleFilterCodec } from './compensation-schedule-filters';

const toChoices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const CATEGORY_CHOICES = toChoices(Object.values(ProductCategory));
const TYPE_CHOICES = toChoices(Object.values(ProductType));

/** Every provider, by name, for the provider filter. */
const ALL_PROVIDERS = { limit: 1000, order: { name: 'ASC' as const } };

export interface ScheduleFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}

/** The filters of the compensation schedule; applied to the URL on submit. */
export function ScheduleFilterPanel({ filter, onApply }: ScheduleFilterPanelProps) {
  const { values, set, apply, reset } = useFilterForm(filter, scheduleFilterCodec, onApply);
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
      <FormField id="schedule-filter-provider" label="Provider">
        <ChoiceSelect
          id="schedule-filter-provider"
          value={values.provider}
          onChange={(v) => set('provider', v)}
          choices={providerChoices}
          allowEmpty
          emptyLabel="All providers"
          placeholder="All providers"
        />
      </FormField>
      <FormField id="schedule-filter-category" label="Category">
        <ChoiceSelect
          id="schedule-filter-category"
          value={values.category}
          onChange={(v) => set('category', v)}
          choices={CATEGORY_CHOICES}
          allowEmpty
          emptyLabel="All categories"
          placeholder="All categories"
        />
      </FormField>
      <FormField id="schedule-filter-type" label="Type">
        <ChoiceSelect
          id="schedule-filter-type"
          value={values.type}
          onChange={(v) => set('type', v)}
          choices={TYPE_CHOICES}
          allowEmpty
          emptyLabel="All types"
          placeholder="All types"
        />
      </FormField>
      <TextFilter
        id="schedule-filter-name"
        label="Product name contains"
        value={values.name}
        onChange={(v) => set('name', v)}
      />
    </FilterForm>
  );
}
