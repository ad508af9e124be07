import { useGetAccess } from '@/api/gen/endpoints/access/access';

/** The signed-in user (GET /access, shared with the layout's query). */
export function useAccessUser() {
  const access = useGetAccess({ query: { staleTime: 60_000, meta: { toast: false } } });
  return { user: access.data?.user, isPending: access.isPending, error: access.error };
}
