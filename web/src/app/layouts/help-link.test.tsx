import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HelpLink } from './help-link';

describe('HelpLink', () => {
  it('is a link named Help to the help centre', async () => {
    renderWithProviders(<HelpLink pathname="/business" />);
    const link = await screen.findByRole('link', { name: 'Help' });
    expect(link).toHaveAttribute('href', '/help');
    expect(link).not.toHaveAttribute('aria-current');
  });

  it('is marked as the current page on the help pages', async () => {
    renderWithProviders(<HelpLink pathname="/help/advances-and-escrow" />);
    expect(await screen.findByRole('link', { name: 'Help' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
