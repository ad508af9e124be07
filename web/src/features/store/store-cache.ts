import { useQueryClient } from '@tanstack/react-query';
import { getGetCartQueryKey } from '@/api/gen/endpoints/store/store';
import type { Cart } from '@/api/gen/model/cart';

/** The cart as the server answered a change of it: every cart on screen shows it at once. */
export function useSetCart() {
  const queryClient = useQueryClient();
  return (cart: Cart) => queryClient.setQueryData(getGetCartQueryKey(), cart);
}

/**
 * After a checkout, a payment or a fulfilment move: the cart, the products (their stock), the
 * orders and the order are read again, the ones on screen at once.
 */
export function useRefreshStore() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        typeof queryKey[0] === 'string' && /^\/store(\/|$)/.test(queryKey[0]),
    });
}
