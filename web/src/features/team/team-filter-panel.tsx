import { AssociateKind } from '@/api/gen/model/associateKind';
import { AssociateStatus } from '@/api/gen/model/associateStatus';
import { Country } from '@/api/gen/model/country';
import { enumChoices } from '@/components/choice-select';
import {
  ChoiceFilter,
  FilterForm,
  MultiFilter,
  StateFilter,
  TextFilter,
  enumOptions,
  useFilterForm,
} from '@/components/filter-form';
import type { MultiSelectOption } from '@/components/multi-select';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { teamFilterCodec } from './team-filters';

const STATUS_OPTIONS = enumOptions(Object.values(AssociateStatus));
const KIND_OPTIONS = enumOptions(Object.values(AssociateKind));
const COUNTRY_CHOICES = enumChoices(Object.values(Country));
const LICENSED_CHOICES = [
  { value: 'true', label: 'Licensed' },
  { value: 'false', label: 'Not licensed' },
];
const GENERATION_CHOICES = ['0', '1', '2', '3', '4', '5', '6'].map((g) => ({
  value: g,
  label: g === '0' ? 'Own base only' : `Generation ${g}`,
}));

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
  const { bind, apply, reset } = useFilterForm(filter, teamFilterCodec, onApply);

  return (
    <FilterForm label="Filter team members" onApply={apply} onReset={reset}>
      <TextFilter id="team-filter-name" label="Name contains" {...bind('name')} />
      <TextFilter id="team-filter-code" label="Code starts with" {...bind('code')} />
      <MultiFilter
        id="team-filter-level"
        label="Level"
        {...bind('levels')}
        groups={[{ options: levels }]}
        allLabel="All levels"
        noun="levels"
      />
      <MultiFilter
        id="team-filter-status"
        label="Status"
        {...bind('statuses')}
        groups={STATUS_OPTIONS}
        allLabel="All statuses"
        noun="statuses"
      />
      <StateFilter id="team-filter-state" label="State / province" {...bind('states')} />
      <ChoiceFilter
        id="team-filter-country"
        label="Country"
        {...bind('country')}
        choices={COUNTRY_CHOICES}
        anyLabel="Any country"
      />
      <MultiFilter
        id="team-filter-kind"
        label="Kind"
        {...bind('kinds')}
        groups={KIND_OPTIONS}
        allLabel="All kinds"
        noun="kinds"
      />
      <ChoiceFilter
        id="team-filter-licensed"
        label="Licensed"
        {...bind('licensed')}
        choices={LICENSED_CHOICES}
        anyLabel="Any"
      />
      <StateFilter
        id="team-filter-license-state"
        label="License state"
        {...bind('license_states')}
      />
      <TextFilter
        id="team-filter-joined-from"
        label="Joined from"
        type="date"
        {...bind('joined_from')}
      />
      <TextFilter id="team-filter-joined-to" label="Joined to" type="date" {...bind('joined_to')} />
      {generations ? (
        <ChoiceFilter
          id="team-filter-generation"
          label="Generations up to"
          {...bind('generation_max')}
          choices={GENERATION_CHOICES}
          anyLabel="All generations"
        />
      ) : null}
    </FilterForm>
  );
}
