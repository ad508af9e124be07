import { useAccess } from '@/lib/use-access';

/** The staff permission that edits providers' contacts, videos, links and attachments. */
export const PROVIDERS_MANAGE = 'providers.manage';

/**
 * Whether the caller may change providers: the server lets only staff holding
 * providers.manage do it (acting for an associate or not), so the permission decides.
 * Everyone else reads.
 */
export function useCanManageProviders(): boolean {
  const { permissions } = useAccess();
  return permissions.includes(PROVIDERS_MANAGE);
}
