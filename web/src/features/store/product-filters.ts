import { filterChoice, filterFlag, filterText, type FilterCodec } from '@/components/filter-form';
import { StoreCategory } from '@/api/gen/model/storeCategory';
import { centsToDollars, dollarsToCents } from '@/lib/format';
import type { CleanFilter, Filter, Order } from '@/lib/listing-state';
import { encodeSearch } from '@/lib/search';
import { STORE_PRODUCTS_PATH } from '@/lib/store-paths';

/** What the products list filters by: words of the name, a category, only what is in stock,
 *  and a price range typed in dollars (the URL and the API hold cents). */
export interface ProductFilterValues {
  name: string;
  category: string;
  inStock: string;
  minPrice: string;
  maxPrice: string;
}

export const STORE_CATEGORIES = Object.values(StoreCategory);

export const emptyProductFilters: ProductFilterValues = {
  name: '',
  category: '',
  inStock: '',
  minPrice: '',
  maxPrice: '',
};

/** Cents of the URL as the dollars of a field: 2000 → '20.00'; '' for anything else. */
function dollarsOf(value: unknown): string {
  const text = filterText(value);
  return /^\d+$/.test(text) ? centsToDollars(Number(text)) : '';
}

/** Dollars typed ('20', '$1,250.5') as cents; undefined (no bound) for anything else, a
 *  negative amount included. */
export function priceBound(text: string): number | undefined {
  const cents = dollarsToCents(text);
  return cents !== undefined && cents >= 0 ? cents : undefined;
}

export const productFilterCodec: FilterCodec<ProductFilterValues> = {
  empty: emptyProductFilters,
  toValues: (filter: CleanFilter) => ({
    name: filterText(filter.name?.contains),
    category: filterChoice(filter.category?.eq, STORE_CATEGORIES),
    inStock: filterFlag(filter.in_stock?.eq) === 'true' ? 'true' : '',
    minPrice: dollarsOf(filter.price_cents?.gte),
    maxPrice: dollarsOf(filter.price_cents?.lte),
  }),
  toFilter: (values): Filter => ({
    name: { contains: values.name },
    category: { eq: values.category },
    in_stock: { eq: values.inStock === 'true' || undefined },
    price_cents: { gte: priceBound(values.minPrice), lte: priceBound(values.maxPrice) },
  }),
};

/** The orders of the products list, by name (the contract's default) or by price. */
export const PRODUCT_ORDERS: { value: string; label: string; order: Order }[] = [
  { value: 'name', label: 'Name, A to Z', order: { name: 'ASC' } },
  { value: 'price', label: 'Price, low to high', order: { price_cents: 'ASC' } },
  { value: '-price', label: 'Price, high to low', order: { price_cents: 'DESC' } },
];

/** Which of PRODUCT_ORDERS an order is ('name' for any other). */
export function productOrderKey(order: Order): string {
  if (order.price_cents === 'ASC') return 'price';
  if (order.price_cents === 'DESC') return '-price';
  return 'name';
}

/** The products list narrowed to a category. */
export const categoryPath = (category: StoreCategory) =>
  `${STORE_PRODUCTS_PATH}?${encodeSearch([['filter[category][eq]', category]])}`;
