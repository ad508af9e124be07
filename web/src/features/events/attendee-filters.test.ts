import { describe, expect, it } from 'vitest';
import { listEventAttendees } from '@/api/lists.gen';
import { cleanFilter, declaredOnly } from '@/lib/listing-state';
import { attendeeFilterCodec, emptyAttendeeFilters } from './attendee-filters';

describe('attendee filters', () => {
  it('filter by status and the words of the name, and read them back', () => {
    expect(cleanFilter(attendeeFilterCodec.toFilter(emptyAttendeeFilters))).toEqual({});
    const filter = cleanFilter(
      attendeeFilterCodec.toFilter({ status: 'Checked In', name: ' Carter ', code: ' agt100' }),
    );
    expect(filter).toEqual({
      status: { eq: 'Checked In' },
      name: { contains: 'Carter' },
      associate_code: { eq: 'AGT100' },
    });
    expect(attendeeFilterCodec.toValues(filter)).toEqual({
      status: 'Checked In',
      name: 'Carter',
      code: 'AGT100',
    });
    // A status the contract does not have is none.
    expect(attendeeFilterCodec.toValues({ status: { eq: 'Gone' } }).status).toBe('');
  });

  it('offer only filters listEventAttendees declares', () => {
    const state = {
      filter: cleanFilter(
        attendeeFilterCodec.toFilter({ status: 'Registered', name: 'A', code: 'AGT100' }),
      ),
      order: {},
    };
    expect(declaredOnly(state, listEventAttendees)).toEqual(state);
  });
});
