import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartLine, cartOf } from '@/test/store-fixture';
import { accessAnswer, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { StoreLayout } from './store-layout';

function renderAt(path: string) {
  return renderWithProviders(<StoreLayout />, {
    path,
    route: '/store',
    children: [
      { index: true, element: <h1>Shop</h1> },
      { path: 'cart', element: <h1>Cart</h1> },
    ],
  });
}

// Radix's tab links carry their words twice (a hidden copy keeps their width), which jsdom,
// without the styles, reads too: the links are found by the start of their names.
describe('StoreLayout', () => {
  it("shows associates the store's menu with the number of items in the cart", async () => {
    fakeApi({ '/access': accessAnswer(), '/store/cart': cartOf([cartLine({ quantity: 3 })]) });
    renderAt('/store/cart');
    const menu = screen.getByRole('navigation', { name: 'Store' });
    const cart = await within(menu).findByRole('link', { name: /^Cart\s*3\s*items/ });
    expect(cart).toHaveAttribute('href', '/store/cart');
    expect(cart).toHaveAttribute('aria-current', 'page');
    expect(within(menu).queryByRole('link', { name: /^Orders/ })).not.toBeInTheDocument();
  });

  it('shows staff with store.manage the orders, and no cart', async () => {
    fakeApi({ '/access': accessAnswer({ staff: true, permissions: ['store.manage'] }) });
    renderAt('/store');
    const menu = screen.getByRole('navigation', { name: 'Store' });
    expect(await within(menu).findByRole('link', { name: /^Orders/ })).toHaveAttribute(
      'href',
      '/store/orders',
    );
    expect(within(menu).queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    expect(calls('/store/cart')).toEqual([]);
  });
});
