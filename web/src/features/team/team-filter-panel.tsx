import { AssociateKind } from '@/api/gen/model/associateKind';
import { AssociateStatus } from '@/api/gen/model/associateStatus';
import { ChoiceSelect } from '@/components/choice-select';
import {
  FilterForm,
  MultiFilter,
  TextFilter,
  enumOptions,
  useFilterForm,
} from '@/components/filter-form';
import { FormField } from '@/components/form-field';
import type { MultiSelectOption } from '@/components/multi-select';
import { StateMultiSelect } from '@/components/state-multi-select';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { teamFilterCodec } from './team-filters';

const STATUS_OPTIONS = enumOptions(Object.values(AssociateStatus));
const KIND_OPTIONS = enumOptions(Object.values(AssociateKind));

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
  const { values, set, apply, reset } = useFilterForm(filter, teamFilterCodec, onApply);

  return (
    <FilterForm label="Filter team members" onApply={apply} onReset={reset}>
      <TextFilter
        id="team-filter-name"
        label="Name contains"
        value={values.name}
        onChange={(v) => set('name', v)}
      />
      <TextFilter
        id="team-filter-code"
        label="Code starts with"
        value={values.code}
        onChange={(v) => set('code', v)}
      />
      <MultiFilter
        id="team-filter-level"
        label="Level"
        value={values.levels}
        onChange={(v) => set('levels', v)}
        groups={[{ options: levels }]}
        allLabel="All levels"
        noun="levels"
      />
      <MultiFilter
        id="team-filter-status"
        label="Status"
        value={values.statuses}
        onChange={(v) => set('statuses', v)}
        groups={STATUS_OPTIONS}
        allLabel="All statuses"
        noun="statuses"
      />
      <FormField id="team-filter-state" label="State / province">
        <StateMultiSelect
          id="team-filter-state"
          label="State / province"
          value={values.states}
          onChange={(v) => set('states', v)}
        />
      </FormField>
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
      <MultiFilter
        id="team-filter-kind"
        label="Kind"
        value={values.kinds}
        onChange={(v) => set('kinds', v)}
        groups={KIND_OPTIONS}
        allLabel="All kinds"
        noun="kinds"
      />
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
      <FormField id="team-filter-license-state" label="License state">
        <StateMultiSelect
          id="team-filter-license-state"
          label="License state"
          value={values.license_states}
          onChange={(v) => set('license_states', v)}
        />
      </FormField>
      <TextFilter
        id="team-filter-joined-from"
        label="Joined from"
        type="date"
        value={values.joined_from}
        onChange={(v) => set('joined_from', v)}
      />
      <TextFilter
        id="team-filter-joined-to"
        label="Joined to"
        type="date"
        value={values.joined_to}
        onChange={(v) => set('joined_to', v)}
      />
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
    </FilterForm>
  );
}
