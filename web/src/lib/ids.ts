// Record ids read from a route or a query string (a client's :id, a provider's :providerId, a
// cashflow entry's :id, a policy's ?id=).

/**
 * The text as a positive integer id (1, 2, … up to the largest safe integer), or undefined
 * for anything else: empty, 0, a sign, a fraction, spaces, letters, a number too large.
 */
export function parsePositiveId(text: string | null | undefined): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && Number.isSafeInteger(value) ? value : undefined;
}
