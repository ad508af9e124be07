// The spec's field messages, and plain checks for forms too small for a schema (the login
// form): '{label} is required', '{label} must be greater than or equal to {min}'. The zod rules
// of lib/validation.ts build their messages here too, so both say the same.

export const requiredMessage = (label: string) => `${label} is required`;
export const minMessage = (label: string, min: number) =>
  `${label} must be greater than or equal to ${min}`;
export const maxLengthMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

/** The message of a required text field's value (as it is sent), or undefined when it is valid. */
export function requiredTextError(label: string, value: string, max: number): string | undefined {
  if (value.length === 0) return requiredMessage(label);
  if (value.length > max) return maxLengthMessage(label, max);
  return undefined;
}
