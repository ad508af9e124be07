import { describe, expect, it } from 'vitest';
import { listProviders } from '@/api/lists.gen';
import { cleanFilter, declaredOnly } from '@/lib/listing-state';
import { emptyProviderFilters, providerFilterCodec } from './provider-filters';

describe('provider filters', () => {
  it('turn the form into API filters, dropping the empty ones, and back', () => {
    expect(cleanFilter(providerFilterCodec.toFilter({ name: ' Acme ', country: '' }))).toEqual({
      name: { contains: 'Acme' },
    });
    const both = cleanFilter(providerFilterCodec.toFilter({ name: 'Li', country: 'Canada' }));
    expect(providerFilterCodec.toValues(both)).toEqual({ name: 'Li', country: 'Canada' });
    expect(providerFilterCodec.toValues({})).toEqual(emptyProviderFilters);
  });

  it('offer only filters listProviders declares', () => {
    const state = {
      filter: cleanFilter(providerFilterCodec.toFilter({ name: 'A', country: 'USA' })),
      order: {},
    };
    expect(Object.keys(state.filter)).toHaveLength(2);
    expect(declaredOnly(state, listProviders)).toEqual(state);
  });
});
