import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StoreLink } from './store-link';

describe('StoreLink', () => {
  it('is a link named Store to the store', async () => {
    renderWithProviders(<StoreLink pathname="/events" />);
    const link = await screen.findByRole('link', { name: 'Store' });
    expect(link).toHaveAttribute('href', '/store');
    expect(link).not.toHaveAttribute('aria-current');
  });

  it('is marked as the current page on the store pages', async () => {
    renderWithProviders(<StoreLink pathname="/store/products/logo-t-shirt-blue" />);
    expect(await screen.findByRole('link', { name: 'Store' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
