import { Badge, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { StoreProductSummary } from '@/api/gen/model/storeProductSummary';
import { formatCurrency } from '@/lib/format';
import { productPath } from '@/lib/store-paths';
import { sizeRange } from './sizes';

/** A product of a list: its picture, name (the link; the whole card leads there), category,
 *  price, sizes, and Sold out when nothing of it is left. */
export function ProductCard({
  product,
  showCategory = true,
}: {
  product: StoreProductSummary;
  /** False under a heading that names the category already. */
  showCategory?: boolean;
}) {
  const titleId = useId();
  return (
    <Card asChild className="product-card">
      <article aria-labelledby={titleId}>
        {product.image_url ? (
          <img
            className="product-card-image"
            src={product.image_url}
            alt=""
            width={400}
            height={400}
            loading="lazy"
          />
        ) : (
          <div className="product-card-image" aria-hidden />
        )}
        <Flex direction="column" gap="1" p="3" className="product-card-body">
          {showCategory ? (
            <Text size="1" color="gray">
              {product.category}
            </Text>
          ) : null}
          <Heading as="h3" size="3" id={titleId}>
            <Link asChild className="product-card-link" underline="hover" highContrast>
              <RouterLink to={productPath(product.slug)}>{product.name}</RouterLink>
            </Link>
          </Heading>
          <Flex align="center" justify="between" gap="2" wrap="wrap" mt="1">
            <Text weight="bold">{formatCurrency(product.price_cents)}</Text>
            {!product.in_stock ? (
              <Badge color="gray" variant="soft">
                Sold out
              </Badge>
            ) : product.sizes.length > 0 ? (
              <Text size="1" color="gray">
                Sizes {sizeRange(product.sizes)}
              </Text>
            ) : null}
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
