import { useQueryClient } from '@tanstack/react-query';

/**
 * After a registration, a cancellation or a check-in: every events query is refreshed (the
 * lists, the dashboard's upcoming events, the event with its seats and ticket, the attendees),
 * the ones on screen at once; the promise resolves once they have come back.
 */
export function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        typeof queryKey[0] === 'string' && /^\/events(\/|$)/.test(queryKey[0]),
    });
}
