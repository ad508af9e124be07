import { describe, expect, it } from 'vitest';
import { listEvents } from '@/api/lists.gen';
import { cleanFilter, declaredOnly, parseListingState } from '@/lib/listing-state';
import { emptyEventFilters, filterToValues, valuesToFilter } from './event-filters';

describe('event filters', () => {
  it('filter by the words of the title and by the ticked boxes only', () => {
    expect(cleanFilter(valuesToFilter(emptyEventFilters))).toEqual({});
    expect(
      cleanFilter(valuesToFilter({ title: ' Kickoff ', online: true, registered: false })),
    ).toEqual({ title: { contains: 'Kickoff' }, online: { eq: true } });
  });

  it('read back what the URL holds', () => {
    const { filter } = parseListingState(
      '?filter[title][contains]=Dallas&filter[online][eq]=true&filter[registered][eq]=true',
      listEvents,
    );
    expect(filterToValues(filter)).toEqual({ title: 'Dallas', online: true, registered: true });
    // 'false' is not a ticked box (the lists never write it).
    expect(filterToValues(cleanFilter({ online: { eq: 'false' } })).online).toBe(false);
  });
});

describe('the event filters and the contract', () => {
  it('offer only filters listEvents declares', () => {
    const state = {
      filter: cleanFilter(valuesToFilter({ title: 'A', online: true, registered: true })),
      order: {},
    };
    expect(Object.keys(state.filter)).toHaveLength(3);
    expect(declaredOnly(state, listEvents)).toEqual(state);
  });
});
