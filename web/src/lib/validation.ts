import { z } from 'zod';
import { maxLengthMessage, minMessage, requiredMessage } from './field-rules';

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
 * An optional number typed into a text input, at least `min` when given. The value stays a
 * string in the form; convert it on submit.
 */
export function optionalNumberText(label: string, min: number) {
  return z
    .string()
    .trim()
    .refine(
      (value) => value === '' || Number.isFinite(Number(value.replace(/[$,\s]/g, ''))),
      `${label} must be a number`,
    )
    .refine(
      (value) => value === '' || !(Number(value.replace(/[$,\s]/g, '')) < min),
      minMessage(label, min),
    );
}
