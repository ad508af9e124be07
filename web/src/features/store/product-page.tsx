import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Link,
  Text,
} from '@radix-ui/themes';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetCart, useGetStoreProduct, useSetCartItem } from '@/api/gen/endpoints/store/store';
import type { Cart } from '@/api/gen/model/cart';
import type { ShirtSize } from '@/api/gen/model/shirtSize';
import type { StoreProduct } from '@/api/gen/model/storeProduct';
import type { StoreVariant } from '@/api/gen/model/storeVariant';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { Prose } from '@/components/prose';
import { errorDetails } from '@/lib/errors';
import { formatCurrency } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { QUIET_QUERY } from '@/lib/query-meta';
import { CART_PATH, STORE_PATH, STORE_PRODUCTS_PATH } from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import { categoryPath } from './product-filters';
import { PRODUCT_NOT_FOUND, isProductSlug } from './product-slug';
import { MAX_QUANTITY, QuantityField } from './quantity-field';
import { SizePicker } from './size-picker';
import { useRefreshStore, useSetCart } from './store-cache';

/**
 * store/products/:slug — a product: its pictures, name, price and description, and for
 * associates what to buy: a size (sized products; a sold-out size cannot be chosen), a quantity
 * and Add to cart. What is already in the cart counts: the quantity offered stops at what is
 * left in stock.
 */
export function ProductPage() {
  const { slug = '' } = useParams();
  const valid = isProductSlug(slug);
  const query = useGetStoreProduct(slug, { query: { enabled: valid, meta: { toast: false } } });
  const product = query.data;
  const failure = !valid
    ? PRODUCT_NOT_FOUND
    : query.isError
      ? errorDetails(query.error)
      : undefined;
  usePageTitle(...(failure ? [errorTitle(failure)] : [product?.name ?? 'Product', 'Store']));

  if (failure) {
    return (
      <ErrorPanel {...failure} back={{ to: STORE_PRODUCTS_PATH, label: 'Back to the products' }} />
    );
  }
  if (!product) return <CenteredSpinner label="Loading the product" />;

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Store', to: STORE_PATH },
          { label: product.category, to: categoryPath(product.category) },
          { label: product.name },
        ]}
      />
      <Grid columns={{ initial: '1', md: '2' }} gap={{ initial: '5', md: '7' }} align="start">
        <Gallery product={product} />
        <Flex direction="column" gap="4" minWidth="0">
          <Flex direction="column" gap="2">
            <Text size="2" color="gray">
              {product.category}
            </Text>
            <Heading as="h1" size="7">
              {product.name}
            </Heading>
            <Flex align="center" gap="3" wrap="wrap">
              <Text size="6" weight="bold">
                {formatCurrency(product.price_cents)}
              </Text>
              {!product.in_stock ? (
                <Badge color="gray" variant="soft" size="2">
                  Sold out
                </Badge>
              ) : null}
            </Flex>
          </Flex>
          <Purchase product={product} />
          <Box asChild>
            <section aria-labelledby="product-about">
              <Heading as="h2" size="4" mb="2" id="product-about">
                About this product
              </Heading>
              <Prose sanitisedHtml={product.description_html} />
            </section>
          </Box>
        </Flex>
      </Grid>
    </>
  );
}

