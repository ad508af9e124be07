import { useAccess } from '@/lib/use-access';

/** The staff permission that writes and publishes help articles and reads them in every state. */
export const CONTENT_MANAGE = 'content.manage';

/**
 * Whether the caller writes help articles: the server lets only staff holding content.manage
 * do it (and shows them Drafts and Unpublished articles too), so the permission decides.
 * Everyone else reads the Published ones. `isPending` until GET /access has answered.
 */
export function useContentAccess(): { canManage: boolean; isPending: boolean } {
  const { permissions, isPending } = useAccess();
  return { canManage: permissions.includes(CONTENT_MANAGE), isPending };
}
