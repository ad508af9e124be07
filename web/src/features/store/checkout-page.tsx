import { Box, Button, Callout, Card, Flex, Heading, Link, Spinner, Text } from '@radix-ui/themes';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  useCheckoutCart,
  useGetCart,
  useGetStoreOrder,
  usePayStoreOrderDemo,
} from '@/api/gen/endpoints/store/store';
import type { Cart } from '@/api/gen/model/cart';
import type { Checkout } from '@/api/gen/model/checkout';
import type { StoreOrder } from '@/api/gen/model/storeOrder';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { PageHeader } from '@/components/page-header';
import { errorDetails } from '@/lib/errors';
import { formatCurrency } from '@/lib/format';
import { parsePositiveId } from '@/lib/ids';
import { usePageTitle } from '@/lib/page-title';
import {
  CART_PATH,
  PURCHASE_HISTORY_PATH,
  STORE_PATH,
  STORE_PRODUCTS_PATH,
  checkoutOrderPath,
  purchasePath,
} from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import { EmptyCart, NO_CART, itemCount } from './cart-page';
import { lineName, lineProblem } from './cart-line';
import { checkoutFailure } from './checkout-errors';
import { OrderSummary, orderTitle } from './order-view';
import { ORDER_NOT_FOUND } from './purchase-pages';
import { useRefreshStore } from './store-cache';
import { LoadFailure } from './store-notice';

// Stripe Elements and Stripe.js load only when an order is paid by card with real keys.
const StripePayment = lazy(async () => ({
  default: (await import('./stripe-payment')).StripePayment,
}));

/** How often the order is read while its payment is confirmed, and for how long at that pace. */
export const POLL_MS = 1000;
export const SLOW_POLL_MS = 5000;
export const PATIENCE_MS = 60_000;

/** What the card form needs to pay an order placed in this browser tab, kept for a reload
 *  (and for the way back from the card's bank): the intent's client secret and the key. */
interface PaymentKeys {
  client_secret: string;
  publishable_key: string;
}

const keysKey = (orderId: number) => `portal.checkout.${orderId}`;

function saveKeys(checkout: Checkout) {
  try {
    sessionStorage.setItem(
      keysKey(checkout.order.id),
      JSON.stringify({
        client_secret: checkout.client_secret,
        publishable_key: checkout.publishable_key,
      } satisfies PaymentKeys),
    );
  } catch {
    // Storage full or off: a reload cannot show the card form again, nothing else changes.
  }
}

function readKeys(orderId: number): PaymentKeys | undefined {
  try {
    const raw = sessionStorage.getItem(keysKey(orderId));
    const keys: unknown = raw ? JSON.parse(raw) : undefined;
    if (
      typeof keys === 'object' &&
      keys !== null &&
      typeof (keys as PaymentKeys).client_secret === 'string' &&
      typeof (keys as PaymentKeys).publishable_key === 'string'
    ) {
      return keys as PaymentKeys;
    }
  } catch {
    // Unreadable: as if absent.
  }
  return undefined;
}

function forgetKeys(orderId: number) {
  try {
    sessionStorage.removeItem(keysKey(orderId));
  } catch {
    // Nothing to do.
  }
}

/**
 * store/cart/checkout — the cart as it will be ordered, and Place order, which turns it into
 * an order (the stock is held for it) and starts its payment. Then, at ?order={id}: in demo
 * payment mode a clearly labelled Pay (demo); with Stripe keys the card form (Stripe
 * Elements); then the order is read until its payment is confirmed (Stripe's webhook moves
 * it), and the confirmation leads to the purchase history.
 */