/** The product's pictures: the one chosen large, and the others as buttons under it. */
function Gallery({ product }: { product: StoreProduct }) {
  const images = product.image_urls.length > 0 ? product.image_urls : [product.image_url ?? ''];
  const [shown, setShown] = useState(0);
  const current = images[Math.min(shown, images.length - 1)];
  return (
    <Flex direction="column" gap="3" minWidth="0">
      {current ? (
        <img
          className="product-image"
          src={current}
          alt={`${product.name}, picture ${shown + 1} of ${images.length}`}
          width={800}
          height={800}
        />
      ) : (
        <div className="product-image" aria-hidden />
      )}
      {images.length > 1 ? (
        <Flex gap="2" wrap="wrap" role="group" aria-label="Pictures">
          {images.map((url, index) => (
            <button
              key={url}
              type="button"
              className="product-thumb"
              aria-pressed={index === shown}
              aria-label={`Show picture ${index + 1} of ${images.length}`}
              onClick={() => setShown(index)}
            >
              <img src={url} alt="" width={72} height={72} />
            </button>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}

type SizedVariant = StoreVariant & { size: ShirtSize };

const isSized = (v: StoreVariant): v is SizedVariant => v.size !== undefined;

/** How many of a variant the cart holds. */
function inCart(cart: Cart | undefined, variantId: number | undefined): number {
  return cart?.lines.find((l) => l.variant_id === variantId)?.quantity ?? 0;
}

/** What was added last, for the confirmation. */
interface Added {
  what: string;
  quantity: number;
}

/**
 * Size, quantity and Add to cart (associates). The quantity is added to what the cart holds
 * of the variant already; a refusal (less in stock now than asked) is the server's words, and
 * the product is read again so that the stock shown is current.
 */
function Purchase({ product }: { product: StoreProduct }) {
  const { buysFromStore, isPending } = useAccess();
  const cart = useGetCart({ query: { ...QUIET_QUERY, enabled: buysFromStore } });
  const setCart = useSetCart();
  const refresh = useRefreshStore();
  const add = useSetCartItem({ mutation: { meta: { toast: false } } });
  const sized = product.variants.filter(isSized);
  const single = sized.length === 0 ? product.variants[0] : undefined;
  const [variantId, setVariantId] = useState<number | undefined>(single?.id);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string>();
  const [added, setAdded] = useState<Added>();
  const variant = product.variants.find((v) => v.id === variantId);
  const held = inCart(cart.data, variantId);
  const left = variant ? Math.min(variant.stock, MAX_QUANTITY) - held : MAX_QUANTITY;

  const onAdd = async () => {
    if (!variant) {
      setSizeError('Choose a size');
      return;
    }
    setAdded(undefined);
    try {
      const next = await add.mutateAsync({
        variantId: variant.id,
        data: { quantity: held + quantity },
      });
      setCart(next);
      setAdded({
        what: variant.size ? `${product.name}, size ${variant.size}` : product.name,
        quantity,
      });
      setQuantity(1);
    } catch {
      // Shown by the callout; the stock has changed: read it again.
      void refresh();
    }
  };

  return (
    <Card size="2">
      <Flex direction="column" gap="4">
        {sized.length > 0 ? (
          <SizePicker
            variants={sized}
            value={variantId}
            error={sizeError}
            onChange={(id) => {
              setVariantId(id);
              setSizeError(undefined);
              setQuantity(1);
              add.reset();
            }}
          />
        ) : null}
        {isPending ? null : !buysFromStore ? (
          <Text size="2" color="gray">
            Only associates buy from the store.
          </Text>
        ) : !product.in_stock ? (
          <Text size="2" weight="medium">
            This product is sold out.
          </Text>
        ) : (
          <>
            {variant && single && variant.stock > 0 && variant.stock <= 5 ? (
              <Text size="2" color="orange">
                Only {variant.stock} left in stock.
              </Text>
            ) : null}
            {held > 0 ? (
              <Text size="2" color="gray">
                Your cart holds {held} of {variant?.size ? `size ${variant.size}` : 'these'}.
              </Text>
            ) : null}
            {variant && left <= 0 ? (
              <Text size="2" weight="medium">
                {held > 0 ? `Every one left in stock is in your cart.` : 'This size is sold out.'}
              </Text>
            ) : (
              <Flex align="end" gap="3" wrap="wrap">
                <Flex direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" htmlFor="product-quantity">
                    Quantity
                  </Text>
                  <QuantityField
                    id="product-quantity"
                    value={quantity}
                    max={left}
                    onChange={setQuantity}
                  />
                </Flex>
                <Button size="3" onClick={() => void onAdd()} loading={add.isPending}>
                  Add to cart
                </Button>
              </Flex>
            )}
          </>
        )}
        {add.isError ? <ErrorCallout error={add.error} title="Not added to your cart" /> : null}
        {added ? (
          <Callout.Root color="green" role="status">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              Added to your cart: {added.what}
              {added.quantity > 1 ? ` × ${added.quantity}` : ''}.{' '}
              <Link asChild weight="medium">
                <RouterLink to={CART_PATH}>View your cart</RouterLink>
              </Link>
            </Callout.Text>
          </Callout.Root>
        ) : null}
      </Flex>
    </Card>
  );
}
