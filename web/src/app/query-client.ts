import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, errorStatus } from '@/lib/errors';
import type { RequestMeta } from '@/lib/query-meta';
import { reportError } from '@/lib/sentry';
import { toast } from '@/lib/toast';

/** The one place where failed calls are toasted. */
export function reportFailure(error: unknown, meta: RequestMeta | undefined) {
  const status = errorStatus(error);
  // A 401 sends the user to the login page with a notice (api/mutator.ts): nothing to toast.
  if (status === 401) return;
  if (status === undefined || status >= 500) reportError(error);
  if (meta?.toast === false) return;
  if (status === 422 && meta?.inlineValidation) return;
  toast.error(errorMessage(error));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportFailure(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportFailure(error, mutation.meta),
    }),
    defaultOptions: {
      // The mutator retries (3 times, 1000 ms doubling, idempotent calls only): no second layer.
      queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
