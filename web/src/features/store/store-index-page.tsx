import { Box, Button, Flex, Grid, Heading, Link } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { useListStoreProducts } from '@/api/gen/endpoints/store/store';
import { StoreCategory } from '@/api/gen/model/storeCategory';
import type { StoreProductSummary } from '@/api/gen/model/storeProductSummary';
import { CenteredSpinner } from '@/components/centered-spinner';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/lib/page-title';
import { CART_PATH, STORE_PRODUCTS_PATH } from '@/lib/store-paths';
import { useAccess } from '@/lib/use-access';
import { ProductCard } from './product-card';
import { categoryPath } from './product-filters';
import { LoadFailure, Notice } from './store-notice';

/** How many products each category shows on the store's front page. */
export const FEATURED_PER_CATEGORY = 4;

const CATEGORIES = Object.values(StoreCategory);

/**
 * store — the front of the store: its categories, each leading to the list narrowed to it,
 * and, by category, the first products in stock (one request: the catalogue is small), each
 * with the way to the rest.
 */
export function StoreIndexPage() {
  usePageTitle('Store');
  const { buysFromStore } = useAccess();
  const query = useListStoreProducts(
    { 'filter[in_stock][eq]': true, limit: 100 },
    { query: { meta: { toast: false } } },
  );
  const byCategory = new Map<StoreCategory, StoreProductSummary[]>();
  for (const product of query.data?.data ?? []) {
    byCategory.set(product.category, [...(byCategory.get(product.category) ?? []), product]);
  }
  const shown = CATEGORIES.filter((c) => byCategory.has(c));

  return (
    <>
      <PageHeader
        title="Store"
        description="Branded apparel, accessories, office supplies, marketing material and books, delivered to your door."
        actions={
          <>
            <Button asChild variant="soft">
              <RouterLink to={STORE_PRODUCTS_PATH}>Browse every product</RouterLink>
            </Button>
            {buysFromStore ? (
              <Button asChild variant="soft" color="gray">
                <RouterLink to={CART_PATH}>Your cart</RouterLink>
              </Button>
            ) : null}
          </>
        }
      />
      <Box asChild mb="6">
        <nav aria-label="Categories">
          <Flex asChild gap="2" wrap="wrap">
            <ul className="store-categories">
              {CATEGORIES.map((category) => (
                <li key={category}>
                  <Button asChild variant="surface" color="gray" highContrast>
                    <RouterLink to={categoryPath(category)}>{category}</RouterLink>
                  </Button>
                </li>
              ))}
            </ul>
          </Flex>
        </nav>
      </Box>
      {query.isPending ? (
        <CenteredSpinner label="Loading the store" />
      ) : query.isError ? (
        <LoadFailure
          what="The products"
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : shown.length === 0 ? (
        <Notice title="Nothing is in stock right now">
          New stock arrives regularly: come back soon.
        </Notice>
      ) : (
        <Flex direction="column" gap="6">
          {shown.map((category) => {
            const products = byCategory.get(category) ?? [];
            const headingId = `store-${category.toLowerCase()}`;
            return (
              <section key={category} aria-labelledby={headingId}>
                <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
                  <Heading as="h2" size="5" id={headingId}>
                    {category}
                  </Heading>
                  <Link asChild size="2">
                    <RouterLink to={categoryPath(category)}>
                      See all {category.toLowerCase()}
                    </RouterLink>
                  </Link>
                </Flex>
                <Grid asChild columns={{ initial: '2', md: '4' }} gap="4">
                  <ul className="product-grid">
                    {products.slice(0, FEATURED_PER_CATEGORY).map((product) => (
                      <li key={product.id}>
                        <ProductCard product={product} showCategory={false} />
                      </li>
                    ))}
                  </ul>
                </Grid>
              </section>
            );
          })}
        </Flex>
      )}
    </>
  );
}
