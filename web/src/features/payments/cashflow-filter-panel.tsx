import { BonusType } from '@/api/gen/model/bonusType';
import { EntryStatus } from '@/api/gen/model/entryStatus';
import { AssociateLookup } from '@/components/associate-lookup';
import { ChoiceSelect } from '@/components/choice-select';
import { FilterForm, useFilterForm } from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { cashflowFilterCodec } from './cashflow-filters';
import { MultiFilter, PolicyIdFilter, TextFilter } from './filter-fields';
import { CATEGORIES } from './payments-labels';

const DIRECTIONS = [
  { value: 'Compensation', label: 'Compensation' },
  { value: 'Chargeback', label: 'Chargeback' },
];

export interface CashflowFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
  /** Staff with payments.read: filter by associate. */
  byAssociate: boolean;
}

/** The filters of the cashflow list; applied to the URL on submit. */
export function CashflowFilterPanel({ filter, onApply, byAssociate }: CashflowFilterPanelProps) {
  const { values, set, apply, reset } = useFilterForm(filter, cashflowFilterCodec, onApply);
  return (
    <FilterForm label="Filter cashflow" onApply={apply} onReset={reset}>
      <TextFilter
        id="cashflow-filter-period-from"
        label="Period from (month)"
        type="month"
        value={values.period_from}
        onChange={(v) => set('period_from', v)}
      />
      <TextFilter
        id="cashflow-filter-period-to"
        label="Period to (month)"
        type="month"
        value={values.period_to}
        onChange={(v) => set('period_to', v)}
      />
      <TextFilter
        id="cashflow-filter-occurred-from"
        label="Occurred from"
        type="date"
        value={values.occurred_from}
        onChange={(v) => set('occurred_from', v)}
      />
      <TextFilter
        id="cashflow-filter-occurred-to"
        label="Occurred to"
        type="date"
        value={values.occurred_to}
        onChange={(v) => set('occurred_to', v)}
      />
      <MultiFilter
        id="cashflow-filter-category"
        label="Category"
        value={values.categories}
        onChange={(v) => set('categories', v)}
        values={CATEGORIES}
        allLabel="All categories"
        noun="categories"
      />
      <MultiFilter
        id="cashflow-filter-bonus-type"
        label="Bonus type"
        value={values.bonus_types}
        onChange={(v) => set('bonus_types', v)}
        values={Object.values(BonusType)}
        allLabel="All bonus types"
        noun="bonus types"
      />
      <MultiFilter
        id="cashflow-filter-status"
        label="Status"
        value={values.statuses}
        onChange={(v) => set('statuses', v)}
        values={Object.values(EntryStatus)}
        allLabel="All statuses"
        noun="statuses"
      />
      <FormField id="cashflow-filter-direction" label="Compensation or chargeback">
        <ChoiceSelect
          id="cashflow-filter-direction"
          value={values.direction}
          onChange={(v) => set('direction', v)}
          choices={DIRECTIONS}
          allowEmpty
          emptyLabel="Both"
          placeholder="Both"
        />
      </FormField>
      <TextFilter
        id="cashflow-filter-policy"
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
