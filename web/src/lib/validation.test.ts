import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  dollarsText,
  emailText,
  newPasswordText,
  pastDateText,
  phoneText,
  requiredText,
} from './validation';

describe('validation', () => {
  it('parses without compiling code (the CSP refuses new Function)', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ login: requiredText('Login', 10), n: z.number().optional() });
    expect(schema.safeParse({ login: ' ann ' }).success).toBe(true);
    expect(schema.safeParse({ login: '' }).error?.issues[0]?.message).toBe('Login is required');
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});

describe('dollarsText', () => {
  const first = (schema: z.ZodType, value: string) =>
    schema.safeParse(value).error?.issues[0]?.message;

  it('takes what dollarsToCents reads: two decimals at most, from the digits', () => {
    const income = dollarsText('Annual income');
    for (const ok of ['', '  ', '0', '85,000.50', '$1,234.5', '.29', '1234.']) {
      expect(first(income, ok), ok).toBeUndefined();
    }
    // A float would take these; money typed in dollars does not.
    for (const bad of ['1234.567', '1e5', '0x10', 'Infinity', '1.2.3', 'lots']) {
      expect(first(income, bad), bad).toBe('Annual income must be an amount in dollars');
    }
    expect(first(income, '-1')).toBe('Annual income must be greater than or equal to 0');
  });

  it('asks for a required amount, and refuses one past the maximum', () => {
    const premium = dollarsText('Premium', { required: true, maxCents: 100_000 });
    expect(premium.safeParse(' ').error?.issues.map((i) => i.message)).toEqual([
      'Premium is required',
    ]);
    expect(first(premium, '1,000.00')).toBeUndefined();
    expect(first(premium, '1,000.01')).toBe('Premium is too large');
  });
});

describe('field rules of the account and registration forms', () => {
  const messages = (schema: z.ZodType, value: string) =>
    schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

  it('checks an email address, required or not', () => {
    expect(messages(emailText('Email'), ' ')).toEqual([]);
    expect(messages(emailText('Email', { required: true }), ' ')).toEqual(['Email is required']);
    expect(messages(emailText('Email'), 'ann@example')).toEqual([
      'Email must be a valid email address',
    ]);
    expect(messages(emailText('Email', { required: true }), ' ann@example.com ')).toEqual([]);
    expect(messages(emailText('Email'), `${'a'.repeat(250)}@b.co`)).toEqual([
      'Email must be at most 254 characters',
    ]);
  });

  it('takes a phone number with ten digits in any layout', () => {
    const phone = phoneText('Phone', { required: true });
    for (const ok of ['(555) 123-4567', '555.123.4567', '+1 555 123 4567']) {
      expect(messages(phone, ok), ok).toEqual([]);
    }
    expect(messages(phone, '')).toEqual(['Phone is required']);
    expect(messages(phone, '555-1234')).toEqual(['Phone must have 10 digits']);
    expect(messages(phone, '2 555 123 4567')).toEqual(['Phone must have 10 digits']);
    expect(messages(phoneText('Alternative phone'), '')).toEqual([]);
  });

  it('takes a date in the past, or none', () => {
    const date = pastDateText('Date of birth');
    expect(messages(date, '')).toEqual([]);
    expect(messages(date, '1980-02-29')).toEqual([]);
    expect(messages(date, '2999-01-01')).toEqual(['Date of birth must be in the past']);
    expect(messages(date, '01/02/1980')).toEqual(['Date of birth must be a date']);
  });

  it('asks for a new password of eight characters at least, as typed', () => {
    const password = newPasswordText('New password');
    expect(messages(password, '')).toEqual(['New password is required']);
    expect(messages(password, 'short12')).toEqual(['New password must be at least 8 characters']);
    expect(messages(password, '        ')).toEqual([]);
    // Counted as the server counts: four emoji are four characters, not eight.
    expect(messages(password, '😀😀😀😀')).toEqual(['New password must be at least 8 characters']);
    expect(messages(password, 'x'.repeat(257))).toEqual([
      'New password must be at most 256 characters',
    ]);
  });
});
