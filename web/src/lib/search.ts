// Query strings in the bracket style of the API and the lists (`filter[state][in][]=TX`):
// keys keep their brackets readable; everything else is percent-encoded.

/** A query key with its brackets left as they are. */
export function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** Parameters as a query string (without '?'), brackets readable. */
export function encodeSearch(params: Iterable<[string, string]>): string {
  const parts: string[] = [];
  for (const [key, value] of params) parts.push(`${encodeKey(key)}=${encodeURIComponent(value)}`);
  return parts.join('&');
}

/**
 * `search` with `key` set to `value` (a new view, a tab, an associate), or without `key` when
 * `value` is undefined or empty; `page` is dropped, since the rows change.
 */
export function withSearchParam(search: string, key: string, value: string | undefined): string {
  const params = new URLSearchParams(search);
  if (value) params.set(key, value);
  else params.delete(key);
  params.delete('page');
  return encodeSearch(params);
}
