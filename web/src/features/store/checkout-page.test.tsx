import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreOrder } from '@/api/gen/model/storeOrder';
import { EMPTY_CART, MUG, cartLine, cartOf, checkout, order } from '@/test/store-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { CheckoutPage } from './checkout-page';

// Stripe.js and Elements as the card form meets them (the real ones need js.stripe.com).
const stripe = vi.hoisted(() => ({
  loaded: [] as string[],
  elementsOptions: [] as unknown[],
  confirmPayment: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async (key: string) => {
    stripe.loaded.push(key);
    return { fake: 'stripe' };
  },
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return <div>{children}</div>;
  },
  PaymentElement: () => (
    <label>
      Card number <input />
    </label>
  ),
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ fake: 'elements' }),
}));

afterEach(() => {
  stripe.loaded.length = 0;
  stripe.elementsOptions.length = 0;
  stripe.confirmPayment.mockReset();
  sessionStorage.clear();
});

const CART = cartOf([
  cartLine(),
  cartLine({
    variant_id: 21,
    product_slug: MUG.slug,
    product_name: MUG.name,
    size: undefined,
    quantity: 1,
    unit_price_cents: 1800,
  }),
]);

/**
 * A server whose checkout answers `placed` (demo or not), whose order stays Pending until it
 * is paid, then is answered Pending `pendingReads` more times before Paid (Stripe's webhook
 * arriving a moment later). `publishableKey`: the Stripe key of the checkout; the page loads
 * Stripe.js once per key for as long as the module lives (this whole file), so a test that
 * counts the loads must not share its key with the tests before it, whatever their order.
 */
function server({
  demo = true,
  pendingReads = 1,
  routes = {},
  staff = false,
  publishableKey = 'pk_test_portal',
}: {
  demo?: boolean;
  pendingReads?: number;
  routes?: Record<string, FakeRoute>;
  staff?: boolean;
  publishableKey?: string;
} = {}) {
  let current: StoreOrder = order({ demo_payment: demo });
  let paid = false;
  let reads = 0;
  const read = () => {
    if (paid && reads++ >= pendingReads) {
      current = { ...current, payment_status: 'Paid', paid_at: '2026-11-20T15:01:00Z' };
    }
    return current;
  };
  fakeApi({
    '/access': accessAnswer(staff ? { staff: true } : {}),
    'GET /store/cart': CART,
    'POST /store/cart/checkout': () =>
      checkout({ order: current, demo, publishable_key: publishableKey }),
    'GET /store/orders/42': read,
    'POST /store/orders/42/demo-payment': () => {
      paid = true;
      return current;
    },
    ...routes,
  });
  return { pay: () => (paid = true) };
}

function renderAt(path = '/store/cart/checkout') {
  return renderWithProviders(<CheckoutPage />, {
    path,
    route: '/store/cart/checkout',
    extraRoutes: [
      { path: '/store/cart', element: <h1>Cart page</h1> },
      { path: '/account/purchase-history', element: <h1>Purchase history</h1> },
    ],
  });
}

const placeOrder = () => screen.findByRole('button', { name: 'Place order' });
const paidHeading = () =>
  screen.findByRole('heading', { name: 'Thank you: Order #42 is paid' }, { timeout: 5000 });

