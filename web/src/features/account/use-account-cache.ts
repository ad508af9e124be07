import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGetAccessQueryKey } from '@/api/gen/endpoints/access/access';
import {
  getGetAccountQueryKey,
  getListAccountChangeLogsQueryKey,
} from '@/api/gen/endpoints/account/account';
import { getGetAssociateQueryKey } from '@/api/gen/endpoints/associates/associates';
import type { AccountProfile } from '@/api/gen/model/accountProfile';

/**
 * After an edit form saved: the account as the server now has it (the answer, or asked again),
 * and what shows the same fields elsewhere — the account's header (GET /associates/{code}),
 * the user menu (GET /access) — and the change log, asked again.
 */
export function useAccountSaved() {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string, answer?: AccountProfile) => {
      if (answer) queryClient.setQueryData(getGetAccountQueryKey(), answer);
      await Promise.all([
        answer ? undefined : queryClient.invalidateQueries({ queryKey: getGetAccountQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getGetAssociateQueryKey(code) }),
        queryClient.invalidateQueries({ queryKey: getGetAccessQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getListAccountChangeLogsQueryKey() }),
      ]);
    },
    [queryClient],
  );
}

/**
 * After a record of the account changed (a payout account, an agreement, an appointment
 * request — each writes change-log rows): the queries that show it, and the change log,
 * asked again.
 */
export function useAccountRecordsChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (...keys: QueryKey[]) => {
      await Promise.all(
        [...keys, getListAccountChangeLogsQueryKey()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    [queryClient],
  );
}
