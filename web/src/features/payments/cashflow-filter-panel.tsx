import { BonusType } from '@/api/gen/model/bonusType';
import { EntryStatus } from '@/api/gen/model/entryStatus';
import { ChoiceSelect } from '@/components/choice-select';
import { MultiFilter, TextFilter, enumOptions } from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import { cashflowFilterCodec } from './cashflow-filters';
import { EntryFilterPanel, type PaymentsFilterPanelProps } from './entry-filter-panel';

const DIRECTIONS = [
  { value: 'Compensation', label: 'Compensation' },
  { value: 'Chargeback', label: 'Chargeback' },
];

/** The filters of the cashflow list: the shared ones, and the bonus type, the status, the
 *  direction and the dates it occurred between. */
export function CashflowFilterPanel(props: PaymentsFilterPanelProps) {
  return (
    <EntryFilterPanel
      {...props}
      name="cashflow"
      label="Filter cashflow"
      codec={cashflowFilterCodec}
    >
      {({ values, set }) => (
        <>
          <MultiFilter
            id="cashflow-filter-bonus-type"
            label="Bonus type"
            value={values.bonus_types}
            onChange={(v) => set('bonus_types', v)}
            groups={enumOptions(Object.values(BonusType))}
            allLabel="All bonus types"
            noun="bonus types"
          />
          <MultiFilter
            id="cashflow-filter-status"
            label="Status"
            value={values.statuses}
            onChange={(v) => set('statuses', v)}
            groups={enumOptions(Object.values(EntryStatus))}
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
        </>
      )}
    </EntryFilterPanel>
  );
}
