import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  getListProviderItemsQueryKey,
  useMoveProviderItem,
} from '@/api/gen/endpoints/providers/providers';
import type { ProviderItem } from '@/api/gen/model/providerItem';
import type { ProviderItemList } from '@/api/gen/model/providerItemList';
import type { ProviderListKind } from '@/api/gen/model/providerListKind';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { movedMessage, moveItem, renumber, revertedMessage } from './reorder';

/** The title of the toast of a move the server refused (spec §8: the list reverts and an
 *  error toast shows). */
export const REORDER_FAILED = 'The new order could not be saved';

/**
 * Moves an item of a provider's ordered list, optimistically: the list shows the new order at
 * once and PATCH {position} goes to the server. The moves of one list run one after the other
 * (a mutation scope), so the server applies them in the order they were made. A refused move
 * puts the list back as it was before it, toasts the server's message and, once no move is
 * left, reads the list again; a move that succeeds keeps the order the server answers when no
 * other move is waiting. `announcement` says what happened, for an aria-live region.
 */
export function useReorderProviderItems(providerId: number, kind: ProviderListKind) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef(0);
  const failed = useRef(false);
  const key = getListProviderItemsQueryKey(providerId, kind);

  const mutation = useMoveProviderItem({
    mutation: {
      scope: { id: `move:${key[0]}` },
      // The failure is toasted here, with what became of the list.
      meta: { toast: false },
      onMutate: async ({ itemId, data }) => {
        pending.current++;
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<ProviderItemList>(key);
        if (previous) {
          const from = previous.data.findIndex((item) => item.id === itemId);
          queryClient.setQueryData<ProviderItemList>(key, {
            ...previous,
            data: renumber(moveItem(previous.data, from, data.position - 1)),
          });
        }
        return { previous };
      },
      onSuccess: (list) => {
        if (pending.current === 1) queryClient.setQueryData<ProviderItemList>(key, list);
      },
      onError: (error, { itemId }, context) => {
        failed.current = true;
        const previous = context?.previous;
        if (previous) queryClient.setQueryData<ProviderItemList>(key, previous);
        const index = previous?.data.findIndex((item) => item.id === itemId) ?? -1;
        const item = previous?.data[index];
        if (item && previous) {
          setAnnouncement(revertedMessage(item.title, index + 1, previous.data.length));
        }
        toast.error(REORDER_FAILED, errorMessage(error));
      },
      onSettled: () => {
        pending.current--;
        if (pending.current === 0 && failed.current) {
          failed.current = false;
          void queryClient.invalidateQueries({ queryKey: key });
        }
      },
    },
  });

  const { mutate } = mutation;
  const move = useCallback(
    (item: ProviderItem, to: number, count: number) => {
      setAnnouncement(movedMessage(item.title, to + 1, count));
      mutate({ id: providerId, kind, itemId: item.id, data: { position: to + 1 } });
    },
    [mutate, providerId, kind],
  );

  return { move, announcement };
}
