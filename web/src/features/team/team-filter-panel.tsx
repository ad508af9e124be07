import { Button, Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { AssociateKind } from '@/api/gen/model/associateKind';
import { AssociateStatus } from '@/api/gen/model/associateStatus';
import { ChoiceSelect } from '@/components/choice-select';
import { FormField } from '@/components/form-field';
import { MultiSelect, type MultiSelectOption } from '@/components/multi-select';
import { StateMultiSelect } from '@/components/state-multi-select';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import {
  emptyTeamFilters,
  filterToValues,
  valuesToFilter,
  type TeamFilterValues,
} from './team-filters';

const toOptions = (values: readonly string[]): MultiSelectOption[] =>
  values.map((value) => ({ value, label: value }));

const STATUS_OPTIONS = toOptions(Object.values(AssociateStatus));
const KIND_OPTIONS = toOptions(Object.values(AssociateKind));

export interface TeamFilterPanelProps {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
  /** The levels of the ladder, lowest first (codes, with names where known). */
  levels: readonly MultiSelectOption[];
  /** Offer the generation filter (views where generations apply). */
  generations: boolean;
}

/** The filters of a team list; applied to the URL on submit. */
export function TeamFilterPanel({ filter, onApply, levels, generations }: TeamFilterPanelProps) {
  const [values, setValues] = useState<TeamFilterValues>(() => filterToValues(filter));
  const set = <K extends keyof TeamFilterValues>(key: K, value: TeamFilterValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(valuesToFilter(values));
  };

  const reset = () => {
    setValues(emptyTeamFilters);
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter team members" role="search">
      <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="3" align="end">
        <FormField id="team-filter-name" label="Name contains">
          <TextField.Root
            id="team-filter-name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </FormField>
        <FormField id="team-filter-code" label="Code starts with">
          <TextField.Root
            id="team-filter-code"
            value={values.code}
            onChange={(e) => set('code', e.target.value)}
          />
        </FormField>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="team-filter-level">
            Level
          </Text>
          <MultiSelect
            id="team-filter-level"
            label="Level"
            value={values.levels}
            onChange={(v) => set('levels', v)}
            groups={[{ options: levels }]}
            allLabel="All levels"
            noun="levels"
          />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="team-filter-status">
            Status
          </Text>
          <MultiSelect
            id="team-filter-status"
            label="Status"
            value={values.statuses}
            onChange={(v) => set('statuses', v)}
            groups={[{ options: STATUS_OPTIONS }]}
            allLabel="All statuses"
            noun="statuses"
          />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="team-filter-state">
            State / province
          </Text>
          <StateMultiSelect
            id="team-filter-state"
            label="State / province"
            value={values.states}
            onChange={(v) => set('states', v)}
          />
        </Flex>
        <FormField id="team-filter-country" label="Country">
          <ChoiceSelect
            id="team-filter-country"
            value={values.country}
            onChange={(v) => set('country', v)}
            choices={[
              { value: 'USA', label: 'USA' },
              { value: 'Canada', label: 'Canada' },
            ]}
            placeholder="Any country"
            allowEmpty
            emptyLabel="Any country"
          />
        </FormField>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="team-filter-kind">
            Kind
          </Text>
          <MultiSelect
            id="team-filter-kind"
            label="Kind"
            value={values.kinds}
            onChange={(v) => set('kinds', v)}
            groups={[{ options: KIND_OPTIONS }]}
            allLabel="All kinds"
            noun="kinds"
          />
        </Flex>
        <FormField id="team-filter-licensed" label="Licensed">
          <ChoiceSelect
            id="team-filter-licensed"
            value={values.licensed}
            onChange={(v) => set('licensed', v)}
            choices={[
              { value: 'true', label: 'Licensed' },
              { value: 'false', label: 'Not licensed' },
            ]}
            placeholder="Any"
            allowEmpty
            emptyLabel="Any"
          />
        </FormField>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="team-filter-license-state">
            License state
          </Text>
          <StateMultiSelect
            id="team-filter-license-state"
            label="License state"
            value={values.license_states}
            onChange={(v) => set('license_states', v)}
          />
        </Flex>
        <FormField id="team-filter-joined-from" label="Joined from">
          <TextField.Root
            id="team-filter-joined-from"
            type="date"
            value={values.joined_from}
            onChange={(e) => set('joined_from', e.target.value)}
          />
        </FormField>
        <FormField id="team-filter-joined-to" label="Joined to">
          <TextField.Root
            id="team-filter-joined-to"
            type="date"
            value={values.joined_to}
            onChange={(e) => set('joined_to', e.target.value)}
          />
        </FormField>
        {generations ? (
          <FormField id="team-filter-generation" label="Generations up to">
            <ChoiceSelect
              id="team-filter-generation"
              value={values.generation_max}
              onChange={(v) => set('generation_max', v)}
              choices={['0', '1', '2', '3', '4', '5', '6'].map((g) => ({
                value: g,
                label: g === '0' ? 'Own base only' : `Generation ${g}`,
              }))}
              placeholder="All generations"
              allowEmpty
              emptyLabel="All generations"
            />
          </FormField>
        ) : null}
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
