import { ChoiceSelect } from '@/components/choice-select';
import { FormField } from '@/components/form-field';
import { chargebackFilterCodec } from './cashflow-filters';
import { EntryFilterPanel, type PaymentsFilterPanelProps } from './entry-filter-panel';
import { CHARGEBACK_STATUSES } from './payments-labels';

const STATUSES = CHARGEBACK_STATUSES.map((s) => ({ value: s, label: s }));

/** The filters of the chargeback list: the shared ones, and which chargeback it is. */
export function ChargebackFilterPanel(props: PaymentsFilterPanelProps) {
  return (
    <EntryFilterPanel
      {...props}
      name="chargeback"
      label="Filter chargebacks"
      codec={chargebackFilterCodec}
    >
      {({ values, set }) => (
        <FormField id="chargeback-filter-status" label="Status">
          <ChoiceSelect
            id="chargeback-filter-status"
            value={values.status}
            onChange={(v) => set('status', v)}
            choices={STATUSES}
            allowEmpty
            emptyLabel="Both"
            placeholder="Both"
          />
        </FormField>
      )}
    </EntryFilterPanel>
  );
}
