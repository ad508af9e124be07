import { describe, expect, it } from 'vitest';
import { downloadPolicies, listPolicies } from '@/api/lists.gen';
import { activeFilterCount, cleanFilter, declaredOnly } from '@/lib/listing-state';
import {
  emptyPolicyFilters,
  filterToValues,
  valuesToFilter,
  type PolicyFilterValues,
} from './policy-filters';

// Every field of the panel set.
const full: PolicyFilterValues = {
  policy_number: 'LF-1',
  client_name: 'Baker',
  statuses: ['Pending', 'Action Required'],
  categories: ['Life Insurance'],
  types: ['Term'],
  providers: ['2', '5'],
  writer_code: 'AGT100',
  split: 'true',
  lapsed: 'false',
  submitted_from: '2026-01-01',
  submitted_to: '2026-01-31',
};

describe('policy filters', () => {
  it('turn the panel into API filters, dropping the empty ones', () => {
    const filter = cleanFilter(
      valuesToFilter({
        ...emptyPolicyFilters,
        client_name: ' Bak ',
        statuses: ['Approved'],
        writer_code: 'AGT100',
        lapsed: 'true',
      }),
    );
    expect(filter).toEqual({
      client_name: { contains: 'Bak' },
      status: { in: ['Approved'] },
      writer_code: { eq: 'AGT100' },
      lapsed: { eq: 'true' },
    });
    expect(activeFilterCount(filter)).toBe(4);
    expect(cleanFilter(valuesToFilter(emptyPolicyFilters))).toEqual({});
  });

  it('use the operators the contract offers for each field', () => {
    expect(cleanFilter(valuesToFilter(full))).toEqual({
      policy_number: { startswith: 'LF-1' },
      client_name: { contains: 'Baker' },
      status: { in: ['Pending', 'Action Required'] },
      category: { in: ['Life Insurance'] },
      type: { in: ['Term'] },
      provider_id: { in: ['2', '5'] },
      writer_code: { eq: 'AGT100' },
      split: { eq: 'true' },
      lapsed: { eq: 'false' },
      submitted_on: { gte: '2026-01-01', lte: '2026-01-31' },
    });
  });

  it('come back from the filter as they went in', () => {
    expect(filterToValues(cleanFilter(valuesToFilter(full)))).toEqual(full);
    expect(filterToValues(cleanFilter(valuesToFilter(emptyPolicyFilters)))).toEqual(
      emptyPolicyFilters,
    );
    // A date range open at one end keeps its one end.
    expect(filterToValues({ submitted_on: { lte: '2026-02-01' } })).toEqual({
      ...emptyPolicyFilters,
      submitted_to: '2026-02-01',
    });
  });

  it('read a yes/no only as true or false, and values of the URL as text', () => {
    expect(filterToValues({ split: { eq: 'maybe' }, lapsed: { eq: true } })).toMatchObject({
      split: '',
      lapsed: 'true',
    });
    expect(filterToValues({ provider_id: { in: [2, 5] } }).providers).toEqual(['2', '5']);
  });
});

describe('the policy filter panel and the contract', () => {
  it('offers only filters listPolicies and downloadPolicies declare', () => {
    const state = { filter: cleanFilter(valuesToFilter(full)), order: {} };
    expect(activeFilterCount(state.filter)).toBe(11);
    expect(declaredOnly(state, listPolicies)).toEqual(state);
    expect(declaredOnly(state, downloadPolicies)).toEqual(state);
  });
});
