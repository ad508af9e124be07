import { describe, expect, it } from 'vitest';
import { formatEventWhen, formatZonedDateTime } from './event-time';

describe('event times', () => {
  it("are written in the event's zone with its abbreviation", () => {
    // 15:00 UTC is 09:00 in Chicago in December (CST, UTC−6).
    expect(formatEventWhen('2026-12-05T15:00:00Z', '2026-12-05T23:00:00Z', 'America/Chicago')).toBe(
      'Sat 12/05/2026, 09:00–17:00 CST',
    );
    // The same instant in Toronto, in summer: EDT.
    expect(formatEventWhen('2026-07-01T13:00:00Z', '2026-07-01T17:00:00Z', 'America/Toronto')).toBe(
      'Wed 07/01/2026, 09:00–13:00 EDT',
    );
  });

  it('name both days of an event over several, and both zones across a change of time', () => {
    expect(
      formatEventWhen('2027-01-20T16:00:00Z', '2027-01-22T02:00:00Z', 'America/Los_Angeles'),
    ).toBe('Wed 01/20/2027 08:00 – Thu 01/21/2027 18:00 PST');
    // Daylight saving time ends in Las Vegas on 11/01/2026.
    expect(
      formatEventWhen('2026-10-31T15:00:00Z', '2026-11-02T01:00:00Z', 'America/Los_Angeles'),
    ).toBe('Sat 10/31/2026 08:00 PDT – Sun 11/01/2026 17:00 PST');
  });

  it('write an instant in a zone, and nothing for an invalid one', () => {
    expect(formatZonedDateTime('2026-12-05T15:12:00Z', 'America/Chicago')).toBe(
      '12/05/2026 09:12 CST',
    );
    expect(formatZonedDateTime('not a date', 'America/Chicago')).toBe('');
    expect(formatEventWhen('', '2026-12-05T15:12:00Z', 'America/Chicago')).toBe('');
  });

  it("fall back to the viewer's zone for a zone the browser does not know", () => {
    expect(formatZonedDateTime('2026-12-05T15:12:00Z', 'Nowhere/Atlantis')).toMatch(
      /^12\/0[45]\/2026 \d\d:12 \S+$/,
    );
  });
});
