import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getGetProviderQueryKey,
  getListProviderContactsQueryKey,
  getListProviderItemsQueryKey,
  getListProvidersQueryKey,
} from '@/api/gen/endpoints/providers/providers';
import type { ProviderTab } from './provider-paths';

/** Invalidates what a change to one of a provider's lists makes stale: that list, and the
 *  counts on the provider and in the providers list. */
export function useInvalidateProvider(providerId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (tab: ProviderTab) => {
      const [listRoot] = getListProvidersQueryKey();
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey:
            tab === 'contacts'
              ? getListProviderContactsQueryKey(providerId)
              : getListProviderItemsQueryKey(providerId, tab),
        }),
        queryClient.invalidateQueries({ queryKey: getGetProviderQueryKey(providerId) }),
        queryClient.invalidateQueries({ queryKey: [listRoot], exact: false }),
      ]);
    },
    [queryClient, providerId],
  );
}
