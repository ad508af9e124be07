import { useMemo } from 'react';
import { useSearchAssociates } from '@/api/gen/endpoints/search/search';
import { LOOKUP_QUERY_OPTIONS, Lookup, useLookupSearch, type LookupOption } from './lookup';

export interface AssociateLookupProps {
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** The selected associate code. */
  value: string | undefined;
  onChange: (code: string | undefined) => void;
  error?: string;
}

/** Associates the caller may see, searched by code or name (GET /search/associates). */
export function AssociateLookup({
  label = 'Associate',
  hideLabel,
  placeholder = 'Search by code or name',
  value,
  onChange,
  error,
}: AssociateLookupProps) {
  const { search, setKeyword } = useLookupSearch();
  const query = useSearchAssociates(
    { search_keyword: search || undefined, 'include[]': value ? [value] : undefined },
    { query: { ...LOOKUP_QUERY_OPTIONS, enabled: search !== '' || value !== undefined } },
  );
  const options = useMemo<LookupOption[]>(
    () =>
      (query.data?.data ?? []).map((a) => ({
        value: a.code,
        label: `${a.name} (${a.code})`,
      })),
    [query.data],
  );
  return (
    <Lookup
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange(next)}
      options={options}
      loading={query.isFetching}
      search={search}
      onKeywordChange={setKeyword}
      error={error}
    />
  );
}
