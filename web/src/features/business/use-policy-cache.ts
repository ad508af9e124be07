import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

// A policy's change moves what everything about business shows: its record, history,
// requirements and commission, the lists, the dashboards and the team's production.
const STALE_AFTER_A_POLICY_CHANGE = [
  '/policies',
  '/business',
  '/team',
  '/associates',
  '/dashboard',
];

/** Invalidates every query a change to a policy makes stale. */
export function useInvalidatePolicies() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const [root] = query.queryKey;
          return (
            typeof root === 'string' &&
            STALE_AFTER_A_POLICY_CHANGE.some((p) => root === p || root.startsWith(`${p}/`))
          );
        },
      }),
    [queryClient],
  );
}
