import { describe, expect, it } from 'vitest';
import { chartSummary, scaleData } from '@/lib/chart';
import { monthLabel } from '@/lib/chart';
import { growthColumns, levelBars, licensedPercent, statusCounts } from './team-charts';

describe('team dashboard charts', () => {
  it('turn the 12 months of growth into columns, oldest first, with month names', () => {
    const columns = growthColumns([
      { month: '2026-01', joined: 4 },
      { month: '2025-12', joined: 0 },
      { month: '2026-02', joined: 1 },
    ]);
    expect(columns).toEqual([
      { label: 'Dec', title: 'December 2025', value: 0 },
      { label: 'Jan', title: 'January 2026', value: 4 },
      { label: 'Feb', title: 'February 2026', value: 1 },
    ]);
    expect(monthLabel('bad')).toEqual({ short: 'bad', long: 'bad' });
  });

  it('scale bars against the largest value and describe them in words', () => {
    const bars = levelBars([
      { label: 'TA', count: 12 },
      { label: 'A', count: 16 },
      { label: 'RMD', count: 0 },
    ]);
    const { max, items } = scaleData(bars);
    expect(max).toBe(16);
    expect(items.map((i) => i.ratio)).toEqual([0.75, 1, 0]);
    expect(chartSummary(bars)).toBe('TA: 12, A: 16, RMD: 0.');
    expect(scaleData([{ label: 'x', value: 0 }]).items[0]?.ratio).toBe(0);
    expect(chartSummary([])).toBe('No data.');
  });

  it('gives the licensed share and the status counts in the contract order', () => {
    expect(licensedPercent({ members: 45, licensed: 32 })).toBe(71);
    expect(licensedPercent({ members: 0, licensed: 0 })).toBeUndefined();
    expect(
      statusCounts([
        { label: 'Terminated', count: 4 },
        { label: 'Active', count: 34 },
      ]),
    ).toEqual([
      { label: 'Active', count: 34 },
      { label: 'Resigned', count: 0 },
      { label: 'Terminated', count: 4 },
      { label: 'Suspended', count: 0 },
      { label: 'Resignation Initiated', count: 0 },
    ]);
  });
});
