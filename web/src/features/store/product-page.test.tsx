import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHIRT, MUG, cartLine, cartOf, EMPTY_CART } from '@/test/store-fixture';
import { accessAnswer, apiError, calls, fakeApi, type FakeRoute } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ProductPage } from './product-page';

const PATH = `/store/products/${SHIRT.slug}`;

function server(routes: Record<string, FakeRoute> = {}, staff = false) {
  let cart = EMPTY_CART;
  fakeApi({
    '/access': accessAnswer(staff ? { staff: true, permissions: ['store.manage'] } : {}),
    [`GET ${PATH}`]: SHIRT,
    [`GET /store/products/${MUG.slug}`]: MUG,
    'GET /store/cart': () => cart,
    'PUT /store/cart/items/12': (req: { data: unknown }) => {
      const { quantity } = req.data as { quantity: number };
      cart = cartOf([cartLine({ quantity })]);
      return cart;
    },
    ...routes,
  });
}

function renderAt(path = PATH) {
  return renderWithProviders(<ProductPage />, {
    path,
    route: '/store/products/:slug',
    extraRoutes: [
      { path: '/store/cart', element: <h1>Cart page</h1> },
      { path: '/store/products', element: <h1>Products</h1> },
    ],
  });
}

const heading = () => screen.findByRole('heading', { name: SHIRT.name, level: 1 });

describe('ProductPage', () => {
  it('shows the pictures, the price from cents, the description and the sizes with their stock', async () => {
    server();
    renderAt();
    await heading();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByText('Soft cotton tee with the logo on the chest.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${SHIRT.name}, picture 1 of 2` })).toHaveAttribute(
      'src',
      SHIRT.image_urls[0],
    );
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(within(sizes).getAllByRole('radio')).toHaveLength(5);
    expect(within(sizes).getByRole('radio', { name: 'M, 3 left' })).toBeEnabled();
    expect(document.title).toBe(`${SHIRT.name} · Store · Associate Portal`);
  });

  it('says a sold-out size so, and it cannot be chosen', async () => {
    server();
    const { user } = renderAt();
    await heading();
    const xl = screen.getByRole('radio', { name: 'XL, Sold out' });
    expect(xl).toBeDisabled();
    expect(screen.getByText('Sold out in XL.')).toBeInTheDocument();
    await user.click(xl);
    expect(xl).not.toBeChecked();
  });

  it('asks for a size before adding, then adds the quantity to what the cart holds', async () => {
    server();
    const { user } = renderAt();
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Choose a size')).toBeInTheDocument();
    expect(calls().filter((c) => c.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'M, 3 left' }));
    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Added to your cart: ${SHIRT.name}, size M × 2.`,
    );
    expect(calls('/store/cart/items/12').map((c) => c.data)).toEqual([{ quantity: 2 }]);
    expect(screen.getByRole('link', { name: 'View your cart' })).toHaveAttribute(
      'href',
      '/store/cart',
    );
    // The cart holds 2 of the 3 left: one more can be added, no more.
    expect(await screen.findByText('Your cart holds 2 of size M.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One more' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(calls('/store/cart/items/12').map((c) => c.data)).toEqual([
        { quantity: 2 },
        { quantity: 3 },
      ]),
    );
    expect(await screen.findByText('Every one left in stock is in your cart.')).toBeInTheDocument();
  });

  it("shows the server's words when less is in stock than asked, and reads the stock again", async () => {
    server({
      'PUT /store/cart/items/12': () => {
        throw apiError(409, 'Only 1 left in stock', {
          status: 409,
          message: 'Only 1 left in stock',
          code: 'out_of_stock',
        });
      },
    });
    const { user } = renderAt();
    await heading();
    await user.click(screen.getByRole('radio', { name: 'M, 3 left' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not added to your cart: Only 1 left in stock',
    );
    await waitFor(() => expect(calls(PATH).length).toBeGreaterThan(1));
  });

  it('adds a product without sizes straight away', async () => {
    let put: unknown;
    server({
      'PUT /store/cart/items/21': (req: { data: unknown }) => {
        put = req.data;
        return cartOf([cartLine({ variant_id: 21, size: undefined, quantity: 1 })]);
      },
    });
    const { user } = renderAt(`/store/products/${MUG.slug}`);
    await screen.findByRole('heading', { name: MUG.name, level: 1 });
    expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Added to your cart: ${MUG.name}.`);
    expect(put).toEqual({ quantity: 1 });
  });

  it('offers staff no cart, and asks for none', async () => {
    server({}, true);
    renderAt();
    await heading();
    expect(await screen.findByText('Only associates buy from the store.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(calls('/store/cart')).toEqual([]);
  });

  it('is a 404 page with the way back for a product off sale, and asks nothing for a bad slug', async () => {
    server({
      [`GET ${PATH}`]: () => {
        throw apiError(404, 'Product not found');
      },
    });
    renderAt();
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the products/ })).toHaveAttribute(
      'href',
      '/store/products',
    );
    fakeApi({ '/access': accessAnswer() });
    renderAt('/store/products/Not_A_Slug');
    await waitFor(() =>
      expect(calls().some((c) => c.url.startsWith('/store/products/'))).toBe(false),
    );
  });
});
