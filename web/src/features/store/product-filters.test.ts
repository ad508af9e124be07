import { describe, expect, it } from 'vitest';
import { listStoreProducts } from '@/api/lists.gen';
import { cleanFilter, declaredOnly, parseListingState } from '@/lib/listing-state';
import {
  emptyProductFilters,
  priceBound,
  productFilterCodec,
  productOrderKey,
} from './product-filters';

describe('product filters', () => {
  it('filter by the words of the name, the category, stock and a price range in cents', () => {
    expect(cleanFilter(productFilterCodec.toFilter(emptyProductFilters))).toEqual({});
    expect(
      cleanFilter(
        productFilterCodec.toFilter({
          name: ' shirt ',
          category: 'Apparel',
          inStock: 'true',
          minPrice: '20',
          maxPrice: '$1,250.5',
        }),
      ),
    ).toEqual({
      name: { contains: 'shirt' },
      category: { eq: 'Apparel' },
      in_stock: { eq: true },
      price_cents: { gte: 2000, lte: 125050 },
    });
  });

  it('read dollars from the digits, and drop what is not an amount', () => {
    expect(priceBound('19.99')).toBe(1999);
    expect(priceBound('0.1')).toBe(10);
    expect(priceBound('1.234')).toBeUndefined();
    expect(priceBound('-5')).toBeUndefined();
    expect(priceBound('ten')).toBeUndefined();
  });

  it('read back what the URL holds, prices as dollars', () => {
    const { filter } = parseListingState(
      '?filter[name][contains]=polo&filter[category][eq]=Books&filter[in_stock][eq]=true&filter[price_cents][gte]=1500&filter[price_cents][lte]=4000',
      listStoreProducts,
    );
    expect(productFilterCodec.toValues(filter)).toEqual({
      name: 'polo',
      category: 'Books',
      inStock: 'true',
      minPrice: '15.00',
      maxPrice: '40.00',
    });
    expect(productFilterCodec.toValues(cleanFilter({ category: { eq: 'Cars' } })).category).toBe(
      '',
    );
  });

  it('name the order of the sort menu', () => {
    expect(productOrderKey({})).toBe('name');
    expect(productOrderKey({ price_cents: 'DESC' })).toBe('-price');
  });
});

describe('the product filters and the contract', () => {
  it('offer only filters listStoreProducts declares', () => {
    const state = {
      filter: cleanFilter(
        productFilterCodec.toFilter({
          name: 'a',
          category: 'Office',
          inStock: 'true',
          minPrice: '1',
          maxPrice: '2',
        }),
      ),
      order: { price_cents: 'ASC' as const },
    };
    expect(Object.keys(state.filter)).toHaveLength(4);
    expect(declaredOnly(state, listStoreProducts)).toEqual(state);
  });
});
