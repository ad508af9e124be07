import { useEffect, useState } from 'react';

/** Lookups search 300 ms after the last keystroke. */
export const LOOKUP_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delayMs: number = LOOKUP_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
