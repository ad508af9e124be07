import { Button, Flex, Link, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRemoveCartItem, useSetCartItem } from '@/api/gen/endpoints/store/store';
import type { CartLine } from '@/api/gen/model/cartLine';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { TrashIcon } from '@/components/icons/trash';
import { errorMessage } from '@/lib/errors';
import { sentence } from './checkout-errors';
import { formatCurrency } from '@/lib/format';
import { productPath } from '@/lib/store-paths';
import { QuantityField } from './quantity-field';
import { useRefreshStore, useSetCart } from './store-cache';

/** A line's product, with its size: 'Logo T-Shirt — Blue (M)'. */
export const lineName = (line: { product_name: string; size?: string }) =>
  line.size ? `${line.product_name} (${line.size})` : line.product_name;

/** Why a line cannot be bought as it is, in words; undefined when it can. */
export function lineProblem(line: CartLine): string | undefined {
  switch (line.problem) {
    case 'gone':
      return 'No longer on sale: remove it to check out.';
    case 'short':
      return line.available <= 0
        ? 'Sold out: remove it to check out.'
        : `Only ${line.available} left in stock: lower the quantity to check out.`;
    default:
      return undefined;
  }
}

/**
 * A line of the cart: the product (its link, size and SKU), the unit price at today's price,
 * its quantity (changed at once on the server, checked against the stock), the line's total
 * and Remove. A line that cannot be bought says why; a refused change says the server's words
 * under the line, and the cart is read again.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const setCart = useSetCart();
  const refresh = useRefreshStore();
  const change = useSetCartItem({ mutation: { meta: { toast: false } } });
  const remove = useRemoveCartItem({ mutation: { meta: { toast: false } } });
  const [failure, setFailure] = useState<unknown>();
  const name = lineName(line);
  const problem = lineProblem(line);
  const busy = change.isPending || remove.isPending;

  const onQuantity = async (quantity: number) => {
    setFailure(undefined);
    try {
      setCart(await change.mutateAsync({ variantId: line.variant_id, data: { quantity } }));
    } catch (error) {
      setFailure(error);
      void refresh();
    }
  };
  const onRemove = async () => {
    setFailure(undefined);
    try {
      setCart(await remove.mutateAsync({ variantId: line.variant_id }));
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <li className="cart-line" aria-busy={busy}>
      {line.image_url ? (
        <img className="cart-line-image" src={line.image_url} alt="" width={72} height={72} />
      ) : (
        <div className="cart-line-image" aria-hidden />
      )}
      <Flex direction="column" gap="1" className="cart-line-product">
        <Link asChild weight="medium" highContrast underline="hover">
          <RouterLink to={productPath(line.product_slug)}>{line.product_name}</RouterLink>
        </Link>
        <Text size="1" color="gray">
          {line.size ? `Size ${line.size} · ` : ''}SKU {line.sku}
        </Text>
        <Text size="2">{formatCurrency(line.unit_price_cents)} each</Text>
      </Flex>
      <div className="cart-line-quantity">
        <QuantityField
          id={`quantity-${line.variant_id}`}
          name={name}
          value={line.quantity}
          onChange={(q) => void onQuantity(q)}
          disabled={busy || line.problem === 'gone'}
        />
      </div>
      <Text className="cart-line-total" weight="bold">
        {formatCurrency(line.line_total_cents)}
      </Text>
      <div className="cart-line-remove">
        <Button
          variant="ghost"
          color="red"
          size="1"
          onClick={() => void onRemove()}
          disabled={busy}
          aria-label={`Remove ${name}`}
        >
          <TrashIcon aria-hidden /> Remove
        </Button>
      </div>
      {problem || failure ? (
        <Flex gap="2" align="start" className="cart-line-problem" role="alert">
          <Text color={failure ? 'red' : 'orange'} asChild>
            <ExclamationTriangleIcon aria-hidden style={{ flex: 'none', marginTop: 3 }} />
          </Text>
          <Text size="2" color={failure ? 'red' : 'orange'}>
            {failure ? sentence(errorMessage(failure)) : problem}
          </Text>
        </Flex>
      ) : null}
    </li>
  );
}
