import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order, orderSummary } from '@/test/store-fixture';
import { accessAnswer, apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PurchaseHistoryTab, PurchasePage } from './purchase-pages';

const PAID = order({
  id: 42,
  payment_status: 'Paid',
  paid_at: '2026-11-20T15:01:00Z',
  fulfilment: 'Shipped',
  history: [
    { at: '2026-11-20T15:01:00Z', kind: 'payment', from: 'Pending', to: 'Paid' },
    {
      at: '2026-11-21T09:00:00Z',
      kind: 'fulfilment',
      from: 'Pending',
      to: 'Processing',
      by: 'Sam Staffer',
    },
    {
      at: '2026-11-22T09:00:00Z',
      kind: 'fulfilment',
      from: 'Processing',
      to: 'Shipped',
      by: 'Sam Staffer',
    },
  ],
});
const FAILED = order({
  id: 41,
  payment_status: 'Failed',
  fulfilment: 'Cancelled',
  total_cents: 1600,
  item_count: 1,
});

describe('PurchaseHistoryTab', () => {
  it("lists the caller's orders: date, items, total, payment and delivery as badges", async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/store/orders': { data: [orderSummary(PAID), orderSummary(FAILED)] },
    });
    renderWithProviders(<PurchaseHistoryTab />, {
      path: '/account/purchase-history',
      route: '/account/purchase-history',
    });
    const table = await screen.findByRole('table', { name: 'Purchase history' });
    await within(table).findByRole('link', { name: 'Order #42' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Order #42' })).toHaveAttribute(
      'href',
      '/account/purchase-history/42',
    );
    expect(rows[0]).toHaveTextContent('$58.00');
    expect(within(rows[0]).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Shipped')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Cancelled')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('$16.00');
    expect(calls('/store/orders')[0].params).toMatchObject({ limit: 25 });
  });

  it('says there are no purchases yet', async () => {
    fakeApi({ '/access': accessAnswer(), '/store/orders': { data: [] } });
    renderWithProviders(<PurchaseHistoryTab />, {
      path: '/account/purchase-history',
      route: '/account/purchase-history',
    });
    expect(await screen.findByText('No purchases yet')).toBeInTheDocument();
    expect(screen.getByText('Your orders from the store will be listed here.')).toBeInTheDocument();
  });

  it('filters by payment in the URL', async () => {
    fakeApi({ '/access': accessAnswer(), '/store/orders': { data: [orderSummary(PAID)] } });
    renderWithProviders(<PurchaseHistoryTab />, {
      path: '/account/purchase-history?filter[payment_status][in][]=Paid',
      route: '/account/purchase-history',
    });
    await screen.findByRole('link', { name: 'Order #42' });
    expect(calls('/store/orders')[0].params).toMatchObject({
      'filter[payment_status][in][]': ['Paid'],
    });
  });
});

describe('PurchasePage', () => {
  function renderAt(path = '/account/purchase-history/42') {
    return renderWithProviders(<PurchasePage />, {
      path,
      route: '/account/purchase-history/:orderId',
    });
  }

  it('shows the order: payment and delivery, its lines at their prices, and its history', async () => {
    fakeApi({ '/access': accessAnswer(), '/store/orders/42': PAID });
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Order #42', level: 1 })).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items of Order #42' });
    expect(within(items).getByText('Logo T-Shirt — Blue (M)')).toBeInTheDocument();
    expect(within(items).getByText('$40.00')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Payment: Pending → Paid')).toBeInTheDocument();
    expect(within(history).getByText('Delivery: Processing → Shipped')).toBeInTheDocument();
    expect(within(history).getAllByText(/by Sam Staffer/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Purchase history' })).toHaveAttribute(
      'href',
      '/account/purchase-history',
    );
    // Associates move nothing.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(document.title).toBe('Order #42 · Purchase history · Associate Portal');
  });

  it('is a 404 page for an order the caller may not see, and asks nothing for a bad id', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/store/orders/42': () => {
        throw apiError(404, 'Order not found');
      },
    });
    renderAt();
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    fakeApi({ '/access': accessAnswer() });
    renderAt('/account/purchase-history/x1');
    await waitFor(() => expect(screen.getAllByText('Order not found').length).toBeGreaterThan(1));
    expect(calls().filter((c) => c.url.startsWith('/store/orders'))).toEqual([]);
  });
});
