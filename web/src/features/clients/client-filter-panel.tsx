import { Button, Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { AssociateLookup } from '@/components/associate-lookup';
import { FormField } from '@/components/form-field';
import { StateMultiSelect } from '@/components/state-multi-select';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import {
  emptyClientFilters,
  filterToValues,
  valuesToFilter,
  type ClientFilterValues,
} from './client-filters';

export interface ClientFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}

/** The filters of the client list; applied to the URL on submit. */
export function ClientFilterPanel({ filter, onApply }: ClientFilterPanelProps) {
  const [values, setValues] = useState<ClientFilterValues>(() => filterToValues(filter));
  const set = <K extends keyof ClientFilterValues>(key: K, value: ClientFilterValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(valuesToFilter(values));
  };

  const reset = () => {
    setValues(emptyClientFilters);
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter clients" role="search">
      <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="3" align="end">
        <FormField id="filter-first-name" label="First name contains">
          <TextField.Root
            id="filter-first-name"
            value={values.first_name}
            onChange={(e) => set('first_name', e.target.value)}
          />
        </FormField>
        <FormField id="filter-last-name" label="Last name contains">
          <TextField.Root
            id="filter-last-name"
            value={values.last_name}
            onChange={(e) => set('last_name', e.target.value)}
          />
        </FormField>
        <FormField id="filter-email" label="Email contains">
          <TextField.Root
            id="filter-email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="filter-states">
            State / province
          </Text>
          <StateMultiSelect
            id="filter-states"
            label="State / province"
            value={values.states}
            onChange={(v) => set('states', v)}
          />
        </Flex>
        <AssociateLookup
          value={values.associate_code}
          onChange={(code) => set('associate_code', code)}
        />
        <FormField id="filter-created-from" label="Created from">
          <TextField.Root
            id="filter-created-from"
            type="date"
            value={values.created_from}
            onChange={(e) => set('created_from', e.target.value)}
          />
        </FormField>
        <FormField id="filter-created-to" label="Created to">
          <TextField.Root
            id="filter-created-to"
            type="date"
            value={values.created_to}
            onChange={(e) => set('created_to', e.target.value)}
          />
        </FormField>
        <Flex gap="2" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={reset}>
            Reset
          </Button>
          <Button type="submit">Apply filters</Button>
        </Flex>
      </Grid>
    </form>
  );
}
