import { describe, expect, it } from 'vitest';
import { listStoreOrders } from '@/api/lists.gen';
import { cleanFilter, declaredOnly } from '@/lib/listing-state';
import { emptyOrderFilters, orderFilterCodec } from './order-filters';

describe('order filters', () => {
  it('filter by payment and delivery, an associate and the days placed (both kept)', () => {
    expect(cleanFilter(orderFilterCodec.toFilter(emptyOrderFilters))).toEqual({});
    const filter = cleanFilter(
      orderFilterCodec.toFilter({
        payment: ['Paid'],
        fulfilment: ['Pending', 'Processing'],
        code: ' agt100 ',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
    expect(filter).toEqual({
      payment_status: { in: ['Paid'] },
      fulfilment: { in: ['Pending', 'Processing'] },
      associate_code: { eq: 'AGT100' },
      created_at: {
        gte: new Date(2026, 2, 1).toISOString(),
        lt: new Date(2026, 3, 1).toISOString(),
      },
    });
    expect(orderFilterCodec.toValues(filter)).toEqual({
      payment: ['Paid'],
      fulfilment: ['Pending', 'Processing'],
      code: 'AGT100',
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('drop states the contract does not have', () => {
    expect(
      orderFilterCodec.toValues(cleanFilter({ payment_status: { in: ['Paid', 'Lost'] } })).payment,
    ).toEqual(['Paid']);
  });

  it('offer only filters listStoreOrders declares', () => {
    const state = {
      filter: cleanFilter(
        orderFilterCodec.toFilter({
          payment: ['Failed'],
          fulfilment: ['Cancelled'],
          code: 'RMD100',
          from: '2026-01-01',
          to: '2026-01-02',
        }),
      ),
      order: {},
    };
    expect(Object.keys(state.filter)).toHaveLength(4);
    expect(declaredOnly(state, listStoreOrders)).toEqual(state);
  });
});
