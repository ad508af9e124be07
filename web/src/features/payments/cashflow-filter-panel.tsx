import { BonusType } from '@/api/gen/model/bonusType';
import { EntryDirection } from '@/api/gen/model/entryDirection';
import { EntryStatus } from '@/api/gen/model/entryStatus';
import { enumChoices } from '@/components/choice-select';
import { ChoiceFilter, MultiFilter, TextFilter, enumOptions } from '@/components/filter-form';
import { cashflowFilterCodec } from './cashflow-filters';
import { EntryFilterPanel, type PaymentsFilterPanelProps } from './entry-filter-panel';

const BONUS_TYPE_OPTIONS = enumOptions(Object.values(BonusType));
const STATUS_OPTIONS = enumOptions(Object.values(EntryStatus));
const DIRECTIONS = enumChoices(Object.values(EntryDirection));

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
      {({ bind }) => (
        <>
          <MultiFilter
            id="cashflow-filter-bonus-type"
            label="Bonus type"
            {...bind('bonus_types')}
            groups={BONUS_TYPE_OPTIONS}
            allLabel="All bonus types"
            noun="bonus types"
          />
          <MultiFilter
            id="cashflow-filter-status"
            label="Status"
            {...bind('statuses')}
            groups={STATUS_OPTIONS}
            allLabel="All statuses"
            noun="statuses"
          />
          <ChoiceFilter
            id="cashflow-filter-direction"
            label="Compensation or chargeback"
            {...bind('direction')}
            choices={DIRECTIONS}
            anyLabel="Both"
          />
          <TextFilter
            id="cashflow-filter-occurred-from"
            label="Occurred from"
            type="date"
            {...bind('occurred_from')}
          />
          <TextFilter
            id="cashflow-filter-occurred-to"
            label="Occurred to"
            type="date"
            {...bind('occurred_to')}
          />
        </>
      )}
    </EntryFilterPanel>
  );
}