describe('CheckoutPage', () => {
  it('demo payment mode: places the order, says no card is charged, pays, waits for Paid', async () => {
    server();
    const { user, router } = renderAt();
    expect(await screen.findByText('Logo T-Shirt — Blue (M)')).toBeInTheDocument();
    expect(screen.getByText('$58.00')).toBeInTheDocument();
    await user.click(await placeOrder());

    expect(await screen.findByText('Demo payment mode — no card is charged.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?order=42');
    expect(stripe.loaded).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay (demo)' }));
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();

    await paidHeading();
    expect(calls('/store/orders/42/demo-payment')).toHaveLength(1);
    expect(calls('/store/orders/42').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Your purchase history' })).toHaveAttribute(
      'href',
      '/account/purchase-history',
    );
    expect(screen.getByRole('link', { name: 'Order details' })).toHaveAttribute(
      'href',
      '/account/purchase-history/42',
    );
  });

  it('with Stripe keys: Stripe Elements over the intent, confirmPayment, then waits for Paid', async () => {
    const { pay } = server({ demo: false });
    // Stripe confirms, and its webhook moves the order a moment later.
    stripe.confirmPayment.mockImplementation(async () => {
      pay();
      return { paymentIntent: { status: 'succeeded' } };
    });
    const { user } = renderAt();
    await user.click(await placeOrder());

    const payButton = await screen.findByRole('button', { name: 'Pay $58.00' });
    expect(screen.queryByText('Demo payment mode — no card is charged.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(stripe.loaded).toEqual(['pk_test_portal']);
    expect(stripe.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_3Abc_secret_Xyz' });
    await user.click(payButton);

    await paidHeading();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { fake: 'elements' },
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/store/cart/checkout?order=42` },
    });
    expect(calls('/store/orders/42/demo-payment')).toEqual([]);
  });

  it("with Stripe keys: a card Stripe refuses says Stripe's words, and the order waits", async () => {
    server({ demo: false, publishableKey: 'pk_test_refused' });
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const { user } = renderAt();
    await user.click(await placeOrder());
    await user.click(await screen.findByRole('button', { name: 'Pay $58.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not paid: Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay $58.00' })).toBeEnabled();
  });

  it('with Stripe keys: the card form comes back after a reload (the keys kept for the tab)', async () => {
    const { pay } = server({ demo: false, publishableKey: 'pk_test_reload' });
    const first = renderAt();
    await first.user.click(await placeOrder());
    await screen.findByRole('button', { name: 'Pay $58.00' });
    first.unmount();

    stripe.confirmPayment.mockImplementation(async () => {
      pay();
      return { paymentIntent: { status: 'succeeded' } };
    });
    const { user } = renderAt('/store/cart/checkout?order=42');
    await user.click(await screen.findByRole('button', { name: 'Pay $58.00' }));
    await paidHeading();
    expect(sessionStorage.getItem('portal.checkout.42')).toBeNull();
  });

  it('names the item when less of it is in stock than the cart holds', async () => {
    const message = 'Only 2 of Logo T-Shirt — Blue (M) left in stock';
    server({
      routes: {
        'POST /store/cart/checkout': () => {
          throw apiError(409, message, { status: 409, message, code: 'out_of_stock' });
        },
      },
    });
    const { user } = renderAt();
    await user.click(await placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Not enough in stock. ${message}. Change the quantity in your cart, then check out again.`,
    );
  });

  it('says a cart not ready in words', async () => {
    const message = 'Retired Logo Cap is no longer on sale: take it out of your cart';
    server({
      routes: {
        'POST /store/cart/checkout': () => {
          throw apiError(409, message, { status: 409, message, code: 'cart_not_ready' });
        },
      },
    });
    const { user } = renderAt();
    await user.click(await placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your cart is not ready for checkout. ${message}.`,
    );
  });

  it('says card payments are unavailable in words', async () => {
    const message =
      'The payment could not be started; nothing was charged and your cart is as it was. Try again in a moment';
    server({
      routes: {
        'POST /store/cart/checkout': () => {
          throw apiError(503, message, { status: 503, message, code: 'payments_unavailable' });
        },
      },
    });
    const { user } = renderAt();
    await user.click(await placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Card payments are unavailable right now. ${message}.`,
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('offers nothing to order from an empty cart', async () => {
    server({ routes: { 'GET /store/cart': EMPTY_CART } });
    renderAt();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });

  it('sends a cart with a problem back to the cart', async () => {
    server({ routes: { 'GET /store/cart': cartOf([cartLine({ problem: 'gone' })]) } });
    renderAt();
    expect(
      await screen.findByText('No longer on sale: remove it to check out.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your cart' })).toHaveAttribute(
      'href',
      '/store/cart',
    );
  });

  it('a demo order placed earlier can be paid from its address', async () => {
    server();
    const { user } = renderAt('/store/cart/checkout?order=42');
    await user.click(await screen.findByRole('button', { name: 'Pay (demo)' }));
    await paidHeading();
    expect(calls('/store/cart/checkout')).toEqual([]);
  });

  it('says a failed payment so', async () => {
    server({
      routes: {
        'GET /store/orders/42': order({ payment_status: 'Failed', fulfilment: 'Cancelled' }),
      },
    });
    renderAt('/store/cart/checkout?order=42');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment of Order #42 failed. Nothing was charged, and its items went back on sale.',
    );
    expect(screen.queryByRole('button', { name: 'Pay (demo)' })).not.toBeInTheDocument();
  });

  it('refuses staff up front', async () => {
    server({ staff: true });
    renderAt();
    expect(
      await screen.findByText('Only associates have a cart and buy from the store'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls('/store/cart')).toEqual([]));
  });
});
