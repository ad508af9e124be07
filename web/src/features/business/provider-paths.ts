import type { ProviderListKind } from '@/api/gen/model/providerListKind';

import { providerPath } from '@/lib/business-paths';

export { PROVIDERS_PATH, providerPath } from '@/lib/business-paths';

/** The tabs of a provider: contacts (the index), then its three ordered lists. */
export type ProviderTab = 'contacts' | ProviderListKind;

export const PROVIDER_TABS: readonly ProviderTab[] = ['contacts', 'videos', 'links', 'attachments'];

export const PROVIDER_TAB_LABELS: Record<ProviderTab, string> = {
  contacts: 'Contacts',
  videos: 'Videos',
  links: 'Links',
  attachments: 'Attachments',
};

/** The path of a tab of a provider; contacts is the index. */
export function providerTabPath(id: number, tab: ProviderTab): string {
  return tab === 'contacts' ? providerPath(id) : `${providerPath(id)}/${tab}`;
}