export function CheckoutPage() {
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const orderId = parsePositiveId(params.get('order'));
  const badOrder = params.has('order') && orderId === undefined;
  const failure =
    !access.isPending && !access.buysFromStore ? NO_CART : badOrder ? ORDER_NOT_FOUND : undefined;
  usePageTitle(failure ? errorTitle(failure) : 'Checkout', 'Store');
  // The order placed on this page (its payment keys), until the page is left.
  const [placed, setPlaced] = useState<Checkout>();

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: CART_PATH, label: 'Back to your cart' }} />;
  }
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Store', to: STORE_PATH },
          { label: 'Cart', to: CART_PATH },
          { label: 'Checkout' },
        ]}
      />
      <PageHeader title="Checkout" />
      {orderId === undefined ? (
        access.buysFromStore ? (
          <PlaceOrder
            onPlaced={(checkout) => {
              if (!checkout.demo) saveKeys(checkout);
              setPlaced(checkout);
              setParams({ order: String(checkout.order.id) }, { replace: true });
            }}
          />
        ) : (
          <CenteredSpinner />
        )
      ) : (
        <OrderPayment
          key={orderId}
          orderId={orderId}
          placed={placed?.order.id === orderId ? placed : undefined}
          returned={params.get('redirect_status') ?? undefined}
        />
      )}
    </>
  );
}

/** The cart as it will be ordered, and Place order; a refusal says why, naming the item. */
function PlaceOrder({ onPlaced }: { onPlaced: (checkout: Checkout) => void }) {
  const cart = useGetCart({ query: { meta: { toast: false } } });
  const refresh = useRefreshStore();
  const checkout = useCheckoutCart({ mutation: { meta: { toast: false } } });

  const onPlace = async () => {
    try {
      const answer = await checkout.mutateAsync();
      onPlaced(answer);
    } catch {
      // Shown by the callout; the cart or the stock changed: read them again.
    } finally {
      void refresh();
    }
  };

  if (cart.isPending) return <CenteredSpinner label="Loading your cart" />;
  if (cart.isError && !cart.data) {
    return (
      <LoadFailure
        what="Your cart"
        error={cart.error}
        onRetry={cart.refetch}
        retrying={cart.isFetching}
      />
    );
  }
  if (cart.data.lines.length === 0 && !checkout.isPending) return <EmptyCart />;
  const failure = checkout.isError ? checkoutFailure(checkout.error) : undefined;
  return (
    <div className="checkout-layout">
      <Card size="2" asChild>
        <section aria-labelledby="checkout-items">
          <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
            <Heading as="h2" size="4" id="checkout-items">
              Your order
            </Heading>
            <Link asChild size="2">
              <RouterLink to={CART_PATH}>Change the cart</RouterLink>
            </Link>
          </Flex>
          <CartSummary cart={cart.data} />
        </section>
      </Card>
      <Card size="2" asChild>
        <section aria-labelledby="checkout-pay">
          <Heading as="h2" size="4" mb="3" id="checkout-pay">
            Payment
          </Heading>
          <Flex direction="column" gap="3">
            {failure ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>
                  <strong>{failure.title}. </strong>
                  {failure.message}
                </Callout.Text>
              </Callout.Root>
            ) : null}
            <Flex justify="between" align="baseline" gap="3">
              <Text weight="bold">Total</Text>
              <Text size="5" weight="bold">
                {formatCurrency(cart.data.total_cents)}
              </Text>
            </Flex>
            {cart.data.ready ? (
              <>
                <Text size="2" color="gray">
                  Placing the order holds the items for you; you pay on the next step.
                </Text>
                <Button size="3" onClick={() => void onPlace()} loading={checkout.isPending}>
                  Place order
                </Button>
              </>
            ) : (
              <Text size="2" color="orange">
                Some items cannot be bought as they are.{' '}
                <Link asChild>
                  <RouterLink to={CART_PATH}>Back to your cart</RouterLink>
                </Link>{' '}
                to change them.
              </Text>
            )}
          </Flex>
        </section>
      </Card>
    </div>
  );
}

/** The cart's lines, read only, with what stops one from being bought. */
function CartSummary({ cart }: { cart: Cart }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul className="checkout-lines" aria-label="Items">
        {cart.lines.map((line) => {
          const problem = lineProblem(line);
          return (
            <li key={line.variant_id}>
              <Flex justify="between" gap="3">
                <Flex direction="column" minWidth="0">
                  <Text weight="medium">{lineName(line)}</Text>
                  <Text size="1" color="gray">
                    {line.quantity} × {formatCurrency(line.unit_price_cents)}
                  </Text>
                  {problem ? (
                    <Text size="1" color="orange">
                      {problem}
                    </Text>
                  ) : null}
                </Flex>
                <Text className="nowrap">{formatCurrency(line.line_total_cents)}</Text>
              </Flex>
            </li>
          );
        })}
        <li>
          <Text size="2" color="gray">
            {itemCount(cart.item_count)}
          </Text>
        </li>
      </ul>
    </Flex>
  );
}

