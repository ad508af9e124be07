import { useMutation } from '@tanstack/react-query';
import { downloadClients } from '@/api/gen/endpoints/clients/clients';
import type { DownloadClientsParams } from '@/api/gen/model/downloadClientsParams';
import { toQueryParams, type ListingState } from '@/lib/listing-state';

export type DownloadFormat = 'csv' | 'xlsx';

/** GET /clients/download with the list's filters and order, then opens the file URL in a new tab.
 *  A failure is toasted by the query client. */
export function useDownloadClients(state: ListingState) {
  return useMutation({
    mutationFn: async (format: DownloadFormat) => {
      // Open the tab during the click so that popup blockers allow it; point it at the file later.
      const tab = window.open('', '_blank');
      try {
        const params: Record<string, unknown> = { ...toQueryParams(state), format };
        delete params.page;
        delete params.limit;
        const { url } = await downloadClients(params as DownloadClientsParams);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
        return url;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
