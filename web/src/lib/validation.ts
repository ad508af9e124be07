import { z } from 'zod';
import { maxLengthMessage, minMessage, requiredMessage } from './field-rules';
import { dollarsToCents } from './format';

// No generated parsers: zod would probe `new Function` to compile them, which the portal's
// Content-Security-Policy refuses (and browsers report the refusal). Every form imports this
// module, so the setting is in place before the first parse.
z.config({ jitless: true });

// Field rules with the spec's messages (built in lib/field-rules.ts, which the login form uses
// without zod).

/** A required text field (trimmed). */
export function requiredText(label: string, max?: number) {
  const base = z.string().trim().min(1, requiredMessage(label));
  return max === undefined ? base : base.max(max, maxLengthMessage(label, max));
}

/** An optional text field (trimmed; empty allowed). */
export function optionalText(label: string, max: number) {
  return z.string().trim().max(max, maxLengthMessage(label, max));
}

/** A required choice from a select (the empty value means nothing chosen). */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
) {
  return z
    .string()
    .min(1, requiredMessage(label))
    .refine((value) => (values as readonly string[]).includes(value), requiredMessage(label));
}

/**
 * An amount of money typed in dollars ('$1,234.50'), read as dollarsToCents reads it on submit
 * (from the digits, never through a float): two decimals at most, not negative, at most
 * `maxCents` when given, so a value that passes is one the form can send as integer cents.
 * Empty is allowed unless `required`. The value stays a string in the form.
 */
export function dollarsText(
  label: string,
  { required = false, maxCents }: { required?: boolean; maxCents?: number } = {},
) {
  const text = z.string().trim();
  const cents = (value: string) => dollarsToCents(value) ?? 0;
  return (required ? text.min(1, requiredMessage(label)) : text)
    .refine(
      (value) => value === '' || dollarsToCents(value) !== undefined,
      `${label} must be an amount in dollars`,
    )
    .refine((value) => cents(value) >= 0, minMessage(label, 0))
    .refine((value) => maxCents === undefined || cents(value) <= maxCents, `${label} is too large`);
}