/**
 * An order placed, and its payment: the way to pay it while it is Pending, then its payment
 * confirmed (the order is read every second until Stripe's webhook has moved it, more slowly
 * after a minute), and the outcome.
 */
function OrderPayment({
  orderId,
  placed,
  returned,
}: {
  orderId: number;
  placed: Checkout | undefined;
  /** Stripe's redirect_status, when the card's bank sent the browser back here. */
  returned: string | undefined;
}) {
  const [since, setSince] = useState<number | undefined>(() =>
    returned === 'succeeded' || returned === 'processing' ? Date.now() : undefined,
  );
  const [slow, setSlow] = useState(false);
  const refresh = useRefreshStore();
  const query = useGetStoreOrder(orderId, {
    query: {
      meta: { toast: false },
      initialData: placed?.order,
      refetchInterval: (q) =>
        since !== undefined && q.state.data?.payment_status === 'Pending'
          ? slow
            ? SLOW_POLL_MS
            : POLL_MS
          : false,
    },
  });
  const order = query.data;
  const status = order?.payment_status;
  useEffect(() => {
    if (since === undefined || status !== 'Pending') return;
    const timer = setTimeout(() => setSlow(true), Math.max(0, since + PATIENCE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since, status]);
  useEffect(() => {
    if (status && status !== 'Pending') {
      forgetKeys(orderId);
      // The orders and the stock moved: every store query is read again.
      void refresh();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome
  }, [status, orderId]);

  if (query.isError && !order) {
    return (
      <ErrorPanel
        {...errorDetails(query.error)}
        back={{ to: PURCHASE_HISTORY_PATH, label: 'Your purchase history' }}
      />
    );
  }
  if (!order) return <CenteredSpinner label="Loading the order" />;

  const keys = placed
    ? { client_secret: placed.client_secret, publishable_key: placed.publishable_key }
    : readKeys(orderId);
  const confirming = since !== undefined && order.payment_status === 'Pending';

  return (
    <div className="checkout-layout">
      <Flex direction="column" gap="4" minWidth="0">
        {order.payment_status === 'Paid' ? (
          <Confirmation order={order} />
        ) : order.payment_status === 'Failed' ? (
          <PaymentFailed order={order} />
        ) : order.payment_status !== 'Pending' ? (
          <Callout.Root color="gray" role="status">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              The payment of {orderTitle(order.id)} is {order.payment_status}.{' '}
              <Link asChild>
                <RouterLink to={purchasePath(order.id)}>See the order</RouterLink>
              </Link>
            </Callout.Text>
          </Callout.Root>
        ) : confirming ? (
          <Confirming slow={slow} returnedFailed={returned === 'failed'} />
        ) : returned === 'failed' ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <strong>Not paid: </strong>your bank did not confirm the payment. Nothing was charged.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {order.payment_status === 'Pending' && !confirming ? (
          <Card size="2" asChild>
            <section aria-labelledby="order-pay">
              <Heading as="h2" size="4" mb="3" id="order-pay">
                Pay for {orderTitle(order.id)}
              </Heading>
              {order.demo_payment ? (
                <DemoPayment order={order} onPaid={() => setSince(Date.now())} />
              ) : keys ? (
                <Suspense fallback={<CenteredSpinner label="Loading the card form" />}>
                  <StripePayment
                    publishableKey={keys.publishable_key}
                    clientSecret={keys.client_secret}
                    totalCents={order.total_cents}
                    returnUrl={`${window.location.origin}${checkoutOrderPath(order.id)}`}
                    onConfirmed={() => setSince(Date.now())}
                  />
                </Suspense>
              ) : (
                <Text as="p" size="2">
                  This order waits for its payment, but its card form was opened in another window
                  or tab: finish paying there. The items are held for the order;{' '}
                  <Link asChild>
                    <RouterLink to={purchasePath(order.id)}>see the order</RouterLink>
                  </Link>
                  .
                </Text>
              )}
            </section>
          </Card>
        ) : null}
      </Flex>
      <Card size="2" asChild>
        <section aria-labelledby="order-summary">
          <Heading as="h2" size="4" mb="3" id="order-summary">
            {orderTitle(order.id)}
          </Heading>
          <OrderSummary order={order} />
        </section>
      </Card>
    </div>
  );
}

/**
 * The demo payment mode (no Stripe keys: the server's PaymentIntents live in stripe-mock,
 * which Stripe.js cannot reach): said plainly, and Pay (demo), which has the server confirm
 * the payment with a test card and deliver Stripe's signed event to itself.
 */
function DemoPayment({ order, onPaid }: { order: StoreOrder; onPaid: () => void }) {
  const pay = usePayStoreOrderDemo({ mutation: { meta: { toast: false } } });
  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="amber" variant="surface">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>Demo payment mode — no card is charged.</strong> This portal runs without Stripe
          keys: the payment is made with Stripe&apos;s test card against a Stripe test server, and
          the order then goes through as a paid one would.
        </Callout.Text>
      </Callout.Root>
      {pay.isError ? <ErrorCallout error={pay.error} title="Not paid" /> : null}
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Text weight="bold" size="4">
          {formatCurrency(order.total_cents)}
        </Text>
        <Button
          size="3"
          loading={pay.isPending}
          onClick={() => pay.mutate({ id: order.id }, { onSuccess: onPaid })}
        >
          Pay (demo)
        </Button>
      </Flex>
    </Flex>
  );
}

/** The payment is being confirmed (Stripe's webhook has not arrived yet). */
function Confirming({ slow, returnedFailed }: { slow: boolean; returnedFailed: boolean }) {
  return (
    <Card size="2">
      <Flex align="center" gap="3" role="status">
        <Spinner size="3" />
        <Flex direction="column" gap="1">
          <Text weight="medium">
            {returnedFailed ? 'Checking the payment…' : 'Confirming your payment…'}
          </Text>
          <Text size="2" color="gray">
            {slow
              ? 'This is taking longer than usual. You can leave this page: the order shows as paid in your purchase history once Stripe confirms it.'
              : 'This takes a few seconds.'}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}

/** The order is paid: thanks, what comes next, and the way to the purchase history. */
function Confirmation({ order }: { order: StoreOrder }) {
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start" role="status">
        <Flex align="center" gap="2">
          <Text color="green" asChild>
            <CheckCircledIcon width={22} height={22} aria-hidden />
          </Text>
          <Heading as="h2" size="5">
            Thank you: {orderTitle(order.id)} is paid
          </Heading>
        </Flex>
        <Text as="p" size="2">
          {itemCount(order.item_count)} for {formatCurrency(order.total_cents)}. We let you know by
          mail as it is prepared and shipped.
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink to={PURCHASE_HISTORY_PATH}>Your purchase history</RouterLink>
          </Button>
          <Button asChild variant="soft">
            <RouterLink to={purchasePath(order.id)}>Order details</RouterLink>
          </Button>
          <Button asChild variant="soft" color="gray">
            <RouterLink to={STORE_PRODUCTS_PATH}>Continue shopping</RouterLink>
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** The payment failed: nothing was charged and the items went back on sale. */
function PaymentFailed({ order }: { order: StoreOrder }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Box>
        <Callout.Text>
          <strong>The payment of {orderTitle(order.id)} failed.</strong> Nothing was charged, and
          its items went back on sale.
        </Callout.Text>
        <Callout.Text>
          <Link asChild>
            <RouterLink to={STORE_PRODUCTS_PATH}>Add them to your cart again</RouterLink>
          </Link>{' '}
          to try once more.
        </Callout.Text>
      </Box>
    </Callout.Root>
  );
}
