import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoreOrder } from '@/api/gen/model/storeOrder';
import { order, orderSummary } from '@/test/store-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { StoreOrderPage, StoreOrdersPage } from './staff-order-pages';

const STAFF = { staff: true, permissions: ['store.manage'] };

const PAID = order({
  payment_status: 'Paid',
  fulfilment: 'Pending',
  fulfilment_moves: ['Processing', 'Cancelled'],
});

function server(routes: Record<string, FakeRoute> = {}, access = STAFF) {
  let current: StoreOrder = PAID;
  fakeApi({
    '/access': accessAnswer(access),
    '/store/orders': { data: [orderSummary(PAID)] },
    'GET /store/orders/42': () => current,
    'POST /store/orders/42/fulfilment': (req: { data: unknown }) => {
      const { status } = req.data as { status: StoreOrder['fulfilment'] };
      current = {
        ...current,
        fulfilment: status,
        fulfilment_moves: status === 'Processing' ? ['Shipped', 'Cancelled'] : [],
        history: [
          ...current.history,
          {
            at: '2026-11-21T09:00:00Z',
            kind: 'fulfilment',
            from: 'Pending',
            to: status,
            by: 'Sam Staffer',
          },
        ],
      };
      return current;
    },
    ...routes,
  });
}

describe('StoreOrdersPage', () => {
  it("lists every associate's orders for staff with store.manage, each leading to it", async () => {
    server();
    renderWithProviders(<StoreOrdersPage />, { path: '/store/orders', route: '/store/orders' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const link = await within(table).findByRole('link', { name: 'Order #42' });
    expect(link).toHaveAttribute('href', '/store/orders/42');
    expect(within(table).getByText('AGT100')).toBeInTheDocument();
    expect(within(table).getByText('Paid')).toBeInTheDocument();
  });

  it('keeps the associate filter in the URL', async () => {
    server();
    const { user, router } = renderWithProviders(<StoreOrdersPage />, {
      path: '/store/orders',
      route: '/store/orders',
    });
    await screen.findByRole('link', { name: 'Order #42' });
    const form = screen.getByRole('search', { name: 'Filter orders' });
    await user.type(within(form).getByLabelText('Associate code'), 'agt100');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?filter[associate_code][eq]=AGT100'),
    );
    await waitFor(() =>
      expect(calls('/store/orders').at(-1)?.params).toMatchObject({
        'filter[associate_code][eq]': 'AGT100',
      }),
    );
  });

  it('refuses staff without store.manage up front', async () => {
    server({}, { staff: true, permissions: ['clients.read'] });
    renderWithProviders(<StoreOrdersPage />, { path: '/store/orders', route: '/store/orders' });
    expect(
      await screen.findByText('Only staff who run the store see every order'),
    ).toBeInTheDocument();
    expect(calls('/store/orders')).toEqual([]);
  });
});

describe('StoreOrderPage', () => {
  function renderAt() {
    return renderWithProviders(<StoreOrderPage />, {
      path: '/store/orders/42',
      route: '/store/orders/:orderId',
    });
  }

  it('moves the fulfilment on with the moves the server offers', async () => {
    server();
    const { user } = renderAt();
    const panel = await screen.findByRole('region', { name: 'Fulfilment' });
    expect(within(panel).getByRole('button', { name: 'Cancel the order' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Mark as Processing' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Moved to Processing. Alex Carter is told by mail.',
    );
    expect(calls('/store/orders/42/fulfilment').map((c) => c.data)).toEqual([
      { status: 'Processing' },
    ]);
    expect(
      await within(panel).findByRole('button', { name: 'Mark as Shipped' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Delivery: Pending → Processing')).toBeInTheDocument();
  });

  it('cancels only once confirmed', async () => {
    server();
    const { user } = renderAt();
    const panel = await screen.findByRole('region', { name: 'Fulfilment' });
    await user.click(within(panel).getByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls('/store/orders/42/fulfilment')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() =>
      expect(calls('/store/orders/42/fulfilment').map((c) => c.data)).toEqual([
        { status: 'Cancelled' },
      ]),
    );
  });

  it("says a refused move (409) in the server's words", async () => {
    const message = 'An order moves from Pending to Processing or Cancelled only';
    server({
      'POST /store/orders/42/fulfilment': () => {
        throw apiError(409, message, { status: 409, message });
      },
    });
    const { user } = renderAt();
    const panel = await screen.findByRole('region', { name: 'Fulfilment' });
    await user.click(within(panel).getByRole('button', { name: 'Mark as Processing' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(`Not moved: ${message}.`);
  });

  it('says why an unpaid order offers no move', async () => {
    server({ 'GET /store/orders/42': order({ payment_status: 'Pending', fulfilment_moves: [] }) });
    renderAt();
    expect(
      await screen.findByText(
        'Nothing is prepared before the order is paid (its payment is Pending).',
      ),
    ).toBeInTheDocument();
  });
});
