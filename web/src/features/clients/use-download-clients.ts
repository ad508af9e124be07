import { downloadClients } from '@/api/gen/endpoints/clients/clients';
import { downloadClients as downloadClientsList } from '@/api/lists.gen';
import { useDownload } from '@/lib/download';
import { toFilterParams, type ListingState } from '@/lib/listing-state';

/** GET /clients/download with the list's filters and order, opened in a new tab. */
export function useDownloadClients(state: ListingState) {
  return useDownload((format) =>
    downloadClients({ ...toFilterParams(state, downloadClientsList), format }),
  );
}
