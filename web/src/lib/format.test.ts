import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  MINUS,
  formatCurrency,
  formatCurrencyCompact,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPhone,
  formatRate,
  formatSigned,
  percentToBasisPoints,
  tenDigitPhone,
} from './format';

describe('format', () => {
  it('formats counts with thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('formats dates as MM/DD/YYYY without shifting calendar dates', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('12/31/2024');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats date-times as MM/DD/YYYY HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 2, 3, 4, 5))).toBe('01/02/2024 03:04:05');
    const iso = new Date(2024, 6, 14, 16, 30, 9).toISOString();
    expect(formatDateTime(iso)).toBe('07/14/2024 16:30:09');
  });

  it('formats phones as (###) ###-####', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(undefined)).toBe('');
  });

  it('reads the ten digits of a phone typed in any layout', () => {
    expect(tenDigitPhone('(555) 123-4567')).toBe('5551234567');
    expect(tenDigitPhone('+1 555 123 4567')).toBe('5551234567');
    expect(tenDigitPhone('555-1234')).toBe('5551234');
  });

  it('formats USD from integer cents', () => {
    expect(formatCurrency(123456)).toBe('$1,234.56');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(undefined)).toBe('');
  });

  it('writes every negative figure with the one minus sign, the typographic minus', () => {
    expect(MINUS).toBe('\u2212');
    expect(formatCurrency(-250)).toBe('\u2212$2.50');
    expect(formatCurrency(-123456)).toBe('−$1,234.56');
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrencyCompact(-1_234_567)).toBe('−$12.3K');
    expect(formatNumber(-1234)).toBe('−1,234');
    expect(formatRate(-250)).toBe('−2.5%');
    expect(formatRate(-5)).toBe('−0.05%');
    expect(formatRate(-10_000)).toBe('−100%');
    // Nowhere a hyphen-minus, but in a value for an input.
    for (const text of [formatCurrency(-1), formatCurrencyCompact(-1), formatRate(-1)]) {
      expect(text).not.toContain('-');
    }
    expect(centsToDollars(-1234)).toBe('-12.34');
  });

  it('writes money that moves with its sign always: + in, − out, none on zero', () => {
    expect(formatSigned(18_750)).toBe('+$187.50');
    expect(formatSigned(-6_250)).toBe('−$62.50');
    expect(formatSigned(-1_234_567)).toBe('−$12,345.67');
    expect(formatSigned(0)).toBe('$0.00');
    expect(formatSigned(-0)).toBe('$0.00');
  });

  it('converts dollars typed by a user to cents and back', () => {
    expect(dollarsToCents('1,234.5')).toBe(123450);
    expect(dollarsToCents('$85000')).toBe(8500000);
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
    // Exact from the digits: no float rounding on the way.
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1.005')).toBeUndefined();
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('12.')).toBe(1200);
    expect(dollarsToCents('.')).toBeUndefined();
    expect(dollarsToCents('-3.10')).toBe(-310);
    expect(dollarsToCents('1e3')).toBeUndefined();
    expect(dollarsToCents('99999999999999999')).toBeUndefined();
    expect(centsToDollars(8500000)).toBe('85000.00');
    expect(centsToDollars(undefined)).toBe('');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(-1234)).toBe('-12.34');
  });

  it('formats basis points as a percent', () => {
    expect(formatRate(7500)).toBe('75%');
    expect(formatRate(11000)).toBe('110%');
    expect(formatRate(1250)).toBe('12.5%');
    expect(formatRate(1)).toBe('0.01%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(4950)).toBe('49.5%');
    expect(formatRate(1234)).toBe('12.34%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatCurrencyCompact(50_000)).toBe('$500');
    expect(formatCurrencyCompact(1_234_567)).toBe('$12.3K');
    expect(percentToBasisPoints('50')).toBe(5000);
    expect(percentToBasisPoints('33.33 %')).toBe(3333);
    expect(percentToBasisPoints('33.333')).toBeUndefined();
  });
});
