import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './errors';

/** The redirect delay after a successful form (spec: 1000 ms, to the parent route). */
export const REDIRECT_DELAY_MS = 1000;
export const DEFAULT_SUCCESS_MESSAGE = 'Form submitted successfully';

export const createdMessage = (name: string) => `${name} created successfully`;
export const updatedMessage = (name: string) => `${name} updated successfully`;

/**
 * Puts the server's field errors (422) under the fields the form has. Returns true when at least
 * one went to a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let placed = false;
  for (const { field, message } of fieldErrors(error)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/** After success, goes to `target` once `REDIRECT_DELAY_MS` has passed (when `target` is set). */
export function useRedirectAfterSuccess(target: string | null, delayMs = REDIRECT_DELAY_MS) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigateRef.current(target), delayMs);
    return () => clearTimeout(timer);
  }, [target, delayMs]);
}
