import type { QueryClient } from '@tanstack/react-query';
import { getGetAccessQueryOptions } from '@/api/gen/endpoints/access/access';
import { getListAcknowledgementsQueryOptions } from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { getGetDashboardQueryOptions } from '@/api/gen/endpoints/dashboard/dashboard';
import { QUIET_QUERY } from '@/lib/query-meta';
import { getToken } from '@/lib/session';
import { ACCESS_QUERY } from '@/lib/use-access';

// Route loaders that start the first requests of a signed-in page while its code loads, rather
// than once it has rendered (the shell asks for the user and the acknowledgements, the home for
// the dashboard, one after the other). They wait for nothing and return nothing: the screens
// read the same queries, with the same options, from the cache. Without a session they do
// nothing (the guard sends the visitor to the login page).

export function prefetchSession(queryClient: QueryClient) {
  if (!getToken()) return null;
  void queryClient.prefetchQuery(getGetAccessQueryOptions({ query: ACCESS_QUERY }));
  void queryClient.prefetchQuery(getListAcknowledgementsQueryOptions({ query: QUIET_QUERY }));
  return null;
}

export function prefetchDashboard(queryClient: QueryClient) {
  if (!getToken()) return null;
  void queryClient.prefetchQuery(getGetDashboardQueryOptions({ query: QUIET_QUERY }));
  return null;
}
