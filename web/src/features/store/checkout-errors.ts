import { errorCode, errorMessage } from '@/lib/errors';

/** The server's words as a sentence: with its full stop. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The refusals of the store (the contract's ErrorCode), which the store's pages name. */
export const OUT_OF_STOCK = 'out_of_stock';
export const CART_NOT_READY = 'cart_not_ready';
export const PAYMENTS_UNAVAILABLE = 'payments_unavailable';

/**
 * Why a checkout failed, for the checkout page: a title chosen by the answer's code (never by
 * its words), and the server's words, which name the item (out_of_stock: 'Only 2 of Logo
 * T-Shirt — Blue (M) left in stock'; cart_not_ready: the item off sale, or an empty cart).
 */
export function checkoutFailure(error: unknown): { title: string; message: string } {
  const message = sentence(errorMessage(error));
  switch (errorCode(error)) {
    case OUT_OF_STOCK:
      return {
        title: 'Not enough in stock',
        message: `${message} Change the quantity in your cart, then check out again.`,
      };
    case CART_NOT_READY:
      return { title: 'Your cart is not ready for checkout', message };
    case PAYMENTS_UNAVAILABLE:
      return { title: 'Card payments are unavailable right now', message };
    default:
      return { title: 'The order could not be placed', message };
  }
}
