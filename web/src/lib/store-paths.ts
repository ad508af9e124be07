// The paths of the store, here because the app's header leads to the store and the account's
// purchase history leads to an order, as well as the store's pages themselves.
import { accountTabPath } from './account-paths';

export const STORE_PATH = '/store';
export const STORE_PRODUCTS_PATH = `${STORE_PATH}/products`;
export const CART_PATH = `${STORE_PATH}/cart`;
export const CHECKOUT_PATH = `${CART_PATH}/checkout`;
/** Staff with store.manage: every associate's orders, and an order's fulfilment. */
export const STORE_ORDERS_PATH = `${STORE_PATH}/orders`;

export const productPath = (slug: string) => `${STORE_PRODUCTS_PATH}/${slug}`;
export const storeOrderPath = (id: number) => `${STORE_ORDERS_PATH}/${id}`;

/** The account's purchase history, and one of the caller's own orders under it. */
export const PURCHASE_HISTORY_PATH = accountTabPath('purchase-history');
export const purchasePath = (id: number) => `${PURCHASE_HISTORY_PATH}/${id}`;

/** The checkout of an order already placed (a reload, or the way back from the card's bank). */
export const checkoutOrderPath = (id: number) => `${CHECKOUT_PATH}?order=${id}`;
