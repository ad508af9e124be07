import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@/api/gen/model/cart';
import { EMPTY_CART, MUG, cartLine, cartOf } from '@/test/store-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { CartPage } from './cart-page';

const SHIRT_LINE = cartLine();
const MUG_LINE = cartLine({
  variant_id: 21,
  product_slug: MUG.slug,
  product_name: MUG.name,
  sku: 'TRAVELMUG-002',
  size: undefined,
  quantity: 1,
  unit_price_cents: 1800,
  available: 30,
});

/** A server holding `start`, changed by the calls as the real one would. */
function server(start: Cart, routes: Record<string, FakeRoute> = {}, staff = false) {
  let cart = start;
  fakeApi({
    '/access': accessAnswer(staff ? { staff: true } : {}),
    'GET /store/cart': () => cart,
    'PUT /store/cart/items/12': (req: { data: unknown }) => {
      const { quantity } = req.data as { quantity: number };
      cart = cartOf(cart.lines.map((l) => (l.variant_id === 12 ? cartLine({ quantity }) : l)));
      return cart;
    },
    'DELETE /store/cart/items/21': () => {
      cart = cartOf(cart.lines.filter((l) => l.variant_id !== 21));
      return cart;
    },
    ...routes,
  });
}

function renderAt() {
  return renderWithProviders(<CartPage />, {
    path: '/store/cart',
    route: '/store/cart',
    extraRoutes: [
      { path: '/store/cart/checkout', element: <h1>Checkout page</h1> },
      { path: '/store/products', element: <h1>Products</h1> },
      { path: '/store/products/:slug', element: <h1>Product</h1> },
    ],
  });
}

const lines = () => screen.findByRole('list', { name: 'Items in your cart' });
const total = () => screen.getByTestId('cart-total');

describe('CartPage', () => {
  it('shows each line at today’s price, the total from cents, and Check out', async () => {
    server(cartOf([SHIRT_LINE, MUG_LINE]));
    renderAt();
    const list = await lines();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Logo T-Shirt — Blue' })).toHaveAttribute(
      'href',
      '/store/products/logo-t-shirt-blue',
    );
    expect(within(items[0]).getByText('Size M · SKU LOGOTSHIRTBL-001-M')).toBeInTheDocument();
    expect(within(items[0]).getByText('$20.00 each')).toBeInTheDocument();
    expect(within(items[0]).getByText('$40.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$58.00');
    expect(screen.getByText("3 items, at today's prices.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check out' })).toHaveAttribute(
      'href',
      '/store/cart/checkout',
    );
    expect(document.title).toBe('Cart · Store · Associate Portal');
  });

  it('changes a quantity on the server at once, and the totals follow', async () => {
    server(cartOf([SHIRT_LINE, MUG_LINE]));
    const { user } = renderAt();
    await lines();
    await user.click(screen.getByRole('button', { name: 'One fewer Logo T-Shirt — Blue (M)' }));
    await waitFor(() => expect(total()).toHaveTextContent('$38.00'));
    expect(calls('/store/cart/items/12').map((c) => c.data)).toEqual([{ quantity: 1 }]);
    // A typed quantity counts once Enter is pressed.
    const field = screen.getByRole('textbox', { name: 'Quantity of Logo T-Shirt — Blue (M)' });
    await user.clear(field);
    await user.type(field, '3{Enter}');
    await waitFor(() => expect(total()).toHaveTextContent('$78.00'));
  });

  it("says the server's words under the line when the stock refuses a quantity", async () => {
    server(cartOf([SHIRT_LINE, MUG_LINE]), {
      'PUT /store/cart/items/12': () => {
        throw apiError(409, 'Only 3 left in stock', {
          status: 409,
          message: 'Only 3 left in stock',
          code: 'out_of_stock',
        });
      },
    });
    const { user } = renderAt();
    const list = await lines();
    await user.click(screen.getByRole('button', { name: 'One more Logo T-Shirt — Blue (M)' }));
    const shirt = within(list).getAllByRole('listitem')[0];
    expect(await within(shirt).findByRole('alert')).toHaveTextContent('Only 3 left in stock.');
    expect(total()).toHaveTextContent('$58.00');
  });

  it('removes a line', async () => {
    server(cartOf([SHIRT_LINE, MUG_LINE]));
    const { user } = renderAt();
    await lines();
    await user.click(screen.getByRole('button', { name: 'Remove Travel Mug' }));
    await waitFor(() => expect(total()).toHaveTextContent('$40.00'));
    expect(screen.queryByText('Travel Mug')).not.toBeInTheDocument();
  });

  it('says why a line cannot be bought, and offers no checkout then', async () => {
    server(
      cartOf([
        cartLine({ problem: 'short', available: 1 }),
        cartLine({ ...MUG_LINE, problem: 'gone' }),
      ]),
    );
    renderAt();
    await lines();
    expect(
      screen.getByText('Only 1 left in stock: lower the quantity to check out.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No longer on sale: remove it to check out.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check out' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
  });

  it('says an empty cart is empty, with the way to the products', async () => {
    server(EMPTY_CART);
    renderAt();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the products' })).toHaveAttribute(
      'href',
      '/store/products',
    );
  });

  it('shows a failed cart with Retry', async () => {
    fakeApi({
      '/access': accessAnswer(),
      'GET /store/cart': () => {
        throw apiError(503, 'The service is unavailable');
      },
    });
    renderAt();
    expect(await screen.findByText('Your cart could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('refuses staff up front, asking nothing', async () => {
    server(EMPTY_CART, {}, true);
    renderAt();
    expect(
      await screen.findByText('Only associates have a cart and buy from the store'),
    ).toBeInTheDocument();
    expect(calls('/store/cart')).toEqual([]);
  });
});
