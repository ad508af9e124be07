import { useMemo } from 'react';
import { useSearchClients } from '@/api/gen/endpoints/search/search';
import type { ClientLookup as ClientMatch } from '@/api/gen/model/clientLookup';
import { LOOKUP_QUERY_OPTIONS, Lookup, useLookupSearch, type LookupOption } from './lookup';

export interface ClientLookupProps {
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** The selected client id. */
  value: number | undefined;
  onChange: (id: number | undefined, name?: string) => void;
  clearOnSelect?: boolean;
  error?: string;
}

/**
 * The options of the matches: the name, and under it what tells two clients of the same name
 * apart — the email, else the client number (and the number too when even the emails agree).
 */
export function clientOptions(matches: readonly ClientMatch[]): LookupOption[] {
  const hint = (c: ClientMatch) => c.email || `Client #${c.id}`;
  const seen = new Map<string, number>();
  for (const c of matches) {
    const key = `${c.name}\n${hint(c)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return matches.map((c) => {
    const h = hint(c);
    const same = (seen.get(`${c.name}\n${h}`) ?? 0) > 1 && !h.startsWith('Client #');
    return { value: String(c.id), label: c.name, hint: same ? `${h} · Client #${c.id}` : h };
  });
}

/** Clients the caller may see, searched by name or email (GET /search/clients, which answers
 *  each match's email to tell namesakes apart). */
export function ClientLookup({
  label = 'Client',
  hideLabel,
  placeholder = 'Search clients by name or email',
  value,
  onChange,
  clearOnSelect,
  error,
}: ClientLookupProps) {
  const { search, setKeyword } = useLookupSearch();
  const query = useSearchClients(
    { search_keyword: search || undefined, 'include[]': value ? [value] : undefined },
    { query: { ...LOOKUP_QUERY_OPTIONS, enabled: search !== '' || value !== undefined } },
  );
  const matches = useMemo(
    () => (search || value ? (query.data?.data ?? []) : []),
    [search, value, query.data],
  );
  const options = useMemo(() => clientOptions(matches), [matches]);
  return (
    <Lookup
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder}
      value={value ? String(value) : undefined}
      onChange={(next, option) => onChange(next ? Number(next) : undefined, option?.label)}
      options={options}
      loading={query.isFetching}
      search={search}
      onKeywordChange={setKeyword}
      clearOnSelect={clearOnSelect}
      error={error}
    />
  );
}
