import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  acknowledge,
  getAcknowledgementSignedURL,
  getListAcknowledgementsQueryKey,
} from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { getGetDashboardQueryKey } from '@/api/gen/endpoints/dashboard/dashboard';
import type { AcknowledgementKind } from '@/api/gen/model/acknowledgementKind';
import type { Acknowledgements } from '@/api/gen/model/acknowledgements';
import { uploadFile } from '@/lib/upload';

/** After a successful acknowledgement the first item is removed after 2000 ms. */
export const REMOVE_AFTER_MS = 2000;

export interface AcknowledgeInput {
  kind: AcknowledgementKind;
  id: number;
  /** SVG text when the item requires a signature. */
  signatureSvg?: string | null;
}

/** Signature upload through a signed URL, then the acknowledgement itself. */
export function useAcknowledgeItem() {
  return useMutation({
    meta: { toast: false },
    mutationFn: async ({ kind, id, signatureSvg }: AcknowledgeInput) => {
      if (signatureSvg) {
        const signature = await uploadFile(
          () => getAcknowledgementSignedURL(kind),
          signatureSvg,
          'image/svg+xml',
        );
        return acknowledge(kind, id, { signature });
      }
      return acknowledge(kind, id, {});
    },
  });
}

/** Removes the first item of a list from the cache, then refreshes from the server. */
export function useRemoveFirst() {
  const queryClient = useQueryClient();
  return useCallback(
    (kind: AcknowledgementKind) => {
      const key = getListAcknowledgementsQueryKey();
      queryClient.setQueryData<Acknowledgements>(key, (old) =>
        old ? { ...old, [kind]: old[kind].slice(1) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: getGetDashboardQueryKey() });
    },
    [queryClient],
  );
}
