import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { dollarsText, requiredText } from './validation';

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
