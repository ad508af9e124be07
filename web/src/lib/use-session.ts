import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from './session';

/** The current bearer token (re-renders when it changes, also from another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}
