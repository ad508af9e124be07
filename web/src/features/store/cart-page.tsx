import { Button, Card, Flex, Heading, Separator, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { useGetCart } from '@/api/gen/endpoints/store/store';
import type { Cart } from '@/api/gen/model/cart';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { formatCurrency, formatNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { CHECKOUT_PATH, STORE_PATH, STORE_PRODUCTS_PATH } from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import { CartLineItem } from './cart-line';
import { LoadFailure, Notice } from './store-notice';

/** What staff are told on the cart and checkout pages. */
export const NO_CART = {
  status: 403,
  message: 'Only associates have a cart and buy from the store',
};

/** '3 items', '1 item'. */
export const itemCount = (n: number) => `${formatNumber(n)} ${n === 1 ? 'item' : 'items'}`;

/**
 * store/cart — the caller's cart, kept on the server (it follows them to another device) and
 * priced now: each line with its quantity (changed at once, checked against the stock), its
 * total and Remove, and what stops a line from being bought; the total; Check out once every
 * line can be bought.
 */
export function CartPage() {
  const access = useAccess();
  const allowed = access.buysFromStore;
  const cart = useGetCart({ query: { enabled: allowed, meta: { toast: false } } });
  const failure = !access.isPending && !allowed ? NO_CART : undefined;
  usePageTitle(failure ? errorTitle(failure) : 'Cart', 'Store');

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: STORE_PATH, label: 'Back to the store' }} />;
  }
  return (
    <>
      <PageHeader
        title="Your cart"
        description={
          cart.data && cart.data.lines.length > 0
            ? `${itemCount(cart.data.item_count)}, at today's prices.`
            : undefined
        }
      />
      {cart.isPending ? (
        <CenteredSpinner label="Loading your cart" />
      ) : cart.isError && !cart.data ? (
        <LoadFailure
          what="Your cart"
          error={cart.error}
          onRetry={cart.refetch}
          retrying={cart.isFetching}
        />
      ) : cart.data.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          {cart.isError ? (
            <ErrorCallout error={cart.error} title="Your cart could not be refreshed" />
          ) : null}
          <CartContents cart={cart.data} />
        </>
      )}
    </>
  );
}

/** The empty cart, and the way to the products. */
export function EmptyCart() {
  return (
    <Notice title="Your cart is empty">
      <Flex direction="column" align="center" gap="3">
        <Text size="2" color="gray" align="center">
          Apparel, accessories and marketing material are a few clicks away.
        </Text>
        <Button asChild variant="soft">
          <RouterLink to={STORE_PRODUCTS_PATH}>Browse the products</RouterLink>
        </Button>
      </Flex>
    </Notice>
  );
}

function CartContents({ cart }: { cart: Cart }) {
  return (
    <div className="cart-layout">
      <Card size="2" className="cart-lines-card">
        <ul className="cart-lines" aria-label="Items in your cart">
          {cart.lines.map((line) => (
            <CartLineItem key={line.variant_id} line={line} />
          ))}
        </ul>
      </Card>
      <Card size="2" asChild className="cart-summary">
        <section aria-labelledby="cart-summary">
          <Heading as="h2" size="4" mb="3" id="cart-summary">
            Summary
          </Heading>
          <Flex justify="between" gap="3" mb="2">
            <Text size="2" color="gray">
              Items
            </Text>
            <Text size="2">{formatNumber(cart.item_count)}</Text>
          </Flex>
          <Separator size="4" my="3" />
          <Flex justify="between" gap="3" mb="4" align="baseline">
            <Text weight="bold">Total</Text>
            <Text size="5" weight="bold" data-testid="cart-total">
              {formatCurrency(cart.total_cents)}
            </Text>
          </Flex>
          {cart.ready ? (
            <Button asChild size="3" style={{ width: '100%' }}>
              <RouterLink to={CHECKOUT_PATH}>Check out</RouterLink>
            </Button>
          ) : (
            <Flex direction="column" gap="2">
              <Button size="3" disabled style={{ width: '100%' }}>
                Check out
              </Button>
              <Text size="2" color="orange">
                Some items cannot be bought as they are: see the notes under them.
              </Text>
            </Flex>
          )}
        </section>
      </Card>
    </div>
  );
}
