import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPhone,
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

  it('formats USD from integer cents', () => {
    expect(formatCurrency(123456)).toBe('$1,234.56');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-250)).toBe('-$2.50');
    expect(formatCurrency(undefined)).toBe('');
  });

  it('converts dollars typed by a user to cents and back', () => {
    expect(dollarsToCents('1,234.5')).toBe(123450);
    expect(dollarsToCents('$85000')).toBe(8500000);
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
    expect(centsToDollars(8500000)).toBe('85000.00');
    expect(centsToDollars(undefined)).toBe('');
  });
});
