import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOODIE, MUG, SHIRT, summary } from '@/test/store-fixture';
import { accessAnswer, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ProductsListPage } from './products-list-page';

function renderAt(path = '/store/products') {
  return renderWithProviders(<ProductsListPage />, { path, route: '/store/products' });
}

describe('ProductsListPage', () => {
  it('shows the products as cards, a sold-out one said so', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/store/products': { data: [HOODIE, summary(SHIRT), summary(MUG)] },
    });
    renderAt();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    const hoodie = screen.getByRole('article', { name: 'Conference Hoodie' });
    expect(within(hoodie).getByText('Sold out')).toBeInTheDocument();
    expect(within(hoodie).getByRole('link', { name: 'Conference Hoodie' })).toHaveAttribute(
      'href',
      '/store/products/conference-hoodie',
    );
    expect(calls('/store/products')[0].params).toMatchObject({ limit: 24, order: { name: 'ASC' } });
  });

  it('keeps the filters in the URL and sends them, prices in cents', async () => {
    fakeApi({ '/access': accessAnswer(), '/store/products': { data: [summary(SHIRT)] } });
    const { user, router } = renderAt();
    await screen.findByRole('list', { name: 'Products' });
    const form = screen.getByRole('search', { name: 'Filter products' });
    await user.type(within(form).getByLabelText('Name contains'), 'shirt');
    await user.type(within(form).getByLabelText('Price from ($)'), '15');
    await user.type(within(form).getByLabelText('to ($)'), '25.50');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.search)).toBe(
        '?filter[name][contains]=shirt&filter[price_cents][gte]=1500&filter[price_cents][lte]=2550',
      ),
    );
    await waitFor(() =>
      expect(calls('/store/products').at(-1)?.params).toMatchObject({
        'filter[name][contains]': 'shirt',
        'filter[price_cents][gte]': '1500',
        'filter[price_cents][lte]': '2550',
      }),
    );
  });

  it('names the category it is narrowed to, and says when nothing matches', async () => {
    fakeApi({ '/access': accessAnswer(), '/store/products': { data: [] } });
    const { user, router } = renderAt('/store/products?filter[category][eq]=Books');
    expect(await screen.findByRole('heading', { name: 'Books', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No products match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
