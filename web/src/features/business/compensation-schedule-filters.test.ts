import { describe, expect, it } from 'vitest';
import { downloadCompensationSchedule, listCompensationSchedule } from '@/api/lists.gen';
import { cleanFilter, declaredOnly } from '@/lib/listing-state';
import { emptyScheduleFilters, scheduleFilterCodec } from './compensation-schedule-filters';

describe('compensation schedule filters', () => {
  it('turn the panel into API filters, dropping the empty ones, and back', () => {
    const filter = cleanFilter(
      scheduleFilterCodec.toFilter({ ...emptyScheduleFilters, provider: '4', type: 'IUL' }),
    );
    expect(filter).toEqual({ provider_id: { eq: 4 }, type: { eq: 'IUL' } });
    expect(scheduleFilterCodec.toValues(filter)).toEqual({
      ...emptyScheduleFilters,
      provider: '4',
      type: 'IUL',
    });
    // From the URL, the id is text.
    expect(scheduleFilterCodec.toValues({ provider_id: { eq: '7' } }).provider).toBe('7');
  });

  it('offer only filters the schedule and its download declare', () => {
    const state = {
      filter: cleanFilter(
        scheduleFilterCodec.toFilter({
          provider: '2',
          category: 'Annuity',
          type: 'Indexed Annuity',
          name: 'Gold',
        }),
      ),
      order: {},
    };
    expect(Object.keys(state.filter)).toHaveLength(4);
    expect(declaredOnly(state, listCompensationSchedule)).toEqual(state);
    expect(declaredOnly(state, downloadCompensationSchedule)).toEqual(state);
  });
});
