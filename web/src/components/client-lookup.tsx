import { useMemo } from 'react';
import { useSearchClients } from '@/api/gen/endpoints/search/search';
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

/** Clients the caller may see, searched by name or email (GET /search/clients). */
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
    { query: LOOKUP_QUERY_OPTIONS },
  );
  const options = useMemo<LookupOption[]>(
    () => (query.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [query.data],
  );
  return (
    <Lookup
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder}
      value={value ? String(value) : undefined}
      onChange={(next, option) => onChange(next ? Number(next) : undefined, option?.label)}
      options={options}
      loading={query.isFetching}
      onKeywordChange={setKeyword}
      clearOnSelect={clearOnSelect}
      error={error}
    />
  );
}
