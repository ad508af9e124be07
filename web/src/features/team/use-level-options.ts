import { useMemo } from 'react';
import { useGetTeamDashboard } from '@/api/gen/endpoints/team/team';
import type { Level } from '@/api/gen/model/level';
import type { MultiSelectOption } from '@/components/multi-select';

/**
 * The levels of the ladder for a level filter, lowest first. The contract has no list of
 * levels; the team dashboard's `by_level` names every level (by code, in rank order), and the
 * names come from the levels seen in the list.
 */
export function useLevelOptions(enabled: boolean, seen: readonly Level[]): MultiSelectOption[] {
  const dashboard = useGetTeamDashboard(undefined, {
    query: { enabled, staleTime: 300_000, meta: { toast: false } },
  });
  return useMemo(() => {
    const names = new Map(seen.map((l) => [l.code, l.name]));
    const codes = dashboard.data?.views[0]?.by_level.map((l) => l.label) ?? [...names.keys()];
    return codes.map((code) => {
      const name = names.get(code);
      return { value: code, label: name ? `${name} (${code})` : code };
    });
  }, [dashboard.data, seen]);
}
