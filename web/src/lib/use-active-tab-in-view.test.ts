import { describe, expect, it } from 'vitest';
import { centredScrollLeft } from './use-active-tab-in-view';

describe('centredScrollLeft', () => {
  // A 390 px wide list of tabs 900 px long, scrolled to the start.
  const list = { left: 0, width: 390, scrollLeft: 0, scrollWidth: 900 };

  it('centres a tab that is off to the right', () => {
    // The tab at 600–700 on screen: its centre (650) goes to the list's centre (195).
    expect(centredScrollLeft(list, { left: 600, width: 100 })).toBe(455);
  });

  it('never scrolls before the start or past the end', () => {
    expect(centredScrollLeft(list, { left: 10, width: 80 })).toBe(0);
    expect(centredScrollLeft(list, { left: 850, width: 50 })).toBe(510);
    expect(centredScrollLeft({ ...list, scrollWidth: 300 }, { left: 100, width: 80 })).toBe(0);
  });

  it('takes the current scroll into account', () => {
    expect(centredScrollLeft({ ...list, scrollLeft: 200 }, { left: 145, width: 100 })).toBe(200);
  });
});
