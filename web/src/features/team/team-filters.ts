import { filterFlag, filterList, filterText, type FilterCodec } from '@/components/filter-form';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the filter panel of a team list edits. */
export interface TeamFilterValues {
  name: string;
  code: string;
  levels: string[];
  statuses: string[];
  states: string[];
  /** '' (any), 'USA' or 'Canada' */
  country: string;
  kinds: string[];
  /** YYYY-MM-DD */
  joined_from: string;
  joined_to: string;
  license_states: string[];
  /** '' (any), 'true' or 'false' */
  licensed: string;
  /** The deepest generation to show ('' for all). */
  generation_max: string;
}

export const emptyTeamFilters: TeamFilterValues = {
  name: '',
  code: '',
  levels: [],
  statuses: [],
  states: [],
  country: '',
  kinds: [],
  joined_from: '',
  joined_to: '',
  license_states: [],
  licensed: '',
  generation_max: '',
};

export function filterToValues(filter: CleanFilter): TeamFilterValues {
  return {
    name: filterText(filter.name?.contains),
    code: filterText(filter.code?.startswith),
    levels: filterList(filter.level?.in),
    statuses: filterList(filter.status?.in),
    states: filterList(filter.state?.in),
    country: filterText(filter.country?.eq),
    kinds: filterList(filter.kind?.in),
    joined_from: filterText(filter.joined_on?.gte),
    joined_to: filterText(filter.joined_on?.lte),
    license_states: filterList(filter.license_state?.in),
    licensed: filterFlag(filter.licensed?.eq),
    generation_max: filterText(filter.generation?.lte),
  };
}

/** The API filters of the panel (the operators the contract offers for each field). */
export function valuesToFilter(values: TeamFilterValues): Filter {
  return {
    name: { contains: values.name },
    code: { startswith: values.code },
    level: { in: values.levels },
    status: { in: values.statuses },
    state: { in: values.states },
    country: { eq: values.country },
    kind: { in: values.kinds },
    joined_on: { gte: values.joined_from, lte: values.joined_to },
    license_state: { in: values.license_states },
    licensed: { eq: values.licensed },
    generation: { lte: values.generation_max },
  };
}

export const teamFilterCodec: FilterCodec<TeamFilterValues> = {
  empty: emptyTeamFilters,
  toValues: filterToValues,
  toFilter: valuesToFilter,
};
