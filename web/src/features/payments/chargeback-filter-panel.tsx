import { AssociateLookup } from '@/components/associate-lookup';
import { ChoiceSelect } from '@/components/choice-select';
import { FilterForm, useFilterForm } from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { chargebackFilterCodec } from './cashflow-filters';
import { MultiFilter, PolicyIdFilter, TextFilter } from './filter-fields';
import { CATEGORIES, CHARGEBACK_STATUSES } from './payments-labels';

export interface ChargebackFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
  /** Staff with payments.read: filter by associate. */
  byAssociate: boolean;
}

/** The filters of the chargeback list; applied to the URL on submit. */
export function ChargebackFilterPanel({
  filter,
  onApply,
  byAssociate,
}: ChargebackFilterPanelProps) {
  const { values, set, apply, reset } = useFilterForm(filter, chargebackFilterCodec, onApply);
  return (
    <FilterForm label="Filter chargebacks" onApply={apply} onReset={reset}>
      <TextFilter
        id="chargeback-filter-period-from"
        label="Period from (month)"
        type="month"
        value={values.period_from}
        onChange={(v) => set('period_from', v)}
      />
      <TextFilter
        id="chargeback-filter-period-to"
        label="Period to (month)"
        type="month"
        value={values.period_to}
        onChange={(v) => set('period_to', v)}
      />
      <MultiFilter
        id="chargeback-filter-category"
        label="Category"
        value={values.categories}
        onChange={(v) => set('categories', v)}
        values={CATEGORIES}
        allLabel="All categories"
        noun="categories"
      />
      <FormField id="chargeback-filter-status" label="Status">
        <ChoiceSelect
          id="chargeback-filter-status"
          value={values.status}
          onChange={(v) => set('status', v)}
          choices={CHARGEBACK_STATUSES.map((s) => ({ value: s, label: s }))}
          allowEmpty
          emptyLabel="Both"
          placeholder="Both"
        />
      </FormField>
      <TextFilter
        id="chargeback-filter-policy"
        label="Policy number"
        value={values.policy_number}
        onChange={(v) => set('policy_number', v)}
      />
      <PolicyIdFilter policyId={values.policy_id} onClear={() => set('policy_id', '')} />
      {byAssociate ? (
        <AssociateLookup
          value={values.associate_code}
          onChange={(code) => set('associate_code', code)}
        />
      ) : null}
    </FilterForm>
  );
}
