import { describe, expect, it } from 'vitest';
import { downloadClients, listClients } from '@/api/lists.gen';
import { activeFilterCount, cleanFilter, declaredOnly } from '@/lib/listing-state';
import { emptyClientFilters, filterToValues, valuesToFilter } from './client-filters';

describe('client filters', () => {
  it('turn the panel into API filters, dropping the empty ones', () => {
    const filter = cleanFilter(
      valuesToFilter({
        ...emptyClientFilters,
        last_name: ' Smi ',
        states: ['CA', 'NY'],
        associate_code: 'AGT100',
      }),
    );
    expect(filter).toEqual({
      last_name: { contains: 'Smi' },
      state: { in: ['CA', 'NY'] },
      associate_code: { eq: 'AGT100' },
    });
    expect(activeFilterCount(filter)).toBe(3);
  });

  it('turn "created between" local days into a day-wide range and back', () => {
    const filter = cleanFilter(
      valuesToFilter({
        ...emptyClientFilters,
        created_from: '2026-01-05',
        created_to: '2026-01-07',
      }),
    );
    expect(filter.created_at?.gte).toBe(new Date(2026, 0, 5, 0, 0, 0, 0).toISOString());
    expect(filter.created_at?.lte).toBe(new Date(2026, 0, 7, 23, 59, 59, 999).toISOString());
    expect(filterToValues(filter)).toMatchObject({
      created_from: '2026-01-05',
      created_to: '2026-01-07',
    });
  });
});

describe('the client filter panel and the contract', () => {
  it('offers only filters listClients and downloadClients declare', () => {
    const full = valuesToFilter({
      first_name: 'A',
      last_name: 'B',
      email: 'c@d',
      states: ['TX'],
      associate_code: 'AGT100',
      created_from: '2026-01-01',
      created_to: '2026-01-31',
    });
    const state = { filter: cleanFilter(full), order: {} };
    expect(Object.keys(state.filter)).toHaveLength(6);
    expect(declaredOnly(state, listClients)).toEqual(state);
    expect(declaredOnly(state, downloadClients)).toEqual(state);
  });
});
