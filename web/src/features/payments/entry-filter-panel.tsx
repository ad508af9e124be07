import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { AssociateLookup } from '@/components/associate-lookup';
import {
  FilterForm,
  MultiFilter,
  TextFilter,
  enumOptions,
  useFilterForm,
  type FilterCodec,
  type FilterFormState,
} from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import type { EntryFilterValues } from './cashflow-filters';
import { CATEGORIES } from './payments-labels';

const CATEGORY_OPTIONS = enumOptions(CATEGORIES);

/** What a payments list gives its filter panel. */
export interface PaymentsFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
  /** Staff with payments.read: filter by associate. */
  byAssociate: boolean;
}

/** The policy a link filtered the list by (its id), with a way to drop it. */
function PolicyIdFilter({ policyId, onClear }: { policyId: string; onClear: () => void }) {
  if (!policyId) return null;
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        Policy
      </Text>
      <Flex align="center" gap="2" minHeight="32px">
        <Text size="2">One policy (id {policyId})</Text>
        <Button type="button" size="1" variant="soft" color="gray" onClick={onClear}>
          Any policy
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * The filter panel of a payments list: the fields both lists share (the period in months, the
 * category, the policy number, the policy a link named, and the associate for staff) around
 * the list's own (`children`, given the form); applied to the URL on submit.
 */
export function EntryFilterPanel<V extends EntryFilterValues>({
  name,
  label,
  codec,
  filter,
  onApply,
  byAssociate,
  children,
}: PaymentsFilterPanelProps & {
  /** The list, for the fields' ids: 'cashflow' → cashflow-filter-period-from. */
  name: string;
  /** The form's accessible name. */
  label: string;
  codec: FilterCodec<V>;
  /** The list's own fields, after the category. */
  children: (form: FilterFormState<V>) => ReactNode;
}) {
  const form = useFilterForm(filter, codec, onApply);
  const { bind } = form;
  return (
    <FilterForm label={label} onApply={form.apply} onReset={form.reset}>
      <TextFilter
        id={`${name}-filter-period-from`}
        label="Period from (month)"
        type="month"
        {...bind('period_from')}
      />
      <TextFilter
        id={`${name}-filter-period-to`}
        label="Period to (month)"
        type="month"
        {...bind('period_to')}
      />
      <MultiFilter
        id={`${name}-filter-category`}
        label="Category"
        {...bind('categories')}
        groups={CATEGORY_OPTIONS}
        allLabel="All categories"
        noun="categories"
      />
      {children(form)}
      <TextFilter id={`${name}-filter-policy`} label="Policy number" {...bind('policy_number')} />
      <PolicyIdFilter policyId={form.values.policy_id} onClear={() => form.set('policy_id', '')} />
      {byAssociate ? <AssociateLookup {...bind('associate_code')} /> : null}
    </FilterForm>
  );
}
