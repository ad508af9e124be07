import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from './format';
import { encodeSearch } from './search';

// A reporting period (period_start … period_end, calendar dates) kept in the URL. The default
// is this month (the first day of the month to today), which is also the API's default, so the
// default leaves the URL and the request without the two parameters.

export interface Period {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

export type PeriodPreset =
  'this-month' | 'last-month' | 'this-quarter' | 'this-year' | 'last-12-months';

export const PERIOD_PRESETS: readonly { value: PeriodPreset; label: string }[] = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-12-months', label: 'Last 12 months' },
];

export const DEFAULT_PRESET: PeriodPreset = 'this-month';

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string | null | undefined): value is string {
  const match = value ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDate(date) === value;
}

/** The dates of a preset, as seen on `today`. */
export function presetPeriod(preset: PeriodPreset, today: Date = new Date()): Period {
  const y = today.getFullYear();
  const m = today.getMonth();
  const end = isoDate(today);
  switch (preset) {
    case 'this-month':
      return { start: isoDate(new Date(y, m, 1)), end };
    case 'last-month':
      return { start: isoDate(new Date(y, m - 1, 1)), end: isoDate(new Date(y, m, 0)) };
    case 'this-quarter':
      return { start: isoDate(new Date(y, m - (m % 3), 1)), end };
    case 'this-year':
      return { start: isoDate(new Date(y, 0, 1)), end };
    case 'last-12-months':
      return { start: isoDate(new Date(y, m - 11, 1)), end };
  }
}

/** The preset a period equals on `today`, or 'custom'. */
export function matchPreset(period: Period, today: Date = new Date()): PeriodPreset | 'custom' {
  for (const { value } of PERIOD_PRESETS) {
    const candidate = presetPeriod(value, today);
    if (candidate.start === period.start && candidate.end === period.end) return value;
  }
  return 'custom';
}

/** The period of a query string, when both dates are valid and in order. */
export function periodFromSearch(search: string | URLSearchParams): Period | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const start = params.get('period_start');
  const end = params.get('period_end');
  if (!isIsoDate(start) || !isIsoDate(end) || start > end) return undefined;
  return { start, end };
}

/** MM/DD/YYYY – MM/DD/YYYY */
export function formatPeriod(period: Period): string {
  return `${formatDate(period.start)} – ${formatDate(period.end)}`;
}

/** The API parameters of a chosen period (none for the default). */
export function periodParams(period: Period | undefined) {
  return period ? { period_start: period.start, period_end: period.end } : {};
}

/** A query string with the period replaced (and `page` dropped: a new period starts over). */
export function withPeriod(search: string, period: Period | undefined, today = new Date()) {
  const params = new URLSearchParams(search);
  params.delete('period_start');
  params.delete('period_end');
  params.delete('page');
  const isDefault =
    !period || matchPreset(period, today) === DEFAULT_PRESET || period.start > period.end;
  if (!isDefault) {
    params.set('period_start', period.start);
    params.set('period_end', period.end);
  }
  return encodeSearch(params);
}

/** The period of the URL (undefined: the default) and a setter that keeps the other parameters. */
export function usePeriod() {
  const location = useLocation();
  const navigate = useNavigate();
  const period = useMemo(() => periodFromSearch(location.search), [location.search]);
  const setPeriod = useCallback(
    (next: Period | undefined) => {
      const search = withPeriod(location.search, next);
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
    },
    [navigate, location.pathname, location.search],
  );
  return {
    /** The chosen period, or undefined for the default (this month). */
    period,
    /** The dates shown: the chosen period or this month. */
    shown: period ?? presetPeriod(DEFAULT_PRESET),
    setPeriod,
  };
}
