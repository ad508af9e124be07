import { z } from 'zod';
import { maxLengthMessage, minMessage, requiredMessage } from './field-rules';
import { dollarsToCents, phoneDigits } from './format';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address (trimmed), at most 254 characters; empty allowed unless `required`. */
export function emailText(label: string, { required = false }: { required?: boolean } = {}) {
  const text = z.string().trim().max(254, maxLengthMessage(label, 254));
  return (required ? text.min(1, requiredMessage(label)) : text).refine(
    (value) => value === '' || EMAIL.test(value),
    `${label} must be a valid email address`,
  );
}

/** A phone number in any layout with ten digits (or eleven with the country code 1); empty
 *  allowed unless `required`. tenDigitPhone (lib/format.ts) reads it for the API. */
export function phoneText(
  label: string,
  { required = false, max = 32 }: { required?: boolean; max?: number } = {},
) {
  const text = z.string().trim().max(max, maxLengthMessage(label, max));
  return (required ? text.min(1, requiredMessage(label)) : text).refine((value) => {
    if (value === '') return true;
    const digits = phoneDigits(value);
    return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  }, `${label} must have 10 digits`);
}

/** A date input's value (YYYY-MM-DD) in the past, or empty. */
export function pastDateText(label: string) {
  return z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), `${label} must be a date`)
    .refine(
      (value) => value === '' || value <= new Date().toISOString().slice(0, 10),
      `${label} must be in the past`,
    );
}

/** The shortest new password the forms take. */
export const PASSWORD_MIN_LENGTH = 8;

/** A new password, as typed (never trimmed): required, at least PASSWORD_MIN_LENGTH
 *  characters (counted as the server counts them: code points, so '😀' is one), at most 256.
 *  The server also refuses common passwords and the account's own words (NIST SP 800-63B). */
export function newPasswordText(label: string) {
  return z
    .string()
    .min(1, requiredMessage(label))
    .max(256, maxLengthMessage(label, 256))
    .refine((value) => {
      const length = [...value].length;
      return length === 0 || length >= PASSWORD_MIN_LENGTH;
    }, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`);
}

/** A password typed again: the message when it differs from the first. */
export const passwordsDifferMessage = (label: string) => `${label} must match the new password`;

/** A file chosen in a picker, or none (the picker's own checks: lib/file-rules.ts). */
export function fileValue() {
  return z.custom<File | undefined>((value) => value === undefined || value instanceof File);
}
