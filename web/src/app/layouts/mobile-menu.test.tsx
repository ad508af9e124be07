import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { topMenu } from '../navigation';
import { MobileMenu } from './mobile-menu';

const menu = topMenu({ is_senior_level: true, code: 'RMD100', canReadPayments: true });

function open(pathname: string) {
  const area = pathname.startsWith('/team')
    ? 'team'
    : pathname.startsWith('/business')
      ? 'business'
      : 'dashboard';
  return renderWithProviders(<MobileMenu areas={menu} current={area} pathname={pathname} />, {
    path: pathname,
    route: '*',
  });
}

describe('MobileMenu', () => {
  it('marks the current page, and the area it belongs to', async () => {
    const { user } = open('/team/Infinity');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const items = await screen.findAllByRole('menuitem');
    const current = items.filter((i) => i.hasAttribute('aria-current'));
    expect(current.map((i) => [i.textContent, i.getAttribute('aria-current')])).toEqual([
      ['Team', 'true'],
      ['Infinity', 'page'],
    ]);
    // The mark is visible too, not only announced.
    const infinity = screen.getByRole('menuitem', { name: 'Infinity' });
    expect(infinity.querySelector('.mobile-menu-mark svg')).not.toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Personal' })).not.toHaveAttribute('aria-current');
    expect(within(infinity).getByText('Infinity')).toBeInTheDocument();
  });

  it('marks the dashboard on the home page', async () => {
    const { user } = open('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('menuitem', { name: 'Business' })).not.toHaveAttribute('aria-current');
  });
});
