import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UserMenu } from './user-menu';

const user = {
  id: 1,
  code: 'AGT100',
  name: 'Alex Carter',
  email: 'agent@example.com',
  is_staff: false,
  is_senior_level: false,
};

describe('UserMenu', () => {
  it('is named "Account: {name}" for assistive technology, the visible name aside', async () => {
    renderWithProviders(<UserMenu user={user} onLogout={vi.fn()} />);
    const button = await screen.findByRole('button', { name: 'Account: Alex Carter' });
    // The visible copy (left out on narrow screens) does not say the name twice.
    expect(button.querySelector('.user-menu-name')).toHaveAttribute('aria-hidden', 'true');
  });

  it('hides text visually with the one .sr-only rule', () => {
    const styles = readFileSync(join(import.meta.dirname, '..', 'styles.css'), 'utf8');
    expect(styles.match(/clip: rect\(0, 0, 0, 0\)/g)).toHaveLength(1);
  });
});
