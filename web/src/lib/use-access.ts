import { useGetAccess } from '@/api/gen/endpoints/access/access';
import type { User } from '@/api/gen/model/user';
import type { RequestMeta } from './query-meta';

/** The permission that opens the client list to staff. */
export const CLIENTS_READ = 'clients.read';

/** The permission that opens every associate's payments to staff. */
export const PAYMENTS_READ = 'payments.read';

/** The permission that shows staff events in every state, their attendees, and checks them in. */
export const EVENTS_MANAGE = 'events.manage';

/** The permission that shows staff every associate's store orders and moves their fulfilment. */
export const STORE_MANAGE = 'store.manage';

/** What the caller may do, from GET /access: the one place the staff rules live. */
export interface AccessRules {
  /** A staff user acting for no associate: no associate code, so no clients, team or account. */
  isStaff: boolean;
  /** Associates read their own and their downline's clients; staff need clients.read. */
  canReadClients: boolean;
  /** Only associates own (and so add) clients. */
  canOwnClients: boolean;
  /** Associates read their own payments; staff need payments.read. */
  canReadPayments: boolean;
  /** Staff with payments.read read every associate's payments, and name the associate (the
   *  lists' associate filter, the payments dashboard's associate). */
  readsAllPayments: boolean;
  /** Only associates register for events (staff acting for one too). */
  attendsEvents: boolean;
  /** Staff with events.manage see every event's state and attendees, and check them in. */
  managesEvents: boolean;
  /** Only associates have a cart and buy from the store (staff acting for one too). */
  buysFromStore: boolean;
  /** Staff with store.manage see every associate's orders and move their fulfilment. */
  managesStore: boolean;
}

/** The rules for a user and their permissions; all false while the user is not known. */
export function accessRules(
  user: Pick<User, 'code'> | undefined,
  permissions: readonly string[],
): AccessRules {
  if (!user) {
    return {
      isStaff: false,
      canReadClients: false,
      canOwnClients: false,
      canReadPayments: false,
      readsAllPayments: false,
      attendsEvents: false,
      managesEvents: false,
      buysFromStore: false,
      managesStore: false,
    };
  }
  const associate = Boolean(user.code);
  const paymentsStaff = !associate && permissions.includes(PAYMENTS_READ);
  return {
    isStaff: !associate,
    canReadClients: associate || permissions.includes(CLIENTS_READ),
    canOwnClients: associate,
    canReadPayments: associate || paymentsStaff,
    readsAllPayments: paymentsStaff,
    attendsEvents: associate,
    managesEvents: permissions.includes(EVENTS_MANAGE),
    buysFromStore: associate,
    managesStore: permissions.includes(STORE_MANAGE),
  };
}

/** GET /access is kept for a minute; its failure is shown by the layout, never toasted. */
export const ACCESS_QUERY = { staleTime: 60_000, meta: { toast: false } satisfies RequestMeta };

/**
 * The signed-in user, their permissions and what they may do. Every screen asks through this
 * hook, so they share one GET /access (kept for a minute; its failure is shown by the layout,
 * never toasted).
 */
export function useAccess() {
  const access = useGetAccess({ query: ACCESS_QUERY });
  const user = access.data?.user;
  const permissions = access.data?.permissions ?? [];
  return {
    user,
    permissions,
    ...accessRules(user, permissions),
    isPending: access.isPending,
    isError: access.isError,
    error: access.error,
    refetch: access.refetch,
  };
}
