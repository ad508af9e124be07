import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MUG, SHIRT, summary } from '@/test/store-fixture';
import { accessAnswer, apiError, calls, fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { StoreIndexPage } from './store-index-page';

function renderAt() {
  return renderWithProviders(<StoreIndexPage />, { path: '/store', route: '/store' });
}

describe('StoreIndexPage', () => {
  it('shows the categories and, by category, the products in stock', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/store/products': { data: [summary(SHIRT), summary(MUG)] },
    });
    renderAt();
    const apparel = await screen.findByRole('region', { name: 'Apparel' });
    expect(within(apparel).getByRole('article', { name: SHIRT.name })).toBeInTheDocument();
    expect(within(apparel).getByText('$20.00')).toBeInTheDocument();
    expect(within(apparel).getByText('Sizes S–XXL')).toBeInTheDocument();
    expect(within(apparel).getByRole('link', { name: 'See all apparel' })).toHaveAttribute(
      'href',
      '/store/products?filter[category][eq]=Apparel',
    );
    expect(screen.getByRole('region', { name: 'Accessories' })).toBeInTheDocument();
    // A category without products in stock has no section, but its link stays.
    expect(screen.queryByRole('region', { name: 'Books' })).not.toBeInTheDocument();
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Books' })).toHaveAttribute(
      'href',
      '/store/products?filter[category][eq]=Books',
    );
    expect(calls('/store/products')[0].params).toMatchObject({ 'filter[in_stock][eq]': true });
    expect(document.title).toBe('Store · Associate Portal');
  });

  it('shows a failure with Retry', async () => {
    fakeApi({
      '/access': accessAnswer(),
      '/store/products': () => {
        throw apiError(503, 'The service is unavailable');
      },
    });
    renderAt();
    expect(await screen.findByText('The products could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
