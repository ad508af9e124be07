import { describe, expect, it } from 'vitest';
import {
  formatPeriod,
  isIsoDate,
  matchPreset,
  periodFromSearch,
  periodParams,
  presetPeriod,
  withPeriod,
} from './period';

const today = new Date(2026, 10, 22); // Sunday 22 November 2026

describe('periods', () => {
  it('computes the presets from today', () => {
    expect(presetPeriod('this-month', today)).toEqual({ start: '2026-11-01', end: '2026-11-22' });
    expect(presetPeriod('last-month', today)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(presetPeriod('this-quarter', today)).toEqual({ start: '2026-10-01', end: '2026-11-22' });
    expect(presetPeriod('this-year', today)).toEqual({ start: '2026-01-01', end: '2026-11-22' });
    expect(presetPeriod('last-12-months', today)).toEqual({
      start: '2025-12-01',
      end: '2026-11-22',
    });
    expect(presetPeriod('last-month', new Date(2026, 0, 15))).toEqual({
      start: '2025-12-01',
      end: '2025-12-31',
    });
  });

  it('recognises a preset, or says custom', () => {
    expect(matchPreset({ start: '2026-10-01', end: '2026-10-31' }, today)).toBe('last-month');
    expect(matchPreset({ start: '2026-10-02', end: '2026-10-31' }, today)).toBe('custom');
  });

  it('reads a valid period from the URL only', () => {
    expect(periodFromSearch('?period_start=2026-01-01&period_end=2026-01-31')).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
    });
    expect(periodFromSearch('?period_start=2026-02-30&period_end=2026-03-01')).toBeUndefined();
    expect(periodFromSearch('?period_start=2026-03-01&period_end=2026-01-01')).toBeUndefined();
    expect(periodFromSearch('')).toBeUndefined();
    expect(isIsoDate('2026-13-01')).toBe(false);
  });

  it('writes the period into the URL (none for this month), starting the list over', () => {
    const search = '?page=3&filter[state][in][]=CA&view=Infinity';
    expect(withPeriod(search, { start: '2026-10-01', end: '2026-10-31' }, today)).toBe(
      'filter[state][in][]=CA&view=Infinity&period_start=2026-10-01&period_end=2026-10-31',
    );
    expect(withPeriod(`${search}&period_start=2026-10-01&period_end=2026-10-31`, undefined)).toBe(
      'filter[state][in][]=CA&view=Infinity',
    );
    expect(withPeriod('', presetPeriod('this-month', today), today)).toBe('');
  });

  it('formats a period and gives the API parameters', () => {
    expect(formatPeriod({ start: '2026-11-01', end: '2026-11-22' })).toBe(
      '11/01/2026 – 11/22/2026',
    );
    expect(periodParams(undefined)).toEqual({});
    expect(periodParams({ start: '2026-11-01', end: '2026-11-22' })).toEqual({
      period_start: '2026-11-01',
      period_end: '2026-11-22',
    });
  });
});
