import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGetClientQueryKey, getListClientsQueryKey } from '@/api/gen/endpoints/clients/clients';
import { getGetDashboardQueryKey } from '@/api/gen/endpoints/dashboard/dashboard';

/** Invalidates what a change to clients makes stale: the lists, the record, the counts. */
export function useInvalidateClients() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id?: number) => {
      const [listRoot] = getListClientsQueryKey();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [listRoot] }),
        queryClient.invalidateQueries({ queryKey: ['/search/clients'] }),
        queryClient.invalidateQueries({ queryKey: getGetDashboardQueryKey() }),
        id
          ? queryClient.invalidateQueries({ queryKey: getGetClientQueryKey(id) })
          : Promise.resolve(),
      ]);
    },
    [queryClient],
  );
}
