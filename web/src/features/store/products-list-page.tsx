import { Button, Card, Flex, Grid, Select, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useId } from 'react';
import { useListStoreProducts } from '@/api/gen/endpoints/store/store';
import { listStoreProducts } from '@/api/lists.gen';
import { enumChoices } from '@/components/choice-select';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ChoiceFilter, FilterForm, TextFilter, useFilterForm } from '@/components/filter-form';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import {
  activeFilterCount,
  pageRows,
  toQueryParams,
  useListingState,
  type CleanFilter,
  type Filter,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { ProductCard } from './product-card';
import {
  PRODUCT_ORDERS,
  STORE_CATEGORIES,
  productFilterCodec,
  productOrderKey,
} from './product-filters';
import { LoadFailure, Notice } from './store-notice';

const CATEGORY_CHOICES = enumChoices(STORE_CATEGORIES);
const STOCK_CHOICES = [{ value: 'true', label: 'In stock only' }];
const DEFAULT_LIMIT = 24;

/**
 * store/products — every product on sale as cards, with the filters (words of the name, a
 * category, in stock only, a price range) and the order in the URL, paged.
 */
export function ProductsListPage() {
  const listing = useListingState(listStoreProducts, {
    limit: DEFAULT_LIMIT,
    order: { name: 'ASC' },
  });
  const { state } = listing;
  const category = typeof state.filter.category?.eq === 'string' ? state.filter.category.eq : '';
  usePageTitle(category || 'All products', 'Store');
  const query = useListStoreProducts(toQueryParams(state, listStoreProducts), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  const filtered = activeFilterCount(state.filter) > 0;
  const sortId = useId();

  return (
    <>
      <PageHeader
        title={category || 'All products'}
        description="Everything the store sells. Prices are in US dollars."
      />
      <Card size="2" mb="4">
        <ProductFilters
          key={JSON.stringify(state.filter)}
          filter={state.filter}
          onApply={listing.setFilter}
        />
      </Card>
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Text size="2" color="gray" aria-live="polite">
          {query.isPending
            ? ''
            : rows.length === 0
              ? 'No products'
              : `${rows.length}${hasNext ? '+' : ''} ${rows.length === 1 ? 'product' : 'products'}${
                  state.page > 1 ? ` on page ${state.page}` : ''
                }`}
        </Text>
        <Flex align="center" gap="2">
          <Text as="label" size="2" id={sortId}>
            Sort by
          </Text>
          <Select.Root
            value={productOrderKey(state.order)}
            onValueChange={(value) =>
              listing.setOrder(PRODUCT_ORDERS.find((o) => o.value === value)?.order ?? {})
            }
          >
            <Select.Trigger aria-labelledby={sortId} />
            <Select.Content position="popper">
              {PRODUCT_ORDERS.map((o) => (
                <Select.Item key={o.value} value={o.value}>
                  {o.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      </Flex>
      {query.isPending ? (
        <CenteredSpinner label="Loading the products" />
      ) : query.isError && rows.length === 0 ? (
        <LoadFailure
          what="The products"
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : rows.length === 0 ? (
        filtered ? (
          <Notice title="No products match these filters">
            <Button variant="soft" onClick={listing.reset}>
              Clear the filters
            </Button>
          </Notice>
        ) : (
          <Notice title="No products on sale">New products show here once they are added.</Notice>
        )
      ) : (
        <>
          {query.isError ? (
            <ErrorCallout error={query.error} title="The products could not be refreshed" />
          ) : null}
          <Grid
            asChild
            columns={{ initial: '2', sm: '3', lg: '4' }}
            gap="4"
            aria-busy={query.isFetching}
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          >
            <ul className="product-grid" aria-label="Products">
              {rows.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          </Grid>
        </>
      )}
      {rows.length > 0 || state.page > 1 ? (
        <ListingPagination
          listing={listing}
          nextCursor={query.data?.next_cursor}
          count={rows.length}
          hasNext={hasNext}
          disabled={query.isFetching}
        />
      ) : null}
    </>
  );
}

/** The products' filters, applied to the URL. */
function ProductFilters({
  filter,
  onApply,
}: {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}) {
  const { bind, apply, reset } = useFilterForm(filter, productFilterCodec, onApply);
  return (
    <FilterForm label="Filter products" onApply={apply} onReset={reset}>
      <TextFilter id="product-name" label="Name contains" {...bind('name')} />
      <ChoiceFilter
        id="product-category"
        label="Category"
        choices={CATEGORY_CHOICES}
        anyLabel="Every category"
        {...bind('category')}
      />
      <ChoiceFilter
        id="product-stock"
        label="Availability"
        choices={STOCK_CHOICES}
        anyLabel="In stock or not"
        {...bind('inStock')}
      />
      <Grid columns="2" gap="3">
        <TextFilter id="product-min-price" label="Price from ($)" {...bind('minPrice')} />
        <TextFilter id="product-max-price" label="to ($)" {...bind('maxPrice')} />
      </Grid>
    </FilterForm>
  );
}
