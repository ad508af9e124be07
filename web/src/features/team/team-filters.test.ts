import { describe, expect, it } from 'vitest';
import { downloadTeam, listTeam } from '@/api/lists.gen';
import { cleanFilter, declaredOnly, listingSearch, parseListingState } from '@/lib/listing-state';
import { emptyTeamFilters, filterToValues, valuesToFilter } from './team-filters';

describe('team filters', () => {
  it('map the panel to the operators of the contract, dropping the empty ones', () => {
    const filter = cleanFilter(
      valuesToFilter({
        ...emptyTeamFilters,
        name: ' Car ',
        code: 'AG',
        levels: ['SMD', 'MD'],
        statuses: ['Active'],
        country: 'USA',
        joined_from: '2020-01-01',
        license_states: ['MI'],
        licensed: 'false',
        generation_max: '0',
      }),
    );
    expect(filter).toEqual({
      name: { contains: 'Car' },
      code: { startswith: 'AG' },
      level: { in: ['SMD', 'MD'] },
      status: { in: ['Active'] },
      country: { eq: 'USA' },
      joined_on: { gte: '2020-01-01' },
      license_state: { in: ['MI'] },
      licensed: { eq: 'false' },
      generation: { lte: '0' },
    });
  });

  it('survive the round trip through the URL', () => {
    const values = {
      ...emptyTeamFilters,
      states: ['CA', 'ON'],
      kinds: ['Builder', 'Health'],
      joined_to: '2026-11-01',
      licensed: 'true',
    };
    const search = listingSearch({
      page: 1,
      limit: 100,
      filter: cleanFilter(valuesToFilter(values)),
      order: { level_rank: 'DESC' },
    });
    expect(search).toBe(
      'filter[state][in][]=CA&filter[state][in][]=ON&filter[kind][in][]=Builder&filter[kind][in][]=Health&filter[joined_on][lte]=2026-11-01&filter[licensed][eq]=true&order[level_rank]=DESC',
    );
    expect(filterToValues(parseListingState(search, listTeam).filter)).toEqual(values);
  });

  it('ignores a licensed value that is neither true nor false', () => {
    expect(filterToValues({ licensed: { eq: 'maybe' } }).licensed).toBe('');
  });
});

describe('the team filter panel and the contract', () => {
  it('offers only filters listTeam and downloadTeam declare', () => {
    const full = valuesToFilter({
      name: 'Car',
      code: 'AG',
      levels: ['SMD'],
      statuses: ['Active'],
      states: ['TX'],
      country: 'USA',
      kinds: ['Builder'],
      joined_from: '2026-01-01',
      joined_to: '2026-01-31',
      license_states: ['CA'],
      licensed: 'true',
      generation_max: '2',
    });
    const state = { filter: cleanFilter(full), order: {} };
    expect(Object.keys(state.filter)).toHaveLength(11);
    expect(declaredOnly(state, listTeam)).toEqual(state);
    expect(declaredOnly(state, downloadTeam)).toEqual(state);
  });
});
