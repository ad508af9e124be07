import { enumChoices } from '@/components/choice-select';
import { ChoiceFilter } from '@/components/filter-form';
import { chargebackFilterCodec } from './cashflow-filters';
import { EntryFilterPanel, type PaymentsFilterPanelProps } from './entry-filter-panel';
import { CHARGEBACK_STATUSES } from './payments-labels';

const STATUSES = enumChoices(CHARGEBACK_STATUSES);

/** The filters of the chargeback list: the shared ones, and which chargeback it is. */
export function ChargebackFilterPanel(props: PaymentsFilterPanelProps) {
  return (
    <EntryFilterPanel
      {...props}
      name="chargeback"
      label="Filter chargebacks"
      codec={chargebackFilterCodec}
    >
      {({ bind }) => (
        <ChoiceFilter
          id="chargeback-filter-status"
          label="Status"
          {...bind('status')}
          choices={STATUSES}
          anyLabel="Both"
        />
      )}
    </EntryFilterPanel>
  );
}
